import type { CategoryFor } from './enums';
import type { QueueEvent, WaitInputs } from './queue-schemas';
import type { QueuedOrder } from './order-schemas';
import { readySeconds, readySecondsAlong, type ReadyAsk } from './promise';

/*
 * Queue places and wait estimates as plain functions; the `queue` event's schemas are in
 * queue-schemas.ts, so a screen that only works a queue out does not load the schema library.
 *
 * The queue rule lives here: an order's place is 1 + the waiting orders of the same site, venue
 * and day placed before it, ties by id (isAheadOf, numberQueue). The server numbers the board with
 * numberQueue as the barista's screen does; for one person's orders (and the people behind a
 * move) it counts the same way in SQL (apps/server/src/modules/orders/orders.repository.ts), so
 * such a read does not load the whole queue.
 */

/**
 * Minutes until a waiting order with `ordersAhead` waiting orders before it is ready, by the wait
 * inputs' model (promise.ts): the line model's list scheduling, or the pace model's
 *
 *   ceil( secondsPerOrder × (inProgress + ordersAhead + 1) / 60 )
 *
 * (a drink in progress counted whole there: a slight overestimate, kinder than promising too
 * early). At least 1 minute. `ask`: when (the inputs' `asOf` otherwise) and which drink.
 */
export function estimateWaitMinutes(wait: WaitInputs, ordersAhead: number, ask: ReadyAsk = {}): number {
  return waitMinutesOf(readySeconds(wait, ordersAhead, ask));
}

/** The minutes a wait of `seconds` is shown as: whole minutes, rounded up, at least 1. */
export function waitMinutesOf(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}

/**
 * Seconds the counter needs, from now, to finish a drink that joins its line now, behind the
 * `waiting` drinks (as estimateWaitMinutes).
 */
export function lineSeconds(wait: WaitInputs, waiting: number, ask: ReadyAsk = {}): number {
  return readySeconds(wait, waiting, ask);
}

/** When a drink that joins the line at `now` will be ready. */
export function readyIfJoinedAt(now: Date, wait: WaitInputs, waiting: number, menuId?: number): Date {
  return new Date(now.getTime() + lineSeconds(wait, waiting, { now, menuId }) * 1000);
}

/**
 * When an order for later must join the line to be ready at `pickupAt` (its "fire time"): the
 * pickup time minus what the counter needs for the line and the drink, as at `now`. The release
 * timer joins it then; its place counts from then, ahead of every order placed after.
 */
export function fireTime(pickupAt: Date, wait: WaitInputs, waiting: number, ask: ReadyAsk = {}): Date {
  return new Date(pickupAt.getTime() - lineSeconds(wait, waiting, ask) * 1000);
}

/** When an order for later will really be ready: its pickup time, or later when the line would make it late. */
export function estimatedReadyAt(pickupAt: Date, now: Date, wait: WaitInputs, waiting: number, menuId?: number): Date {
  const ready = readyIfJoinedAt(now, wait, waiting, menuId);
  return ready > pickupAt ? ready : pickupAt;
}

/** A drink ready later than its pickup time by more than this is shown as late. */
export const LATE_AFTER_MS = 60_000;

/** Where an order stands in its venue's queue: placed earlier, or at the same instant with a lower id. */
export interface QueueSpot {
  id: number;
  orderDate: string;
}

/** Whether `a` is ahead of `b` in the queue. */
export function isAheadOf(a: QueueSpot, b: QueueSpot): boolean {
  return a.orderDate < b.orderDate || (a.orderDate === b.orderDate && a.id < b.id);
}

/**
 * A person's own orders after a queue event: each of their waiting orders of that site and venue placed
 * after the one that left moves up one place (one for each such move of the event, made after the
 * place was counted), and every waiting order of the venue gets the new estimate. Orders are returned as given when nothing about them changed.
 */
export function applyQueueEvent<T extends QueuedOrder>(orders: readonly T[], event: QueueEvent): T[] {
  return orders.map((order) => {
    if (order.status !== 'ordered' || order.menu.category.categoryFor !== event.categoryFor) return order;
    // Another site's queue: its moves say nothing of this order's place.
    if (order.site.id !== event.siteId) return order;
    if (order.queue_at == null) return order;
    // A move made before the place was counted is in it already.
    const asOf = order.placeAsOf ?? order.orderDate;
    const moves = event.moves ?? [{ left: event.left, joined: event.joined, at: event.at }];
    let place = order.queue_at;
    for (const { left, joined, at } of moves) {
      if (at !== undefined && at < asOf) continue;
      if (left !== null && left.id !== order.id && isAheadOf(left, order)) place -= 1;
      if (joined !== null && joined.id !== order.id && isAheadOf(joined, order)) place += 1;
    }
    place = Math.max(1, place);
    // The same model the server promised with, at the move's instant, for this drink.
    const ask = { menuId: order.menu.id, ...(at(event) ? { now: at(event) } : {}) };
    return { ...order, queue_at: place, estimatedWaitMinutes: estimateWaitMinutes(event.wait, place - 1, ask) };
  });
}

/**
 * Queue places of a list that holds every waiting order of the day (the barista's board):
 * today's waiting orders numbered 1, 2, ... per venue in queue order, with an estimate where the
 * venue's wait inputs are known (others keep theirs); everything else has no place.
 */
export function numberQueue<T extends QueuedOrder>(
  orders: readonly T[],
  isToday: (order: T) => boolean,
  wait: Partial<Record<CategoryFor, WaitInputs>>,
): T[] {
  const waiting = orders
    .filter((o) => o.status === 'ordered' && isToday(o))
    .sort((a, b) => (isAheadOf(a, b) ? -1 : isAheadOf(b, a) ? 1 : 0));
  const byVenue = new Map<CategoryFor, T[]>();
  for (const order of waiting) {
    const venue = order.menu.category.categoryFor;
    const line = byVenue.get(venue);
    if (line) line.push(order);
    else byVenue.set(venue, [order]);
  }
  // Each venue's places, and its waits worked out along its line in one pass (readySecondsAlong).
  const places = new Map<number, { place: number; minutes: number | undefined }>();
  for (const [venue, line] of byVenue) {
    const inputs = wait[venue];
    const seconds = inputs
      ? readySecondsAlong(
          inputs,
          line.map((o) => o.menu.id),
        )
      : undefined;
    line.forEach((order, ahead) =>
      places.set(order.id, { place: ahead + 1, minutes: seconds && waitMinutesOf(seconds[ahead] ?? 0) }),
    );
  }
  return orders.map((order) => {
    const at = places.get(order.id);
    if (at === undefined) {
      return order.queue_at === null && order.estimatedWaitMinutes == null
        ? order
        : { ...order, queue_at: null, estimatedWaitMinutes: null };
    }
    const estimate = at.minutes ?? order.estimatedWaitMinutes;
    return { ...order, queue_at: at.place, estimatedWaitMinutes: estimate ?? null };
  });
}

/** When a `queue` event's inputs hold (its inputs' `asOf`, else its move's `at`), or undefined. */
function at(event: QueueEvent): Date | undefined {
  const when = event.wait.asOf ?? event.at;
  const time = when ? Date.parse(when) : NaN;
  return Number.isFinite(time) ? new Date(time) : undefined;
}
