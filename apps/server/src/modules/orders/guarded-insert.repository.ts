/**
 * A single placement as one write: the owner's guards read and the order inserted only when they
 * allow it, with its first history entry and its place in its line (docs/decisions/0072-statements-counted.md).
 */
import { UNCOUNTED_ORDER_STATUSES } from '@cafe/shared';
import { sql, type SelectQueryBuilder } from 'kysely';
import { jsonParam } from '../../db/json-param';
import type { Database, Db } from '../../db/types';
import {
  byIdempotencyKey,
  countCountedCafeOrders,
  countedCafeOrders,
  insertHistory,
  placementGuards,
} from './order-writes.repository';
import type { NewOrder, PlacedEntry } from './order-writes.repository';
import { waitingAhead } from './orders.repository';
import { promisedAtSql, type PromiseTable } from './promise-sql';

/**
 * A single placement's insert, made only when its guards allow it (insertGuardedOrder): the archived
 * site and the daily limit that commitRefusal (pending-order.ts) decides, enforced here race-free.
 */
export interface GuardedOrder {
  order: NewOrder;
  entry: PlacedEntry;
  /** Counted toward the owner's daily limit: inserted only while they have fewer counted orders of its day than this. */
  limit: number | null;
  /** Its Idempotency-Key: inserted only when the owner has no order with it yet. */
  key: string | null;
  /** false: nothing is inserted, the guards are only read (the site is archived). */
  insert: boolean;
  /** The instants promised by place (PendingOrder.promise): the one of its place is stored (promise-sql.ts). */
  promise?: PromiseTable | undefined;
  /**
   * PostgreSQL, the placement alone in its statement: its site's row as the sites module holds it
   * for a placement (`archived_at`, FOR KEY SHARE), held after the owner's account and read with
   * the guards; `insert` is then the site not archived, and the outcome says whether it was.
   * Asked for on PostgreSQL only (SQLite reads the site before the insert).
   */
  site: () => SiteHold;
}

/** The site's row held for a placement (the sites module's placementHold). */
export type SiteHold = SelectQueryBuilder<Database, 'sites', { archived_at: string | null }>;

/** What insertGuardedOrder did: the new order (with the orders ahead of it in its line), or the guards that held it back. */
export type GuardedOutcome = (
  | { placed: number; counted: number; ahead: number }
  | { placed: null; counted: number; found: { id: number; fingerprint: string | null } | undefined }
) & {
  /** PostgreSQL: whether the site was archived (SQLite's caller read it before). */
  archived?: boolean;
};

/**
 * One placement in one statement where the engine allows (PostgreSQL): the owner's account held
 * and their counted orders of the day and an order with the same key read after it
 * (cafe_placement_guards, migration 035: its reads see every order committed by a placement that
 * held the account first), the site held and read (`site`), the order and its first history entry
 * inserted when nothing holds it back, and its place in its line counted, together: no BEGIN and
 * COMMIT. SQLite inserts with the same condition and writes the history entry after it; the guards
 * are read again only when nothing was inserted.
 */
export async function insertGuardedOrder(
  db: Db,
  dialect: 'sqlite' | 'postgres',
  guarded: GuardedOrder,
): Promise<GuardedOutcome> {
  const { order, promise } = guarded;
  const withPromise = promise ? { ...order, promised_ready_at: null } : order;
  const columns = Object.keys(withPromise) as (keyof NewOrder)[];
  /** A column's value: the promise of its place counted with the insert, or as given. */
  const valueOf: ValueOf = (c, given) =>
    c === 'promised_ready_at' && promise ? promisedAtSql(dialect, order, promise) : given();
  return dialect === 'postgres'
    ? insertInOneStatement(db, guarded, columns, valueOf)
    : insertThenHistory(db, guarded, columns, valueOf);
}

type ValueOf = (c: keyof NewOrder, given: () => ReturnType<typeof sql>) => ReturnType<typeof sql>;

/** PostgreSQL: the guards, the site, the insert, its history entry and its place, in one statement. */
async function insertInOneStatement(
  db: Db,
  { order, entry, limit, key, insert, site }: GuardedOrder,
  columns: (keyof NewOrder)[],
  valueOf: ValueOf,
): Promise<GuardedOutcome> {
  // Held and read after the owner's account (g first: the order a batch takes its locks in).
  const guards =
    limit === null && key === null
      ? sql`select 0::bigint as counted, null::integer as found_id, null::text as found_fingerprint`
      : sql`select * from cafe_placement_guards(${order.user_id}::int, ${order.cafe_day}::text, ${key}::text,
          ${[...UNCOUNTED_ORDER_STATUSES]}::text[])`;
  const { rows } = await sql<{
    n: number;
    found_id: number | null;
    found_fingerprint: string | null;
    archived: boolean;
    id: number | null;
    ahead: number | null;
  }>`with g as (${guards}), s as (${site().where(sql<boolean>`exists (select 1 from g)`)}), placed as (
      insert into orders (${sql.join(columns.map((c) => sql.ref(c)))})
      select ${sql.join(columns.map((c) => valueOf(c, () => sql`${sql.ref(`r.${c}`)}`)))}
      from g, s, json_populate_record(null::orders, ${jsonParam(order)}::json) r
      where ${insert}::boolean and s.archived_at is null and g.found_id is null
        and (${limit}::int is null or g.counted < ${limit}::int)
      returning id, site_id, cafe_day, category_for, order_date
    ), entry as (
      insert into order_status_history (order_id, from_status, to_status, changed_by, note, changed_at)
      select id, ${entry.from}::text, ${entry.to}::text, ${entry.changedBy}::int, ${entry.note}::text, ${entry.at}::text
      from placed
    )
    select g.counted as n, g.found_id, g.found_fingerprint, exists (select 1 from s where s.archived_at is not null) as archived,
      placed.id, (${waitingAhead(db, 'placed')}) as ahead
    from g left join placed on true`.execute(db);
  const [row] = rows;
  if (!row) throw new Error('the guarded insert answered nothing');
  const counted = Number(row.n);
  const archived = Boolean(row.archived);
  if (row.id !== null) return { placed: Number(row.id), counted, ahead: Number(row.ahead ?? 0), archived };
  const found = row.found_id === null ? undefined : { id: Number(row.found_id), fingerprint: row.found_fingerprint };
  return { placed: null, counted, found, archived };
}

/** SQLite: the guarded insert, then its history entry; the guards read again only when nothing was inserted. */
async function insertThenHistory(
  db: Db,
  { order, entry, limit, key, insert }: GuardedOrder,
  columns: (keyof NewOrder)[],
  valueOf: ValueOf,
): Promise<GuardedOutcome> {
  const counted = countedCafeOrders(db, order.user_id, order.cafe_day);
  const keyed = key === null ? sql`null` : byIdempotencyKey(db, order.user_id, key).select('id');
  const { rows } = await sql<{ id: number; counted_before: number; ahead: number }>`
    insert into orders (${sql.join(columns.map((c) => sql.ref(c)))})
    select ${sql.join(columns.map((c) => valueOf(c, () => sql`${order[c] ?? null}`)))}
    where ${insert ? 1 : 0} and (${keyed}) is null and (${limit} is null or (${counted}) < ${limit})
    returning id, (${counted.where('c.id', '<', sql.ref<never>('orders.id'))}) as counted_before,
      (${waitingAhead(db, 'orders')}) as ahead`.execute(db);
  const [row] = rows;
  if (row) {
    await insertHistory(db, { orderId: Number(row.id), ...entry });
    return { placed: Number(row.id), counted: Number(row.counted_before), ahead: Number(row.ahead) };
  }
  if (key === null)
    return { placed: null, counted: await countCountedCafeOrders(db, order.user_id, order.cafe_day), found: undefined };
  const guards = await placementGuards(db, order.user_id, order.cafe_day, key);
  return { placed: null, counted: guards.counted, found: guards.found };
}
