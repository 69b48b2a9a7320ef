import {
  ACTIVE_ORDER_STATUSES,
  isStatusIn,
  LIMITS,
  type Order,
  type OrderStatus,
  type QueuedOrder,
} from '@cafe/shared';
import type { PillTone } from '@/components/ui';
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
 * How an order ended, in words and the colour of its pill: Done (a finished drink still at the
 * counter), Picked up, Not collected, Canceled, or Canceled By Barista. A drink handed over and one
 * nobody came for are not the same ending, so they are not both "Done" (docs/decisions/0077-tv-navigation-phone.md).
 */
export const ORDER_ENDINGS: Partial<Record<OrderStatus, { labelId: string; tone: PillTone }>> = {
  done: { labelId: msgId('order.status.done'), tone: 'success' },
  picked: { labelId: msgId('order.status.pickedUp'), tone: 'success' },
  uncollected: { labelId: msgId('order.status.notCollected'), tone: 'warning' },
  cancel: { labelId: msgId('order.status.canceled'), tone: 'neutral' },
  rejected: { labelId: msgId('order.status.canceledByBarista'), tone: 'danger' },
};

/** History label: how the order ended (ORDER_ENDINGS), with the barista's note of a rejected one. */
export function historyStatusLabel(order: Pick<Order, 'status' | 'rejectNote'>): {
  label: string;
  note: string | null;
} {
  const ending = ORDER_ENDINGS[order.status];
  return {
    label: ending ? i18n._(ending.labelId) : order.status,
    note: order.status === 'rejected' ? order.rejectNote.trim() || null : null,
  };
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

const ANNOUNCEMENT_IDS: Partial<Record<OrderStatus, string>> = {
  'in-progress': msgId('order.announce.inProgress'),
  done: msgId('order.announce.done'),
  rejected: msgId('order.announce.rejected'),
  picked: msgId('order.announce.picked'),
  cancel: msgId('order.announce.cancel'),
};

/** What a live status change means for the customer, for the screen reader and a toast. */
export function statusAnnouncement(menuName: string, status: OrderStatus): string | null {
  const id = ANNOUNCEMENT_IDS[status];
  return id ? i18n._(id, { menuName }) : null;
}
