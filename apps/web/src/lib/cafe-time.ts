import { cafeClock, cafeDayOf, type CafeDay } from '@cafe/shared';

/*
 * Times and days as the cafe tells them: in its own zone (the server's CAFE_TIMEZONE, served in
 * the settings), whatever zone the phone or tablet is set to. The cafe is one place.
 */

/** Today as a cafe day (YYYY-MM-DD). */
export function cafeToday(timeZone: string, now: Date = new Date()): CafeDay {
  return cafeDayOf(now, timeZone);
}

/** The cafe day an ISO instant falls on. */
export function cafeDayOfIso(iso: string, timeZone: string): CafeDay {
  return cafeDayOf(new Date(iso), timeZone);
}

/** HH:mm of an ISO instant on the cafe's clock; empty for an unreadable timestamp. */
export function formatCafeTime(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const { hour, minute } = cafeClock(date, timeZone);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

const DAY_FORMATS = {
  long: new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }),
  short: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
  month: new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
} as const;

/** Midnight UTC of a calendar day: the day formatted in UTC is the day itself. */
export function utcDateOf(day: CafeDay): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

/** A cafe day for people: long "Friday, 21 November 2025", short "21 Nov 2025", month "November 2025". */
export function formatDay(day: CafeDay, style: keyof typeof DAY_FORMATS): string {
  return DAY_FORMATS[style].format(utcDateOf(day));
}

/** The short cafe date of an ISO instant, e.g. "21 Nov 2026"; empty for an unreadable timestamp. */
export function formatCafeDate(iso: string, timeZone: string): string {
  if (Number.isNaN(new Date(iso).getTime())) return '';
  return formatDay(cafeDayOfIso(iso, timeZone), 'short');
}
