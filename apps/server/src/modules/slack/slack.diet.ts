import {
  DIET_TAG_NAMES,
  DIET_WISHES,
  dietConflicts,
  drinkTags,
  type Category,
  type DietTag,
  type Menu,
} from '@cafe/shared';
import type { Lang } from './slack.texts';

/*
 * What the person cannot drink, in Slack (docs/allergens.md, docs/slack.md): the shared rule
 * (drinkTags + dietConflicts) asked of the item and the choices made, and the tags named in the
 * person's language. Not a silent filter: a conflicting drink is marked and asked about, never hidden.
 */

/**
 * The tags' Thai names, word for word the web's catalogue (apps/web/src/locales/th/shared.po,
 * `shared.diet.tag.<id>`; slack.texts.test.ts checks they match).
 */
export const DIET_TAG_NAMES_TH: Readonly<Record<DietTag, string>> = {
  celery: 'ขึ้นฉ่าย',
  gluten: 'กลูเตน',
  crustaceans: 'สัตว์น้ำมีเปลือก (กุ้ง ปู)',
  eggs: 'ไข่',
  fish: 'ปลา',
  lupin: 'ถั่วลูพิน',
  milk: 'นม',
  molluscs: 'หอยและปลาหมึก',
  mustard: 'มัสตาร์ด',
  'tree-nuts': 'ถั่วเปลือกแข็ง',
  peanuts: 'ถั่วลิสง',
  sesame: 'งา',
  soy: 'ถั่วเหลือง',
  sulphites: 'ซัลไฟต์',
  caffeine: 'คาเฟอีน',
  vegan: 'วีแกน',
  vegetarian: 'มังสวิรัติ',
};

/** The catalogue id of a tag's name (`tree-nuts` is `treeNuts` there). */
export const dietCatalogueId = (tag: DietTag): string =>
  `shared.diet.tag.${tag.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}`;

export function tagNames(lang: Lang, tags: readonly DietTag[]): string {
  if (lang === 'th') return tags.map((t) => DIET_TAG_NAMES_TH[t]).join(', ');
  return tags.map((t) => DIET_TAG_NAMES[t].toLowerCase()).join(', ');
}

const isWish = (tag: DietTag): boolean => (DIET_WISHES as readonly DietTag[]).includes(tag);

/** "Contains milk, which you avoid." (and "Not marked vegan, and you drink only vegan."): empty for none. */
export function conflictSentence(lang: Lang, conflicts: readonly DietTag[]): string {
  const contains = conflicts.filter((t) => !isWish(t));
  const wishes = conflicts.filter(isWish);
  const parts: string[] = [];
  if (lang === 'th') {
    // shared.diet.contains, shared.diet.notWish
    if (contains.length) parts.push(`เครื่องดื่มนี้มี${tagNames(lang, contains)} ซึ่งคุณหลีกเลี่ยง`);
    const w = tagNames(lang, wishes);
    if (wishes.length) parts.push(`เครื่องดื่มนี้ไม่ได้ระบุว่าเป็น${w} แต่คุณดื่มเฉพาะ${w}`);
    return parts.join(' ');
  }
  if (contains.length) parts.push(`Contains ${tagNames(lang, contains)}, which you avoid.`);
  const w = tagNames(lang, wishes);
  if (wishes.length) parts.push(`Not marked ${w}, and you drink only ${w}.`);
  return parts.join(' ');
}

/** A short mark for a line or a select's option: "⚠ milk". */
export const conflictMark = (lang: Lang, conflicts: readonly DietTag[]): string =>
  conflicts.length ? `⚠ ${tagNames(lang, conflicts)}` : '';

/** The item of a menu (as GET /category lists it) with `menuId`, if the site serves it. */
export function findItem(categories: readonly Category[], menuId: number): Menu | undefined {
  for (const c of categories) {
    const found = c.menu.find((m) => m.id === menuId);
    if (found) return found;
  }
  return undefined;
}

/** What a drink (the item with the chosen choices) contains that the person avoids. */
export function drinkConflicts(
  avoids: readonly DietTag[],
  item: Menu | undefined,
  choiceIds: readonly number[] = [],
): DietTag[] {
  if (!item || avoids.length === 0) return [];
  const choices = (item.optionGroups ?? [])
    .flatMap((g) => g.choices)
    .filter((c) => choiceIds.includes(c.id))
    .map((c) => c.tags ?? []);
  return dietConflicts(avoids, drinkTags(item.tags ?? [], choices));
}
