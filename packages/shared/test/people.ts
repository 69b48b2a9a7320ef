import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PeopleText, PlacementRefusal } from '../src';
import { createPeopleCatalogue } from '../src/people-catalogue';

/** A language's parts of the catalogue (every .po file of packages/shared/locales/<language>). */
const partsOf = (language: string): string[] => {
  const dir = path.join(import.meta.dirname, '../locales', language);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.po'))
    .sort()
    .map((name) => readFileSync(path.join(dir, name), 'utf8'));
};

/** The people catalogue as the server reads it (packages/shared/locales), for the shared tests. */
export const catalogue = createPeopleCatalogue({ en: partsOf('en'), th: partsOf('th') });

export const english = (text: PeopleText): string => catalogue.say('en', text);
export const thai = (text: PeopleText): string => catalogue.say('th', text);

/** A refusal as the server answers it: its status, code and English message. */
export function worded(refusal: PlacementRefusal | null) {
  return refusal && { status: refusal.status, code: refusal.code, message: english(refusal.text) };
}
