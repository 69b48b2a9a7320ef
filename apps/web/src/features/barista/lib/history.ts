import {
  FINISHED_ORDER_STATUSES,
  isStatusIn,
  SERVED_ORDER_STATUSES,
  type BaristaHistoryPage,
  type CafeDay,
  type Order,
  type OrdersEvent,
  type OrderStatus,
} from '@cafe/shared';
import type { InfiniteData } from '@tanstack/react-query';
import { i18n, msgId } from '@/i18n';
import { cafeDayOfIso } from '@/lib/cafe-time';

/** The label of each finished status: Done for done and picked, Not collected, else who canceled it. */
const STATUS_LABEL: Partial<Record<OrderStatus, string>> = {
  done: msgId('barista.status.done'),
  picked: msgId('barista.status.done'),
  cancel: msgId('barista.status.canceledByUser'),
  rejected: msgId('barista.status.canceledByBarista'),
  uncollected: msgId('barista.status.uncollected'),
};

/** The status label of a barista history entry (any other status as it is). */
export function historyStatusLabel(status: OrderStatus): string {
  const id = STATUS_LABEL[status];
  return id ? i18n._(id) : status;
}

export interface HistoryGroup<T> {
  day: CafeDay;
  orders: T[];
  /** Served orders of the day (done or picked), shown as "Total Order:". */
  total: number;
}

/** Newest first, as the server pages them: the later orderDate, then the higher id. */
const newerFirst = (a: Pick<Order, 'orderDate' | 'id'>, b: Pick<Order, 'orderDate' | 'id'>) =>
  a.orderDate < b.orderDate ? 1 : a.orderDate > b.orderDate ? -1 : b.id - a.id;

/**
 * Groups orders by the cafe day of their order date, newest day and newest order first. A day's
 * total is taken from `totals` (the server counts the whole day, pages not loaded yet included),
 * else counted from the orders given.
 */
export function groupHistory<T extends Pick<Order, 'id' | 'orderDate' | 'status'>>(
  orders: readonly T[],
  timeZone: string,
  totals: ReadonlyMap<CafeDay, number> = new Map(),
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
      orders: [...list].sort(newerFirst),
      total: totals.get(day) ?? list.filter((o) => isStatusIn(SERVED_ORDER_STATUSES, o.status)).length,
    }));
}

/** Every loaded order once, in page order. */
export function historyOrders(pages: readonly BaristaHistoryPage[]): Order[] {
  const byId = new Map<number, Order>();
  for (const page of pages) for (const order of page.orders) if (!byId.has(order.id)) byId.set(order.id, order);
  return [...byId.values()];
}

/** Each day's "Total Order:"; a day on several pages takes the total of the page loaded last (the newest count). */
export function historyDayTotals(pages: readonly BaristaHistoryPage[]): Map<CafeDay, number> {
  const totals = new Map<CafeDay, number>();
  for (const page of pages) for (const { day, totalOrder } of page.dayTotals) totals.set(day, totalOrder);
  return totals;
}

const served = (status: OrderStatus | null) => status !== null && isStatusIn(SERVED_ORDER_STATUSES, status);

/**
 * The loaded history with the change an `orders` event tells of, without asking the server: an
 * order that just finished joins the page it sorts into (unless it sorts below everything loaded
 * while older pages remain: it comes with them), one already shown gets its new status, and the
 * day's served count moves when the order becomes (or stops being) served. Applying an event
 * twice changes nothing more.
 */
export function applyOrderEvent<PageParam>(
  data: InfiniteData<BaristaHistoryPage, PageParam>,
  event: Pick<OrdersEvent, 'status' | 'from' | 'order'>,
  timeZone: string,
  olderPagesRemain: boolean,
): InfiniteData<BaristaHistoryPage, PageParam> {
  const { order } = event;
  if (!isStatusIn(FINISHED_ORDER_STATUSES, event.status) || data.pages.length === 0) return data;
  const shown = data.pages.flatMap((page) => page.orders).find((o) => o.id === order.id);
  if (shown?.status === event.status) return data;
  const delta = Number(served(event.status)) - Number(served(shown ? shown.status : event.from));
  const day = cafeDayOfIso(order.orderDate, timeZone);

  let pages = data.pages.map((page) => ({
    ...page,
    orders: shown ? page.orders.map((o) => (o.id === order.id ? order : o)) : page.orders,
  }));
  let home = -1;
  if (!shown) {
    home = pages.findIndex((page) => {
      const last = page.orders.at(-1);
      return !last || newerFirst(order, last) < 0;
    });
    if (home === -1 && !olderPagesRemain) home = pages.length - 1;
    pages = pages.map((page, i) => (i === home ? { ...page, orders: [...page.orders, order].sort(newerFirst) } : page));
  }

  const dayKnown = pages.some((page) => page.dayTotals.some((d) => d.day === day));
  pages = pages.map((page, i) => {
    if (dayKnown) {
      if (delta === 0) return page;
      const dayTotals = page.dayTotals.map((d) => (d.day === day ? { ...d, totalOrder: d.totalOrder + delta } : d));
      return { ...page, dayTotals };
    }
    // A day nothing loaded had yet: this order is all it has so far.
    return i === home ? { ...page, dayTotals: [...page.dayTotals, { day, totalOrder: Math.max(0, delta) }] } : page;
  });
  return { ...data, pages };
}
