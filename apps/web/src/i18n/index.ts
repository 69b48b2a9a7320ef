import { i18n, type Messages } from '@lingui/core';
import { messages as enAuth } from '@/locales/en/auth.po';
import { messages as enCommon } from '@/locales/en/common.po';
import { detectLanguage, isLanguage, LANGUAGE_STORAGE_KEY } from './detect-language';
import { LANGUAGES, NAMESPACES, type Language, type Namespace } from './namespaces';

/*
 * The interface in English and Thai (docs/decisions/0025-languages.md). Messages live in catalogues
 * by part of the app (src/locales/<language>/<part>.po, ids like `order.menu.title`); a screen's
 * part loads with the screen's code (app/router.tsx), the common part and the sign-in part before
 * the first screen. The language follows the browser until the person picks one in the navigation,
 * which is remembered on this device.
 */

export { i18n };

export { LANGUAGES, NAMESPACES, type Language, type Namespace };

export { detectLanguage, LANGUAGE_STORAGE_KEY };

/** Each language's name in itself, for the switch. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', th: 'ไทย' };

/** The locale dates, times and numbers are formatted for. */
export const FORMAT_LOCALES: Record<Language, string> = { en: 'en-GB', th: 'th-TH' };

/** An id that code keeps to translate later (in a table, a map of codes): the catalogue test finds it. */
export const msgId = <T extends string>(id: T): T => id;

// Every catalogue but the two the first screen needs in English, each its own small file; the
// people catalogue from the shared package, where the server and the chat channels read it too.
const loaders = import.meta.glob<{ messages: Messages }>([
  '../locales/*/*.po',
  '!../locales/en/common.po',
  '!../locales/en/auth.po',
  '../../../../packages/shared/locales/*/people.po',
]);
const loaderOf = (language: Language, ns: Namespace) =>
  loaders[
    ns === 'people' ? `../../../../packages/shared/locales/${language}/people.po` : `../locales/${language}/${ns}.po`
  ];
const loaded: Record<Language, Set<Namespace>> = { en: new Set(['common', 'auth']), th: new Set() };
i18n.load('en', { ...enCommon, ...enAuth });

async function loadInto(language: Language, namespaces: readonly Namespace[]): Promise<void> {
  const missing = namespaces.filter((ns) => !loaded[language].has(ns));
  const catalogues = await Promise.all(
    missing.map(async (ns) => {
      const load = loaderOf(language, ns);
      if (!load) throw new Error(`No ${language} catalogue for ${ns}`);
      return (await load()).messages;
    }),
  );
  for (const [index, messages] of catalogues.entries()) {
    i18n.load(language, messages);
    loaded[language].add(missing[index]!);
  }
}

/**
 * The language being started or switched to: screens may start loading before the start-up has
 * activated it (the first screen's code is asked for at once), or while a switch is on its way.
 */
let target: Language | undefined;

/**
 * The catalogues of `namespaces` a screen needs, loaded before it renders: in the language shown
 * now and, while a start or a switch is on its way, in the one coming.
 */
export function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  const coming = target ?? detectLanguage();
  const shown = isLanguage(i18n.locale) ? i18n.locale : coming;
  const languages = shown === coming ? [coming] : [shown, coming];
  return Promise.all(languages.map((language) => loadInto(language, namespaces))).then(() => undefined);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : 'en';
}

/** The locale to format dates, times and numbers for, in the current language. */
export function formatLocale(): string {
  return FORMAT_LOCALES[currentLanguage()];
}

function applyToDocument(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/**
 * Starts the app in `language` (by default the detected one): its common and sign-in messages are
 * loaded before the first screen renders.
 */
export async function startLanguage(language: Language = detectLanguage()): Promise<void> {
  target = language;
  await loadInto(language, ['common', 'auth']);
  i18n.activate(language);
  applyToDocument(language);
}

/** Switches the whole interface to `language` (everything already shown follows), and remembers it. */
export async function setLanguage(language: Language): Promise<void> {
  const current = currentLanguage();
  target = language;
  await loadInto(language, [...new Set([...loaded[current], 'common', 'auth'] as Namespace[])]);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered in a private window; switched all the same.
  }
  i18n.activate(language);
  applyToDocument(language);
}

/** Every catalogue of `language` (tests render any screen without going through the router). */
export async function loadEverything(language: Language): Promise<void> {
  await loadInto(language, NAMESPACES);
}
