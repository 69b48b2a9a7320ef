import { ACTIVE_ORDER_STATUSES, isStatusIn, LIMITS, type Order, type OrderStatus } from '@cafe/shared';

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

/** History label (SPEC "History"): Done, Canceled, or Canceled By Barista with its note. */
export function historyStatusLabel(order: Pick<Order, 'status' | 'rejectNote'>): {
  label: string;
  note: string | null;
} {
  switch (order.status) {
    case 'done':
    case 'picked':
      return { label: 'Done', note: null };
    case 'cancel':
      return { label: 'Canceled', note: null };
    case 'rejected':
      return { label: 'Canceled By Barista', note: order.rejectNote.trim() || null };
    default:
      return { label: order.status, note: null };
  }
}

export function isCafeOrder(order: Pick<Order, 'menu'>): boolean {
  return order.menu.category.categoryFor === 'cafe';
}

/** What a live status change means for the customer, for the screen reader and a toast. */
export function statusAnnouncement(menuName: string, status: OrderStatus): string | null {
  switch (status) {
    case 'in-progress':
      return `Your ${menuName} is being made`;
    case 'done':
      return `Your ${menuName} is ready`;
    case 'rejected':
      return `Your ${menuName} was canceled by the barista`;
    case 'picked':
      return `Your ${menuName} was picked up`;
    case 'cancel':
      return `Your ${menuName} was canceled`;
    default:
      return null;
  }
}
