import { addDays, type CafeDay } from '@cafe/shared';
import { formatDay, utcDateOf } from '@/lib/cafe-time';

/** A period [startDate, endDate) for people: "21 Nov 2026", "16 Nov 2026 - 22 Nov 2026", "November 2026". */
export function describePeriod(startDate: CafeDay, endDate: CafeDay): string {
  const last = addDays(endDate, -1);
  if (last <= startDate) return formatDay(startDate, 'short');
  const start = utcDateOf(startDate);
  const isWholeMonth =
    start.getUTCDate() === 1 &&
    utcDateOf(endDate).getUTCDate() === 1 &&
    utcDateOf(last).getUTCMonth() === start.getUTCMonth();
  if (isWholeMonth) return formatDay(startDate, 'month');
  return `${formatDay(startDate, 'short')} - ${formatDay(last, 'short')}`;
}
