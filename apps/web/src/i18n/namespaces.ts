/**
 * The parts of the app with a message catalogue each: src/locales/<language>/<part>.po, but
 * `people`, the one catalogue of people's messages the server, the web and every chat channel
 * read (packages/shared/locales/<language>/people.po: refusals, diet tags, weekdays).
 */
export const NAMESPACES = [
  'common',
  'shared',
  'people',
  'auth',
  'info',
  'order',
  'barista',
  'dashboards',
  'management',
  'schedule',
  'users',
  'sites',
  'notifications',
  'audit',
  'pickup',
  'chat',
  'runs',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const LANGUAGES = ['en', 'th'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Where a part's catalogues are, from apps/web (each language in a folder of its own). */
export const catalogueFolder = (ns: Namespace): string =>
  ns === 'people' ? '../../packages/shared/locales' : 'src/locales';
