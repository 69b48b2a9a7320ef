import { cafeDayOf, clockTimeText, type CafeDay } from '@cafe/shared';
import { formatLocale } from '@/i18n';

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
  return Number.isNaN(date.getTime()) ? '' : clockTimeText(date, timeZone);
}

const DAY_FORMAT_OPTIONS = {
  long: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' },
  short: { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' },
  month: { month: 'long', year: 'numeric', timeZone: 'UTC' },
  weekday: { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * Made on first use, per language: each one costs milliseconds to create, which a screen's start
 * need not pay.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(style: keyof typeof DAY_FORMAT_OPTIONS): Intl.DateTimeFormat {
  const locale = formatLocale();
  const key = `${locale} ${style}`;
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, DAY_FORMAT_OPTIONS[style]);
    dayFormats.set(key, format);
  }
  return format;
}

/** Midnight UTC of a calendar day: the day formatted in UTC is the day itself. */
export function utcDateOf(day: CafeDay): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

/**
 * A cafe day for people, in the interface's language: long "Friday, 21 November 2025", short
 * "21 Nov 2025", month "November 2025", weekday "Fri 21 Nov".
 */
export function formatDay(day: CafeDay, style: keyof typeof DAY_FORMAT_OPTIONS): string {
  return dayFormat(style).format(utcDateOf(day));
}

/** The short cafe date of an ISO instant, e.g. "21 Nov 2026"; empty for an unreadable timestamp. */
export function formatCafeDate(iso: string, timeZone: string): string {
  if (Number.isNaN(new Date(iso).getTime())) return '';
  return formatDay(cafeDayOfIso(iso, timeZone), 'short');
}

/**
 * A pickup time on the cafe's clock: "10:30" today, "Tue 25 Nov 10:30" on another day (an order
 * for later may be for any day the site allows); empty for an unreadable timestamp.
 */
export function formatPickupTime(iso: string, timeZone: string, now: Date = new Date()): string {
  const time = formatCafeTime(iso, timeZone);
  if (!time) return '';
  const day = cafeDayOfIso(iso, timeZone);
  return day === cafeToday(timeZone, now) ? time : `${formatDay(day, 'weekday')} ${time}`;
}
