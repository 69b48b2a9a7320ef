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

// ---------- preparation times against the site's target ----------

/** Median, 90th percentile and the drinks over the target, of one group of finished drinks. */
export const PrepFiguresSchema = z.object({
  /** Drinks timed (taken -> done). */
  samples: z.number().int(),
  /** Seconds; null without samples. The median of an even count is the mean of the middle two. */
  medianSeconds: z.number().nullable(),
  /** Seconds, nearest rank: the smallest time at least 90 % of the drinks took no longer than. */
  p90Seconds: z.number().nullable(),
  /** Drinks that took longer than their site's target. */
  overTarget: z.number().int(),
});
export type PrepFigures = z.infer<typeof PrepFiguresSchema>;

/** GET /stats/prep-times: preparation times of the period's served drinks, in all and per drink, hour and barista. */
export const PrepTimesSchema = z.object({
  /** The site's target in minutes; null for every site together when their targets differ. */
  targetMinutes: z.number().int().nullable(),
  all: PrepFiguresSchema,
  /** Per menu item, most drinks first, ties by name. */
  byDrink: z.array(PrepFiguresSchema.extend({ menuId: z.number().int(), name: z.string() })),
  /** Per hour of the site's clock the drink was placed in, only hours with drinks, earliest first. */
  byHour: z.array(PrepFiguresSchema.extend({ hour: z.number().int() })),
  /**
   * Per barista who marked the drink done, by name. An admin gets everyone; a barista only their
   * own row (the others' are personal data about colleagues).
   */
  byBarista: z.array(PrepFiguresSchema.extend({ userId: z.number().int(), name: z.string() })),
});
export type PrepTimes = z.infer<typeof PrepTimesSchema>;

/** The middle of `values` (the mean of the middle two of an even count); null without values. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The figures of a group of preparation times (milliseconds) against a target each (milliseconds). */
export function prepFigures(times: readonly { ms: number; targetMs: number }[]): PrepFigures {
  const sorted = times.map((t) => t.ms).sort((a, b) => a - b);
  const n = sorted.length;
  const seconds = (ms: number) => Math.round(ms / 1000);
  const overTarget = times.filter((t) => t.ms > t.targetMs).length;
  if (n === 0) return { samples: 0, medianSeconds: null, p90Seconds: null, overTarget };
  const p90 = sorted[Math.ceil(0.9 * n) - 1]!;
  return { samples: n, medianSeconds: seconds(median(sorted)!), p90Seconds: seconds(p90), overTarget };
}

/**
 * What one disposable cup weighs and emits (docs/cups-saved.md gives the sources); settings
 * CUPS_WASTE_GRAMS and CUPS_CO2_GRAMS.
 */
export const CupFactorsSchema = z.object({
  wasteGramsPerCup: z.number(),
  co2GramsPerCup: z.number(),
});
export type CupFactors = z.infer<typeof CupFactorsSchema>;

/**
 * GET /stats/cups-saved: drinks picked up in their owner's own tumbler in the period (each one a
 * disposable cup saved; cancelled, rejected and uncollected drinks save nothing), with the waste
 * and CO2 they avoided, per site, per month (each site's calendar month) and per team (null: no team).
 */
export const CupsSavedStatsSchema = z.object({
  cups: z.number().int(),
  wasteGrams: z.number(),
  co2Grams: z.number(),
  factors: CupFactorsSchema,
  bySite: z.array(z.object({ siteId: z.number().int(), siteName: z.string(), cups: z.number().int() })),
  byMonth: z.array(z.object({ month: z.string(), cups: z.number().int() })),
  byTeam: z.array(z.object({ team: z.string().nullable(), cups: z.number().int() })),
});
export type CupsSavedStats = z.infer<typeof CupsSavedStatsSchema>;

/** GET /order/cups-saved/user: the signed-in person's cups saved, this month (their home site's) and all time. */
export const MyCupsSavedSchema = z.object({
  thisMonth: z.number().int(),
  allTime: z.number().int(),
  factors: CupFactorsSchema,
});
export type MyCupsSaved = z.infer<typeof MyCupsSavedSchema>;
