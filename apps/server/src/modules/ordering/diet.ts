import { conflictsOfDrink, dietRefusal, type DrinkOf } from '@cafe/shared';
import { refuse } from '../../lib/errors';
import type { OrderableItem } from '../menu/menu.service';
import type { SiteRecord } from '../sites/sites.service';
import type { OrderingDeps } from './ordering.service';

/**
 * What of a drink as it will be made (its choices, else the item's defaults) its owner avoids (none
 * for a guest: null), by the shared conflictsOfDrink over the site's option groups as every menu asks
 * it: the door's one computation of diet conflicts, for a placement, a walk-up and a standing order
 * (saved, and on its day). With `confirmed`, refused until the person confirmed them (docs/allergens.md).
 */
export async function dietOf(
  deps: Pick<OrderingDeps, 'users' | 'options'>,
  owner: number | null,
  site: SiteRecord,
  item: OrderableItem,
  drink: DrinkOf,
  confirmed?: boolean,
) {
  const avoids = owner === null ? [] : await deps.users.avoidsOf(owner);
  const groups = avoids.length === 0 ? [] : (await deps.options.menuGroups(site.id, [item.id])).get(item.id);
  const conflicts = conflictsOfDrink(avoids, { tags: item.tags, optionGroups: groups }, drink.options);
  if (confirmed !== undefined) refuse(dietRefusal(conflicts, confirmed));
  return { conflicts, recorded: { avoids: JSON.stringify(avoids), warnings: JSON.stringify(conflicts) } };
}
