/** The parts of the app with a message catalogue each: src/locales/<language>/<part>.po. */
export const NAMESPACES = [
  'common',
  'shared',
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
  'slack',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const LANGUAGES = ['en', 'th'] as const;
export type Language = (typeof LANGUAGES)[number];
