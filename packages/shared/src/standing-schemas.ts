import { z } from 'zod';
import { IdSchema } from './id-schema';
import { OrderCreateBodySchema } from './order-schemas';
import { CafeDaySchema } from './schemas';

/*
 * The usual and standing orders (issue 32, docs/standing-orders.md). A drink as ordered is the
 * placement's own fields (POST /order), picked from its schema, never a second definition.
 */

/** What identifies a drink as ordered: the item, its type and sweetness, remark and options. */
export const DrinkChoiceSchema = OrderCreateBodySchema.pick({
  menu_id: true,
  type: true,
  sweetness: true,
  remark: true,
  options: true,
});
export type DrinkChoice = z.infer<typeof DrinkChoiceSchema>;

/** A drink kept as JSON (a usual, a standing order's) read back: null for none, or one no longer of this shape. */
export function parseDrinkChoice(json: string | null): DrinkChoice | null {
  if (json === null) return null;
  const parsed = DrinkChoiceSchema.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : null;
}

/** GET /me/usual: the person's usual, where it comes from (saved, or their last picked-up drink), or null. */
export const UsualSchema = z
  .object({
    drink: DrinkChoiceSchema,
    /** `saved`: set with PUT /me/usual; `last-order`: the person's most recent picked-up cafe order. */
    source: z.enum(['saved', 'last-order']),
  })
  .nullable();
export type Usual = z.infer<typeof UsualSchema>;

/** A clock time on the site's clock, HH:mm from 00:00 to 23:59. */
export const StandingTimeSchema = z
  .string({ error: 'time must be a time written HH:mm' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'time must be a time written HH:mm, from 00:00 to 23:59' });

/** Weekdays, 0 = Sunday to 6 = Saturday, each at most once. */
export const StandingWeekdaysSchema = z
  .array(z.number({ error: 'weekdays must be numbers' }).int().min(0).max(6), { error: 'weekdays must be a list' })
  .min(1, { message: 'weekdays: choose at least one day' })
  .max(7)
  .refine((days) => new Set(days).size === days.length, { message: 'weekdays: each day at most once' });

export const STANDING_END_REASONS = ['removed', 'account-closed', 'site-changed', 'site-archived'] as const;
export const STANDING_RUN_OUTCOMES = ['placed', 'skipped', 'failed'] as const;

/** One day's outcome of a standing order. */
export const StandingRunSchema = z.object({
  day: CafeDaySchema,
  outcome: z.enum(STANDING_RUN_OUTCOMES),
  /** The order it placed (placed). */
  orderId: z.number().int().nullable(),
  /** Why it was skipped or could not be placed (the placement decision's words, in English). */
  reason: z.string().nullable(),
  /**
   * The same as the people catalogue words it (its message id and values), for a client in another
   * language; absent for the days before it was kept.
   */
  reasonText: z
    .object({ id: z.string(), values: z.record(z.string(), z.union([z.string(), z.number()])).optional() })
    .optional(),
});
export type StandingRun = z.infer<typeof StandingRunSchema>;

/** A standing order as its owner sees it. */
export const StandingOrderSchema = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  /** The drink; null: the person's usual, whatever it is on the day. */
  drink: DrinkChoiceSchema.nullable(),
  weekdays: z.array(z.number().int()),
  /** The pickup time on the site's clock (HH:mm). */
  time: z.string(),
  paused: z.boolean(),
  /** A day that will not be placed (skip tomorrow). */
  skipDate: z.string().nullable(),
  /** The next day it will be placed, when it is not paused. */
  nextDay: z.string().nullable(),
  lastRun: StandingRunSchema.nullable(),
  createdAt: z.string(),
});
export type StandingOrder = z.infer<typeof StandingOrderSchema>;

/** POST /standing-orders: without `drink`, the person's usual. */
export const StandingOrderCreateBodySchema = z.object({
  siteId: IdSchema,
  drink: DrinkChoiceSchema.optional(),
  weekdays: StandingWeekdaysSchema,
  time: StandingTimeSchema,
  /** The person knows what the drink contains that they avoid, and wants it each day (docs/allergens.md). */
  dietConfirmed: z.boolean().optional(),
});
export type StandingOrderCreateBody = z.infer<typeof StandingOrderCreateBodySchema>;

/** PATCH /standing-orders/{id}: pause or resume, skip the next day (or undo it), change the drink, days or time. */
export const StandingOrderPatchBodySchema = z
  .object({
    paused: z.boolean().optional(),
    skipNext: z.boolean().optional(),
    /** null: the usual. */
    drink: DrinkChoiceSchema.nullable().optional(),
    weekdays: StandingWeekdaysSchema.optional(),
    time: StandingTimeSchema.optional(),
    /** With a new drink: the person knows what it contains that they avoid. */
    dietConfirmed: z.boolean().optional(),
  })
  .refine((body) => Object.entries(body).some(([k, v]) => k !== 'dietConfirmed' && v !== undefined), {
    message: 'nothing to change',
  });
export type StandingOrderPatchBody = z.infer<typeof StandingOrderPatchBodySchema>;
