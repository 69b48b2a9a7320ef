import { z } from 'zod';
import { StatsQuerySchema } from './schemas';

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

// ---------- drinks nobody collected ----------

/**
 * A finished drink a barista marked `uncollected` counts in none of the served statistics above;
 * these count it apart (docs/decisions/0050-uncollected-statistics.md). `served` beside each count
 * is the same period's served orders (done + picked), for a fair reading of the number.
 */

/** GET /stats/uncollected: one site's row (archived sites still show for the periods they had orders). */
export const UncollectedSiteRowSchema = z.object({
  siteId: z.number().int(),
  name: z.string(),
  archived: z.boolean(),
  uncollected: z.number().int(),
  served: z.number().int(),
});
export type UncollectedSiteRow = z.infer<typeof UncollectedSiteRowSchema>;

/** GET /stats/uncollected: the period's uncollected drinks, in all and per site. */
export const UncollectedStatsSchema = z.object({
  total: z.number().int(),
  served: z.number().int(),
  bySite: z.array(UncollectedSiteRowSchema),
});
export type UncollectedStats = z.infer<typeof UncollectedStatsSchema>;

/** The most people GET /stats/uncollected/people answers at once, and how many without `limit`. */
export const UNCOLLECTED_PEOPLE_MAX = 50;
export const UNCOLLECTED_PEOPLE_DEFAULT = 10;

const peopleLimitMessage = `limit must be a whole number from 1 to ${UNCOLLECTED_PEOPLE_MAX}`;

/** GET /stats/uncollected/people: the statistics query and how many people to answer. */
export const UncollectedPeopleQuerySchema = StatsQuerySchema.extend({
  limit: z
    .preprocess(
      (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
      z
        .number({ error: peopleLimitMessage })
        .int({ message: peopleLimitMessage })
        .min(1, { message: peopleLimitMessage })
        .max(UNCOLLECTED_PEOPLE_MAX, { message: peopleLimitMessage }),
    )
    .optional(),
});
export type UncollectedPeopleQuery = z.infer<typeof UncollectedPeopleQuerySchema>;

/** One person who left drinks: how many, and how many of theirs were served in the same period. */
export const UncollectedPersonRowSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  uncollected: z.number().int(),
  served: z.number().int(),
});
export type UncollectedPersonRow = z.infer<typeof UncollectedPersonRowSchema>;
