/**
 * Who makes an order (decision 0074): a claim or its giving back, with its timeline entry, in one
 * statement on PostgreSQL (the entry a data-modifying CTE of the update); SQLite writes the two in
 * the caller's transaction.
 */
import { type OrderStatus } from '@cafe/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/types';
import { insertHistory } from './order-writes.repository';

export interface ClaimChange {
  id: number;
  /** The status the order was read in: the claim applies only while it is still in it. */
  status: OrderStatus;
  /** The barista taking it, or null to give it back. */
  to: number | null;
  /** Who may hold it when the write runs: the claim applies only then (so of two at once, one wins). */
  heldBy: readonly (number | null)[];
  at: string;
}

/** Answers the claim's columns as written, or undefined when the order had moved or someone else took it first. */
export async function writeClaim(
  db: Db,
  dialect: 'sqlite' | 'postgres',
  change: ClaimChange,
  entry: { changedBy: number; note: string },
): Promise<{ claimed_by: number | null; claimed_at: string | null; updated_at: string } | undefined> {
  const holders = change.heldBy.filter((id): id is number => id !== null);
  const update = db
    .updateTable('orders')
    .set({ claimed_by: change.to, claimed_at: change.to === null ? null : change.at, updated_at: change.at })
    .where('id', '=', change.id)
    .where('status', '=', change.status)
    .where((eb) =>
      eb.or([
        ...(change.heldBy.includes(null) ? [eb('claimed_by', 'is', null)] : []),
        ...(holders.length ? [eb('claimed_by', 'in', holders)] : []),
      ]),
    )
    .returning(['claimed_by', 'claimed_at', 'updated_at']);
  if (dialect === 'sqlite') {
    const claimed = await update.executeTakeFirst();
    if (!claimed) return undefined;
    await insertHistory(db, { orderId: change.id, from: change.status, to: change.status, ...entry, at: change.at });
    return claimed;
  }
  const { rows } = await sql<{ claimed_by: number | null; claimed_at: string | null; updated_at: string }>`
    with claimed as (${update}), entry as (
      insert into order_status_history (order_id, from_status, to_status, changed_by, note, changed_at)
      select ${change.id}::int, ${change.status}::text, ${change.status}::text, ${entry.changedBy}::int, ${entry.note}::text, ${change.at}::text
      from claimed
    ) select * from claimed`.execute(db);
  return rows[0];
}
