import { addDays, cafeClock, cafeDayOf, type CafeDay } from '@cafe/shared';
import { CAFE_TIME_ZONE, cafeToday } from '../../../lib/cafe-time';

/** [today, tomorrow) in cafe days: the range of the live board. */
export function todayRange(now: Date = new Date()): { startDate: CafeDay; endDate: CafeDay } {
  const today = cafeToday(now);
  return { startDate: today, endDate: addDays(today, 1) };
}

/** The cafe day an ISO instant falls on. */
export function cafeDayOfIso(iso: string): CafeDay {
  return cafeDayOf(new Date(iso), CAFE_TIME_ZONE);
}

/** HH:mm of an ISO instant on the cafe's clock. */
export function formatCafeTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '--:--';
  const { hour, minute } = cafeClock(date, CAFE_TIME_ZONE);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** A cafe day written for people, e.g. "Friday, 21 November 2025". */
export function formatCafeDay(day: CafeDay): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}
