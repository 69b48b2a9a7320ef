/**
 * What the counter's day writes and finds (docs/api/counter.md): a tumbler marked not here or
 * found, the reminder of a finished drink, and the orders whose tumbler time ran out or whose
 * reminder is due. Every write is guarded by what it was read as, so of several processes (or a
 * barista and a timer) exactly one makes it.
 */
import type { Db } from '../../db/types';

/**
 * Marks the order's tumbler not here (`to` an instant, with the grace it is given: its deadline is
 * fixed now) or found (`to` null), if it is still `status` and marked as `from`.
 */
export async function setTumblerMark(
  db: Db,
  change: { id: number; status: string; from: string | null; to: string | null; graceSeconds: number; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({
      tumbler_missing_at: change.to,
      ...(change.to === null ? {} : { tumbler_grace_seconds: change.graceSeconds }),
      updated_at: change.at,
    })
    .where('id', '=', change.id)
    .where('status', '=', change.status as 'ordered')
    .where('tumbler_missing_at', change.from === null ? 'is' : '=', change.from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records that the owner of the finished drink was reminded, once: false when it was already, or it left `done`. */
export async function setReminded(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ reminded_at: at })
    .where('id', '=', id)
    .where('status', '=', 'done')
    .where('reminded_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Orders still to be made whose tumbler is marked not here, with when and the grace it was given then. */
export function markedTumblers(db: Db) {
  return db
    .selectFrom('orders as o')
    .select(['o.id', 'o.tumbler_missing_at as since', 'o.tumbler_grace_seconds as grace'])
    .where('o.status', 'in', ['ordered', 'in-progress'])
    .where('o.tumbler_missing_at', 'is not', null)
    .execute();
}

/**
 * Finished drinks not picked up whose owner has not been reminded, finished since `from` (older
 * ones, from before this release or a day gone by, are left alone), with the site's reminder time.
 */
export function unremindedReady(db: Db, from: string) {
  return db
    .selectFrom('orders as o')
    .innerJoin('sites as s', 's.id', 'o.site_id')
    .select(['o.id', 'o.done_at', 's.ready_reminder_seconds as after'])
    .where('o.status', '=', 'done')
    .where('o.reminded_at', 'is', null)
    .where('o.done_at', '>=', from)
    .execute();
}
