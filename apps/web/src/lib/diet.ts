import { DIET_TAGS, DIET_WISHES, dietTagMessageId, tagsValue, wordedValues, type DietTag } from '@cafe/shared';
import { i18n } from '@/i18n';
import { isApiError } from './api-client';

/*
 * What a person cannot drink, on the screen (docs/allergens.md): the tags' names in the interface's
 * language, from the people catalogue every channel reads (packages/shared/locales). What of a
 * drink conflicts with what someone avoids is the shared conflictsOfDrink (packages/shared/src/drink.ts),
 * asked by every screen; the server records the same on the order.
 */

const isWish = (tag: DietTag) => (DIET_WISHES as readonly DietTag[]).includes(tag);

/** A tag's name in the interface's language. */
export const dietTagName = (tag: DietTag): string => i18n._(dietTagMessageId(tag));

/** Tags named and joined ("Milk, Gluten"), in the list's order. */
export const dietTagsText = (tags: readonly DietTag[]): string =>
  DIET_TAGS.filter((t) => tags.includes(t))
    .map(dietTagName)
    .join(', ');

/**
 * What of a drink conflicts, named as every channel names it (the shared wordedValues): an
 * allergen by its name, a diet wish as "not Vegan".
 */
export const conflictsText = (tags: readonly DietTag[]): string =>
  String(wordedValues({ tags: tagsValue(tags) }, (id, values) => i18n._(id, values)).tags);

/** What a person avoids, named: an allergen by its name, a diet wish as "Vegan only". */
export const avoidsText = (tags: readonly DietTag[]): string =>
  DIET_TAGS.filter((t) => tags.includes(t))
    .map((t) => (isWish(t) ? i18n._('shared.diet.only', { tag: dietTagName(t) }) : dietTagName(t)))
    .join(', ');

/**
 * What of a drink the server says the person avoids, from its refusal 409 DIET_CONFIRMATION_NEEDED
 * (the `tags` value of its people message); [] for any other error.
 */
export function dietTagsOfRefusal(error: unknown): DietTag[] {
  if (!isApiError(error, 'DIET_CONFIRMATION_NEEDED')) return [];
  const tags = error.text?.values?.tags;
  return typeof tags === 'string' ? DIET_TAGS.filter((tag) => tags.split(',').includes(tag)) : [];
}
