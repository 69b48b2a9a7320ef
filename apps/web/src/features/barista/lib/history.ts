import { isStatusIn, SERVED_ORDER_STATUSES, type CafeDay, type Order, type OrderStatus } from '@cafe/shared';
import { cafeDayOfIso } from '@/lib/cafe-time';

/** SPEC "Barista history": the status label of an entry. */
export function historyStatusLabel(status: OrderStatus): string {
  switch (status) {
    case 'done':
    case 'picked':
      return 'Done';
    case 'cancel':
      return 'Canceled by user';
    case 'rejected':
      return 'Canceled by barista';
    default:
      return status;
  }
}

export interface HistoryGroup<T> {
  day: CafeDay;
  orders: T[];
  /** Served orders of the day (done or picked), shown as "Total Order:". */
  total: number;
}

const byOrderDateDesc = (a: Pick<Order, 'orderDate'>, b: Pick<Order, 'orderDate'>) =>
  Date.parse(b.orderDate) - Date.parse(a.orderDate);

/** Groups orders by the cafe day of their order date, newest day and newest order first. */
export function groupHistory<T extends Pick<Order, 'orderDate' | 'status'>>(
  orders: readonly T[],
  timeZone: string,
): HistoryGroup<T>[] {
  const byDay = new Map<CafeDay, T[]>();
  for (const order of orders) {
    const day = cafeDayOfIso(order.orderDate, timeZone);
    const list = byDay.get(day);
    if (list) list.push(order);
    else byDay.set(day, [order]);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([day, list]) => ({
      day,
      orders: [...list].sort(byOrderDateDesc),
      total: list.filter((o) => isStatusIn(SERVED_ORDER_STATUSES, o.status)).length,
    }));
}
