import { z } from 'zod';
import { DietTagSchema } from './diet-schemas';
import { OrderSchema, RemarkSchema } from './order-schemas';
import { IdSchema } from './schemas';
import { DrinkTypeSchema, SweetnessSchema } from './enum-schemas';
import { ErrorBodySchema } from './errors';
import { DisplayNameSchema } from './names';
import { LIMITS } from './limits';
import { ChosenOptionsSchema } from './option-schemas';

// ---------- the counter: bulk moves, undo, timeline, walk-up orders, busy mode (issue 11) ----------

/** POST /order/barista/bulk: one move for several orders, each checked and made on its own. */
export const BulkBaristaBodySchema = z.object({
  ids: z
    .array(IdSchema)
    .min(1, { message: 'choose at least one order' })
    .max(LIMITS.bulkOrdersMax, { message: `at most ${LIMITS.bulkOrdersMax} orders at once` }),
  status: z.enum(['in-progress', 'done', 'rejected', 'picked', 'uncollected'], {
    error: 'status must be in-progress, done, rejected, picked or uncollected',
  }),
  reject_note: z
    .string()
    .trim()
    .min(1, { message: 'reject_note must not be empty' })
    .max(LIMITS.rejectNoteMax, { message: `reject_note must be at most ${LIMITS.rejectNoteMax} characters` })
    .optional(),
});
export type BulkBaristaBody = z.infer<typeof BulkBaristaBodySchema>;

/** One order's outcome in a bulk move: the order as it is now, or the error a single move would have answered. */
export const BulkResultSchema = z.discriminatedUnion('ok', [
  z.object({ id: z.number().int(), ok: z.literal(true), order: OrderSchema }),
  z.object({ id: z.number().int(), ok: z.literal(false), error: ErrorBodySchema }),
]);
export type BulkResult = z.infer<typeof BulkResultSchema>;
export const BulkBaristaAnswerSchema = z.object({ results: z.array(BulkResultSchema) });
export type BulkBaristaAnswer = z.infer<typeof BulkBaristaAnswerSchema>;

/**
 * Notes of timeline entries that are not a move (their `status` is the status the order stays
 * in): a barista marked the tumbler not here, or found it; the owner was reminded of a finished
 * drink (docs/api/counter.md).
 */
export const TIMELINE_NOTES = {
  tumblerMissing: 'tumbler-missing',
  tumblerFound: 'tumbler-found',
  reminded: 'reminded',
  /** A barista took the order (`by`), or gave it back, or took it over from another. */
  claimed: 'claimed',
  released: 'released',
} as const;

/**
 * What the timeline and the audit log name as the actor of what the cafe does by itself: a tumbler
 * nobody brought cancelled, a reminder, an order for later released, the opening hours opening
 * and closing the shop and rejecting what still waits (docs/api/orders.md, "Who made a change").
 */
export const SYSTEM_ACTOR_NAME = 'cafe timer';

/**
 * Who made a change: a person, or the cafe's timer (`system: true`, named SYSTEM_ACTOR_NAME; a
 * screen may say it in its own language). `system` is absent for a person.
 */
export const ChangeActorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  system: z.literal(true).optional(),
});
export type ChangeActor = z.infer<typeof ChangeActorSchema>;

/** One entry of an order's timeline (GET /order/{id}/timeline), oldest first. */
export const TimelineEntrySchema = z.object({
  /** The status the order moved to. */
  status: z.string(),
  /** The status it left; null when it was placed. */
  from: z.string().nullable(),
  at: z.string(),
  /** Who made the move (the cafe timer for the cafe's own moves); null when nobody is known. */
  by: ChangeActorSchema.nullable(),
  /** A reject reason, `undo` for a move taken back, or one of TIMELINE_NOTES. */
  note: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof TimelineEntrySchema>;

/** POST /order/walk-up: a barista enters an order for someone at the counter. */
export const WalkUpOrderBodySchema = z
  .object({
    menu_id: IdSchema,
    type: DrinkTypeSchema.optional(),
    sweetness: SweetnessSchema.optional(),
    remark: RemarkSchema.optional(),
    /** The person it is for (counts toward their daily limit), or */
    userId: IdSchema.optional(),
    /** the name of a guest without an account. */
    guestName: DisplayNameSchema.optional(),
    /** The site whose counter takes it; without it, the barista's own site. */
    siteId: IdSchema.optional(),
    /** The drink's options, as for POST /order; without it, the item's defaults. */
    options: ChosenOptionsSchema.optional(),
    /** The person it is for knows what the drink contains that they avoid (as POST /order's). */
    dietConfirmed: z.boolean().optional(),
    /** Served into the person's own cup or tumbler: a disposable cup saved once picked up. */
    ownCup: z.boolean().optional(),
  })
  .refine((body) => (body.userId === undefined) !== (body.guestName === undefined), {
    message: 'give either userId or guestName, not both',
    path: ['userId'],
  });
export type WalkUpOrderBody = z.infer<typeof WalkUpOrderBodySchema>;

/** GET /user/search?q=: people a barista can enter a walk-up order for. */
export const UserSearchQuerySchema = z.object({
  q: z
    .string({ error: 'type part of a name or e-mail' })
    .trim()
    .min(1, { message: 'type part of a name or e-mail' })
    .max(50, { message: 'at most 50 characters' }),
});
export const UserSearchResultSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** What the person cannot drink (docs/allergens.md): the walk-up dialog warns the barista. */
  avoids: z.array(DietTagSchema).optional(),
});
export type UserSearchResult = z.infer<typeof UserSearchResultSchema>;

/** Why new cafe orders are paused: a barista paused them, or the queue or the wait passed its limit. */
export const PAUSE_REASONS = ['manual', 'queue', 'wait'] as const;
export type PauseReason = (typeof PAUSE_REASONS)[number];

/** GET /ordering-status (public) and the `ordering-status` event: busy mode of the cafe. */
export const OrderingStatusSchema = z.object({
  paused: z.boolean(),
  reason: z.enum(PAUSE_REASONS).nullable(),
  /** Cafe orders waiting today. */
  waiting: z.number().int(),
  /** Minutes a new order would wait now; null when nothing is waiting or in progress. */
  estimatedWaitMinutes: z.number().int().nullable(),
  limits: z.object({
    maxWaiting: z.number().int().nullable(),
    maxWaitMinutes: z.number().int().nullable(),
  }),
  /** The sentence shown to people when paused (the same as the 409 ORDERS_PAUSED message); null when not. */
  message: z.string().nullable(),
  /**
   * Intake by capacity (docs/decisions/0101-one-promise-model.md), from the line model: the baristas
   * working now and the minutes of waiting work per barista (one decimal). `limits.maxWaiting` is
   * reached when that work reaches `maxWaiting` typical drinks per barista. Absent with PROMISE_MODEL=pace.
   */
  baristas: z.number().int().optional(),
  workMinutesPerBarista: z.number().optional(),
});
export type OrderingStatus = z.infer<typeof OrderingStatusSchema>;

/** PATCH /ordering-status (barista, admin): pause or resume by hand, or set the limits (null: no limit). */
export const OrderingStatusPatchSchema = z.object({
  paused: z.boolean().optional(),
  maxWaiting: z.number().int().min(1).max(500).nullable().optional(),
  maxWaitMinutes: z.number().int().min(1).max(240).nullable().optional(),
});
export type OrderingStatusPatch = z.infer<typeof OrderingStatusPatchSchema>;

/** GET /stats/times-by-hour: average wait (placed -> taken) and preparation (taken -> done) by cafe hour. */
export const TimesByHourRowSchema = z.object({
  hour: z.number().int(),
  averageWaitSeconds: z.number().nullable(),
  averagePrepSeconds: z.number().nullable(),
  samples: z.number().int(),
});
export type TimesByHourRow = z.infer<typeof TimesByHourRowSchema>;
