import { addDays, cafeClock, cafeDayOf, isFridayCafeCutoff, weekdayOf, type CafeDay } from './cafe-time';
import type { PickupSettings, Slot } from './pickup-schemas';
import { clockMinutes, instantOfCafeTime, scheduledModeAt, type OpeningRules, type Venue } from './schedule';

/*
 * Pickup slots (docs/api.md, "Orders for later"): worked out from a site's opening hours in its own
 * zone, so the server that offers and checks them and the screen that shows them agree. Slots are
 * wall-clock times of the site's calendar: a 10:30 slot is at 10:30 on the day the clocks change
 * too, and its instant is whatever 10:30 is that day.
 */

const MINUTE = 60_000;

export interface SlotRules {
  rules: OpeningRules;
  timeZone: string;
  venue: Venue;
  settings: PickupSettings;
  now: Date;
  /**
   * The venue was closed by hand before its hours ended today: no more slots today. (A venue
   * closed now because it has not opened yet still offers today's later slots.)
   */
  closedEarlyToday?: boolean;
}

/** A slot the hours give, before its room and the lead time are looked at. */
interface Candidate {
  start: Date;
  end: Date;
  day: CafeDay;
  time: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const clockText = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/** The venue is the one the schedule has open at `instant` (the bar takes over from the cafe on Friday afternoon). */
function venueOpenAt(input: SlotRules, instant: Date, fridayCutoff = true): boolean {
  const mode = scheduledModeAt(input.rules, instant, input.timeZone);
  if (mode !== (input.venue === 'cafe' ? 'cafe-open' : 'bar-open')) return false;
  // No cafe orders on Friday from 12:00 (the specification): no cafe slot either.
  return !(fridayCutoff && input.venue === 'cafe' && isFridayCafeCutoff(instant, input.timeZone));
}

/**
 * Every slot the hours give on `day`, in order: from each opening period's start, every slot
 * length, ending by its close. `fridayCutoff: false` keeps the cafe's Friday afternoon slots (to
 * tell a person why a time is refused).
 */
function candidatesOn(input: SlotRules, day: CafeDay, fridayCutoff = true): Candidate[] {
  if (input.rules.closedDays.some((c) => c.day === day)) return [];
  const weekday = weekdayOf(day);
  const length = input.settings.slotMinutes;
  const seen = new Set<number>();
  const slots: Candidate[] = [];
  const periods = input.rules.weekly
    .filter((p) => p.venue === input.venue && p.weekday === weekday)
    .sort((a, b) => clockMinutes(a.opens) - clockMinutes(b.opens));
  for (const period of periods) {
    const closes = clockMinutes(period.closes);
    for (let m = clockMinutes(period.opens); m + length <= closes; m += length) {
      const start = instantOfCafeTime(day, m, input.timeZone);
      const end = instantOfCafeTime(day, m + length, input.timeZone);
      // A time the clock skips (spring forward) lands on the same instant as the next one shown.
      if (seen.has(start.getTime()) || end <= start) continue;
      // The clock shows this time that day (not a time skipped when the clocks go forward), and
      // the venue is open by the hours for the whole slot.
      const shown = cafeClock(start, input.timeZone);
      if (shown.day !== day || shown.hour * 60 + shown.minute !== m) continue;
      if (
        !venueOpenAt(input, start, fridayCutoff) ||
        !venueOpenAt(input, new Date(end.getTime() - MINUTE), fridayCutoff)
      )
        continue;
      seen.add(start.getTime());
      slots.push({ start, end, day, time: clockText(m) });
    }
  }
  return slots;
}

/** The days people may order for: today and up to `daysAhead` more (the site's calendar). */
function orderableDays(input: SlotRules): CafeDay[] {
  const today = cafeDayOf(input.now, input.timeZone);
  return Array.from({ length: input.settings.daysAhead + 1 }, (_, i) => addDays(today, i));
}

function leadEnd(input: SlotRules): number {
  return input.now.getTime() + input.settings.leadMinutes * MINUTE;
}

/**
 * The slots a person may order for now: on the days that may be ordered for (one day when `day`
 * is given), starting at least the lead time from now, with room left. `taken` gives the drinks
 * already ordered for a slot (by its start, ISO); a slot takes `slotCapacity`.
 */
export function pickupSlots(
  input: SlotRules,
  taken: ReadonlyMap<string, number>,
  day?: CafeDay,
  /** When a drink joining the line now would be ready: earlier slots carry it as their `readyAt`. */
  earliestReady?: Date,
): Slot[] {
  const today = cafeDayOf(input.now, input.timeZone);
  const earliest = leadEnd(input);
  return orderableDays(input)
    .filter((d) => day === undefined || d === day)
    .filter((d) => !(d === today && input.closedEarlyToday))
    .flatMap((d) => candidatesOn(input, d))
    .filter((slot) => slot.start.getTime() >= earliest)
    .map((slot) => ({
      start: slot.start.toISOString(),
      end: slot.end.toISOString(),
      day: slot.day,
      time: slot.time,
      remaining: input.settings.slotCapacity - (taken.get(slot.start.toISOString()) ?? 0),
      ...(earliestReady && earliestReady > slot.start ? { readyAt: earliestReady.toISOString() } : {}),
    }))
    .filter((slot) => slot.remaining > 0);
}

/** Why `pickupAt` cannot be ordered for (its room aside), or the slot it starts. */
export type SlotCheck =
  { ok: true; slot: Omit<Slot, 'remaining'> } | { ok: false; reason: 'not-a-slot' | 'too-soon' | 'too-far' | 'closed' };

/** Whether `pickupAt` is the start of a slot that may be ordered for now (its room is counted by the caller). */
export function checkPickup(input: SlotRules, pickupAt: Date): SlotCheck {
  const day = cafeDayOf(pickupAt, input.timeZone);
  const today = cafeDayOf(input.now, input.timeZone);
  const slot = candidatesOn(input, day).find((s) => s.start.getTime() === pickupAt.getTime());
  if (!slot) return { ok: false, reason: 'not-a-slot' };
  if (!orderableDays(input).includes(day)) return { ok: false, reason: day < today ? 'too-soon' : 'too-far' };
  if (slot.start.getTime() < leadEnd(input)) return { ok: false, reason: 'too-soon' };
  if (day === today && input.closedEarlyToday) return { ok: false, reason: 'closed' };
  return {
    ok: true,
    slot: { start: slot.start.toISOString(), end: slot.end.toISOString(), day: slot.day, time: slot.time },
  };
}

/** Why a clock time cannot be a standing order's pickup time on a weekday: none, or the first reason. */
export type StandingDayProblem = 'no-hours' | 'outside-hours' | 'friday-cutoff' | 'not-a-slot';

/**
 * Whether `time` (HH:mm, the site's clock) is the start of a slot on `day` by the site's weekly
 * hours (its closed days aside): null when it is; otherwise why not, in the order a person can act
 * on it (the venue never serves that weekday; the time is outside its hours; the cafe menu's Friday
 * cut-off; between two slot starts).
 */
export function standingDayProblem(
  input: Omit<SlotRules, 'now'>,
  day: CafeDay,
  time: string,
): StandingDayProblem | null {
  const rules = { ...input, rules: { ...input.rules, closedDays: [] }, now: new Date(0) };
  const weekday = weekdayOf(day);
  const periods = rules.rules.weekly.filter((p) => p.venue === input.venue && p.weekday === weekday);
  if (periods.length === 0) return 'no-hours';
  if (candidatesOn(rules, day).some((slot) => slot.time === time)) return null;
  const all = candidatesOn(rules, day, false);
  if (all.some((slot) => slot.time === time)) return 'friday-cutoff';
  const minutes = clockMinutes(time);
  const within = periods.some((p) => minutes >= clockMinutes(p.opens) && minutes < clockMinutes(p.closes));
  return within ? 'not-a-slot' : 'outside-hours';
}

/** The slot start times of `day` by the weekly hours (closed days aside), for a person choosing one. */
export function slotTimesOn(input: Omit<SlotRules, 'now'>, day: CafeDay): string[] {
  return candidatesOn({ ...input, rules: { ...input.rules, closedDays: [] }, now: new Date(0) }, day).map(
    (s) => s.time,
  );
}

/** Up to two slot starts of `day` around `time` ("09:30, 09:45"), for a person choosing again ('' when the day has none). */
export function slotTimesNear(input: Omit<SlotRules, 'now'>, day: CafeDay, time: string): string {
  const times = slotTimesOn(input, day);
  const minutes = clockMinutes(time);
  const after = times.findIndex((t) => clockMinutes(t) > minutes);
  const from = Math.max(0, (after < 0 ? times.length : after) - 1);
  return times.slice(from, from + 2).join(', ');
}

/** Whether `time` is a slot start on `day` by the hours, the closed days included (a standing order is placed then). */
export function isSlotStartOn(input: Omit<SlotRules, 'now'>, day: CafeDay, time: string): boolean {
  return candidatesOn({ ...input, now: new Date(0) }, day).some((slot) => slot.time === time);
}
