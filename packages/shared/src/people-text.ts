/*
 * What a person reads, in their language: one catalogue of people's messages per language
 * (packages/shared/locales/<language>/people.po), read by the server (apps/server/src/lib/people-texts.ts),
 * the web (its `people` catalogue) and every chat channel. The shared rules never write a sentence
 * themselves: they name the message and the values it says, and each reader words it in the
 * person's language. A person never reads a field name or a code.
 */

import { DIET_TAGS, DIET_WISHES, type DietTag } from './diet';

/** The languages people read (a person's notification language, the web's languages). */
export const PEOPLE_LANGUAGES = ['en', 'th'] as const;
export type PeopleLanguage = (typeof PEOPLE_LANGUAGES)[number];

/** The values a message names: words (a site's name, a time) or numbers. */
export type PeopleValues = Readonly<Record<string, string | number>>;

/** A message for a person: its id in the people catalogue, and the values it names. */
export interface PeopleText {
  id: string;
  values?: PeopleValues | undefined;
}

/** A message of the people catalogue (ids start with `people.`; the catalogue test finds each in both languages). */
export const peopleText = (id: `people.${string}`, values?: PeopleValues): PeopleText =>
  values === undefined ? { id } : { id, values };

/** A diet tag's name in the people catalogue (`tree-nuts` is `people.diet.tag.treeNuts`). */
export const dietTagMessageId = (tag: DietTag): `people.diet.tag.${string}` =>
  `people.diet.tag.${tag.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}`;

/**
 * What a message's `tags` value holds: diet tag ids joined by commas. Every reader names them in
 * the person's language (an allergen by its name, a diet wish as "not Vegan").
 */
export const tagsValue = (tags: readonly DietTag[]): string => tags.join(',');

/** What a message's `days` value holds: weekdays (0 = Sunday) joined by commas, named "Mondays and Fridays". */
export const daysValue = (days: readonly number[]): string => [...days].sort((a, b) => a - b).join(',');

/**
 * A message's values as words in the reader's language: `tags` (tagsValue) as the tags' names,
 * `venue` (cafe or bar) as its name, `days` (daysValue) as the weekdays' names. `word` is the
 * reader's catalogue (the server's, the web's). Every other value stays as it is.
 */
export function wordedValues(
  values: PeopleValues | undefined,
  word: (id: string, values?: Record<string, unknown>) => string,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values };
  if (typeof out.tags === 'string') {
    const ids = out.tags.split(',');
    out.tags = DIET_TAGS.filter((tag) => ids.includes(tag))
      .map((tag) => {
        const name = word(dietTagMessageId(tag));
        return (DIET_WISHES as readonly DietTag[]).includes(tag) ? word('people.diet.notTag', { tag: name }) : name;
      })
      .join(', ');
  }
  if (out.venue === 'cafe' || out.venue === 'bar') out.venue = word(`people.venue.${out.venue}`);
  if (typeof out.days === 'string') {
    const names = out.days
      .split(',')
      .filter(Boolean)
      .map((d) => word(`people.weekday.${d}`));
    const last = names.pop() ?? '';
    out.days = names.length === 0 ? last : word('people.list.join', { first: names.join(', '), last });
  }
  return out;
}
