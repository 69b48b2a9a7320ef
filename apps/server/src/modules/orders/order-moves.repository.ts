/**
 * An order's move as one write: the update (only while the order is still in the status it was
 * read in), its history entry, what commits with it, and the pace of its line, in one statement
 * where the engine allows (docs/decisions/0072-statements-counted.md).
 */
import { type OrderStatus } from '@cafe/shared';
import { sql, type Expression, type Selectable, type SqlBool } from 'kysely';
import type { Db, OrdersTable } from '../../db/types';
import type { ReadBeside } from '../../lib/domain-events';
import { insertHistory, type OrderTimes } from './order-writes.repository';
import { type Pace, type QueueKey } from './orders.repository';
import { paceOf, paceSelections, readQueueInputs, type PaceColumns } from './queue-inputs.repository';
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
    /** Applies only while the order's `updated_at` is still this (the move was decided on a known row). */
    unchangedSince?: string | undefined;
  },
  entry: { changedBy: number; note: string | null },
  also: {
    /** PostgreSQL: writes that commit with the move, in the same statement (each made only when the order moved). */
    writes?: readonly ((moved: Expression<SqlBool>) => Expression<unknown>)[];
    /** PostgreSQL: values selected beside the move, each handed to its `take` when the order moved. */
    reads?: readonly ReadBeside[];
    /**
     * A queue whose pace the move changes: its drinks in progress and latest completions
     * (`recentLimit`). PostgreSQL counts them in the same statement, as they were before the move
     * (`paceBefore`: the caller adds the move itself); SQLite reads them after it (`paceAfter`).
     */
    pace?: { key: QueueKey; recentLimit: number; workingSince?: string } | undefined;
  } = {},
): Promise<(MovedColumns & { paceBefore?: Pace; paceAfter?: Pace }) | undefined> {
  const { writes = [], reads = [], pace } = also;
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
    .$if(change.unchangedSince !== undefined, (q) => q.where('updated_at', '=', change.unchangedSince as string))
    .returning([...MOVED_COLUMNS]);
  if (dialect === 'sqlite') {
    const moved = await update.executeTakeFirst();
    if (!moved) return undefined;
    await insertHistory(db, { orderId: change.id, from: change.from, ...entry, to: change.to, at: change.at });
    if (!pace) return moved;
    // Read after the move, in its transaction: the pace as the move left it.
    const read = await readQueueInputs(db, dialect, pace.key, { pace });
    return { ...moved, paceAfter: read.pace };
  }
  const { rows } = await sql<MovedColumns>`with moved as (${update}), entry as (
      insert into order_status_history (order_id, from_status, to_status, changed_by, note, changed_at)
      select ${change.id}::int, ${change.from}::text, ${change.to}::text, ${entry.changedBy}::int, ${entry.note}::text, ${change.at}::text
      from moved
    )${sql.join(
      writes.map(
        (write, i) => sql`, ${sql.raw(`also_${i}`)} as (${write(sql<SqlBool>`exists (select 1 from moved)`)})`,
      ),
      sql``,
    )}
    select moved.*${pace ? sql`, ${paceSelections(db, dialect, pace.key, pace)}` : sql``}${sql.join(
      reads.map((read, i) => sql`, ${read.select} as ${sql.raw(`read_${i}`)}`),
      sql``,
    )} from moved`.execute(db);
  const [row] = rows as (MovedColumns & PaceColumns & Record<`read_${number}`, unknown>)[];
  if (!row) return undefined;
  reads.forEach((read, i) => read.take(row[`read_${i}`]));
  // The order's columns alone: not the pace's, nor what was read beside.
  const moved = Object.fromEntries(MOVED_COLUMNS.map((column) => [column, row[column]])) as MovedColumns;
  return pace ? { ...moved, paceBefore: paceOf(row) } : moved;
}
