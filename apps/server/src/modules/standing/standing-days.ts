import { addDays, clockMinutes, instantOfCafeTime, weekdayOf, type CafeDay } from '@cafe/shared';

/** The weekdays of a row ("1,2,3"). */
export const weekdaysOf = (text: string): number[] =>
  text === ''
    ? []
    : text
        .split(',')
        .map(Number)
        .filter((n) => Number.isInteger(n));

export const weekdaysText = (days: readonly number[]): string => [...days].sort((a, b) => a - b).join(',');

/** The instant of `time` (HH:mm) on `day` on the site's clock: the day's pickup time. */
export function pickupInstant(day: CafeDay, time: string, timeZone: string): Date {
  return instantOfCafeTime(day, clockMinutes(time), timeZone);
}

/**
 * The next day a standing order will be placed: from `today` (unless today's is done or its time
 * passed), the first of its weekdays that is not `skip` (pass null to ignore the skip).
 */
export function nextDayOf(
  standing: { weekdays: readonly number[]; time: string },
  today: CafeDay,
  now: Date,
  timeZone: string,
  options: { doneToday: boolean; skip: CafeDay | null },
): CafeDay | null {
  if (standing.weekdays.length === 0) return null;
  for (let i = 0; i <= 14; i += 1) {
    const day = addDays(today, i);
    if (!standing.weekdays.includes(weekdayOf(day))) continue;
    if (i === 0 && (options.doneToday || pickupInstant(day, standing.time, timeZone) <= now)) continue;
    if (day === options.skip) continue;
    return day;
  }
  return null;
}
