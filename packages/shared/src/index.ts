// Plain values and rules (enums, limits, messages, text, cafe time, queue...) live in modules of
// their own, apart from the zod schemas (*-schemas.ts, schemas.ts): the web app's first screens use
// the plain ones without loading the schema library (docs/decisions/0015-first-screen.md).
export * from './enums';
export * from './enum-schemas';
export * from './category-kind';
export * from './limits';
export * from './messages';
export * from './errors';
export * from './names';
export * from './text';
export * from './cafe-time';
export * from './order-state';
export * from './shop';
export * from './schemas';
export * from './order-schemas';
export * from './stats';
export * from './push';
export * from './settings';
export * from './live-events';
export * from './ordering';
export * from './placement';
export * from './queue';
export * from './queue-schemas';
export * from './counter';
export * from './schedule';
export * from './schedule-schemas';
export * from './site-schemas';
export * from './option-schemas';
export * from './pickup-schemas';
export * from './pickup';
export * from './display-schemas';
export * from './notification-schemas';
export * from './privacy-schemas';
export * from './audit-schemas';
export * from './account-schemas';
export * from './password-schemas';
export * from './standing-schemas';
