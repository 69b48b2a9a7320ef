import { addDays, cafeClock, cafeDayOf, weekdayOf, type CafeDay } from './cafe-time';
import type { CategoryFor, ShopValue } from './enums';

/*
 * Opening hours as plain rules (docs/decisions/0019-opening-hours.md): the weekly periods of each
 * venue and the closed days give, for any instant, the mode the shop should be in, when that mode
 * changes next, and when a venue next opens. The server runs the shop by them; the web shows them.
 * The schemas of the endpoints and events are in schedule-schemas.ts, so a screen that only shows
 * the hours does not load the schema library.
 */

export type Venue = CategoryFor;

/** The mode a scheduled change sets: one venue open, or both closed (PATCH /cafe-status's values). */
export type ScheduledMode = Exclude<ShopValue, 'all-close'>;

/**
 * A venue's hours on one weekday (0 = Sunday), cafe time: open from `opens` until `closes`
 * ("HH:MM"; `closes` may be "24:00", the end of the day). One per venue and weekday.
 */
export interface WeeklyPeriod {
  venue: Venue;
  weekday: number;
  opens: string;
  closes: string;
}

/** A day both venues stay closed (a holiday), with an optional note. */
export interface ClosedDay {
  day: CafeDay;
  note: string;
}

/** What the rules below are worked out from. */
export interface OpeningRules {
  weekly: readonly WeeklyPeriod[];
  closedDays: readonly { day: CafeDay }[];
}

/** A change of the scheduled mode: at `at`, from `from` to `to`. */
export interface ScheduledChange {
  at: Date;
  from: ScheduledMode;
  to: ScheduledMode;
}

/** The next time a venue opens by the schedule. */
export interface NextOpening {
  venue: Venue;
  at: Date;
}

/** The specification's hours: the cafe 9:00-16:00 Monday to Friday, the bar Friday 15:00-18:00. */
export const DEFAULT_WEEKLY_PERIODS: readonly WeeklyPeriod[] = [
  ...[1, 2, 3, 4, 5].map((weekday) => ({ venue: 'cafe' as const, weekday, opens: '09:00', closes: '16:00' })),
  { venue: 'bar', weekday: 5, opens: '15:00', closes: '18:00' },
];

/** Minutes before a scheduled close at which everyone is told (the `closing-soon` event). */
export const CLOSING_WARNING_MINUTES = 10;

/** The reject note of the orders still waiting when a venue closes (one of the specification's reasons). */
export const SHOP_CLOSING_NOTE = 'The shop is closing';

/** Weekday names, 0 = Sunday. */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The weekdays in the order people read a week (it starts on Monday). */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** "HH:MM" from 00:00 to 23:59: when a period may open. */
export const OPENS_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
/** "HH:MM" from 00:01 to 24:00: when a period may close (24:00 is the end of the day). */
export const CLOSES_PATTERN = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Minutes since midnight of "HH:MM" (NaN when it is not one). */
export function clockMinutes(time: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return Number.NaN;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** "9:00", "16:30": a time of day as the specification writes it (no leading zero on the hour). */
export function formatClock(time: string): string {
  const minutes = clockMinutes(time);
  if (Number.isNaN(minutes)) return time;
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The venues a mode opens. */
export function venuesOpenIn(mode: ScheduledMode): Venue[] {
  if (mode === 'cafe-open') return ['cafe'];
  if (mode === 'bar-open') return ['bar'];
  return [];
}

/** The venues a change closes: open before it, not after. */
export function venuesClosedBy(change: Pick<ScheduledChange, 'from' | 'to'>): Venue[] {
  const after = venuesOpenIn(change.to);
  return venuesOpenIn(change.from).filter((venue) => !after.includes(venue));
}

/** The venues a change opens: open after it, not before. */
export function venuesOpenedBy(change: Pick<ScheduledChange, 'from' | 'to'>): Venue[] {
  const before = venuesOpenIn(change.from);
  return venuesOpenIn(change.to).filter((venue) => !before.includes(venue));
}

// ---------- cafe wall-clock time to instants ----------

/** The cafe's wall clock at `t` (whole minutes), written as if it were a UTC instant. */
function wallMs(t: number, timeZone: string): number {
  const { day, hour, minute } = cafeClock(new Date(t), timeZone);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d, hour, minute);
}

/**
 * The instant the cafe's clock first shows `minutes` past midnight of `day` (1440: the next
 * midnight). Daylight saving time: a time the clock skips (spring forward) is the instant the clock
 * jumps past it; a time it shows twice (fall back) is its first showing.
 */
export function instantOfCafeTime(day: CafeDay, minutes: number, timeZone: string): Date {
  const key = `${timeZone} ${day} ${minutes}`;
  let known = instants.get(key);
  if (known === undefined) {
    if (instants.size >= MAX_REMEMBERED_INSTANTS) instants.clear();
    known = findInstantOfCafeTime(day, minutes, timeZone);
    instants.set(key, known);
  }
  return new Date(known);
}

/**
 * Instants already worked out (each takes several readings of the zone's clock, and the rules
 * below ask for the same few again and again): a pure function of its key.
 */
const instants = new Map<string, number>();
const MAX_REMEMBERED_INSTANTS = 5000;

function findInstantOfCafeTime(day: CafeDay, minutes: number, timeZone: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const target = Date.UTC(y, m - 1, d) + minutes * MINUTE;
  // Every offset from UTC the zone has around that day (two at most, where the clocks change).
  const offsets = [
    ...new Set([-36, -12, 0, 12, 36].map((h) => wallMs(target + h * HOUR, timeZone) - (target + h * HOUR))),
  ];
  const exact = offsets
    .map((offset) => target - offset)
    .filter((t) => wallMs(t, timeZone) === target)
    .sort((a, b) => a - b);
  if (exact[0] !== undefined) return exact[0];
  // Skipped by the clock: look for the first minute it shows a later time.
  let before = target - Math.max(...offsets);
  let after = target - Math.min(...offsets);
  while (after - before > MINUTE) {
    const middle = before + Math.floor((after - before) / 2 / MINUTE) * MINUTE;
    if (wallMs(middle, timeZone) >= target) after = middle;
    else before = middle;
  }
  return after;
}

// ---------- the scheduled mode ----------

function closedDaySet(rules: OpeningRules): Set<CafeDay> {
  return new Set(rules.closedDays.map((c) => c.day));
}

/** A venue's periods of one cafe day, as instants [opens, closes). */
function periodsOn(rules: OpeningRules, closed: Set<CafeDay>, day: CafeDay, timeZone: string) {
  if (closed.has(day)) return [];
  const weekday = weekdayOf(day);
  return rules.weekly
    .filter((p) => p.weekday === weekday)
    .map((p) => ({
      venue: p.venue,
      opens: instantOfCafeTime(day, clockMinutes(p.opens), timeZone).getTime(),
      closes: instantOfCafeTime(day, clockMinutes(p.closes), timeZone).getTime(),
    }))
    .filter((p) => p.opens < p.closes);
}

function modeAt(rules: OpeningRules, closed: Set<CafeDay>, t: number, timeZone: string): ScheduledMode {
  const day = cafeDayOf(new Date(t), timeZone);
  const open = new Set(
    periodsOn(rules, closed, day, timeZone)
      .filter((p) => p.opens <= t && t < p.closes)
      .map((p) => p.venue),
  );
  // On Friday at 15:00 the bar takes over from the cafe: one mode at a time, the bar first.
  if (open.has('bar')) return 'bar-open';
  if (open.has('cafe')) return 'cafe-open';
  return 'close-both';
}

/**
 * The mode the schedule gives at `instant`: the bar while a bar period runs, else the cafe while a
 * cafe period runs, else both closed. A closed day closes both venues all day.
 */
export function scheduledModeAt(rules: OpeningRules, instant: Date, timeZone: string): ScheduledMode {
  return modeAt(rules, closedDaySet(rules), instant.getTime(), timeZone);
}

/** Every change of the scheduled mode in (from, to], oldest first. */
export function scheduledChanges(rules: OpeningRules, from: Date, to: Date, timeZone: string): ScheduledChange[] {
  if (rules.weekly.length === 0 || to.getTime() <= from.getTime()) return [];
  const closed = closedDaySet(rules);
  const start = from.getTime();
  const end = to.getTime();
  // The mode can only change where a period opens or closes.
  const candidates = new Set<number>();
  const lastDay = addDays(cafeDayOf(to, timeZone), 1);
  for (let day = addDays(cafeDayOf(from, timeZone), -1); day <= lastDay; day = addDays(day, 1)) {
    for (const p of periodsOn(rules, closed, day, timeZone)) {
      for (const t of [p.opens, p.closes]) if (t > start && t <= end) candidates.add(t);
    }
  }
  const changes: ScheduledChange[] = [];
  for (const t of [...candidates].sort((a, b) => a - b)) {
    const before = modeAt(rules, closed, t - 1, timeZone);
    const after = modeAt(rules, closed, t, timeZone);
    if (before !== after) changes.push({ at: new Date(t), from: before, to: after });
  }
  return changes;
}

/** How far back a missed change is still looked for (a week and a day). */
const LOOK_BACK_DAYS = 8;

/** The latest change of the scheduled mode at or before `instant`, within the last 8 days. */
export function latestChangeAtOrBefore(rules: OpeningRules, instant: Date, timeZone: string): ScheduledChange | null {
  const since = new Date(instant.getTime() - LOOK_BACK_DAYS * DAY);
  return scheduledChanges(rules, since, instant, timeZone).at(-1) ?? null;
}

/** How far ahead the next opening is looked for. */
const LOOK_AHEAD_DAYS = 400;

/** The first change after `instant` for which `accept` holds, looked for a week at a time. */
function firstChangeAfter(
  rules: OpeningRules,
  instant: Date,
  timeZone: string,
  accept: (change: ScheduledChange) => boolean,
  horizonDays: number,
): ScheduledChange | null {
  if (rules.weekly.length === 0) return null;
  const end = instant.getTime() + horizonDays * DAY;
  for (let from = instant.getTime(); from < end; from += 7 * DAY) {
    const to = new Date(Math.min(from + 7 * DAY, end));
    const found = scheduledChanges(rules, new Date(from), to, timeZone).find(accept);
    if (found) return found;
  }
  return null;
}

/** The next change of the scheduled mode after `instant` (within the next 8 days), or null. */
export function nextChangeAfter(rules: OpeningRules, instant: Date, timeZone: string): ScheduledChange | null {
  return firstChangeAfter(rules, instant, timeZone, () => true, LOOK_BACK_DAYS);
}

/**
 * When a venue next opens by the schedule, after `instant`: `venue`, or whichever opens first.
 * Null when the schedule does not open it within a year.
 */
export function nextOpening(rules: OpeningRules, instant: Date, timeZone: string, venue?: Venue): NextOpening | null {
  const opens = (change: ScheduledChange) => venuesOpenedBy(change).filter((v) => !venue || v === venue);
  const change = firstChangeAfter(rules, instant, timeZone, (c) => opens(c).length > 0, LOOK_AHEAD_DAYS);
  const opened = change ? opens(change)[0] : undefined;
  return change && opened ? { venue: opened, at: change.at } : null;
}
