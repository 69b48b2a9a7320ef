import {
  ACTIVE_ORDER_STATUSES,
  isStatusIn,
  LIMITS,
  type Order,
  type OrderStatus,
  type QueuedOrder,
} from '@cafe/shared';
import { i18n, msgId } from '@/i18n';

/** The steps of the customer's status bar: Waiting -> In progress -> Finished. */
export const STATUS_STEP_IDS = [
  msgId('order.status.waiting'),
  msgId('order.status.inProgress'),
  msgId('order.status.finished'),
] as const;

/** Drinks the person may still order today (never below zero). */
export function drinksLeft(ordered: number): number {
  return Math.max(0, LIMITS.dailyCafeOrders - ordered);
}

/** True when the daily cafe limit is used up. */
export function limitReached(ordered: number): boolean {
  return ordered >= LIMITS.dailyCafeOrders;
}

/** The time a card shows: when it was ordered while it is under way, its last change otherwise. */
export function cardTimeOf(order: Pick<Order, 'status' | 'orderDate' | 'updatedAt'>): string {
  return isStatusIn(ACTIVE_ORDER_STATUSES, order.status) ? order.orderDate : order.updatedAt;
}

/**
 * History label: Done (a finished drink still at the counter), Picked up, Not collected,
 * Canceled, or Canceled By Barista with its note. A drink handed over and one nobody came for are
 * not the same ending, so they are not both "Done" (docs/decisions/0077-tv-navigation-phone.md).
 */
export function historyStatusLabel(order: Pick<Order, 'status' | 'rejectNote'>): {
  label: string;
  note: string | null;
} {
  switch (order.status) {
    case 'done':
      return { label: i18n._('order.status.done'), note: null };
    case 'picked':
      return { label: i18n._('order.status.pickedUp'), note: null };
    case 'uncollected':
      return { label: i18n._('order.status.notCollected'), note: null };
    case 'cancel':
      return { label: i18n._('order.status.canceled'), note: null };
    case 'rejected':
      return { label: i18n._('order.status.canceledByBarista'), note: order.rejectNote.trim() || null };
    default:
      return { label: order.status, note: null };
  }
}

/** Whether an order's card counts down to its cancellation: the barista could not find its tumbler. */
export function tumblerCountdownOf(order: Pick<QueuedOrder, 'status' | 'tumblerMissing'>): boolean {
  return Boolean(order.tumblerMissing) && (order.status === 'ordered' || order.status === 'in-progress');
}

/**
 * Today's orders as the cards show them: those counting down to a cancellation first (on a phone
 * the countdown is then in view without scrolling), the others in the order they came.
 */
export function urgentFirst<T extends Pick<QueuedOrder, 'status' | 'tumblerMissing'>>(orders: readonly T[]): T[] {
  return [...orders].sort((a, b) => Number(tumblerCountdownOf(b)) - Number(tumblerCountdownOf(a)));
}

export function isCafeOrder(order: Pick<Order, 'menu'>): boolean {
  return order.menu.category.categoryFor === 'cafe';
}

/** What a live status change means for the customer, for the screen reader and a toast. */
export function statusAnnouncement(menuName: string, status: OrderStatus): string | null {
  switch (status) {
    case 'in-progress':
      return i18n._('order.announce.inProgress', { menuName });
    case 'done':
      return i18n._('order.announce.done', { menuName });
    case 'rejected':
      return i18n._('order.announce.rejected', { menuName });
    case 'picked':
      return i18n._('order.announce.picked', { menuName });
    case 'cancel':
      return i18n._('order.announce.cancel', { menuName });
    default:
      return null;
  }
}
