/**
 * The coffee runs' rows (migration 032): a run with its site and runner, its drinks (orders with its
 * `run_id`), and the lock a drink joining it takes, which the runner's close conflicts with.
 */
import { UNCOUNTED_ORDER_STATUSES, type OrderStatus } from '@cafe/shared';
import { sql, type Insertable } from 'kysely';
import type { Db, RunsTable } from '../../db/types';
import { orderQuery, type OrderRow } from './orders.repository';

function runQuery(db: Db) {
  return db
    .selectFrom('runs as r')
    .innerJoin('sites as s', 's.id', 'r.site_id')
    .leftJoin('users as u', 'u.id', 'r.runner_id')
    .select([
      'r.id',
      'r.site_id',
      's.name as site_name',
      'r.runner_id',
      'u.name as runner_name',
      'r.place',
      'r.pickup_at',
      'r.closes_at',
      'r.closed_at',
      'r.created_at',
    ]);
}

export type RunRow = Awaited<ReturnType<ReturnType<typeof runQuery>['executeTakeFirstOrThrow']>>;

export function findRun(db: Db, id: number): Promise<RunRow | undefined> {
  return runQuery(db).where('r.id', '=', id).executeTakeFirst();
}

/** A site's runs still open at `now` (ISO): not closed by their runner, their closing time not come. */
export function listOpenRuns(db: Db, siteId: number, now: string): Promise<RunRow[]> {
  return runQuery(db)
    .where('r.site_id', '=', siteId)
    .where('r.closed_at', 'is', null)
    .where('r.closes_at', '>', now)
    .orderBy('r.pickup_at')
    .orderBy('r.id')
    .execute();
}

/** How many runs a runner has open at a site at `now`. */
export async function countOpenRunsOf(db: Db, runnerId: number, siteId: number, now: string): Promise<number> {
  const row = await db
    .selectFrom('runs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('runner_id', '=', runnerId)
    .where('site_id', '=', siteId)
    .where('closed_at', 'is', null)
    .where('closes_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertRun(db: Db, run: Omit<Insertable<RunsTable>, 'id'>): Promise<number> {
  const { id } = await db.insertInto('runs').values(run).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

/**
 * The runner closes a run still open at `at`. On PostgreSQL the update waits for every join that
 * holds the run's row (lockRunsForJoin) and makes every later join see it closed.
 */
export async function closeRun(db: Db, id: number, at: string): Promise<void> {
  await db
    .updateTable('runs')
    .set({ closed_at: at })
    .where('id', '=', id)
    .where('closed_at', 'is', null)
    .where('closes_at', '>', at)
    .execute();
}

/**
 * Closes a run still open at `at` whose drinks have all left the counter (picked up or marked not
 * collected; withdrawn and rejected ones left out, at least one): the run is over. Answers whether
 * it closed it. The update holds the run's row as the runner's close does: a join that got in first
 * is still counted by the drinks it finds (or the run is closed with it, as by its runner), a later
 * one finds it closed.
 */
export async function closeRunIfOver(db: Db, id: number, at: string): Promise<boolean> {
  const gone: OrderStatus[] = ['picked', 'uncollected'];
  const result = await db
    .updateTable('runs')
    .set({ closed_at: at })
    .where('id', '=', id)
    .where('closed_at', 'is', null)
    .where('closes_at', '>', at)
    .where((eb) => {
      const drinks = (op: 'in' | 'not in', statuses: readonly OrderStatus[]) =>
        eb
          .selectFrom('orders')
          .select(sql<number>`1`.as('one'))
          .where('run_id', '=', id)
          .where('status', op, statuses);
      const left = drinks('not in', [...gone, ...UNCOUNTED_ORDER_STATUSES]);
      return eb.and([eb.exists(drinks('in', gone)), eb.not(eb.exists(left))]);
    })
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Every drink of these runs (all statuses), in the order they were added. */
export function listRunDrinks(db: Db, runIds: readonly number[]): Promise<OrderRow[]> {
  if (runIds.length === 0) return Promise.resolve([]);
  return orderQuery(db)
    .where('o.run_id', 'in', [...runIds])
    .orderBy('o.id')
    .execute();
}

/** The runs whose drinks these people have (not withdrawn or rejected), as `runId:userId`. */
export async function joinedRuns(db: Db, pairs: readonly { runId: number; userId: number }[]): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const rows = await db
    .selectFrom('orders')
    .select(['run_id', 'user_id'])
    .where('run_id', 'in', [...new Set(pairs.map((p) => p.runId))])
    .where('user_id', 'in', [...new Set(pairs.map((p) => p.userId))])
    .where('status', 'not in', UNCOUNTED_ORDER_STATUSES)
    .execute();
  return new Set(rows.map((row) => joinKey(Number(row.run_id), Number(row.user_id))));
}

export const joinKey = (runId: number, userId: number) => `${runId}:${userId}`;

/**
 * Inside a placement's transaction: holds the rows of the runs its drinks join until it commits
 * (PostgreSQL: FOR SHARE, which the runner's close waits for, and which waits for a close under
 * way and then reads it) and answers their times as they are then. SQLite runs one write
 * transaction at a time: a plain read is as good.
 */
export async function lockRunsForJoin(
  db: Db,
  dialect: 'sqlite' | 'postgres',
  runIds: readonly number[],
): Promise<Map<number, { closesAt: string; closedAt: string | null }>> {
  if (runIds.length === 0) return new Map();
  const query = db
    .selectFrom('runs')
    .select(['id', 'closes_at', 'closed_at'])
    .where('id', 'in', [...runIds])
    .orderBy('id');
  const rows = await (dialect === 'postgres' ? query.forShare() : query).execute();
  return new Map(rows.map((row) => [Number(row.id), { closesAt: row.closes_at, closedAt: row.closed_at }]));
}

/**
 * The condition of an owner's withdrawal (a cancel) of a run's drink, in the move's own statement:
 * its run is still open at `at`. On PostgreSQL the run's row is held (FOR SHARE) like a join's, so
 * a close either waits for the withdrawal or is seen by it.
 */
export function runStillOpen(db: Db, dialect: 'sqlite' | 'postgres', at: string) {
  const open = db
    .selectFrom('runs as wr')
    .select(sql<number>`1`.as('one'))
    .whereRef('wr.id', '=', sql.ref<number>('orders.run_id'))
    .where('wr.closed_at', 'is', null)
    .where('wr.closes_at', '>', at);
  return dialect === 'postgres' ? open.forShare() : open;
}

/** A drink of a coffee run, with its run's place and its runner's name (null once the account is gone). */
export interface RunDrinkRow {
  order_id: number;
  run_id: number;
  status: OrderStatus;
  place: string;
  runner_name: string | null;
}

/**
 * Every drink (withdrawn and rejected ones left out) of the runs that hold one of `orderIds`: the
 * screen shows a run once all of them are finished, and only then.
 */
export function drinksOfRunsHolding(db: Db, orderIds: readonly number[]): Promise<RunDrinkRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('orders as o')
    .innerJoin('runs as r', 'r.id', 'o.run_id')
    .leftJoin('users as u', 'u.id', 'r.runner_id')
    .select(['o.id as order_id', 'r.id as run_id', 'o.status', 'r.place', 'u.name as runner_name'])
    .where('o.run_id', 'in', (eb) =>
      eb
        .selectFrom('orders')
        .select('run_id')
        .where('id', 'in', [...orderIds])
        .where('run_id', 'is not', null),
    )
    .where('o.status', 'not in', [...UNCOUNTED_ORDER_STATUSES])
    .execute();
}
