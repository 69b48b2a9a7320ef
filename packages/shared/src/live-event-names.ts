/** The events that carry a site's sequence number (the others: `site`, a company `menu` event, `session-changed`, `hello`). */
export const SEQUENCED_EVENTS = [
  'orders',
  'queue',
  'cafe-status',
  'ordering-status',
  'menu',
  'schedule',
  'closing-soon',
] as const;
