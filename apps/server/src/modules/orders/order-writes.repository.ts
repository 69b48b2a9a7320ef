/**
 * What placing and moving an order writes: the checks a placement makes under its owner's lock
 * just before writing (the counted cafe orders of the day, the order an Idempotency-Key already
 * made), the order inserts with their first history entry, and the guarded move of an order from
 * one status to the next. One file, because a placement's reads and writes must agree on what
 * counts toward the daily limit.
 */
import { UNCOUNTED_ORDER_STATUSES, type OrderStatus } from '@cafe/shared';
import { preparedQuery } from '../../db/prepared-query';
import { sql, type Insertable } from 'kysely';
import type { Db, OrdersTable } from '../../db/types';
import { promisedAtSql, type PromiseTable } from './promise-sql';

/** Cafe orders that count against the daily limit (not cancelled or rejected), as `c`. */
function countedCafeOrderRows(db: Db) {
  return db
    .selectFrom('orders as c')
    .where('category_for', '=', 'cafe')
    .where('status', 'not in', UNCOUNTED_ORDER_STATUSES);
}

/** The count of a person's cafe orders of a day that count against the daily limit (rows as `c`). */
export function countedCafeOrders(db: Db, userId: number, day: string) {
  return countedCafeOrderRows(db)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('cafe_day', '=', day);
}

/** A person's orders placed with this Idempotency-Key (one at most: the key is unique per person). */
export function byIdempotencyKey(db: Db, userId: number, key: string) {
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
  tumbler_missing_at?: string | null;
  reminded_at?: string | null;
}

export type NewOrder = Omit<Insertable<OrdersTable>, 'id'>;

/** An entry of an order's history: its move from `from` (null: just placed) to `to`, by whom, when. */
export type PlacedEntry = {
  from: OrderStatus | null;
  to: OrderStatus;
  changedBy: number;
  note: string | null;
  at: string;
};

/** An entry's columns in order_status_history, all but the order's id. */
const historyColumns = (entry: PlacedEntry) => ({
  from_status: entry.from,
  to_status: entry.to,
  changed_by: entry.changedBy,
  note: entry.note,
  changed_at: entry.at,
});

/** One prepared statement per set of order columns given (callers give them all, so there is one). */
function perShape<P extends Record<string, unknown>, R>(
  prepare: (columns: (keyof NewOrder)[]) => (db: Db, params: P) => Promise<R[]>,
): (order: NewOrder) => (db: Db, params: P) => Promise<R[]> {
  const prepared = new Map<string, (db: Db, params: P) => Promise<R[]>>();
  return (order) => {
    const columns = Object.keys(order) as (keyof NewOrder)[];
    const shape = columns.join(',');
    if (!prepared.has(shape)) prepared.set(shape, prepare(columns));
    return prepared.get(shape) as (db: Db, params: P) => Promise<R[]>;
  };
}

const insertOrderQuery = perShape((columns) =>
  preparedQuery<NewOrder, { id: number }>(columns, (trx, p) => trx.insertInto('orders').values(p).returning('id')),
);

/** PostgreSQL: the order inserted in a WITH, its first history entry taking its id. */
const insertPlacedQuery = perShape((columns) =>
  preparedQuery<NewOrder & PlacedEntry, { id: number }>(
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
        .values((eb) => ({ order_id: eb.selectFrom('placed').select('placed.id'), ...historyColumns(p) }))
        .returning('order_id as id'),
  ),
);

/**
 * A new order and its first history entry. On PostgreSQL in one statement (the order inserted in a
 * WITH, the entry taking its id): a round trip fewer for every placement. SQLite runs the two
 * inserts one after the other, where a statement costs no round trip.
 */
async function insertPlacedOrder(
  db: Db,
  dialect: 'sqlite' | 'postgres',
  order: NewOrder,
  entry: PlacedEntry,
): Promise<number> {
  const [row] =
    dialect === 'sqlite'
      ? await insertOrderQuery(order)(db, order)
      : await insertPlacedQuery(order)(db, { ...order, ...entry });
  if (!row) throw new Error('the order insert returned no id');
  if (dialect === 'sqlite') await insertHistory(db, { orderId: row.id, ...entry });
  return Number(row.id);
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
  placed: readonly { order: NewOrder; entry: PlacedEntry; promise?: PromiseTable | undefined }[],
): Promise<number[]> {
  if (dialect === 'sqlite' || placed.length === 1) {
    const ids: number[] = [];
    for (const { order, entry, promise } of placed) {
      if (promise) {
        // The promise of its place, counted in its insert (promise-sql.ts).
        const row = await db
          .insertInto('orders')
          .values({ ...order, promised_ready_at: promisedAtSql(dialect, order, promise) })
          .returning('id')
          .executeTakeFirstOrThrow();
        await insertHistory(db, { orderId: Number(row.id), ...entry });
        ids.push(Number(row.id));
      } else ids.push(await insertPlacedOrder(db, dialect, order, entry));
    }
    return ids;
  }
  if (placed.length === 0) return [];
  const { rows } = await sql<{ id: number }>`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id
    from generate_series(1, ${placed.length})`.execute(db);
  const ids = rows.map((row) => Number(row.id));
  if (ids.length !== placed.length) throw new Error('the orders sequence gave too few ids');
  await db
    .with('placed', (w) =>
      w.insertInto('orders').values(
        placed.map(({ order, promise }, i) => ({
          ...order,
          id: ids[i] as number,
          // The statement's count does not see this batch's orders: those of the same line before it are added.
          ...(promise ? { promised_ready_at: promisedAtSql(dialect, order, promise, sameLineBefore(placed, i)) } : {}),
        })),
      ),
    )
    .insertInto('order_status_history')
    .values(placed.map(({ entry }, i) => ({ order_id: ids[i] as number, ...historyColumns(entry) })))
    .execute();
  return ids;
}

/** How many orders for now of the same line come before the `i`th of a batch. */
function sameLineBefore(placed: readonly { order: NewOrder; promise?: PromiseTable | undefined }[], i: number): number {
  const own = placed[i]?.order;
  if (!own) return 0;
  return placed
    .slice(0, i)
    .filter(
      ({ order, promise }) =>
        promise &&
        order.site_id === own.site_id &&
        order.cafe_day === own.cafe_day &&
        order.category_for === own.category_for,
    ).length;
}

/** Writes an entry of an order's history (prepared once). */
export const insertHistory = preparedQuery<PlacedEntry & { orderId: number }, never>(
  ['orderId', 'from', 'to', 'changedBy', 'note', 'at'],
  (db, p) => db.insertInto('order_status_history').values({ order_id: p.orderId, ...historyColumns(p) }),
);
