import {
  cafeClock,
  cafeDayOf,
  isStatusIn,
  SERVED_ORDER_STATUSES,
  weekdayOf,
  type CafeDay,
  type CategoryFor,
  type OrdersByHourRow,
  type OrdersByWeekdayRow,
  type OrdersEvent,
  type OrderStatus,
  type PopularMenuRow,
} from '@cafe/shared';

/*
 * What an `orders` event changes in the dashboard's numbers, worked out on the client from the
 * event alone (the statistics count served orders by when they were placed: docs/api.md).
 */

/** +1 when the order just became served (done or picked), -1 when it stopped being one, else 0. */
export function servedChange(event: { status: OrderStatus; from: OrderStatus | null }): -1 | 0 | 1 {
  const now = isStatusIn(SERVED_ORDER_STATUSES, event.status);
  const before = event.from !== null && isStatusIn(SERVED_ORDER_STATUSES, event.from);
  if (now === before) return 0;
  return now ? 1 : -1;
}

/** The only change that moves the average preparation time: a drink finished (in-progress -> done). */
export function finishesPreparation(event: { status: OrderStatus; from: OrderStatus | null }): boolean {
  return event.from === 'in-progress' && event.status === 'done';
}

/** Where a served order counts: the cafe day, hour and weekday it was placed at, its venue and ranking row. */
export interface StatsSlot {
  day: CafeDay;
  hour: number;
  weekday: number;
  categoryFor: CategoryFor;
  menuName: string;
  categoryName: string;
}

export function statsSlotOf(event: OrdersEvent, timeZone: string): StatsSlot {
  const placed = new Date(event.order.orderDate);
  const day = cafeDayOf(placed, timeZone);
  return {
    day,
    hour: cafeClock(placed, timeZone).hour,
    weekday: weekdayOf(day),
    // The venue the order was placed for, as the statistics filter on it.
    categoryFor: event.categoryFor,
    menuName: event.order.menu.name,
    categoryName: event.order.menu.category.name,
  };
}

/** Whether the order counts in a statistics query of the period [startDate, endDate) and venue. */
export function countsIn(slot: StatsSlot, params: { startDate: CafeDay; endDate: CafeDay; categoryFor: CategoryFor }) {
  return slot.categoryFor === params.categoryFor && slot.day >= params.startDate && slot.day < params.endDate;
}

export function addToTotal(data: { totalOrder: number }, delta: number): { totalOrder: number } {
  return { totalOrder: Math.max(0, data.totalOrder + delta) };
}

export function addToHours(rows: readonly OrdersByHourRow[], hour: number, delta: number): OrdersByHourRow[] {
  return rows.map((row) => (row.hour === hour ? { ...row, totalOrder: Math.max(0, row.totalOrder + delta) } : row));
}

export function addToWeekdays(
  rows: readonly OrdersByWeekdayRow[],
  weekday: number,
  delta: number,
): OrdersByWeekdayRow[] {
  return rows.map((row) =>
    row.weekday === weekday ? { ...row, totalOrder: Math.max(0, row.totalOrder + delta) } : row,
  );
}

/** The server's ranking order: most first, then the name by code point (docs/decisions/0005). */
const byRank = (a: PopularMenuRow, b: PopularMenuRow) =>
  b.totalOrder - a.totalOrder || (a.Menu_name < b.Menu_name ? -1 : a.Menu_name > b.Menu_name ? 1 : 0);

/**
 * The ranking with the order counted in (or out), in the server's order; null when the rows cannot
 * tell which line it is (two items of one name and category) or where it goes (the server breaks
 * a tie of count and name by an id the rows do not carry): the ranking must be asked for again.
 */
export function addToRanking(rows: readonly PopularMenuRow[], slot: StatsSlot, delta: number): PopularMenuRow[] | null {
  const isItem = (row: PopularMenuRow) =>
    row.Menu_name === slot.menuName && row.categoryName === slot.categoryName && row.categoryFor === slot.categoryFor;
  const matches = rows.filter(isItem);
  if (matches.length > 1) return null;
  let next: PopularMenuRow[];
  if (matches.length === 0) {
    if (delta <= 0) return null;
    const row = { Menu_name: slot.menuName, categoryName: slot.categoryName, categoryFor: slot.categoryFor };
    next = [...rows, { ...row, totalOrder: delta }];
  } else {
    // The server leaves out items without a served order.
    next = rows.map((row) => (isItem(row) ? { ...row, totalOrder: row.totalOrder + delta } : row));
    next = next.filter((row) => row.totalOrder > 0);
  }
  next.sort(byRank);
  const ambiguous = next.some(
    (row, i) => i > 0 && row.totalOrder === next[i - 1]?.totalOrder && row.Menu_name === next[i - 1]?.Menu_name,
  );
  return ambiguous ? null : next;
}
