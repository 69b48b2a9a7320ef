import { ACTIVE_ORDER_STATUSES } from '@cafe/shared';
import type { Db } from '../../db/types';
import { imageNameFromUrl } from '../../lib/image-url';

/** How many rows one delete statement takes, so a big first clean-up does not hold the database long. */
const CHUNK = 500;

/**
 * Takes the clean-up of `key` (a day) for this process: true when this insert went in. The key
 * lives beside the opening hours' runs; of several processes, one insert wins.
 */
export async function claimCleanup(db: Db, key: string, at: string): Promise<boolean> {
  const inserted = await db
    .insertInto('schedule_runs')
    .values({ key, kind: 'retention', scheduled_at: at, outcome: 'applied', created_at: at })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * The photos no order needs any more: stored before `cutoff`, and not the photo of an order that
 * is still open or that ended (its last change) at or after `cutoff`. Deleted; answers their names.
 */
export async function deleteUnneededPhotos(db: Db, cutoff: string): Promise<string[]> {
  const needed = await db
    .selectFrom('orders')
    .select('tumbler_image')
    .distinct()
    .where((eb) => eb.or([eb('status', 'in', ACTIVE_ORDER_STATUSES), eb('updated_at', '>=', cutoff)]))
    .execute();
  const keep = new Set(needed.map((row) => imageNameFromUrl(row.tumbler_image)));
  const old = await db
    .selectFrom('images')
    .select(['id', 'name'])
    .where('created_at', '<', cutoff)
    .orderBy('id')
    .execute();
  const gone = old.filter((image) => !keep.has(image.name));
  for (let i = 0; i < gone.length; i += CHUNK) {
    const ids = gone.slice(i, i + CHUNK).map((image) => image.id);
    await db.deleteFrom('images').where('id', 'in', ids).execute();
  }
  return gone.map((image) => image.name);
}

/** Notifications sent, given up on or skipped, written before `cutoff`. Answers how many went. */
export async function deleteOldNotifications(db: Db, cutoff: string): Promise<number> {
  const result = await db
    .deleteFrom('notification_outbox')
    .where('status', '!=', 'pending')
    .where('created_at', '<', cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Sessions (refresh tokens) and e-mail confirmation links that expired before `now`: they can no longer be used. */
export async function deleteExpiredSessions(db: Db, now: string): Promise<number> {
  await db.deleteFrom('email_confirmations').where('expires_at', '<', now).execute();
  const result = await db.deleteFrom('refresh_tokens').where('expires_at', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
