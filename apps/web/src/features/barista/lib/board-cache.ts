import {
  isAheadOf,
  numberQueue,
  type CafeDay,
  type CategoryFor,
  type OrdersEvent,
  type QueuedOrder,
  type WaitInputs,
} from '@cafe/shared';
import type { BaristaOrdersQuery } from '@/features/barista/api/get-barista-orders';
import { cafeDayOfIso } from '@/lib/cafe-time';

/** What renumbering a list needs: the cafe's zone, today, and each venue's latest wait inputs. */
export interface QueueContext {
  timeZone: string;
  today: CafeDay;
  wait: Partial<Record<CategoryFor, WaitInputs>>;
}

function belongs(order: QueuedOrder, query: BaristaOrdersQuery, timeZone: string): boolean {
  if (!query.status.includes(order.status)) return false;
  const day = cafeDayOfIso(order.orderDate, timeZone);
  if (query.startDate && day < query.startDate) return false;
  if (query.endDate && day >= query.endDate) return false;
  return true;
}

/** Queue places of a list, as the server numbers them (today's waiting orders, per venue). */
export function renumber(list: readonly QueuedOrder[], context: QueueContext): QueuedOrder[] {
  return numberQueue(list, (o) => cafeDayOfIso(o.orderDate, context.timeZone) === context.today, context.wait);
}

/**
 * A barista list (oldest first) after an `orders` event, without asking the server: the order as
 * the event carries it goes in, moves or leaves according to the list's own filter, and the queue
 * is numbered again.
 */
export function applyOrdersEvent(
  list: readonly QueuedOrder[],
  event: OrdersEvent,
  query: BaristaOrdersQuery,
  context: QueueContext,
): QueuedOrder[] {
  const order: QueuedOrder = { ...event.order, queue_at: null, estimatedWaitMinutes: null };
  const rest = list.filter((o) => o.id !== order.id);
  if (!belongs(order, query, context.timeZone)) {
    return rest.length === list.length ? [...list] : renumber(rest, context);
  }
  const at = rest.findIndex((o) => isAheadOf(order, o));
  const next = at === -1 ? [...rest, order] : [...rest.slice(0, at), order, ...rest.slice(at)];
  return renumber(next, context);
}
