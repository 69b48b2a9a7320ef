import {
  clockMinutes,
  instantOfCafeTime,
  parseDietTags,
  parseDrinkChoice,
  type CafeDay,
  type DietTag,
} from '@cafe/shared';
import type { StandingPlan } from '../ordering/standing-door';
import type { SiteRecord } from '../sites/sites.service';
import type { StandingRow } from './standing.repository';

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

/** A standing order as the door reads it, with what its owner confirmed of the drink when setting it. */
export const planOf = (row: StandingRow, site: SiteRecord): StandingPlan & { dietConfirmed: DietTag[] } => ({
  site,
  drink: parseDrinkChoice(row.drink),
  weekdays: weekdaysOf(row.weekdays),
  time: row.time,
  dietConfirmed: parseDietTags(row.diet_confirmed),
});
