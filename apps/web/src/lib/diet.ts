import {
  DIET_TAGS,
  dietConflicts,
  drinkTags,
  type ChosenOption,
  type DietTag,
  type Menu,
  type MenuOptionGroup,
} from '@cafe/shared';
import { i18n, msgId } from '@/i18n';

/*
 * What a person cannot drink, on the screen (docs/allergens.md): the tags' names in the interface's
 * language, and what of a drink as chosen conflicts with what someone avoids. The rule itself is the
 * shared dietConflicts; the server records the same on the order.
 */

const TAG_IDS: Readonly<Record<DietTag, string>> = {
  celery: msgId('shared.diet.tag.celery'),
  gluten: msgId('shared.diet.tag.gluten'),
  crustaceans: msgId('shared.diet.tag.crustaceans'),
  eggs: msgId('shared.diet.tag.eggs'),
  fish: msgId('shared.diet.tag.fish'),
  lupin: msgId('shared.diet.tag.lupin'),
  milk: msgId('shared.diet.tag.milk'),
  molluscs: msgId('shared.diet.tag.molluscs'),
  mustard: msgId('shared.diet.tag.mustard'),
  'tree-nuts': msgId('shared.diet.tag.treeNuts'),
  peanuts: msgId('shared.diet.tag.peanuts'),
  sesame: msgId('shared.diet.tag.sesame'),
  soy: msgId('shared.diet.tag.soy'),
  sulphites: msgId('shared.diet.tag.sulphites'),
  caffeine: msgId('shared.diet.tag.caffeine'),
  vegan: msgId('shared.diet.tag.vegan'),
  vegetarian: msgId('shared.diet.tag.vegetarian'),
};

/** A tag's name in the interface's language. */
export const dietTagName = (tag: DietTag): string => i18n._(TAG_IDS[tag]);

/** Tags named and joined ("Milk, Gluten"), in the list's order. */
export const dietTagsText = (tags: readonly DietTag[]): string =>
  DIET_TAGS.filter((t) => tags.includes(t))
    .map(dietTagName)
    .join(', ');

/** The tags of the item with these choices made (the shared drinkTags over what the menu says of each). */
export function chosenDrinkTags(
  item: Pick<Menu, 'tags'> | undefined,
  groups: readonly MenuOptionGroup[] | undefined,
  chosen: readonly Pick<ChosenOption, 'choiceId'>[] | undefined,
): DietTag[] {
  const ids = new Set((chosen ?? []).map((c) => c.choiceId));
  const choices = (groups ?? []).flatMap((g) => g.choices.filter((c) => ids.has(c.id)).map((c) => c.tags ?? []));
  return drinkTags(item?.tags ?? [], choices);
}

/** What of the drink as chosen the person who avoids `avoids` cannot drink ([]: nothing). */
export function drinkConflicts(
  avoids: readonly DietTag[] | undefined,
  item: Pick<Menu, 'tags'> | undefined,
  groups: readonly MenuOptionGroup[] | undefined,
  chosen: readonly Pick<ChosenOption, 'choiceId'>[] | undefined,
): DietTag[] {
  if (!avoids || avoids.length === 0) return [];
  return dietConflicts(avoids, chosenDrinkTags(item, groups, chosen));
}

/** What of an item with its default choices the person cannot drink (the menu's tiles). */
export function itemConflicts(avoids: readonly DietTag[] | undefined, item: Menu): DietTag[] {
  const defaults = (item.optionGroups ?? []).flatMap((g) =>
    g.choices.filter((c) => c.isDefault).map((c) => ({ choiceId: c.id })),
  );
  return drinkConflicts(avoids, item, item.optionGroups, defaults);
}

/** What of a drink conflicts, named: an allergen by its name, a diet wish as "not vegan". */
export const conflictsText = (tags: readonly DietTag[]): string =>
  DIET_TAGS.filter((t) => tags.includes(t))
    .map((t) =>
      t === 'vegan' || t === 'vegetarian' ? i18n._('shared.diet.notTag', { tag: dietTagName(t) }) : dietTagName(t),
    )
    .join(', ');

/** What a person avoids, named: an allergen by its name, a diet wish as "Vegan only". */
export const avoidsText = (tags: readonly DietTag[]): string =>
  DIET_TAGS.filter((t) => tags.includes(t))
    .map((t) =>
      t === 'vegan' || t === 'vegetarian' ? i18n._('shared.diet.only', { tag: dietTagName(t) }) : dietTagName(t),
    )
    .join(', ');
