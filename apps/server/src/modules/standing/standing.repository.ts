import type { Db, StandingOrderRunsTable, StandingOrdersTable } from '../../db/types';
import type { PeopleText } from '@cafe/shared';
import type { Selectable } from 'kysely';

export type StandingRow = Selectable<StandingOrdersTable>;
/** A day's record of a standing order: claimed (`placing`), then its outcome. */
export type RunRow = Selectable<StandingOrderRunsTable>;

// ---------- standing orders ----------

/** The running standing orders (not ended), of one person when `userId` is given, oldest first. */
export function listRunning(db: Db, userId?: number): Promise<StandingRow[]> {
  return db
    .selectFrom('standing_orders')
    .selectAll()
    .$if(userId !== undefined, (q) => q.where('user_id', '=', userId as number))
    .where('ended_at', 'is', null)
    .orderBy('id')
    .execute();
}

export function findStanding(db: Db, id: number): Promise<StandingRow | undefined> {
  return db.selectFrom('standing_orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Inserts a standing order; with a creation key another one already holds for the person (the same
 * form sent twice), inserts nothing and answers null.
 */
export async function insertStanding(
  db: Db,
  row: Omit<StandingRow, 'id' | 'paused' | 'skip_date' | 'ended_at' | 'ended_reason'>,
): Promise<number | null> {
  const inserted = await db
    .insertInto('standing_orders')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'creation_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

/**
 * The person's running standing order that a new one repeats: set with the same key (the same form
 * sent again), or the same in every field (the same body sent again).
 */
export function findRepeated(
  db: Db,
  userId: number,
  row: Pick<StandingRow, 'site_id' | 'drink' | 'weekdays' | 'time' | 'creation_key'>,
): Promise<StandingRow | undefined> {
  return db
    .selectFrom('standing_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        ...(row.creation_key === null ? [] : [eb('creation_key', '=', row.creation_key)]),
        eb.and([
          eb('ended_at', 'is', null),
          eb('site_id', '=', row.site_id),
          row.drink === null ? eb('drink', 'is', null) : eb('drink', '=', row.drink),
          eb('weekdays', '=', row.weekdays),
          eb('time', '=', row.time),
        ]),
      ]),
    )
    .orderBy('id')
    .executeTakeFirst();
}

export async function updateStanding(
  db: Db,
  id: number,
  patch: Partial<
    Pick<StandingRow, 'drink' | 'weekdays' | 'time' | 'paused' | 'skip_date' | 'diet_confirmed' | 'updated_at'>
  >,
): Promise<void> {
  await db.updateTable('standing_orders').set(patch).where('id', '=', id).execute();
}

/** Ends the running standing orders matching `where`; answers how many. */
export async function endStanding(
  db: Db,
  where: { userId?: number; siteId?: number; id?: number; notSiteId?: number },
  reason: string,
  at: string,
): Promise<number> {
  let query = db
    .updateTable('standing_orders')
    .set({ ended_at: at, ended_reason: reason, updated_at: at })
    .where('ended_at', 'is', null);
  if (where.id !== undefined) query = query.where('id', '=', where.id);
  if (where.userId !== undefined) query = query.where('user_id', '=', where.userId);
  if (where.siteId !== undefined) query = query.where('site_id', '=', where.siteId);
  if (where.notSiteId !== undefined) query = query.where('site_id', '!=', where.notSiteId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

// ---------- the days' records ----------

/**
 * Claims a day of a standing order for this process: inserts its record as `placing`. Answers false
 * when a record for that day exists already (another process, or before a restart): the primary key
 * (standing_order_id, day) lets one insert win.
 */
export async function claimDay(db: Db, standingOrderId: number, day: string, at: string): Promise<boolean> {
  const result = await db
    .insertInto('standing_order_runs')
    .values({
      standing_order_id: standingOrderId,
      day,
      outcome: 'placing',
      order_id: null,
      reason: null,
      reason_text: null,
      created_at: at,
    })
    .onConflict((oc) => oc.columns(['standing_order_id', 'day']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Takes over a claim left `placing` since before `staleBefore` (its process stopped mid-way): answers
 * true when this process now holds it. The retry places with the same Idempotency-Key, so an order
 * the stopped process did make is found again rather than made twice.
 */
export async function reclaimStale(
  db: Db,
  standingOrderId: number,
  day: string,
  staleBefore: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('standing_order_runs')
    .set({ created_at: at })
    .where('standing_order_id', '=', standingOrderId)
    .where('day', '=', day)
    .where('outcome', '=', 'placing')
    .where('created_at', '<', staleBefore)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function settleDay(
  db: Db,
  standingOrderId: number,
  day: string,
  outcome: {
    outcome: 'placed' | 'skipped' | 'failed';
    orderId: number | null;
    reason: string | null;
    reasonText?: PeopleText;
  },
): Promise<void> {
  await db
    .updateTable('standing_order_runs')
    .set({
      outcome: outcome.outcome,
      order_id: outcome.orderId,
      reason: outcome.reason,
      reason_text: outcome.reasonText ? JSON.stringify(outcome.reasonText) : null,
    })
    .where('standing_order_id', '=', standingOrderId)
    .where('day', '=', day)
    .execute();
}

export function findRun(db: Db, standingOrderId: number, day: string): Promise<RunRow | undefined> {
  return db
    .selectFrom('standing_order_runs')
    .selectAll()
    .where('standing_order_id', '=', standingOrderId)
    .where('day', '=', day)
    .executeTakeFirst();
}

/**
 * The latest settled record of each of `ids` (one row each, however many days they ran). A day
 * still being placed (`placing`: a claim, maybe of a process that stopped) is not an outcome yet.
 */
export async function latestRuns(db: Db, ids: readonly number[]): Promise<Map<number, RunRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('standing_order_runs as r')
    .selectAll()
    .where('r.standing_order_id', 'in', ids)
    .where('r.outcome', '!=', 'placing')
    .where('r.day', '=', (eb) =>
      eb
        .selectFrom('standing_order_runs as later')
        .select((inner) => inner.fn.max('later.day').as('day'))
        .whereRef('later.standing_order_id', '=', 'r.standing_order_id')
        .where('later.outcome', '!=', 'placing'),
    )
    .execute();
  return new Map(rows.map((row) => [row.standing_order_id, row]));
}

/** The records of `days` (keys "id:day"), to pass over the days already settled without a write each. */
export async function settledOn(db: Db, days: readonly string[]): Promise<Set<string>> {
  if (days.length === 0) return new Set();
  const rows = await db
    .selectFrom('standing_order_runs')
    .select(['standing_order_id', 'day'])
    .where('day', 'in', days)
    .where('outcome', '!=', 'placing')
    .execute();
  return new Set(rows.map((row) => `${row.standing_order_id}:${row.day}`));
}
