import { formatter } from '@lingui/format-po';
import type { LinguiConfig } from '@lingui/conf';
import { catalogueFolder, LANGUAGES, NAMESPACES } from './src/i18n/namespaces';

/**
 * The message catalogues (docs/decisions/0025-languages.md): one per part of the app, in
 * src/locales/<language>/<part>.po, each message under an explicit id (`order.menu.title`) that
 * starts with its part; the `people` part is the one people catalogue the server and the chat
 * channels read too (packages/shared/locales/{locale}/people.po). The Vite plugin compiles a catalogue when it is imported; a screen's
 * catalogue loads with the screen's code (src/i18n/index.ts). src/i18n/catalogues.test.ts fails
 * when a message is missing from a language or the code asks for one no catalogue has.
 */
const config: LinguiConfig = {
  locales: [...LANGUAGES],
  sourceLocale: 'en',
  fallbackLocales: { default: 'en' },
  format: formatter({ explicitIdAsDefault: true, lineNumbers: false }),
  catalogs: NAMESPACES.map((name) => ({ path: `<rootDir>/${catalogueFolder(name)}/{locale}/${name}`, include: [] })),
};

export default config;
