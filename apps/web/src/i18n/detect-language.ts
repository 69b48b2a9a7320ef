import { LANGUAGES, type Language } from './namespaces';

/*
 * Which language to speak, in a module of its own that imports nothing heavy: the script written
 * into the page (src/menu-frame.ts) asks it too, to draw the cafe menu's frame in the person's
 * language before the app's code has arrived.
 */

/** The language picked in the navigation; kept across sign-outs (it is the device's, not the person's). */
export const LANGUAGE_STORAGE_KEY = 'cafeLanguage';

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/**
 * The language a link asks for (`?lang=th`: a pickup screen's link opened on a counter's TV), else
 * the remembered choice, else the first of the browser's languages the app speaks, or English.
 */
export function detectLanguage(): Language {
  const asked = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('lang');
  if (isLanguage(asked)) return asked;
  try {
    const saved = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(saved)) return saved;
  } catch {
    // Storage refused (a private window): the browser's languages decide.
  }
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}
