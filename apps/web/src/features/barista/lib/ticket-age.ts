import { i18n } from '@/i18n';

/**
 * How old a ticket is, and when that is too old: a ticket turns amber after `amberMinutes` and red
 * after `redMinutes` since the order was placed (docs/decisions/0020-kitchen-display.md). The
 * barista sets both on the board; each counter tablet keeps its own.
 */
export interface AgeThresholds {
  amberMinutes: number;
  redMinutes: number;
}

export const DEFAULT_AGE_THRESHOLDS: AgeThresholds = { amberMinutes: 5, redMinutes: 10 };

/** The longest threshold the settings take: two hours is already a drink nobody waits for. */
export const AGE_THRESHOLD_MAX_MINUTES = 120;

export type AgeTone = 'fresh' | 'amber' | 'red';

/** Whole minutes since `orderDate` at `now` (never below 0: a tablet's clock may run a little behind). */
export function ageMinutes(orderDate: string, now: number): number {
  const placed = Date.parse(orderDate);
  if (Number.isNaN(placed)) return 0;
  return Math.max(0, Math.floor((now - placed) / 60_000));
}

export function ageTone(minutes: number, thresholds: AgeThresholds): AgeTone {
  if (minutes >= thresholds.redMinutes) return 'red';
  if (minutes >= thresholds.amberMinutes) return 'amber';
  return 'fresh';
}

/** The age as a ticket shows it: "<1 min", "7 min", "1 h 05". */
export function formatAge(minutes: number): string {
  if (minutes < 1) return i18n._('barista.age.underOneMinute');
  if (minutes < 60) return i18n._('barista.age.minutes', { minutes });
  return i18n._('barista.age.hours', {
    hours: Math.floor(minutes / 60),
    minutes: String(minutes % 60).padStart(2, '0'),
  });
}

function wholeMinutes(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= AGE_THRESHOLD_MAX_MINUTES ? n : null;
}

/** What is wrong with a pair of thresholds as typed, or null when they can be kept. */
export function thresholdsError(amber: string, red: string): string | null {
  const a = wholeMinutes(amber);
  const r = wholeMinutes(red);
  if (a === null || r === null) return i18n._('barista.settings.wholeMinutes', { max: AGE_THRESHOLD_MAX_MINUTES });
  if (r <= a) return i18n._('barista.settings.redAfterAmber');
  return null;
}

/** Thresholds read back from storage: anything unreadable or out of order falls back to the defaults. */
export function parseThresholds(amber: string | null, red: string | null): AgeThresholds {
  if (amber === null || red === null || thresholdsError(amber, red)) return DEFAULT_AGE_THRESHOLDS;
  return { amberMinutes: Number(amber), redMinutes: Number(red) };
}
