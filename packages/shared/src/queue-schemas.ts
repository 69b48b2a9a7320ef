import { z } from 'zod';
import { CategoryForSchema } from './enum-schemas';

/**
 * What an estimate of the wait is made from, per venue: the pace at which the counter finishes
 * orders (seconds per order) and how many drinks are being made now. Carried by the `queue` event, so every
 * screen works the estimate out the same way the server does.
 */
export const WaitInputsSchema = z.object({
  secondsPerOrder: z.number().nonnegative(),
  inProgress: z.number().int().nonnegative(),
  /*
   * The line model's inputs (promise.ts; docs/decisions/0101-one-promise-model.md). Absent: the
   * pace model (an older server, or PROMISE_MODEL=pace); a client that knows only the two fields
   * above keeps working with them.
   */
  /** The baristas working now (who claimed or moved an order of this line in the last 10 minutes), at least 1. */
  baristas: z.number().int().positive().optional(),
  /** The drinks in progress, in the order they were taken: each one's measured seconds and when it was taken (ISO). */
  making: z.array(z.object({ seconds: z.number().nonnegative(), takenAt: z.string().nullable() })).optional(),
  /** The waiting drinks' measured seconds in queue order (place 1 first), as the line was at `asOf`. */
  line: z.array(z.number().nonnegative()).optional(),
  /** Seconds of a drink whose own time is not known (the site's median preparation time, or the default). */
  drinkSeconds: z.number().positive().optional(),
  /** Measured seconds per menu item id (the median of its recent preparation times at the site). */
  itemSeconds: z.record(z.string(), z.number().nonnegative()).optional(),
  /** When these inputs were read (ISO). */
  asOf: z.string().optional(),
});
export type WaitInputs = z.infer<typeof WaitInputsSchema>;

/** Where an order stands in its line: placed at `orderDate`, ties broken by id. */
const QueueSpotSchema = z.object({ id: z.number().int(), orderDate: z.string() });

/**
 * A venue's queue moved (the `queue` event): an order left the waiting line (taken, cancelled or
 * rejected), came back to it (a barista's Do or reject undone), or the drinks in progress changed.
 * Sent to baristas and admins, and to each person with an order still waiting behind it in that
 * venue today.
 */
export const QueueEventSchema = z.object({
  /** The site whose queue this is (a person may wait at two sites at once). */
  siteId: z.number().int(),
  categoryFor: CategoryForSchema,
  /** The cafe day (YYYY-MM-DD) whose queue this is. */
  day: z.string(),
  /** The waiting order that left the line, or null when only the drinks in progress changed. */
  left: QueueSpotSchema.nullable(),
  /** The order that came back to the line at its old place (an undo), or null. */
  joined: QueueSpotSchema.nullable(),
  wait: WaitInputsSchema,
  /** When the move was made (ISO): a screen whose place was counted at or after it has it already. */
  at: z.string().optional(),
  /**
   * The moves of the line's last window (a second, longer for a long line) sent as one event
   * (`left` and `joined` then null), in the order they were made, each with when it was made (a
   * move without `at` counts for every screen).
   */
  moves: z
    .array(
      z.object({
        left: QueueSpotSchema.nullable(),
        joined: QueueSpotSchema.nullable(),
        at: z.string().optional(),
      }),
    )
    .optional(),
});
export type QueueEvent = z.infer<typeof QueueEventSchema>;
