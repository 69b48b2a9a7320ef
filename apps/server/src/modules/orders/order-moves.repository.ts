/**
 * An order's move as one write: the update (only while the order is still in the status it was
 * read in), its history entry, what commits with it, and the pace of its line, in one statement
 * where the engine allows (docs/decisions/0072-statements-counted.md).
 */
import { type OrderStatus } from '@cafe/shared';
import { sql, type Expression, type Selectable, type SqlBool } from 'kysely';
import type { Db, OrdersTable } from '../../db/types';
import { insertHistory, type OrderTimes } from './order-writes.repository';
import { readPace, type LineFact, type Pace, type QueueKey } from './orders.repository';
import { factOf } from './promise-inputs';
import { runStillOpen } from './runs.repository';

/** The columns of an order a move may change, as moveOrder answers them. */
export const MOVED_COLUMNS = [
  'status',
  'updated_at',
  'reject_note',
  'order_date',
  'taken_at',
  'done_at',
  'tumbler_missing_at',
  'tumbler_grace_seconds',
  'reminded_at',
  'claimed_by',
  'claimed_at',
] as const;
export type MovedColumns = Pick<Selectable<OrdersTable>, (typeof MOVED_COLUMNS)[number]>;

/**
 * An order's move with its history entry, in one statement on PostgreSQL (the history is written
 * by a data-modifying CTE of the update): applied only while the order is still in the status it
 * was read in, so of two simultaneous moves one wins. Answers the columns the move may have
 * changed, as they are now, or undefined when the order had moved on. SQLite updates and writes
 * the entry in two statements, which the caller's transaction holds together.
 */
export async function moveOrder(
  db: Db,
  dialect: 'sqlite' | 'postgres',
  change: {
    id: number;
    from: OrderStatus;
    to: OrderStatus;
    at: string;
    rejectNote?: string;
    /** The order's times the move writes (taken, done) or clears (an undo). */
    times?: OrderTimes;
    /**
     * The barista whose move takes the order when nobody has: the move applies only while nobody
     * else has taken it (decision 0074).
     */
    claimBy?: number;
    /** A run's drink withdrawn by its owner: applies only while its run is still open (runs.repository runStillOpen). */
    whileRunOpen?: boolean;
  },
  entry: { changedBy: number; note: string | null },
  /** PostgreSQL: writes that commit with the move, in the same statement (each made only when the order moved). */
  alsoWrite: readonly ((moved: Expression<SqlBool>) => Expression<unknown>)[] = [],
  /**
   * A queue whose pace the move changes: its drinks in progress and latest completions
   * (`recentLimit`). PostgreSQL counts them in the same statement, as they were before the move
   * (`paceBefore`: the caller adds the move itself); SQLite reads them after it (`paceAfter`).
   */
  pace?: { key: QueueKey; recentLimit: number; workingSince?: string },
): Promise<(MovedColumns & { paceBefore?: Pace; paceAfter?: Pace }) | undefined> {
  const update = db
    .updateTable('orders')
    .set({
      status: change.to,
      updated_at: change.at,
      ...(change.rejectNote !== undefined ? { reject_note: change.rejectNote } : {}),
      ...change.times,
      ...(change.claimBy !== undefined
        ? {
            claimed_by: sql<number>`coalesce(claimed_by, ${change.claimBy})`,
            claimed_at: sql<string>`coalesce(claimed_at, ${change.at})`,
          }
        : {}),
    })
    .where('id', '=', change.id)
    .where('status', '=', change.from)
    .$if(change.claimBy !== undefined, (q) =>
      q.where((eb) => eb.or([eb('claimed_by', 'is', null), eb('claimed_by', '=', change.claimBy as number)])),
    )
    .$if(change.whileRunOpen === true, (q) => q.where((eb) => eb.exists(runStillOpen(db, dialect, change.at))))
    .returning([...MOVED_COLUMNS]);
  if (dialect === 'sqlite') {
    const moved = await update.executeTakeFirst();
    if (!moved) return undefined;
    await insertHistory(db, { orderId: change.id, from: change.from, ...entry, to: change.to, at: change.at });
    if (!pace) return moved;
    // Read after the move, in its transaction: the pace as the move left it.
    return { ...moved, paceAfter: await readPace(db, pace.key, pace.recentLimit, pace.workingSince) };
  }
  const { rows } = await sql<MovedColumns>`with moved as (${update}), entry as (
      insert into order_status_history (order_id, from_status, to_status, changed_by, note, changed_at)
      select ${change.id}::int, ${change.from}::text, ${change.to}::text, ${entry.changedBy}::int, ${entry.note}::text, ${change.at}::text
      from moved
    )${sql.join(
      alsoWrite.map(
        (write, i) => sql`, ${sql.raw(`also_${i}`)} as (${write(sql<SqlBool>`exists (select 1 from moved)`)})`,
      ),
      sql``,
    )}
    select moved.*${
      pace
        ? sql`, (select count(*) from orders q where q.site_id = ${pace.key.siteId} and q.category_for = ${pace.key.venue}
            and q.cafe_day = ${pace.key.day} and q.status = 'in-progress') as pace_in_progress,
          (select coalesce(json_agg(r.done_at order by r.done_at desc), '[]')::text from (select done_at from orders q
            where q.site_id = ${pace.key.siteId} and q.category_for = ${pace.key.venue} and q.done_at is not null
            and q.cafe_day = ${pace.key.day} order by q.done_at desc limit ${pace.recentLimit}) r) as pace_completions${
              pace.workingSince !== undefined
                ? sql`, (select coalesce(json_agg(json_build_object('id', q.id, 'menu_id', q.menu_id, 'status', q.status,
                    'order_date', q.order_date, 'taken_at', q.taken_at, 'claimed_by', q.claimed_by,
                    'claimed_at', q.claimed_at)), '[]')::text from orders q
                    where q.site_id = ${pace.key.siteId} and q.category_for = ${pace.key.venue}
                    and q.cafe_day = ${pace.key.day} and (q.status in ('ordered', 'in-progress')
                    or q.claimed_at >= ${pace.workingSince} or q.done_at >= ${pace.workingSince})) as pace_line`
                : sql``
            }`
        : sql``
    } from moved`.execute(db);
  const [row] = rows as (MovedColumns & {
    pace_in_progress?: number | string;
    pace_completions?: string;
    pace_line?: string;
  })[];
  if (!row) return undefined;
  const { pace_in_progress: inProgress, pace_completions: completions, pace_line: line, ...moved } = row;
  return pace && completions !== undefined
    ? {
        ...moved,
        paceBefore: {
          inProgress: Number(inProgress ?? 0),
          completions: JSON.parse(completions) as string[],
          ...(line !== undefined ? { facts: (JSON.parse(line) as LineFact[]).map(factOf) } : {}),
        },
      }
    : moved;
}
