/**
 * The history reads: a person's past orders, the barista history's keyset pages and its counts per
 * day, and an order's status history (its timeline, and the last move an undo would take back).
 * These walk far more rows than the live queue does, so their query shapes (indexes, cursors) live
 * here, apart from the queue's reads.
 */
import { type OrderStatus } from '@cafe/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/types';
import { orderQuery, type OrderRow } from './orders.repository';

export function listUserHistory(
  db: Db,
  userId: number,
  statuses: readonly OrderStatus[],
  range: { startDate?: string; endDate?: string },
): Promise<OrderRow[]> {
  let query = orderQuery(db).where('o.user_id', '=', userId).where('o.status', 'in', statuses);
  if (range.startDate) query = query.where('o.cafe_day', '>=', range.startDate);
  if (range.endDate) query = query.where('o.cafe_day', '<', range.endDate);
  return query.orderBy('o.updated_at', 'desc').orderBy('o.id', 'desc').execute();
}

/**
 * One page of the barista history: orders whose status is not one of `unfinished`, newest
 * order_date first (then the higher id), strictly after `after`. The keyset condition and the
 * order match the index orders_history_page (order_date, id), walked backwards from the cursor,
 * so a page deep in the history costs what the first one does. The status test is written as
 * "not in" the two unfinished statuses so no status index can look more attractive to the planner.
 */
export function listHistoryPage(
  db: Db,
  siteId: number,
  unfinished: readonly OrderStatus[],
  after: { orderDate: string; id: number } | null,
  limit: number,
): Promise<OrderRow[]> {
  // The site is a filter on the walk, not an index to start from: written as `+site_id` so the
  // planner cannot prefer orders_site_day_status and sort the site's whole history (sites are few).
  let query = orderQuery(db)
    .where(sql<number>`+${sql.ref('o.site_id')}`, '=', siteId)
    .where('o.status', 'not in', unfinished);
  if (after) {
    query = query.where((eb) => eb(eb.refTuple('o.order_date', 'o.id'), '<', eb.tuple(after.orderDate, after.id)));
  }
  return query.orderBy('o.order_date', 'desc').orderBy('o.id', 'desc').limit(limit).execute();
}

/** How many orders of a site on each of `days` (cafe days) are in `statuses`; days without any are left out. */
export async function countByDay(
  db: Db,
  siteId: number,
  days: readonly string[],
  statuses: readonly OrderStatus[],
): Promise<{ day: string; total: number }[]> {
  if (days.length === 0) return [];
  const rows = await db
    .selectFrom('orders')
    .where('site_id', '=', siteId)
    .where('status', 'in', statuses)
    .where('cafe_day', 'in', days)
    .select((eb) => ['cafe_day as day', eb.fn.countAll<number>().as('total')])
    .groupBy('cafe_day')
    .execute();
  return rows.map((r) => ({ day: r.day, total: Number(r.total) }));
}

/** The latest entry of an order's history (the move an undo would take back). */
export function lastHistoryEntry(db: Db, orderId: number) {
  return db
    .selectFrom('order_status_history')
    .select(['from_status', 'to_status', 'changed_at', 'note', 'changed_by'])
    .where('order_id', '=', orderId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export type TimelineRow = Awaited<ReturnType<typeof orderTimeline>>[number];

/** An order's history, oldest first, with who made each move (their e-mail tells the system account). */
export function orderTimeline(db: Db, orderId: number) {
  return db
    .selectFrom('order_status_history as h')
    .leftJoin('users as u', 'u.id', 'h.changed_by')
    .select([
      'h.from_status',
      'h.to_status',
      'h.changed_at',
      'h.note',
      'h.changed_by',
      'u.name as changed_by_name',
      'u.email as changed_by_email',
    ])
    .where('h.order_id', '=', orderId)
    .orderBy('h.id')
    .execute();
}

/**
 * A person's most recent online cafe order (not walk-up) among `statuses`, with a tumbler photo:
 * the usual when none is saved (picked up), and the "recent" tumbler photo of a standing order.
 */
export function latestCafeOrderOf(
  db: Db,
  userId: number,
  statuses: readonly OrderStatus[],
): Promise<OrderRow | undefined> {
  return orderQuery(db)
    .where('o.user_id', '=', userId)
    .where('o.status', 'in', statuses)
    .where('o.category_for', '=', 'cafe')
    .where('o.walk_up', '=', 0)
    .where('o.tumbler_image', '!=', '')
    .orderBy('o.order_date', 'desc')
    .orderBy('o.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The sites where a person has an order waiting in line (status `ordered`) on `fromDay` or later. */
export async function sitesWaitingFor(db: Db, userId: number, fromDay: string): Promise<number[]> {
  const rows = await db
    .selectFrom('orders')
    .select('site_id')
    .distinct()
    .where('user_id', '=', userId)
    .where('cafe_day', '>=', fromDay)
    .where('status', '=', 'ordered')
    .execute();
  return rows.map((row) => row.site_id);
}
