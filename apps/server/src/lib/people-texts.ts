import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PEOPLE_LANGUAGES, type PeopleLanguage, type PeopleText } from '@cafe/shared';
import { createPeopleCatalogue, type PeopleCatalogue } from '@cafe/shared/people-catalogue';

/*
 * The people catalogue on the server (packages/shared/src/people-text.ts): what a refusal, a chat
 * message or a notice says, in the person's language. The .po files are read once at start: from
 * the shared package beside the source, or from dist/locales beside the bundle (build.mjs copies
 * them there), so the Thai text stays out of the bundle's code.
 */

const FOLDERS = [
  // The bundle: dist/server.js (and its chunks) beside dist/locales.
  new URL('./locales/', import.meta.url),
  // The source: apps/server/src/lib beside packages/shared/locales.
  new URL('../../../../packages/shared/locales/', import.meta.url),
];

function readCatalogue(): PeopleCatalogue {
  const folder = FOLDERS.find((url) => existsSync(fileURLToPath(new URL('en/people.po', url))));
  if (!folder) throw new Error('The people catalogue (locales/<language>/*.po) was not found');
  // Each language's parts: every .po file of its folder (people.po, and one per area with many messages).
  const sources = Object.fromEntries(
    PEOPLE_LANGUAGES.map((language) => {
      const dir = new URL(`${language}/`, folder);
      const parts = readdirSync(fileURLToPath(dir)).filter((name) => name.endsWith('.po'));
      return [language, parts.sort().map((name) => readFileSync(fileURLToPath(new URL(name, dir)), 'utf8'))];
    }),
  ) as Record<PeopleLanguage, string[]>;
  return createPeopleCatalogue(sources);
}

let catalogue: PeopleCatalogue | undefined;

/** The catalogue, read on first use. */
export function peopleCatalogue(): PeopleCatalogue {
  return (catalogue ??= readCatalogue());
}

/** A message in a person's language. */
export function say(language: PeopleLanguage, text: PeopleText): string {
  return peopleCatalogue().say(language, text);
}

/** A message in English: what the API's `message` says (clients in another language render `messageId` themselves). */
export function inEnglish(text: PeopleText): string {
  return say('en', text);
}
