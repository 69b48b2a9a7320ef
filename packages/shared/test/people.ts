import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PeopleText, PlacementRefusal } from '../src';
import { createPeopleCatalogue } from '../src/people-catalogue';

/** The people catalogue as the server reads it (packages/shared/locales), for the shared tests. */
export const catalogue = createPeopleCatalogue({
  en: readFileSync(path.join(import.meta.dirname, '../locales/en/people.po'), 'utf8'),
  th: readFileSync(path.join(import.meta.dirname, '../locales/th/people.po'), 'utf8'),
});

export const english = (text: PeopleText): string => catalogue.say('en', text);
export const thai = (text: PeopleText): string => catalogue.say('th', text);

/** A refusal as the server answers it: its status, code and English message. */
export function worded(refusal: PlacementRefusal | null) {
  return refusal && { status: refusal.status, code: refusal.code, message: english(refusal.text) };
}
