import { msgId } from '@/i18n';

/** Weekday names, 0 = Sunday as the server counts them. */
export const WEEKDAY_IDS = {
  0: msgId('order.standing.day.sun'),
  1: msgId('order.standing.day.mon'),
  2: msgId('order.standing.day.tue'),
  3: msgId('order.standing.day.wed'),
  4: msgId('order.standing.day.thu'),
  5: msgId('order.standing.day.fri'),
  6: msgId('order.standing.day.sat'),
} as const;

/** A day's outcome as its owner reads it. */
export const OUTCOME_IDS = {
  placed: msgId('order.standing.outcome.placed'),
  skipped: msgId('order.standing.outcome.skipped'),
  failed: msgId('order.standing.outcome.failed'),
} as const;
