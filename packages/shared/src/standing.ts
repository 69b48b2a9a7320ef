import { addDays, weekdayOf, type CafeDay } from './cafe-time';
import { daysValue, peopleText } from './people-text';
import { isSlotStartOn, slotTimesNear, standingDayProblem, type SlotRules } from './pickup';
import type { PlacementRefusal } from './placement';
import { clockMinutes, instantOfCafeTime } from './schedule';

/*
 * A standing order's days and time, asked when it is saved and each time its next day is shown
 * (docs/standing-orders.md): the same slots and hours as every order for later, so a standing order
 * that is saved can be placed on its days, and the day it says comes next is the day it is placed.
 */

/** The site, venue and hours a standing order is for. */
export interface StandingSlots {
  site: { name: string };
  slots: Omit<SlotRules, 'now'>;
}

/** The next date from `today` (itself included) that falls on `weekday`. */
export const nextDateOn = (today: CafeDay, weekday: number): CafeDay =>
  addDays(today, (weekday - weekdayOf(today) + 7) % 7);

/**
 * Why a standing order for `weekdays` at `time` cannot be saved, or null: every chosen day must be
 * one the venue serves, at a time that starts one of its pickup slots then. The refusal says what
 * the person can do (other days, a time within the hours, the Friday cut-off, the slot times).
 */
export function standingRefusal(
  input: StandingSlots & { weekdays: readonly number[]; time: string; today: CafeDay },
): PlacementRefusal | null {
  const problems = input.weekdays.map((weekday) => {
    const day = nextDateOn(input.today, weekday);
    return { weekday, day, problem: standingDayProblem(input.slots, day, input.time) };
  });
  const days = (kind: string) => daysValue(problems.filter((p) => p.problem === kind).map((p) => p.weekday));
  const values = { site: input.site.name, venue: input.slots.venue, time: input.time };
  const refuse = (text: PlacementRefusal['text']): PlacementRefusal => ({ status: 400, code: 'VALIDATION', text });
  if (problems.some((p) => p.problem === 'no-hours')) {
    return refuse(peopleText('people.standing.notServedOn', { ...values, days: days('no-hours') }));
  }
  if (problems.some((p) => p.problem === 'friday-cutoff')) return refuse(peopleText('people.standing.fridayCutoff'));
  if (problems.some((p) => p.problem === 'outside-hours')) {
    return refuse(peopleText('people.standing.notServedAt', { ...values, days: days('outside-hours') }));
  }
  const between = problems.find((p) => p.problem === 'not-a-slot');
  if (between) {
    return refuse(
      peopleText('people.refusal.slotNotStart', {
        site: input.site.name,
        time: input.time,
        minutes: input.slots.settings.slotMinutes,
        examples: slotTimesNear(input.slots, between.day, input.time),
      }),
    );
  }
  return null;
}

/**
 * The next day a standing order will really be placed: from `today` (unless today's is done or its
 * time has passed), the first of its weekdays that is not `skip` and on which its time starts one
 * of the site's slots (not a closed day, not a day the venue has no hours). Null within two weeks: none.
 */
export function standingNextDay(
  input: StandingSlots & { weekdays: readonly number[]; time: string },
  today: CafeDay,
  now: Date,
  options: { doneToday: boolean; skip: CafeDay | null },
): CafeDay | null {
  if (input.weekdays.length === 0) return null;
  for (let i = 0; i <= 14; i += 1) {
    const day = addDays(today, i);
    if (!input.weekdays.includes(weekdayOf(day))) continue;
    if (i === 0 && (options.doneToday || instantOfCafeTime(day, clockMinutes(input.time), input.slots.timeZone) <= now))
      continue;
    if (day === options.skip) continue;
    if (!isSlotStartOn(input.slots, day, input.time)) continue;
    return day;
  }
  return null;
}
