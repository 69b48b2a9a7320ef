import { cafeDayOf, type CafeDay } from '@cafe/shared';

/**
 * The cafe's time zone: the server's CAFE_TIMEZONE default. The web app takes "today", the Friday
 * cut-off and cafe times in this zone, whatever zone the device is set to; the server enforces the
 * real rules with its own configuration.
 */
export const CAFE_TIME_ZONE = 'Asia/Bangkok';

/** Today as a cafe day (YYYY-MM-DD). */
export function cafeToday(now: Date = new Date()): CafeDay {
  return cafeDayOf(now, CAFE_TIME_ZONE);
}
