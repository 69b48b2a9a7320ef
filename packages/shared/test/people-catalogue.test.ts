import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHAT_CHANNELS, chatAskMessageId, DIET_TAGS, dietTagMessageId, peopleText, tagsValue, daysValue } from '../src';
import { catalogue, english, thai } from './people';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** The source files of the shared package, the server and the web (tests left out). */
function sources(dir: string, into: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (name === 'node_modules' || name === 'dist') continue;
    if (statSync(file).isDirectory()) sources(file, into);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) into.push(file);
  }
  return into;
}

/** Every people message id the code names as a literal (`'people.…'`). */
function idsInCode(): Map<string, string> {
  const used = new Map<string, string>();
  for (const dir of ['packages/shared/src', 'apps/server/src', 'apps/web/src']) {
    for (const file of sources(path.join(ROOT, dir))) {
      for (const match of readFileSync(file, 'utf8').matchAll(/['"`](people\.[a-zA-Z0-9.]+[a-zA-Z0-9])['"`]/g)) {
        used.set(match[1]!, path.relative(ROOT, file));
      }
    }
  }
  return used;
}

describe('the people catalogue', () => {
  it('has every message in English and Thai', () => {
    expect(catalogue.ids('th').sort()).toEqual(catalogue.ids('en').sort());
  });

  it("has every chat's own way to ask it (the web's link page names it), in English and Thai", () => {
    for (const channel of CHAT_CHANNELS) {
      for (const language of ['en', 'th'] as const) {
        expect(catalogue.has(language, chatAskMessageId(channel)), `${channel} ${language}`).toBe(true);
      }
    }
  });

  it('has every message the code names', () => {
    const missing = [...idsInCode()].filter(([id]) => !catalogue.has('en', id));
    expect(missing).toEqual([]);
  });

  it('names every diet tag in both languages', () => {
    for (const tag of DIET_TAGS) {
      expect(catalogue.has('en', dietTagMessageId(tag)), tag).toBe(true);
      expect(catalogue.has('th', dietTagMessageId(tag)), tag).toBe(true);
    }
  });

  it('words the values it is given in the reader language: tags, a venue, days', () => {
    const diet = peopleText('people.refusal.dietConfirmationNeeded', { tags: tagsValue(['milk', 'vegan']) });
    expect(english(diet)).toBe(
      'This drink is not for you: Milk, not Vegan. Confirm that you want it anyway, then place it again.',
    );
    expect(thai(diet)).toContain('นม, ไม่ใช่วีแกน');
    const days = peopleText('people.standing.notServedOn', {
      site: 'Tower B',
      venue: 'bar',
      days: daysValue([6, 1, 0]),
    });
    expect(english(days)).toBe(
      'Tower B does not serve bar drinks on Sundays, Mondays and Saturdays. Choose other days.',
    );
    expect(thai(days)).toContain('บาร์');
  });
});
