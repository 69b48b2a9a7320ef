import type { OrderStatus } from '@cafe/shared';
import type { ExpressionBuilder } from 'kysely';
import type { Database, Db, OrdersTable } from '../../db/types';

/** A statistics period: cafe days [startDate, endDate), optionally one venue. */
export interface StatsRange {
  startDate: string;
  endDate: string;
  categoryFor?: OrdersTable['category_for'];
}

/** Orders of the period, by the day they were placed (cafe zone) and the venue they were placed for. */
function inRange(range: StatsRange) {
  return (eb: ExpressionBuilder<Database, 'orders'>) => {
    const conditions = [eb('orders.cafe_day', '>=', range.startDate), eb('orders.cafe_day', '<', range.endDate)];
    if (range.categoryFor) conditions.push(eb('orders.category_for', '=', range.categoryFor));
    return eb.and(conditions);
  };
}

export async function countServed(db: Db, range: StatsRange, served: readonly OrderStatus[]): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .where(inRange(range))
    .where('orders.status', 'in', served)
    .select((eb) => eb.fn.countAll().as('total'))
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

export interface PopularMenuDbRow {
  menu_id: number;
  menu_name: string;
  category_name: string;
  category_for: OrdersTable['category_for'];
  total: number;
}

/**
 * Served orders per menu item, deleted items and categories included (past orders count). The
 * venue is the order's own snapshot, so the rows add up to count/total for the same period.
 */
export async function popularMenu(
  db: Db,
  range: StatsRange,
  served: readonly OrderStatus[],
): Promise<PopularMenuDbRow[]> {
  const rows = await db
    .selectFrom('orders')
    .innerJoin('menu_items', 'menu_items.id', 'orders.menu_id')
    .innerJoin('categories', 'categories.id', 'menu_items.category_id')
    .where(inRange(range))
    .where('orders.status', 'in', served)
    .select((eb) => [
      'menu_items.id as menu_id',
      'menu_items.name as menu_name',
      'categories.name as category_name',
      'orders.category_for as category_for',
      eb.fn.countAll().as('total'),
    ])
    .groupBy(['menu_items.id', 'menu_items.name', 'categories.name', 'orders.category_for'])
    .execute();
  return rows.map((r) => ({ ...r, total: Number(r.total) }));
}

/** When each served order of the period was placed (ISO UTC text). */
export async function servedOrderDates(db: Db, range: StatsRange, served: readonly OrderStatus[]): Promise<string[]> {
  const rows = await db
    .selectFrom('orders')
    .where(inRange(range))
    .where('orders.status', 'in', served)
    .select('orders.order_date')
    .execute();
  return rows.map((r) => r.order_date);
}

export interface StatusChangeRow {
  order_id: number;
  to_status: OrderStatus;
  changed_at: string;
}

/** The changes to the given statuses of the orders placed in the period, oldest first. */
export async function statusChanges(
  db: Db,
  range: StatsRange,
  toStatuses: readonly OrderStatus[],
): Promise<StatusChangeRow[]> {
  return db
    .selectFrom('orders')
    .innerJoin('order_status_history', 'order_status_history.order_id', 'orders.id')
    .where(inRange(range))
    .where('order_status_history.to_status', 'in', toStatuses)
    .select(['order_status_history.order_id', 'order_status_history.to_status', 'order_status_history.changed_at'])
    .orderBy('order_status_history.changed_at')
    .orderBy('order_status_history.id')
    .execute();
}
