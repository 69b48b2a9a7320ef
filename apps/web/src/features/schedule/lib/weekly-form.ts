import { CLOSES_PATTERN, clockMinutes, OPENS_PATTERN, WEEK_ORDER, type Venue, type WeeklyPeriod } from '@cafe/shared';
import { msgId } from '@/i18n';

/** One venue's hours on one weekday, as the form holds them. */
export interface DayRow {
  open: boolean;
  opens: string;
  closes: string;
}

export type WeeklyRows = Record<Venue, Record<number, DayRow>>;

export const VENUES: readonly Venue[] = ['cafe', 'bar'];

/** What a day switched on starts with: the specification's hours of the venue. */
const USUAL_HOURS: Record<Venue, { opens: string; closes: string }> = {
  cafe: { opens: '09:00', closes: '16:00' },
  bar: { opens: '15:00', closes: '18:00' },
};

export function rowsFromWeekly(weekly: readonly WeeklyPeriod[]): WeeklyRows {
  const rows: WeeklyRows = { cafe: {}, bar: {} };
  for (const venue of VENUES) {
    for (const weekday of WEEK_ORDER) {
      const period = weekly.find((p) => p.venue === venue && p.weekday === weekday);
      rows[venue][weekday] = period
        ? { open: true, opens: period.opens, closes: period.closes }
        : { open: false, ...USUAL_HOURS[venue] };
    }
  }
  return rows;
}

/**
 * The periods of the days switched on of `venues` (those the site runs: hours of another are a
 * 400), by weekday then venue (as GET /schedule lists them).
 */
export function weeklyFromRows(rows: WeeklyRows, venues: readonly Venue[] = VENUES): WeeklyPeriod[] {
  const periods: WeeklyPeriod[] = [];
  for (const weekday of [0, 1, 2, 3, 4, 5, 6]) {
    for (const venue of VENUES.filter((v) => venues.includes(v))) {
      const row = rows[venue][weekday];
      if (row?.open) periods.push({ venue, weekday, opens: row.opens.trim(), closes: row.closes.trim() });
    }
  }
  return periods;
}

/** What is wrong with a day's hours by the server's rule (message ids); nothing for a closed day. */
export function rowErrors(row: DayRow): { opens?: string; closes?: string } {
  if (!row.open) return {};
  const opens = row.opens.trim();
  const closes = row.closes.trim();
  const errors: { opens?: string; closes?: string } = {};
  if (!OPENS_PATTERN.test(opens)) errors.opens = msgId('schedule.weekly.opensFormat');
  if (!CLOSES_PATTERN.test(closes)) errors.closes = msgId('schedule.weekly.closesFormat');
  else if (!errors.opens && clockMinutes(closes) <= clockMinutes(opens))
    errors.closes = msgId('schedule.weekly.closesAfterOpens');
  return errors;
}

export function hasErrors(rows: WeeklyRows, venues: readonly Venue[] = VENUES): boolean {
  return venues.some((venue) => Object.values(rows[venue]).some((row) => Object.keys(rowErrors(row)).length > 0));
}
