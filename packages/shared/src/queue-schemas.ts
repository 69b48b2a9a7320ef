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
});
export type WaitInputs = z.infer<typeof WaitInputsSchema>;

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
  left: z.object({ id: z.number().int(), orderDate: z.string() }).nullable(),
  /** The order that came back to the line at its old place (an undo), or null. */
  joined: z.object({ id: z.number().int(), orderDate: z.string() }).nullable(),
  wait: WaitInputsSchema,
  /**
   * Orders that left or came back within the same second, sent as one event (`left` and `joined`
   * then null): the line's waiting orders as it stands, their ids in queue order. A waiting order's
   * place is its position here; one not in it (placed since) keeps its place.
   */
  waiting: z.array(z.number().int()).optional(),
});
export type QueueEvent = z.infer<typeof QueueEventSchema>;
