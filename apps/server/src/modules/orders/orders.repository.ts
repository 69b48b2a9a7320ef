import { UNCOUNTED_ORDER_STATUSES, type OrderStatus } from '@cafe/shared';
import { preparedQuery } from '../../db/prepared-query';
import { PostgresAdapter, sql, type Insertable } from 'kysely';
import type { Db, OrdersTable } from '../../db/types';

type Venue = OrdersTable['category_for'];

/** One queue: a venue of a site on one of its days (the site's calendar). */
export interface QueueKey {
  siteId: number;
  venue: Venue;
  day: string;
}

/**
 * The one query every order read starts from: the order with its menu item, category, owner and site in
 * a single statement (no query per order). The venue is the order's own snapshot, not the
 * category's current one.
 */
function orderQuery(db: Db) {
  return db
    .selectFrom('orders as o')
    .innerJoin('menu_items as m', 'm.id', 'o.menu_id')
    .innerJoin('categories as c', 'c.id', 'm.category_id')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .innerJoin('sites as s', 's.id', 'o.site_id')
    .select([
      'o.id',
      'o.site_id',
      's.name as site_name',
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
      'o.taken_at',
      'o.walk_up',
      'o.guest_name',
      'o.user_id',
      'u.name as user_name',
      'm.id as menu_id',
      'm.name as menu_name',
      'c.id as category_id',
      'c.name as category_name',
      'o.pickup_at',
      optionsColumn(db).as('options_json'),
    ]);
}

/**
 * An order's drink options as one JSON text, `[[groupId, group, choiceId, choice, quantity,
 * isDefault, sortOrder], ...]` (null or "[]" when none): read in the same statement as the order,
 * so every list carries them without a query per order. The mapper puts them in order (an
 * ordered aggregate would sort in a temporary tree for every order of a list).
 */
function optionsColumn(db: Db) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<
        string | null
      >`(select json_agg(json_build_array(oo.group_id, oo.group_name, oo.choice_id, oo.choice_name, oo.quantity, oo.is_default, oo.sort_order))::text from order_options oo where oo.order_id = o.id)`
    : sql<
        string | null
      >`(select json_group_array(json_array(oo.group_id, oo.group_name, oo.choice_id, oo.choice_name, oo.quantity, oo.is_default, oo.sort_order)) from order_options oo where oo.order_id = o.id)`;
}

export type OrderRow = Awaited<ReturnType<ReturnType<typeof orderQuery>['executeTakeFirstOrThrow']>>;
export type QueueRow = OrderRow & { ahead: number };

const findOrderQuery = preparedQuery<{ id: number }, OrderRow>(['id'], (db, p) =>
  orderQuery(db).where('o.id', '=', p.id),
);

export async function findOrder(db: Db, id: number): Promise<OrderRow | undefined> {
  const [row] = await findOrderQuery(db, { id });
  return row;
}

const userDayQueue = preparedQuery<{ userId: number; day: string }, OrderRow & { ahead: number | string | null }>(
  ['userId', 'day'],
  (db, p) =>
    orderQuery(db)
      .select((eb) =>
        eb
          .selectFrom('orders as ahead')
          .select((e) => e.fn.countAll<number>().as('n'))
          .where('ahead.status', '=', 'ordered')
          .whereRef('ahead.site_id', '=', 'o.site_id')
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
      .where('o.user_id', '=', p.userId)
      // Today's orders, and the orders for later of the days after.
      .where((eb) =>
        eb.or([eb('o.cafe_day', '=', p.day), eb.and([eb('o.status', '=', 'scheduled'), eb('o.cafe_day', '>', p.day)])]),
      )
      .orderBy('o.order_date', 'desc')
      .orderBy('o.id', 'desc'),
);

/**
 * The caller's orders of one cafe day, newest first, each with `ahead`: the waiting orders of the
 * same site, venue and day placed before it (earlier order_date, ties broken by id).
 */
export async function listUserDayWithQueue(db: Db, userId: number, day: string): Promise<QueueRow[]> {
  const rows = await userDayQueue(db, { userId, day });
  return rows.map((row) => ({ ...row, ahead: Number(row.ahead ?? 0) }));
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
  filter: { siteId?: number; statuses?: readonly OrderStatus[]; startDate?: string; endDate?: string },
): Promise<OrderRow[]> {
  let query = orderQuery(db);
  if (filter.siteId !== undefined) query = query.where('o.site_id', '=', filter.siteId);
  if (filter.statuses && filter.statuses.length > 0) query = query.where('o.status', 'in', filter.statuses);
  if (filter.startDate) query = query.where('o.cafe_day', '>=', filter.startDate);
  if (filter.endDate) query = query.where('o.cafe_day', '<', filter.endDate);
  return query.orderBy('o.order_date', 'asc').orderBy('o.id', 'asc').execute();
}

/** Cafe orders that count against the daily limit (not cancelled or rejected). */
function countedCafeOrderRows(db: Db) {
  return db.selectFrom('orders').where('category_for', '=', 'cafe').where('status', 'not in', UNCOUNTED_ORDER_STATUSES);
}

/** The count of a person's cafe orders of a day that count against the daily limit. */
function countedCafeOrders(db: Db, userId: number, day: string) {
  return countedCafeOrderRows(db)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('cafe_day', '=', day);
}

/** A person's orders placed with this Idempotency-Key (one at most: the key is unique per person). */
function byIdempotencyKey(db: Db, userId: number, key: string) {
  return db.selectFrom('orders').where('user_id', '=', userId).where('idempotency_key', '=', key);
}

const countCountedQuery = preparedQuery<{ userId: number; day: string }, { n: number }>(['userId', 'day'], (db, p) =>
  countedCafeOrders(db, p.userId, p.day),
);

/** The user's cafe orders of a day that count against the daily limit (not cancelled or rejected). */
export async function countCountedCafeOrders(db: Db, userId: number, day: string): Promise<number> {
  const [row] = await countCountedQuery(db, { userId, day });
  return Number(row?.n ?? 0);
}

/** The order a person placed with this Idempotency-Key, with the fingerprint of that placement. */
export function findByIdempotencyKey(
  db: Db,
  userId: number,
  key: string,
): Promise<{ id: number; fingerprint: string | null } | undefined> {
  return byIdempotencyKey(db, userId, key).select(['id', 'idempotency_fingerprint as fingerprint']).executeTakeFirst();
}

const placementGuardsQuery = preparedQuery<
  { userId: number; day: string; key: string },
  { n: number; found_id: number | null; found_fingerprint: string | null }
>(['userId', 'day', 'key'], (db, p) =>
  db.selectNoFrom([
    countedCafeOrders(db, p.userId, p.day).as('n'),
    byIdempotencyKey(db, p.userId, p.key).select('id').as('found_id'),
    byIdempotencyKey(db, p.userId, p.key).select('idempotency_fingerprint').as('found_fingerprint'),
  ]),
);

/**
 * What a placement with an Idempotency-Key that counts toward the daily limit checks, in one
 * statement (one round trip on PostgreSQL instead of two): the order this person already placed
 * with the key, and their counted cafe orders of the day. Run after the owner's lock, as the two
 * reads it replaces were, so it sees every order committed before.
 */
export async function placementGuards(
  db: Db,
  userId: number,
  day: string,
  key: string,
): Promise<{ counted: number; found: { id: number; fingerprint: string | null } | undefined }> {
  const [row] = await placementGuardsQuery(db, { userId, day, key });
  const id = row?.found_id ?? null;
  return {
    counted: Number(row?.n ?? 0),
    found: id === null ? undefined : { id: Number(id), fingerprint: row?.found_fingerprint ?? null },
  };
}

/** Where a person's counted orders of a day, or an order made with an Idempotency-Key, are found. */
export const guardKey = (userId: number, dayOrKey: string) => `${userId}\u0000${dayOrKey}`;

/**
 * What several placements check under their owners' locks, in one statement: the counted cafe
 * orders of each (person, day) and the orders made with each (person, Idempotency-Key). Run after
 * the locks, as a statement of its own, so it sees every order committed before them. Keys of the
 * answer are `guardKey(userId, day)` and `guardKey(userId, key)`.
 */
export async function placementGuardsOf(
  db: Db,
  counted: readonly { userId: number; day: string }[],
  keyed: readonly { userId: number; key: string }[],
): Promise<{ counted: Map<string, number>; found: Map<string, { id: number; fingerprint: string | null }> }> {
  const result = {
    counted: new Map<string, number>(),
    found: new Map<string, { id: number; fingerprint: string | null }>(),
  };
  const [oneCounted] = counted;
  const [oneKeyed] = keyed;
  // One placement (an idle server's every placement): the statements prepared once per connection.
  if (counted.length <= 1 && keyed.length <= 1 && (!oneCounted || !oneKeyed || oneCounted.userId === oneKeyed.userId)) {
    if (oneCounted && oneKeyed) {
      const guards = await placementGuards(db, oneCounted.userId, oneCounted.day, oneKeyed.key);
      result.counted.set(guardKey(oneCounted.userId, oneCounted.day), guards.counted);
      if (guards.found) result.found.set(guardKey(oneKeyed.userId, oneKeyed.key), guards.found);
    } else if (oneCounted) {
      result.counted.set(
        guardKey(oneCounted.userId, oneCounted.day),
        await countCountedCafeOrders(db, oneCounted.userId, oneCounted.day),
      );
    } else if (oneKeyed) {
      const found = await findByIdempotencyKey(db, oneKeyed.userId, oneKeyed.key);
      if (found) result.found.set(guardKey(oneKeyed.userId, oneKeyed.key), found);
    }
    return result;
  }
  const countedBranch =
    counted.length === 0
      ? undefined
      : countedCafeOrderRows(db)
          .select((eb) => [
            'user_id',
            'cafe_day as day_or_key',
            eb.fn.countAll<number>().as('n'),
            sql<number | null>`cast(null as integer)`.as('found_id'),
            sql<string | null>`cast(null as text)`.as('fingerprint'),
          ])
          .where('user_id', 'in', [...new Set(counted.map((c) => c.userId))])
          .where('cafe_day', 'in', [...new Set(counted.map((c) => c.day))])
          .groupBy(['user_id', 'cafe_day']);
  const keyedBranch =
    keyed.length === 0
      ? undefined
      : db
          .selectFrom('orders')
          .select([
            'user_id',
            sql<string>`idempotency_key`.as('day_or_key'),
            sql<number>`-1`.as('n'),
            'id as found_id',
            'idempotency_fingerprint as fingerprint',
          ])
          .where('user_id', 'in', [...new Set(keyed.map((k) => k.userId))])
          .where('idempotency_key', 'in', [...new Set(keyed.map((k) => k.key))]);
  const query = countedBranch && keyedBranch ? countedBranch.unionAll(keyedBranch) : (countedBranch ?? keyedBranch);
  if (!query) return result;
  for (const row of await query.execute()) {
    const at = guardKey(Number(row.user_id), row.day_or_key);
    if (row.found_id === null) result.counted.set(at, Number(row.n));
    else result.found.set(at, { id: Number(row.found_id), fingerprint: row.fingerprint });
  }
  return result;
}

/** The times a move writes on an order (see migration 006). */
export interface OrderTimes {
  /** An order for later joins the queue when it is released: its place counts from then. */
  order_date?: string;
  taken_at?: string | null;
  done_at?: string | null;
  wait_ms?: number | null;
  prep_ms?: number | null;
}

export type NewOrder = Omit<Insertable<OrdersTable>, 'id'>;
/** One prepared insert per set of columns given (callers give them all, so there is one). */
const insertOrderQueries = new Map<string, (db: Db, row: NewOrder) => Promise<{ id: number }[]>>();

export async function insertOrder(db: Db, order: NewOrder): Promise<number> {
  const columns = Object.keys(order) as (keyof NewOrder)[];
  const shape = columns.join(',');
  let insert = insertOrderQueries.get(shape);
  if (!insert) {
    insert = preparedQuery<NewOrder, { id: number }>(columns, (trx, p) =>
      trx.insertInto('orders').values(p).returning('id'),
    );
    insertOrderQueries.set(shape, insert);
  }
  const [row] = await insert(db, order);
  if (!row) throw new Error('the order insert returned no id');
  return row.id;
}

export type PlacedEntry = {
  from: OrderStatus | null;
  to: OrderStatus;
  changedBy: number;
  note: string | null;
  at: string;
};
/** PostgreSQL: one prepared order-and-history insert per set of order columns. */
const insertPlacedQueries = new Map<string, (db: Db, row: NewOrder & PlacedEntry) => Promise<{ order_id: number }[]>>();

/**
 * A new order and its first history entry. On PostgreSQL in one statement (the order inserted in a
 * WITH, the entry taking its id): a round trip fewer for every placement. SQLite runs the two
 * inserts one after the other, where a statement costs no round trip.
 */
export async function insertPlacedOrder(
  db: Db,
  dialect: 'sqlite' | 'postgres',
  order: NewOrder,
  entry: PlacedEntry,
): Promise<number> {
  if (dialect === 'sqlite') {
    const orderId = await insertOrder(db, order);
    await insertHistory(db, { orderId, ...entry });
    return orderId;
  }
  const columns = Object.keys(order) as (keyof NewOrder)[];
  const shape = columns.join(',');
  let insert = insertPlacedQueries.get(shape);
  if (!insert) {
    insert = preparedQuery<NewOrder & PlacedEntry, { order_id: number }>(
      [...columns, 'from', 'to', 'changedBy', 'note', 'at'],
      (trx, p) =>
        trx
          .with('placed', (w) =>
            w
              .insertInto('orders')
              .values(Object.fromEntries(columns.map((c) => [c, p[c]])) as NewOrder)
              .returning('id'),
          )
          .insertInto('order_status_history')
          .values((eb) => ({
            order_id: eb.selectFrom('placed').select('placed.id'),
            from_status: p.from,
            to_status: p.to,
            changed_by: p.changedBy,
            note: p.note,
            changed_at: p.at,
          }))
          .returning('order_id'),
    );
    insertPlacedQueries.set(shape, insert);
  }
  const [row] = await insert(db, { ...order, ...entry });
  if (!row) throw new Error('the order insert returned no id');
  return Number(row.order_id);
}

/**
 * Several new orders with their first history entries, answering their ids in the same order. On
 * PostgreSQL the ids are drawn from the orders' sequence first, then every order and entry goes in
 * one statement: two round trips for the lot. SQLite inserts them one after the other, where a
 * statement costs no round trip.
 */
export async function insertPlacedOrders(
  db: Db,
  dialect: 'sqlite' | 'postgres',
  placed: readonly { order: NewOrder; entry: PlacedEntry }[],
): Promise<number[]> {
  if (dialect === 'sqlite' || placed.length === 1) {
    const ids: number[] = [];
    for (const { order, entry } of placed) ids.push(await insertPlacedOrder(db, dialect, order, entry));
    return ids;
  }
  if (placed.length === 0) return [];
  const { rows } = await sql<{
    id: number;
  }>`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id from generate_series(1, ${placed.length})`.execute(
    db,
  );
  const ids = rows.map((row) => Number(row.id));
  if (ids.length !== placed.length) throw new Error('the orders sequence gave too few ids');
  await db
    .with('placed', (w) =>
      w.insertInto('orders').values(placed.map(({ order }, i) => ({ ...order, id: ids[i] as number }))),
    )
    .insertInto('order_status_history')
    .values(
      placed.map(({ entry }, i) => ({
        order_id: ids[i] as number,
        from_status: entry.from,
        to_status: entry.to,
        changed_by: entry.changedBy,
        note: entry.note,
        changed_at: entry.at,
      })),
    )
    .execute();
  return ids;
}

const insertHistoryQuery = preparedQuery<
  { orderId: number; from: OrderStatus | null; to: OrderStatus; changedBy: number; note: string | null; at: string },
  never
>(['orderId', 'from', 'to', 'changedBy', 'note', 'at'], (db, p) =>
  db.insertInto('order_status_history').values({
    order_id: p.orderId,
    from_status: p.from,
    to_status: p.to,
    changed_by: p.changedBy,
    note: p.note,
    changed_at: p.at,
  }),
);

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
  await insertHistoryQuery(db, entry);
}

/**
 * Moves an order on only if it is still in `from`: of two people changing it at once, exactly one
 * matches. Returns whether this call made the change.
 */
export async function transitionOrder(
  db: Db,
  change: {
    id: number;
    from: OrderStatus;
    to: OrderStatus;
    at: string;
    rejectNote?: string;
    /** The order's times the move writes (taken, done) or clears (an undo). */
    times?: OrderTimes;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({
      status: change.to,
      updated_at: change.at,
      ...(change.rejectNote !== undefined ? { reject_note: change.rejectNote } : {}),
      ...change.times,
    })
    .where('id', '=', change.id)
    .where('status', '=', change.from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The people with an order waiting in a venue's queue of a cafe day, behind `after` when given
 * (placed later, or at the same instant with a higher id).
 */
export async function waitingUsersBehind(
  db: Db,
  { siteId, venue, day }: QueueKey,
  after: { orderDate: string; id: number } | null,
): Promise<number[]> {
  let query = db
    .selectFrom('orders')
    .select('user_id')
    .distinct()
    .where('site_id', '=', siteId)
    .where('cafe_day', '=', day)
    .where('status', '=', 'ordered')
    .where('category_for', '=', venue);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('order_date', '>', after.orderDate),
        eb.and([eb('order_date', '=', after.orderDate), eb('id', '>', after.id)]),
      ]),
    );
  }
  return (await query.execute()).map((row) => row.user_id);
}

/** How many orders of a queue are being made right now. */
export async function countInProgress(db: Db, { siteId, venue, day }: QueueKey): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('site_id', '=', siteId)
    .where('category_for', '=', venue)
    .where('cafe_day', '=', day)
    .where('status', '=', 'in-progress')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The latest `limit` completion instants of a queue's orders, newest first. */
export async function recentCompletions(db: Db, { siteId, venue, day }: QueueKey, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('orders')
    .select('done_at')
    .where('site_id', '=', siteId)
    .where('category_for', '=', venue)
    .where('done_at', 'is not', null)
    .where('cafe_day', '=', day)
    .orderBy('done_at', 'desc')
    .limit(limit)
    .execute();
  return rows.flatMap((row) => (row.done_at ? [row.done_at] : []));
}

/** Every completion instant of a site's venue's orders in [from, to) (ISO instants), oldest first. */
export async function completionsBetween(
  db: Db,
  siteId: number,
  venue: Venue,
  from: string,
  to: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('orders')
    .select('done_at')
    .where('site_id', '=', siteId)
    .where('category_for', '=', venue)
    .where('done_at', 'is not', null)
    .where('done_at', '>=', from)
    .where('done_at', '<', to)
    .orderBy('done_at')
    .execute();
  return rows.flatMap((row) => (row.done_at ? [row.done_at] : []));
}

/** How many orders of a queue are waiting. */
export async function countWaiting(db: Db, { siteId, venue, day }: QueueKey): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('site_id', '=', siteId)
    .where('category_for', '=', venue)
    .where('cafe_day', '=', day)
    .where('status', '=', 'ordered')
    .executeTakeFirstOrThrow();
  return Number(row.n);
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
    .select(['from_status', 'to_status', 'changed_at', 'note'])
    .where('order_id', '=', orderId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** An order's history, oldest first, with who made each move. */
export function orderTimeline(db: Db, orderId: number) {
  return db
    .selectFrom('order_status_history as h')
    .leftJoin('users as u', 'u.id', 'h.changed_by')
    .select(['h.from_status', 'h.to_status', 'h.changed_at', 'h.note', 'h.changed_by', 'u.name as changed_by_name'])
    .where('h.order_id', '=', orderId)
    .orderBy('h.id')
    .execute();
}
