/**
 * What a person cannot drink (issue 32, docs/allergens.md, docs/decisions/0037-diet-tags.md): the
 * one fixed list of tags that menu items and option choices carry and that a person's profile
 * avoids, and the one rule every screen and channel asks (`dietConflicts`).
 *
 * Two kinds of tag:
 * - what a drink CONTAINS: the EU's 14 allergens (Regulation 1169/2011, Annex II) and caffeine;
 * - what a drink IS: vegan, vegetarian. On a person's list these are a wish ("I drink only vegan"),
 *   so a drink that is NOT tagged so is what conflicts.
 */
export const DIET_TAGS = [
  'celery',
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'lupin',
  'milk',
  'molluscs',
  'mustard',
  'tree-nuts',
  'peanuts',
  'sesame',
  'soy',
  'sulphites',
  'caffeine',
  'vegan',
  'vegetarian',
] as const;
export type DietTag = (typeof DIET_TAGS)[number];

/** The diet wishes: tags a drink must carry, where every other tag is one it must not. */
export const DIET_WISHES = ['vegan', 'vegetarian'] as const satisfies readonly DietTag[];

/** English names (the server's messages, Slack); the web names them from its catalogues (en, th). */
export const DIET_TAG_NAMES: Readonly<Record<DietTag, string>> = {
  celery: 'Celery',
  gluten: 'Gluten',
  crustaceans: 'Crustaceans',
  eggs: 'Eggs',
  fish: 'Fish',
  lupin: 'Lupin',
  milk: 'Milk',
  molluscs: 'Molluscs',
  mustard: 'Mustard',
  'tree-nuts': 'Tree nuts',
  peanuts: 'Peanuts',
  sesame: 'Sesame',
  soy: 'Soy',
  sulphites: 'Sulphites',
  caffeine: 'Caffeine',
  vegan: 'Vegan',
  vegetarian: 'Vegetarian',
};

/** Tags in the list's order, each once, anything not of the list dropped (a stored value read back). */
export function sortDietTags(tags: Iterable<string>): DietTag[] {
  const set = new Set<string>(tags);
  return DIET_TAGS.filter((tag) => set.has(tag));
}

/** A stored JSON list of tags read back; anything else reads as none. */
export function parseDietTags(json: string | null | undefined): DietTag[] {
  if (!json) return [];
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? sortDietTags(parsed.filter((t): t is string => typeof t === 'string')) : [];
  } catch {
    return [];
  }
}

/** Allergens that come from animals: a choice that contains one makes the drink neither vegan nor (the sea's) vegetarian. */
const NOT_VEGAN: readonly DietTag[] = ['milk', 'eggs', 'fish', 'crustaceans', 'molluscs'];
const NOT_VEGETARIAN: readonly DietTag[] = ['fish', 'crustaceans', 'molluscs'];

/**
 * The tags of a drink as ordered: the item's with the chosen choices'. What it contains is the
 * union (the item's own, and what each choice adds). What it is comes from the item: vegan (or
 * vegetarian) only when the item is tagged so and no chosen choice contains an animal allergen
 * (milk, eggs, fish, crustaceans, molluscs; for vegetarian fish, crustaceans, molluscs). A vegan
 * item is vegetarian too. A choice never makes a drink vegan by itself.
 */
export function drinkTags(item: readonly DietTag[], choices: readonly (readonly DietTag[])[] = []): DietTag[] {
  const chosen = new Set(choices.flat());
  const contains = [...item, ...chosen].filter((tag) => !(DIET_WISHES as readonly DietTag[]).includes(tag));
  const vegan = item.includes('vegan') && !NOT_VEGAN.some((tag) => chosen.has(tag));
  const vegetarian =
    (item.includes('vegan') || item.includes('vegetarian')) && !NOT_VEGETARIAN.some((tag) => chosen.has(tag));
  return sortDietTags([...contains, ...(vegan ? ['vegan'] : []), ...(vegetarian ? ['vegetarian'] : [])]);
}

/**
 * What in `tags` (a drink's, `drinkTags`) the person who `avoids` these cannot drink, in the list's
 * order: each avoided allergen (or caffeine) the drink contains; `vegan` when they drink only vegan
 * and the drink is not tagged vegan; `vegetarian` when they drink only vegetarian and the drink is
 * tagged neither vegetarian nor vegan. Empty: nothing to warn about. The one rule: the web's menu,
 * form, "Order again" and walk-up dialog, Slack, and the order the server records all ask it.
 */
export function dietConflicts(avoids: readonly DietTag[], tags: readonly DietTag[]): DietTag[] {
  const has = new Set(tags);
  return sortDietTags(
    avoids.filter((tag) => {
      if (tag === 'vegan') return !has.has('vegan');
      if (tag === 'vegetarian') return !has.has('vegetarian') && !has.has('vegan');
      return has.has(tag);
    }),
  );
}
