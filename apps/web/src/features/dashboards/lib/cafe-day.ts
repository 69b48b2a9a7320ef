import type { CafeDay } from '@cafe/shared';

const DAY_FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const MONTH_FORMAT = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

function utcDate(day: CafeDay): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

/** A period [startDate, endDate) for people: "21 Nov 2026", "16 Nov 2026 - 22 Nov 2026", "November 2026". */
export function describePeriod(startDate: CafeDay, endDate: CafeDay): string {
  const start = utcDate(startDate);
  const last = new Date(utcDate(endDate).getTime() - 86_400_000);
  if (last.getTime() <= start.getTime()) return DAY_FORMAT.format(start);
  const isWholeMonth =
    start.getUTCDate() === 1 && utcDate(endDate).getUTCDate() === 1 && last.getUTCMonth() === start.getUTCMonth();
  if (isWholeMonth) return MONTH_FORMAT.format(start);
  return `${DAY_FORMAT.format(start)} - ${DAY_FORMAT.format(last)}`;
}
