import type { OrderStatus } from '@cafe/shared';
import type { Db, OrdersTable } from '../../db/types';

type Venue = OrdersTable['category_for'];

/**
 * The one query every order read starts from: the order with its menu item, category and owner in
 * a single statement (no query per order). The venue is the order's own snapshot, not the
 * category's current one.
 */
function orderQuery(db: Db) {
  return db
    .selectFrom('orders as o')
    .innerJoin('menu_items as m', 'm.id', 'o.menu_id')
    .innerJoin('categories as c', 'c.id', 'm.category_id')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select([
      'o.id',
      'o.status',
      'o.order_date',
      'o.updated_at',
      'o.type',
      'o.sweetness',
      'o.remark',
      'o.tumbler_image',
      'o.reject_note',
      'o.category_for',
      'o.cafe_day',
      'o.user_id',
      'u.name as user_name',
      'm.id as menu_id',
      'm.name as menu_name',
      'c.id as category_id',
      'c.name as category_name',
    ]);
}

export type OrderRow = Awaited<ReturnType<ReturnType<typeof orderQuery>['executeTakeFirstOrThrow']>>;
export type QueueRow = OrderRow & { ahead: number };

export function findOrder(db: Db, id: number): Promise<OrderRow | undefined> {
  return orderQuery(db).where('o.id', '=', id).executeTakeFirst();
}

/**
 * The caller's orders of one cafe day, newest first, each with `ahead`: the waiting orders of the
 * same venue and day placed before it (earlier order_date, ties broken by id).
 */
export function listUserDayWithQueue(db: Db, userId: number, day: string): Promise<QueueRow[]> {
  return orderQuery(db)
    .select((eb) =>
      eb
        .selectFrom('orders as ahead')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('ahead.status', '=', 'ordered')
        .whereRef('ahead.cafe_day', '=', 'o.cafe_day')
        .whereRef('ahead.category_for', '=', 'o.category_for')
        .where((e) =>
          e.or([
            e('ahead.order_date', '<', e.ref('o.order_date')),
            e.and([e('ahead.order_date', '=', e.ref('o.order_date')), e('ahead.id', '<', e.ref('o.id'))]),
          ]),
        )
        .as('ahead'),
    )
    .where('o.user_id', '=', userId)
    .where('o.cafe_day', '=', day)
    .orderBy('o.order_date', 'desc')
    .orderBy('o.id', 'desc')
    .execute()
    .then((rows) => rows.map((row) => ({ ...row, ahead: Number(row.ahead ?? 0) })));
}

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

export function listOrders(
  db: Db,
  filter: { statuses?: readonly OrderStatus[]; startDate?: string; endDate?: string },
): Promise<OrderRow[]> {
  let query = orderQuery(db);
  if (filter.statuses && filter.statuses.length > 0) query = query.where('o.status', 'in', filter.statuses);
  if (filter.startDate) query = query.where('o.cafe_day', '>=', filter.startDate);
  if (filter.endDate) query = query.where('o.cafe_day', '<', filter.endDate);
  return query.orderBy('o.order_date', 'asc').orderBy('o.id', 'asc').execute();
}

/** The user's cafe orders of a day that count against the daily limit. */
export async function countCountedCafeOrders(
  db: Db,
  userId: number,
  day: string,
  uncounted: readonly OrderStatus[],
): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('cafe_day', '=', day)
    .where('category_for', '=', 'cafe')
    .where('status', 'not in', uncounted)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertOrder(db: Db, order: Omit<OrdersTable, 'id'>): Promise<number> {
  const row = await db.insertInto('orders').values(order).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertHistory(
  db: Db,
  entry: {
    orderId: number;
    from: OrderStatus | null;
    to: OrderStatus;
    changedBy: number;
    note: string | null;
    at: string;
  },
): Promise<void> {
  await db
    .insertInto('order_status_history')
    .values({
      order_id: entry.orderId,
      from_status: entry.from,
      to_status: entry.to,
      changed_by: entry.changedBy,
      note: entry.note,
      changed_at: entry.at,
    })
    .execute();
}

/**
 * Moves an order on only if it is still in `from`: of two people changing it at once, exactly one
 * matches. Returns whether this call made the change.
 */
export async function transitionOrder(
  db: Db,
  change: { id: number; from: OrderStatus; to: OrderStatus; at: string; rejectNote?: string },
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({
      status: change.to,
      updated_at: change.at,
      ...(change.rejectNote !== undefined ? { reject_note: change.rejectNote } : {}),
    })
    .where('id', '=', change.id)
    .where('status', '=', change.from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** How many orders of a venue are being made right now on a cafe day. */
export async function countInProgress(db: Db, venue: Venue, day: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('category_for', '=', venue)
    .where('cafe_day', '=', day)
    .where('status', '=', 'in-progress')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * When the latest `limit` completed orders of a venue were started and finished (their
 * 'in-progress' and 'done' history entries), newest first.
 */
export function recentPreparations(
  db: Db,
  venue: Venue,
  limit: number,
): Promise<{ started_at: string; done_at: string }[]> {
  return db
    .selectFrom('order_status_history as done')
    .innerJoin('order_status_history as started', (join) =>
      join.onRef('started.order_id', '=', 'done.order_id').on('started.to_status', '=', 'in-progress'),
    )
    .innerJoin('orders as o', 'o.id', 'done.order_id')
    .select(['started.changed_at as started_at', 'done.changed_at as done_at'])
    .where('done.to_status', '=', 'done')
    .where('o.category_for', '=', venue)
    .orderBy('done.changed_at', 'desc')
    .orderBy('done.id', 'desc')
    .limit(limit)
    .execute();
}
