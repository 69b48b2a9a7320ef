import { LATE_AFTER_MS, type QueuedOrder } from '@cafe/shared';

/**
 * The counter's day on the phone (docs/decisions/0049-counter-day-screens.md): the countdown of a
 * tumbler the barista could not find, and how late the line makes an order for later.
 */

/** What of an order tells when it will be ready. */
type TimedOrder = Pick<QueuedOrder, 'status' | 'pickupAt' | 'estimatedReadyAt' | 'estimatedWaitMinutes'>;

/**
 * When an order for later will really be ready (ms), or null when it cannot be said: while it
 * waits for its time (`scheduled`) the server's estimate; once in the queue (`ordered`) now plus
 * the estimated wait.
 */
export function expectedReadyAt(order: TimedOrder, now: number): number | null {
  if (!order.pickupAt) return null;
  if (order.status === 'scheduled' && order.estimatedReadyAt) {
    const at = Date.parse(order.estimatedReadyAt);
    return Number.isNaN(at) ? null : at;
  }
  if (order.status === 'ordered' && order.estimatedWaitMinutes != null) {
    return now + order.estimatedWaitMinutes * 60_000;
  }
  return null;
}

/**
 * How many minutes after its pickup time an order for later will be ready, when that is more than
 * a minute (the line is long); null when it is on time or nothing can be said.
 */
export function lateMinutes(order: TimedOrder, now: number): number | null {
  const ready = expectedReadyAt(order, now);
  const pickup = order.pickupAt ? Date.parse(order.pickupAt) : NaN;
  if (ready === null || Number.isNaN(pickup)) return null;
  const late = ready - pickup;
  return late > LATE_AFTER_MS ? Math.round(late / 60_000) : null;
}
