/**
 * The order reads of the queue and the board: the one order query every read starts from (the
 * order with its item, category, owner, site and options in a single statement), a person's orders
 * of today with their place in the queue, the filtered lists, and the counts and completion times
 * the wait estimate works from. Kept apart from the history reads and from the writes, which change
 * for other reasons (paging, placement, moves) than what the live screens show.
 */
import { type OrderStatus } from '@cafe/shared';
import { preparedQuery } from '../../db/prepared-query';
import { PostgresAdapter, sql } from 'kysely';
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
 * category's current one. Who makes it (`cu`, migration 026): their name as it is now. A drink of
 * a coffee run (`rn`, migration 032): its run, runner (`rr`) and place among the run's drinks.
 */
export function orderQuery(db: Db) {
  return db
    .selectFrom('orders as o')
    .innerJoin('menu_items as m', 'm.id', 'o.menu_id')
    .innerJoin('categories as c', 'c.id', 'm.category_id')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .innerJoin('sites as s', 's.id', 'o.site_id')
    .leftJoin('users as cu', 'cu.id', 'o.claimed_by')
    .leftJoin('runs as rn', 'rn.id', 'o.run_id')
    .leftJoin('users as rr', 'rr.id', 'rn.runner_id')
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
      'c.kind as category_kind',
      'o.pickup_at',
      'o.done_at',
      'o.tumbler_missing_at',
      // The grace of the mark, fixed when it was made (the site's may have changed since).
      'o.tumbler_grace_seconds',
      'o.reminded_at',
      'o.owner_avoids',
      'o.diet_warnings',
      'o.claimed_by',
      'cu.name as claimed_by_name',
      optionsColumn(db).as('options_json'),
      'o.own_cup',
      'o.promised_ready_at',
      'o.run_id',
      'rn.place as run_place',
      'rn.runner_id as run_runner_id',
      'rr.name as run_runner_name',
      runCount('<=').as('run_position'),
      runCount(null).as('run_of'),
    ]);
}

/**
 * A run's drinks that are not withdrawn or rejected: up to this order (`<=`, its place among them,
 * in the order added) or all of them. Null for an order of no run, which is never counted.
 */
function runCount(upTo: '<=' | null) {
  return sql<number | string | null>`case when o.run_id is null then null else (select count(*) from orders rd
    where rd.run_id = o.run_id and rd.status not in ('cancel', 'rejected')${upTo ? sql` and rd.id <= o.id` : sql``}) end`;
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

/** Orders by id, in one statement (the live events of a burst, read again when numbered). */
export async function findOrders(db: Db, ids: readonly number[]): Promise<Map<number, OrderRow>> {
  if (ids.length === 1) {
    const row = await findOrder(db, ids[0] as number);
    return new Map(row ? [[row.id, row]] : []);
  }
  if (ids.length === 0) return new Map();
  const rows = await orderQuery(db)
    .where('o.id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The count of waiting orders ahead of an order in its line (same site, venue and day; placed
 * earlier, ties broken by id): its place is this + 1. `ref` names the order's row, an alias with
 * the orders' columns (a query's `o`, a placement's inserted row). One expression for every read
 * and write that numbers.
 */
export function waitingAhead(db: Db, ref: string) {
  const of = (column: string) => sql.ref<never>(`${ref}.${column}`);
  return db
    .selectFrom('orders as ahead')
    .select((e) => e.fn.countAll<number>().as('n'))
    .where('ahead.status', '=', 'ordered')
    .where('ahead.site_id', '=', of('site_id'))
    .where('ahead.cafe_day', '=', of('cafe_day'))
    .where('ahead.category_for', '=', of('category_for'))
    .where((e) =>
      e.or([
        e('ahead.order_date', '<', of('order_date')),
        e.and([e('ahead.order_date', '=', of('order_date')), e('ahead.id', '<', of('id'))]),
      ]),
    );
}

const userDayQueue = preparedQuery<{ userId: number; day: string }, OrderRow & { ahead: number | string | null }>(
  ['userId', 'day'],
  (db, p) =>
    orderQuery(db)
      .select(waitingAhead(db, 'o').as('ahead'))
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

/**
 * The orders ahead of each of these (waiting) orders in their lines, in one statement: what a
 * placement answers as the new order's place (`queue_at` = ahead + 1).
 */
export async function aheadOf(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('orders as o')
    .select(['o.id', waitingAhead(db, 'o').as('ahead')])
    .where('o.id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [Number(row.id), Number(row.ahead ?? 0)]));
}

export function listOrders(
  db: Db,
  filter: { siteId?: number; venue?: Venue; statuses?: readonly OrderStatus[]; startDate?: string; endDate?: string },
): Promise<OrderRow[]> {
  let query = orderQuery(db);
  if (filter.siteId !== undefined) query = query.where('o.site_id', '=', filter.siteId);
  if (filter.venue !== undefined) query = query.where('o.category_for', '=', filter.venue);
  if (filter.statuses && filter.statuses.length > 0) query = query.where('o.status', 'in', filter.statuses);
  if (filter.startDate) query = query.where('o.cafe_day', '>=', filter.startDate);
  if (filter.endDate) query = query.where('o.cafe_day', '<', filter.endDate);
  return query.orderBy('o.order_date', 'asc').orderBy('o.id', 'asc').execute();
}

/** A site's venue's orders, of every day. */
export function venueOrders(db: Db, siteId: number, venue: Venue) {
  return db.selectFrom('orders').where('site_id', '=', siteId).where('category_for', '=', venue);
}

/** A queue's orders: those of a venue of a site on one day. */
export function queueOrders(db: Db, { siteId, venue, day }: QueueKey) {
  return venueOrders(db, siteId, venue).where('cafe_day', '=', day);
}

/** How many orders of a queue are in `status`: waiting (ordered) or being made right now (in-progress). */
export async function countInStatus(db: Db, key: QueueKey, status: 'ordered' | 'in-progress'): Promise<number> {
  const row = await queueOrders(db, key)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', status)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * What the line model needs of a queue's orders (promise-inputs.ts): its waiting and in-progress
 * orders, and those a barista claimed or finished since `since` (who works now), each with its
 * item, when it was taken and who has it.
 */
export interface LineFact {
  id: number;
  menu_id: number;
  status: OrderStatus;
  order_date: string;
  taken_at: string | null;
  claimed_by: number | null;
  claimed_at: string | null;
}

/** A queue's drinks in progress and latest completions, with the line model's facts (LineFact). */
export interface Pace {
  inProgress: number;
  completions: string[];
  facts?: LineFact[];
}
