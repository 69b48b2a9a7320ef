import { parseDietTags, type Category, type Menu, type MenuAtSite, type MenuOptionGroup } from '@cafe/shared';
import { soldOutAt } from '../../lib/sold-out';
import type { CategoryRow, MenuItemRow, SiteMenuRow } from './menu.repository';

/** A menu_items row in the contract's shape (docs/api.md: Menu). */
export function toMenu(row: MenuItemRow, atSite?: MenuAtSite, optionGroups?: MenuOptionGroup[]): Menu {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category_id: row.category_id,
    isActive: row.is_active,
    isAvailable: row.is_available,
    tags: parseDietTags(row.tags),
    ...(atSite ? { atSite } : {}),
    ...(optionGroups ? { optionGroups } : {}),
  };
}

/**
 * An item at a site as the contract shows it at `now`: a sold-out whose end has passed is over. A
 * site without a row for the item does not serve it (every pair has its row: migration 010).
 */
export function toMenuAtSite(siteId: number, row: SiteMenuRow | undefined, now: Date): MenuAtSite {
  return { siteId, available: row?.available === 1, ...soldOutAt(row, now) };
}

/** A categories row with its listed items in the contract's shape (docs/api.md: Category). */
export function toCategory(
  row: CategoryRow,
  items: readonly MenuItemRow[],
  atSite?: (item: MenuItemRow) => MenuAtSite,
  optionGroups?: ReadonlyMap<number, MenuOptionGroup[]>,
): Category {
  return {
    id: row.id,
    name: row.name,
    categoryFor: row.category_for,
    kind: row.kind,
    isAvailable: row.is_available,
    menu: items.map((item) => toMenu(item, atSite?.(item), optionGroups?.get(item.id))),
  };
}
