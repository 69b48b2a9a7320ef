/**
 * The order contract: an order as everyone sees it (and as the queue shows it), what placing one
 * sends (body and Idempotency-Key header), the owner's and the barista's moves, the list, count and
 * barista-history queries and pages, and the live event of an order placed or moved on. Apart from
 * the other schemas because an order is the contract's largest and most often changed shape.
 */
import { z } from 'zod';
import {
  CategoryForSchema,
  CategoryKindSchema,
  DrinkTypeSchema,
  OrderStatusSchema,
  SweetnessSchema,
} from './enum-schemas';
import { IdSchema } from './id-schema';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';
import { peopleText } from './people-text';
import { ruleMessage } from './rule-texts';
import { ChosenOptionsSchema, OrderOptionSchema } from './option-schemas';
import { DateRangeQuerySchema } from './schemas';
import { DietTagSchema } from './diet-schemas';
import { OrderRunSchema, RunCupSchema } from './run-schemas';

export const OrderSchema = z.object({
  id: z.number().int(),
  status: OrderStatusSchema,
  orderDate: z.string(),
  updatedAt: z.string(),
  type: DrinkTypeSchema.nullable(),
  sweetness: z.number().nullable(),
  remark: z.string(),
  tumblerImage: z.string(),
  rejectNote: z.string(),
  menu: z.object({
    id: z.number().int(),
    name: z.string(),
    category: z.object({
      id: z.number().int(),
      name: z.string(),
      categoryFor: CategoryForSchema,
      /**
       * The category's kind as it is now (the board's Coffee / Tea filter). The server always sends
       * it; optional only for events recorded before kinds existed.
       */
      kind: CategoryKindSchema.optional(),
    }),
  }),
  /** For a walk-up order (a barista entered it at the counter): who it is for; a guest's name for a guest. */
  user: z.object({ id: z.number().int(), name: z.string() }),
  /** The site whose queue, board and counter the order is at (its name as it is now). */
  site: z.object({ id: z.number().int(), name: z.string() }),
  /** True for an order a barista entered at the counter (no tumbler photo); absent or false otherwise. */
  walkUp: z.boolean().optional(),
  /** The choices made (drink options), as they were named when it was placed; absent when none. */
  options: z.array(OrderOptionSchema).optional(),
  /**
   * An order for later: the start of its pickup slot (ISO). Absent for "as soon as possible". While
   * its status is `scheduled` it waits in the board's Later lane.
   */
  pickupAt: z.string().optional(),
  /**
   * While it is in progress: when it was taken (ISO), for the board's cue past the site's
   * preparation target. Absent otherwise.
   */
  takenAt: z.string().optional(),
  /** When it was finished (ISO): how long a drink has waited on the counter. Absent until done. */
  doneAt: z.string().optional(),
  /**
   * A barista marked its tumbler not here (docs/api/counter.md): since when, and the instant the
   * order is cancelled unless the tumbler is found. Absent when not marked.
   */
  tumblerMissing: z.object({ since: z.string(), deadline: z.string() }).optional(),
  /** When its owner was reminded to pick up the finished drink. Absent until then. */
  remindedAt: z.string().optional(),
  /**
   * What its owner avoids (their profile, docs/allergens.md) as it was when it was placed; [] for
   * a guest's order and for orders placed before the list existed. Absent only in events recorded before.
   */
  avoids: z.array(DietTagSchema).optional(),
  /**
   * Of those, what the drink as ordered contains (dietConflicts): the owner was asked and placed it
   * anyway. The barista's ticket shows them. [] when none.
   */
  dietWarnings: z.array(DietTagSchema).optional(),
  /**
   * The barista making it (docs/api/orders.md, "Who makes what"): their claim, or their Do on an
   * order nobody had taken; their name as it is now. null: nobody has taken it. Absent only from
   * an older server.
   */
  claimedBy: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
  /** A drink of a coffee run (docs/api/runs.md): the run, and this drink's place in it. Absent otherwise. */
  run: OrderRunSchema.optional(),
  /** Served into its owner's own tumbler (a disposable cup saved once picked up). Absent from an older server. */
  ownCup: z.boolean().optional(),
  /**
   * The instant the person was promised at placement (ISO; docs/decisions/0101-one-promise-model.md):
   * for an order for now when it was expected ready, for an order for later its pickup time. Absent
   * for an order placed before the release that stores it (or from an older server).
   */
  promisedReadyAt: z.string().optional(),
});
export type Order = z.infer<typeof OrderSchema>;

export const QueuedOrderSchema = OrderSchema.extend({
  queue_at: z.number().int().nullable(),
  /** Estimated minutes until this waiting order is ready; null when not waiting or unknown. */
  estimatedWaitMinutes: z.number().nullable().optional(),
  /**
   * An order for later still `scheduled`: when it will really be ready (ISO), its pickup time or
   * later when the line would make it late. Absent otherwise.
   */
  estimatedReadyAt: z.string().optional(),
  /**
   * When `queue_at` was counted (ISO; GET /order/my-queue): a `queue` event's move made before it
   * is in the place already. Absent: the order's `orderDate` (a placement's answer).
   */
  placeAsOf: z.string().optional(),
});
export type QueuedOrder = z.infer<typeof QueuedOrderSchema>;

/**
 * POST /order's answer: the order with its place and wait as GET /order/my-queue shows them (null
 * for an order for later and a replayed answer), and `dailyCount`, the person's cafe orders of
 * today that count toward the daily limit with this one, as GET /order/count/user answers it
 * (null when the placement cannot say: a bar order, another day, a replay).
 */
export const PlacedOrderSchema = QueuedOrderSchema.extend({
  dailyCount: z.number().int().nullable(),
});
export type PlacedOrder = z.infer<typeof PlacedOrderSchema>;

export const RemarkSchema = z.string().max(LIMITS.remarkMax, {
  message: ruleMessage(MESSAGES.remarkTooLong, peopleText('people.rule.remarkTooLong', { max: LIMITS.remarkMax })),
});

export const OrderCreateBodySchema = z.object({
  menu_id: IdSchema,
  menu_name: z.string().max(200).optional(),
  type: DrinkTypeSchema.optional(),
  sweetness: SweetnessSchema.optional(),
  remark: RemarkSchema.optional(),
  /**
   * A cafe order's tumbler photo (POST /upload/image's URL), a bar order's description. Required
   * except for a run's drink in the runner's tray (`cup: "tray"`); the server answers 400
   * "tumblerImage is required" without it.
   */
  tumblerImage: z
    .string({ error: 'tumblerImage is required' })
    .min(1, { message: 'tumblerImage is required' })
    .max(2048)
    .optional(),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
  /** The site to order at (GET /sites); without it, the person's home site. */
  siteId: IdSchema.optional(),
  /** The drink's options (docs/api.md, "Drink options"); without it, the item's defaults. */
  options: ChosenOptionsSchema.optional(),
  /** An order for later: the start of a slot of GET /sites/{siteId}/slots; without it, as soon as possible. */
  pickupAt: z.iso.datetime({ offset: true, message: 'pickupAt must be an ISO date and time' }).optional(),
  /**
   * The person was told what the drink contains that they avoid, and wants it: without it such a
   * drink is refused with 409 DIET_CONFIRMATION_NEEDED naming what it contains (docs/allergens.md).
   */
  dietConfirmed: z.boolean().optional(),
  /**
   * Add the drink to a coffee run (docs/api/runs.md): the run's site and pickup slot are the
   * order's (siteId and pickupAt, when given, must be the run's).
   */
  runId: IdSchema.optional(),
  /**
   * A run's drink only: `tray` is served in the runner's tray (no tumbler photo needed, no cup
   * saved); `tumbler` (the default) in the photographed tumbler.
   */
  cup: RunCupSchema.optional(),
});
export type OrderCreateBody = z.infer<typeof OrderCreateBodySchema>;

/** The name of the header that makes a placement safe to retry (docs/api.md, POST /order). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** An Idempotency-Key's value: 1 to 255 visible ASCII characters (the one rule for every route that takes one). */
function idempotencyKey(description: string) {
  return z
    .string()
    .regex(/^[\x21-\x7E]{1,255}$/, { message: 'must be 1 to 255 visible ASCII characters' })
    .optional()
    .describe(description);
}

/**
 * POST /order's headers: an optional Idempotency-Key (a UUID is what the web app sends). Other
 * headers pass through untouched.
 */
export const OrderCreateHeadersSchema = z.looseObject({
  'idempotency-key': idempotencyKey(
    'Any value unique to this order draft; a retry with the same key answers the same order.',
  ),
});

/**
 * The headers of a move of an order (the barista's PATCH and undo, the owner's cancel and pick-up):
 * an optional Idempotency-Key; a retry with it answers the first answer again (docs/api/orders.md).
 */
export const OrderMoveHeadersSchema = z.looseObject({
  'idempotency-key': idempotencyKey(
    'Any value unique to this tap; a retry with the same key answers the first answer again, nothing applied twice.',
  ),
});

export const OwnerOrderPatchBodySchema = z.object({
  status: z.enum(['cancel', 'picked'], { error: 'status must be cancel or picked' }),
});
export type OwnerOrderPatchBody = z.infer<typeof OwnerOrderPatchBodySchema>;

export const BaristaOrderPatchBodySchema = z.object({
  /** `picked`: handed over at the counter; `uncollected`: nobody came for it (after the site's time). */
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
export type BaristaOrderPatchBody = z.infer<typeof BaristaOrderPatchBodySchema>;

/** POST /order/barista/{id}/tumbler: the tumbler is not at the counter (true), or was found (false). */
export const TumblerMarkBodySchema = z.object({
  missing: z.boolean({ error: 'missing must be true or false' }),
});
export type TumblerMarkBody = z.infer<typeof TumblerMarkBodySchema>;

/**
 * POST /order/barista/{id}/claim: take a waiting or in-progress order (`claim: true`) or give it
 * back (`false`). `takeOver: true` takes it from the barista making it (a shift change); without
 * it, another barista's order is 409 ORDER_CLAIMED.
 */
export const ClaimBodySchema = z.object({
  claim: z.boolean({ error: 'claim must be true or false' }),
  takeOver: z.boolean({ error: 'takeOver must be true or false' }).optional(),
});
export type ClaimBody = z.infer<typeof ClaimBodySchema>;

/** `status` repeated or as a comma list; each status once, however often it was sent (each becomes an SQL parameter). */
const StatusListSchema = z.preprocess((v) => {
  if (v === undefined) return undefined;
  const list: unknown[] = Array.isArray(v) ? (v as unknown[]) : [v];
  const flat = list.flatMap((s): unknown[] =>
    typeof s === 'string'
      ? s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean)
      : [s],
  );
  return [...new Set(flat)];
}, z.array(OrderStatusSchema).optional());

export const OrderListQuerySchema = DateRangeQuerySchema.extend({
  status: StatusListSchema,
  /** The site whose orders to list (the board); without it, the barista's own site. */
  siteId: IdSchema.optional(),
});
export type OrderListQuery = z.infer<typeof OrderListQuerySchema>;

export const CountSchema = z.object({ totalOrder: z.number().int() });

/**
 * GET /order/history/barista: one page of finished orders. `cursor` is the `nextCursor` of the
 * page before (opaque; absent for the first page), `limit` the page size.
 */
export const BaristaHistoryQuerySchema = z.object({
  limit: z
    .preprocess(
      (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
      z
        .number({ error: `limit must be a whole number from 1 to ${LIMITS.historyPageMax}` })
        .int({ message: `limit must be a whole number from 1 to ${LIMITS.historyPageMax}` })
        .min(1, { message: `limit must be a whole number from 1 to ${LIMITS.historyPageMax}` })
        .max(LIMITS.historyPageMax, { message: `limit must be a whole number from 1 to ${LIMITS.historyPageMax}` }),
    )
    .optional(),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, { message: 'is not a cursor this server gave' })
    .optional(),
  /** The site whose history (the caller's own without it); a barista of another site gets 403. */
  siteId: IdSchema.optional(),
});
export type BaristaHistoryQuery = z.infer<typeof BaristaHistoryQuerySchema>;

/** The served (done or picked) orders of one cafe day, the day's "Total Order:". */
export const DayTotalSchema = z.object({ day: z.string(), totalOrder: z.number().int() });
export type DayTotal = z.infer<typeof DayTotalSchema>;

export const BaristaHistoryPageSchema = z.object({
  /** Finished orders (done, picked, cancel, rejected), newest orderDate first (ties: higher id first). */
  orders: z.array(OrderSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** For every cafe day of `orders`: that whole day's served orders, on this page or not. */
  dayTotals: z.array(DayTotalSchema),
});
export type BaristaHistoryPage = z.infer<typeof BaristaHistoryPageSchema>;

// ---------- live events ----------

/**
 * An order placed or moved on. Besides the fields of the first version it carries what changed:
 * the status it left (`from`, null for a new order) and the whole Order as GET /order/{id} would
 * answer it, so a client updates what it shows without asking again.
 */
export const OrdersEventSchema = z.object({
  id: z.number().int(),
  status: OrderStatusSchema,
  userId: z.number().int(),
  categoryFor: CategoryForSchema,
  updatedAt: z.string(),
  from: OrderStatusSchema.nullable(),
  order: OrderSchema,
});
export type OrdersEvent = z.infer<typeof OrdersEventSchema>;
