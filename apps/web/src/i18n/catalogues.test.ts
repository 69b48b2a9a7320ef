import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '@cafe/shared';
import { formatter } from '@lingui/format-po';
import { describe, expect, it } from 'vitest';
import { MENU_FRAME_TEXT } from '../lib/early-frame';
import { catalogueFolder, LANGUAGES, NAMESPACES, type Language, type Namespace } from './namespaces';

/**
 * The catalogues against each other and against the code: a message missing in one language, an
 * id the code asks for that no catalogue has, or a catalogue message nothing uses, fails here
 * (before anyone sees a raw id on a screen). The people catalogue (packages/shared/locales) is
 * checked here as the web reads it; which of its messages the server and the chat channels use is
 * the shared package's test (packages/shared/test/people-catalogue.test.ts).
 */

const SRC = path.resolve(import.meta.dirname, '..');
const WEB = path.resolve(SRC, '..');
const po = formatter({ explicitIdAsDefault: true, lineNumbers: false });

async function catalogue(language: Language, ns: Namespace): Promise<Map<string, string>> {
  const filename = path.join(WEB, catalogueFolder(ns), language, `${ns}.po`);
  const parsed = await po.parse(readFileSync(filename, 'utf8'), {
    locale: language,
    sourceLocale: 'en',
    filename,
  });
  return new Map(Object.entries(parsed ?? {}).map(([id, entry]) => [id, entry.translation ?? '']));
}

async function allCatalogues() {
  const result = {} as Record<Language, Record<Namespace, Map<string, string>>>;
  for (const language of LANGUAGES) {
    result[language] = {} as Record<Namespace, Map<string, string>>;
    for (const ns of NAMESPACES) result[language][ns] = await catalogue(language, ns);
  }
  return result;
}

function sourceFiles(dir: string, into: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      if (name !== 'locales' && name !== 'test') sourceFiles(file, into);
    } else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) {
      into.push(file);
    }
  }
  return into;
}

/** Every message id the code names: `_('id')`, `i18n._('id')`, `msgId('id')`, `<Trans id="id"`. */
function idsUsedInCode(): Map<string, string> {
  const used = new Map<string, string>();
  const patterns = [/\b_\(\s*'([^']+)'/g, /\bmsgId\(\s*'([^']+)'/g, /<Trans\s+id="([^"]+)"/g];
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) used.set(match[1]!, path.relative(SRC, file));
    }
  }
  return used;
}

/** The names of a message's arguments: `{name}`, `{count, plural, ...}`. */
function argumentsOf(message: string): string[] {
  return [...new Set([...message.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => m[1]!))].sort();
}

describe('message catalogues', () => {
  it('have the same messages in every language, none empty, each under its part', async () => {
    const all = await allCatalogues();
    for (const ns of NAMESPACES) {
      const english = all.en[ns];
      for (const language of LANGUAGES) {
        const other = all[language][ns];
        const missing = [...english.keys()].filter((id) => !other.has(id));
        const extra = [...other.keys()].filter((id) => !english.has(id));
        expect(missing, `missing in src/locales/${language}/${ns}.po`).toEqual([]);
        expect(extra, `in src/locales/${language}/${ns}.po but not in English`).toEqual([]);
        const empty = [...other].filter(([, text]) => text.trim() === '').map(([id]) => id);
        expect(empty, `empty in src/locales/${language}/${ns}.po`).toEqual([]);
        const misplaced = [...other.keys()].filter((id) => !id.startsWith(`${ns}.`));
        expect(misplaced, `ids in src/locales/${language}/${ns}.po must start with "${ns}."`).toEqual([]);
        for (const [id, text] of other) {
          expect(argumentsOf(text), `the arguments of ${id} in ${language}`).toEqual(argumentsOf(english.get(id)!));
        }
      }
    }
  });

  it('have every message the code asks for, and nothing the code never asks for', async () => {
    const all = await allCatalogues();
    const english = new Set(NAMESPACES.flatMap((ns) => [...all.en[ns].keys()]));
    const used = idsUsedInCode();
    const unknown = [...used].filter(([id]) => !english.has(id)).map(([id, file]) => `${id} (${file})`);
    expect(unknown, 'ids the code uses that no English catalogue has').toEqual([]);
    // The people catalogue holds the server's and the chat channels' messages too.
    const unused = [...english].filter((id) => !used.has(id) && !id.startsWith('people.'));
    expect(unused, 'catalogue messages no code uses').toEqual([]);
  });

  it("say no refusal or diet sentence of the people catalogue a second time (the specification's texts aside)", async () => {
    const all = await allCatalogues();
    for (const language of LANGUAGES) {
      const people = new Map(
        [...all[language].people]
          .filter(([id]) => /^people\.(refusal|diet|standing)\./.test(id))
          .map(([id, t]) => [t, id]),
      );
      const twice = NAMESPACES.filter((ns) => ns !== 'people').flatMap((ns) =>
        [...all[language][ns]]
          .filter(([id, text]) => people.has(text) && !/^(shared|common)\.spec\./.test(id))
          .map(([id]) => `${id} (${people.get(all[language][ns].get(id)!)})`),
      );
      expect(twice, `messages of ${language} the people catalogue has already`).toEqual([]);
    }
  });

  it("give the cafe menu's frame, drawn before they have loaded, the menu's own words", async () => {
    for (const language of LANGUAGES) {
      const order = await catalogue(language, 'order');
      const common = await catalogue(language, 'common');
      expect(MENU_FRAME_TEXT[language], language).toEqual({
        title: order.get('order.cafeMenu.title'),
        description: order.get('order.cafeMenu.description'),
        wait: common.get('common.spec.waitASec'),
      });
    }
  });

  it("keep the specification's English texts word for word, and give its Thai alerts in English", async () => {
    const en = new Map([...(await catalogue('en', 'common')), ...(await catalogue('en', 'shared'))]);
    const th = new Map([...(await catalogue('th', 'common')), ...(await catalogue('th', 'shared'))]);
    // A shared rule's message that only the server's answers and the forms say: the people catalogue's.
    const people = new Set((await catalogue('en', 'people')).values());
    for (const [key, text] of Object.entries(MESSAGES)) {
      // In the start-up's catalogue when the first screen may need it, else in the shared one.
      const id = en.has(`common.spec.${key}`) ? `common.spec.${key}` : `shared.spec.${key}`;
      if (typeof text !== 'string') continue;
      if (!en.has(id) && people.has(text)) continue;
      if (key.endsWith('Thai')) {
        // The Thai alert stays as written in Thai; English gets a translation of it.
        expect(th.get(id), id).toBe(text);
        expect(en.get(id), id).toMatch(/^[\x20-\x7e]+$/);
      } else {
        expect(en.get(id), id).toBe(text);
      }
    }
    expect(en.get('shared.spec.emailDomain')).toBe(MESSAGES.emailDomain('{domain}'));
  });
});
