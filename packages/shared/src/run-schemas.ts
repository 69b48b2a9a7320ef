/**
 * The coffee run (docs/api/runs.md): one colleague (the runner) collects the drinks others add
 * before it closes. Each drink is an order placed through the ordering door (POST /order with
 * `runId`): the run gives its site and pickup slot, everything else is the person's own order.
 */
import { z } from 'zod';
import { DrinkTypeSchema, OrderStatusSchema } from './enum-schemas';
import { IdSchema } from './id-schema';
import { OrderOptionSchema } from './option-schemas';

/** At most this many characters say where a run's drinks go ("Meeting room 3"). */
export const RUN_PLACE_MAX = 80;

/** POST /runs: start a run at a site (the person's home site without one) for a pickup slot. */
export const RunCreateBodySchema = z.object({
  siteId: IdSchema.optional(),
  place: z
    .string({ error: 'place is required' })
    .trim()
    .min(1, { message: 'place must not be empty' })
    .max(RUN_PLACE_MAX, { message: `place must be at most ${RUN_PLACE_MAX} characters` }),
  /** The start of a cafe slot of GET /sites/{siteId}/slots: every drink of the run is an order for then. */
  pickupAt: z.iso.datetime({ offset: true, message: 'pickupAt must be an ISO date and time' }),
  /** Drinks are added until then: after now, at or before pickupAt. */
  closesAt: z.iso.datetime({ offset: true, message: 'closesAt must be an ISO date and time' }),
});
export type RunCreateBody = z.infer<typeof RunCreateBodySchema>;

/**
 * `open`: drinks may be added and withdrawn; `closed`: by its time, by the runner, or because every
 * drink was collected (the run is `over` then), its drinks are the counter's; `dropped`: it closed
 * without a drink (nothing to make or collect).
 */
export const RunStateSchema = z.enum(['open', 'closed', 'dropped']);
export type RunState = z.infer<typeof RunStateSchema>;

/** Where a drink of a run is served: its owner's tumbler (a cup saved) or the runner's tray. */
export const RunCupSchema = z.enum(['tumbler', 'tray']);
export type RunCup = z.infer<typeof RunCupSchema>;

/** One drink of a run, as the runner and the colleagues in it see it (no remark, no photo). */
export const RunDrinkSchema = z.object({
  orderId: z.number().int(),
  person: z.object({ id: z.number().int(), name: z.string() }),
  /** "Name (2/5)": its place among the run's drinks, as the counter labels it. */
  label: z.string(),
  position: z.number().int(),
  of: z.number().int(),
  /**
   * The drink in English words ("Latte · Cold · 50% · Oat"), for the clients of the release before
   * this one only: a screen words the drink in its reader's language from `menu`, `type`,
   * `sweetness` and `options`.
   */
  drink: z.string(),
  /** The menu item (its name as it is now, as the menu writes it). */
  menu: z.object({ id: z.number().int(), name: z.string() }),
  /** Hot, cold or frappe (a cafe drink has one; null for none). */
  type: DrinkTypeSchema.nullable(),
  /** The sweetness in percent, or null for none. */
  sweetness: z.number().nullable(),
  /** The choices made (drink options), as they were named when it was placed (empty: none). */
  options: z.array(OrderOptionSchema),
  status: OrderStatusSchema,
  cup: RunCupSchema,
});
export type RunDrink = z.infer<typeof RunDrinkSchema>;

export const RunSchema = z.object({
  id: z.number().int(),
  site: z.object({ id: z.number().int(), name: z.string() }),
  /** null once the runner's account was erased. */
  runner: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  place: z.string(),
  pickupAt: z.string(),
  closesAt: z.string(),
  /** When the runner closed it early; null otherwise. */
  closedAt: z.string().nullable(),
  state: RunStateSchema,
  /** Every drink is finished (done or picked up), and there is at least one. */
  ready: z.boolean(),
  /** Every drink was picked up. */
  collected: z.boolean(),
  /**
   * Nothing is left to do: the run is not open and no drink of it is still on its way (each picked
   * up or marked not collected; a dropped run has none). A run whose every drink was collected
   * closes then (`state: "closed"`, `closedAt` that moment): nobody joins it after.
   */
  over: z.boolean(),
  /**
   * The latest change of the run or of any of its drinks (ISO): of two answers or `run` events of
   * one run, the one with the later `updatedAt` is the newer.
   */
  updatedAt: z.string(),
  /** Its drinks that are still on their way or served (withdrawn and rejected ones are left out), in the order they were added. */
  drinks: z.array(RunDrinkSchema),
});
export type Run = z.infer<typeof RunSchema>;

/** GET /runs?siteId=: the open runs of a site (the person's home site without one). */
export const RunListQuerySchema = z.object({ siteId: IdSchema.optional() });

/** PATCH /order/barista/run/{runId}: move every drink of a run that can make the move, together. */
export const RunMoveBodySchema = z.object({
  status: z.enum(['in-progress', 'done', 'picked'], { error: 'status must be in-progress, done or picked' }),
});
export type RunMoveBody = z.infer<typeof RunMoveBodySchema>;

/** An order's run, on the order (the board's "Name (2/5)" and its group). */
export const OrderRunSchema = z.object({
  id: z.number().int(),
  place: z.string(),
  runner: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  position: z.number().int(),
  of: z.number().int(),
});
export type OrderRun = z.infer<typeof OrderRunSchema>;

/** "Name (2/5)": how the counter and the run label a drink of a run. */
export function runLabel(name: string, position: number, of: number): string {
  return `${name} (${position}/${of})`;
}
