import { SERVED_ORDER_STATUSES, type OrderStatus } from '@cafe/shared';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database, Db, OrdersTable } from '../../db/types';

/**
 * A statistics period: cafe days [startDate, endDate), optionally one venue, and one site or every
 * site together (undefined). Each order's cafe_day is its own site's day, so every site together
 * counts each order on the day of the site it was placed at.
 */
export interface StatsRange {
  startDate: string;
  endDate: string;
  categoryFor?: OrdersTable['category_for'];
  siteId?: number;
}

/**
 * The served orders of the period, by the day they were placed (their site's zone), the venue they
 * were placed for and the site. Written as `status in (...)` and a `cafe_day` range so that the
 * index orders_served_stats (status, cafe_day, category_for, cafe_hour, menu_id, id, wait_ms,
 * prep_ms, site_id) seeks to exactly these rows on both engines and answers the statistics from
 * the index alone, the site included (migrations 005, 009; the plans are checked by
 * stats.plans.test.ts).
 */
export function servedInRange(range: StatsRange, served: readonly OrderStatus[] = SERVED_ORDER_STATUSES) {
  return (eb: ExpressionBuilder<Database, 'orders'>) => {
    const conditions = [
      eb('orders.status', 'in', served),
      eb('orders.cafe_day', '>=', range.startDate),
      eb('orders.cafe_day', '<', range.endDate),
    ];
    if (range.categoryFor) conditions.push(eb('orders.category_for', '=', range.categoryFor));
    // `+site_id` (no index may seek on it) keeps one site's statistics in orders_served_stats, whose
    // last column the site is: otherwise SQLite seeks orders_site_day_status (made for the queue)
    // and reads every row of the site's period from the table.
    if (range.siteId !== undefined) conditions.push(eb(sql<number>`+${eb.ref('orders.site_id')}`, '=', range.siteId));
    return eb.and(conditions);
  };
}

export async function countServed(db: Db, range: StatsRange): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .where(servedInRange(range))
    .select((eb) => eb.fn.countAll<number>().as('total'))
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
 * Counted per item from the index first, then named: the joins touch one row per item, not one
 * per order.
 */
export async function popularMenu(db: Db, range: StatsRange): Promise<PopularMenuDbRow[]> {
  const perItem = db
    .selectFrom('orders')
    .where(servedInRange(range))
    .select((eb) => ['orders.menu_id', 'orders.category_for', eb.fn.countAll<number>().as('total')])
    .groupBy(['orders.menu_id', 'orders.category_for'])
    .as('per_item');
  const rows = await db
    .selectFrom(perItem)
    .innerJoin('menu_items', 'menu_items.id', 'per_item.menu_id')
    .innerJoin('categories', 'categories.id', 'menu_items.category_id')
    .select([
      'menu_items.id as menu_id',
      'menu_items.name as menu_name',
      'categories.name as category_name',
      'per_item.category_for as category_for',
      'per_item.total as total',
    ])
    .execute();
  return rows.map((r) => ({ ...r, total: Number(r.total) }));
}

/**
 * The ten choices most often made on served orders of the period, by the names the orders kept
 * (order_options): orders and quantities. Ties by group, then choice.
 */
export async function popularOptions(
  db: Db,
  range: StatsRange,
): Promise<{ group: string; choice: string; totalOrder: number; totalQuantity: number }[]> {
  const rows = await db
    .selectFrom('orders')
    .innerJoin('order_options', 'order_options.order_id', 'orders.id')
    .where(servedInRange(range))
    .select((eb) => [
      'order_options.group_name as group',
      'order_options.choice_name as choice',
      eb.fn.count<number>('orders.id').distinct().as('totalOrder'),
      eb.fn.sum<number>('order_options.quantity').as('totalQuantity'),
    ])
    .groupBy(['order_options.group_name', 'order_options.choice_name'])
    .orderBy('totalOrder', 'desc')
    .orderBy('order_options.group_name')
    .orderBy('order_options.choice_name')
    .limit(10)
    .execute();
  return rows.map((r) => ({ ...r, totalOrder: Number(r.totalOrder), totalQuantity: Number(r.totalQuantity) }));
}

/** Served orders per cafe hour; `hour` null gathers the orders written without one. */
export async function servedByHour(db: Db, range: StatsRange): Promise<{ hour: number | null; total: number }[]> {
  const rows = await db
    .selectFrom('orders')
    .where(servedInRange(range))
    .select((eb) => ['orders.cafe_hour as hour', eb.fn.countAll<number>().as('total')])
    .groupBy('orders.cafe_hour')
    .execute();
  return rows.map((r) => ({ hour: r.hour === null ? null : Number(r.hour), total: Number(r.total) }));
}

/** When (ISO UTC text) and at which site the served orders of the period that have no cafe_hour were placed. */
export async function servedOrderDatesWithoutHour(
  db: Db,
  range: StatsRange,
): Promise<{ orderDate: string; siteId: number }[]> {
  const rows = await db
    .selectFrom('orders')
    .where(servedInRange(range))
    .where('orders.cafe_hour', 'is', null)
    .select(['orders.order_date', 'orders.site_id'])
    .execute();
  return rows.map((r) => ({ orderDate: r.order_date, siteId: Number(r.site_id) }));
}

/**
 * Served orders per cafe day of the period (days without any are left out), one row per status
 * and day: grouped in the order of orders_served_stats (status, cafe_day), SQLite counts straight
 * from that index. Grouped by the day alone, its planner took orders_day_status for the order of
 * the groups and read every order from the table for its venue (stats.plans.test.ts).
 */
export async function servedByDay(db: Db, range: StatsRange): Promise<{ day: string; total: number }[]> {
  const rows = await db
    .selectFrom('orders')
    .where(servedInRange(range))
    .select((eb) => ['orders.cafe_day as day', eb.fn.countAll<number>().as('total')])
    .groupBy(['orders.status', 'orders.cafe_day'])
    .execute();
  return rows.map((r) => ({ day: r.day, total: Number(r.total) }));
}

/**
 * Preparation time (in-progress -> done) of the period's served orders, summed in SQL from the
 * times kept on each order (migration 006), read from the orders_served_stats index alone.
 */
export async function preparationTotals(db: Db, range: StatsRange): Promise<{ samples: number; totalMs: number }> {
  const row = await db
    .selectFrom('orders')
    .where(servedInRange(range))
    .where('orders.prep_ms', 'is not', null)
    .select((eb) => [
      eb.fn.count<number>('orders.prep_ms').as('samples'),
      eb.fn.sum<number | null>('orders.prep_ms').as('total_ms'),
    ])
    .executeTakeFirst();
  return { samples: Number(row?.samples ?? 0), totalMs: Number(row?.total_ms ?? 0) };
}

/**
 * Average wait (placed -> taken) and preparation (taken -> done) of the period's served orders by
 * the cafe hour they were placed in, from the times kept on each order (migration 006), read from
 * the orders_served_stats index alone.
 */
export async function timesByHour(
  db: Db,
  range: StatsRange,
): Promise<{ hour: number | null; wait_ms: number | null; prep_ms: number | null; samples: number }[]> {
  const rows = await db
    .selectFrom('orders')
    .where(servedInRange(range))
    .where('orders.wait_ms', 'is not', null)
    .select((eb) => [
      'orders.cafe_hour as hour',
      eb.fn.avg<number | null>('orders.wait_ms').as('wait_ms'),
      eb.fn.avg<number | null>('orders.prep_ms').as('prep_ms'),
      eb.fn.count<number>('orders.wait_ms').as('samples'),
    ])
    .groupBy('orders.cafe_hour')
    .execute();
  return rows.map((row) => ({
    hour: row.hour,
    wait_ms: row.wait_ms === null ? null : Number(row.wait_ms),
    prep_ms: row.prep_ms === null ? null : Number(row.prep_ms),
    samples: Number(row.samples),
  }));
}

/**
 * Orders of the period per site and status (the statuses given), read from orders_served_stats
 * alone: the status leads it and the site is its last column. Grouped status first, in the index's
 * order: grouped by the site first, PostgreSQL sorted the rows of an index led by the site instead
 * of seeking the period (stats.plans.test.ts).
 */
export async function countBySiteAndStatus(
  db: Db,
  range: StatsRange,
  statuses: readonly OrderStatus[],
): Promise<{ siteId: number; status: OrderStatus; total: number }[]> {
  const rows = await db
    .selectFrom('orders')
    .where(servedInRange(range, statuses))
    .select((eb) => ['orders.site_id', 'orders.status', eb.fn.countAll<number>().as('total')])
    .groupBy(['orders.status', 'orders.site_id'])
    .execute();
  return rows.map((r) => ({ siteId: Number(r.site_id), status: r.status, total: Number(r.total) }));
}

/**
 * Per person who left a drink in the period (status `uncollected`), their orders of the period in
 * each of `statuses` (uncollected and the served ones), with their name as it is now. A guest's
 * walk-up order is the barista's row with the guest's name on it: it is nobody's here.
 */
export async function leaversByStatus(
  db: Db,
  range: StatsRange,
  uncollected: OrderStatus,
  statuses: readonly OrderStatus[],
): Promise<{ userId: number; name: string; status: OrderStatus; total: number }[]> {
  const leavers = db
    .selectFrom('orders')
    .where(servedInRange(range, [uncollected]))
    .where('orders.guest_name', 'is', null)
    .select('orders.user_id');
  const rows = await db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .where(servedInRange(range, statuses))
    .where('orders.guest_name', 'is', null)
    .where('orders.user_id', 'in', leavers)
    .select((eb) => ['orders.user_id', 'users.name', 'orders.status', eb.fn.countAll<number>().as('total')])
    .groupBy(['orders.user_id', 'users.name', 'orders.status'])
    .execute();
  return rows.map((r) => ({ userId: Number(r.user_id), name: r.name, status: r.status, total: Number(r.total) }));
}

export interface PrepDbRow {
  menu_id: number;
  menu_name: string;
  cafe_hour: number | null;
  order_date: string;
  site_id: number;
  prep_ms: number | string | null;
  target_seconds: number;
  /** Who made the drink's last move to done (the timeline's). */
  barista_id: number | null;
  barista_name: string | null;
}

/**
 * The timed drinks of the period (taken -> done, in ms), each with its item, the hour it was
 * placed in, its site's preparation target and who marked it done: one row per drink, in one
 * query, so that both engines' medians and percentiles are worked out the same way (SQLite has no
 * percentile function).
 */
export async function prepRows(db: Db, range: StatsRange): Promise<PrepDbRow[]> {
  return db
    .selectFrom('orders')
    .innerJoin('menu_items', 'menu_items.id', 'orders.menu_id')
    .innerJoin('sites', 'sites.id', 'orders.site_id')
    .leftJoin('users', (join) =>
      join.on('users.id', '=', (eb) =>
        eb
          .selectFrom('order_status_history')
          .select('order_status_history.changed_by')
          .whereRef('order_status_history.order_id', '=', 'orders.id')
          .where('order_status_history.to_status', '=', 'done')
          .orderBy('order_status_history.id', 'desc')
          .limit(1),
      ),
    )
    .where(servedInRange(range))
    .where('orders.prep_ms', 'is not', null)
    .select([
      'orders.menu_id',
      'menu_items.name as menu_name',
      'orders.cafe_hour',
      'orders.order_date',
      'orders.site_id',
      'orders.prep_ms',
      'sites.prep_target_seconds as target_seconds',
      'users.id as barista_id',
      'users.name as barista_name',
    ])
    .execute();
}
