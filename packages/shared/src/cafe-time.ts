import { TZDate } from '@date-fns/tz';
import { HOURS } from './limits';

/** A calendar day written YYYY-MM-DD. */
export type CafeDay = string;

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

export function isCafeDay(value: string): value is CafeDay {
  if (!DAY_RE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function pad(n: number): string {
  return n.toString().padStart(2, '0');
}

/**
 * One formatter per zone, giving the wall-clock parts of an instant there. Intl is used directly
 * (not a Date subclass), so the answer depends only on the instant and the zone: neither the
 * device's own zone nor a replaced global Date (a test clock) can leak in.
 */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

interface WallClock {
  readonly weekday: number;
  readonly hour: number;
  readonly minute: number;
  readonly day: CafeDay;
}

function formatWallClock(instant: Date, timeZone: string): WallClock {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    wallClockFormats.set(timeZone, format);
  }
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(instant)) parts[part.type] = part.value;
  return Object.freeze({
    weekday: WEEKDAYS[parts.weekday ?? ''] ?? 0,
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    day: `${parts.year}-${parts.month}-${parts.day}`,
  });
}

/**
 * The wall clock of the last minutes asked for, per zone: a request asks for the same minute
 * several times, and formatToParts is the costly part (a tenth of an order's placement). The key
 * is the UTC minute, which is exact because every zone's offset has been whole minutes since 1972;
 * earlier instants (local mean times with seconds) are not cached.
 */
const recentWallClocks = new Map<string, Map<number, WallClock>>();
const WHOLE_MINUTE_OFFSETS_SINCE = Date.UTC(1972, 0, 1);
const RECENT_MINUTES = 64;

function wallClock(instant: Date, timeZone: string): WallClock {
  const ms = instant.getTime();
  if (!(ms >= WHOLE_MINUTE_OFFSETS_SINCE)) return formatWallClock(instant, timeZone);
  const minute = Math.floor(ms / 60_000);
  let recent = recentWallClocks.get(timeZone);
  if (!recent) {
    recent = new Map();
    recentWallClocks.set(timeZone, recent);
  }
  let clock = recent.get(minute);
  if (!clock) {
    clock = formatWallClock(instant, timeZone);
    if (recent.size >= RECENT_MINUTES) recent.clear();
    recent.set(minute, clock);
  }
  return clock;
}

/** The calendar day of an instant in the cafe's zone. */
export function cafeDayOf(instant: Date, timeZone: string): CafeDay {
  return wallClock(instant, timeZone).day;
}

/** Wall-clock parts of an instant in the cafe's zone (weekday 0 = Sunday). */
export function cafeClock(instant: Date, timeZone: string): WallClock {
  return wallClock(instant, timeZone);
}

/** "10:30": an instant on a site's clock (a pickup time, a sold-out "until"). */
export function clockTimeText(instant: Date, timeZone: string): string {
  const { hour, minute } = cafeClock(instant, timeZone);
  return `${pad(hour)}:${pad(minute)}`;
}

/** The instant a cafe day starts (its local midnight). */
export function startOfCafeDay(day: CafeDay, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, 0, 0, 0, 0, timeZone).getTime());
}

/** Add whole days to a calendar day. */
export function addDays(day: CafeDay, days: number): CafeDay {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** Weekday of a calendar day, 0 = Sunday. */
export function weekdayOf(day: CafeDay): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** True on Friday from 12:00 cafe time: cafe items cannot be ordered. */
export function isFridayCafeCutoff(instant: Date, timeZone: string): boolean {
  const { weekday, hour } = cafeClock(instant, timeZone);
  return weekday === 5 && hour >= HOURS.fridayCafeCutoffHour;
}

export const STATS_PERIODS = ['today', 'week', 'month'] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];

/**
 * A statistics period as [startDate, endDate) calendar days: today to tomorrow; the week from
 * Monday to the next Monday; the month from its first day to the next month's first day.
 */
export function periodRange(period: StatsPeriod, today: CafeDay): { startDate: CafeDay; endDate: CafeDay } {
  if (period === 'today') return { startDate: today, endDate: addDays(today, 1) };
  if (period === 'week') {
    const sinceMonday = (weekdayOf(today) + 6) % 7;
    const monday = addDays(today, -sinceMonday);
    return { startDate: monday, endDate: addDays(monday, 7) };
  }
  const [y, m] = today.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${pad(m + 1)}-01`;
  return { startDate: `${y}-${pad(m)}-01`, endDate: next };
}

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const R = 6371.0088;
  const toRad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
}
