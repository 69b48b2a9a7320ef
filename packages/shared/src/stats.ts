import { z } from 'zod';

/**
 * Chart statistics beyond the two endpoints of the first version (count/total, popular-menu).
 * All take StatsQuerySchema (startDate inclusive, endDate exclusive, each site's calendar days,
 * categoryFor and siteId optional) and count served orders (done + picked).
 */

/** GET /stats/orders-by-hour: one row per hour of the cafe's day, 0..23, all 24 present. */
export const OrdersByHourRowSchema = z.object({
  hour: z.number().int().min(0).max(23),
  totalOrder: z.number().int(),
});
export type OrdersByHourRow = z.infer<typeof OrdersByHourRowSchema>;

/** GET /stats/orders-by-weekday: one row per weekday, 0 = Sunday .. 6 = Saturday, all 7 present. */
export const OrdersByWeekdayRowSchema = z.object({
  weekday: z.number().int().min(0).max(6),
  totalOrder: z.number().int(),
});
export type OrdersByWeekdayRow = z.infer<typeof OrdersByWeekdayRowSchema>;

/**
 * GET /stats/preparation-time: the mean time from "in-progress" to "done" over the orders of the
 * period that went through both; null when none did.
 */
export const PreparationTimeSchema = z.object({
  averageSeconds: z.number().nullable(),
  samples: z.number().int(),
});
export type PreparationTime = z.infer<typeof PreparationTimeSchema>;

/** The period check shared by every statistics query: the empty period (start = end) is allowed. */
export function checkStatsRange(startDate: string, endDate: string): string | null {
  return startDate > endDate ? 'startDate must not be after endDate' : null;
}
