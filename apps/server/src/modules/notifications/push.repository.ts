import type { Role } from '@cafe/shared';
import type { Db } from '../../db/types';

export interface NewSubscription {
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  at: string;
}

/** A browser subscription a message can be sent to, with the role of its owner (for the link). */
export interface DeliverableSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  role: Role;
}

/**
 * Saves the subscription for `userId`. An endpoint is one browser profile: when another account
 * signs in there and subscribes, the endpoint moves to that account.
 */
export async function upsertSubscription(db: Db, s: NewSubscription): Promise<void> {
  await db
    .insertInto('push_subscriptions')
    .values({ user_id: s.userId, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth, created_at: s.at })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({ user_id: s.userId, p256dh: s.p256dh, auth: s.auth, created_at: s.at }),
    )
    .execute();
}

export function findSubscriptionOwner(db: Db, endpoint: string): Promise<{ user_id: number } | undefined> {
  return db.selectFrom('push_subscriptions').select('user_id').where('endpoint', '=', endpoint).executeTakeFirst();
}

export async function deleteSubscription(db: Db, endpoint: string, userId?: number): Promise<void> {
  let query = db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  await query.execute();
}

/** The user's subscriptions, none while their push status is INACTIVE (signed out). */
export function listDeliverable(db: Db, userId: number): Promise<DeliverableSubscription[]> {
  return db
    .selectFrom('push_subscriptions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.endpoint', 's.p256dh', 's.auth', 'u.role'])
    .where('s.user_id', '=', userId)
    .where('u.push_status', '=', 'ACTIVE')
    .orderBy('s.id')
    .execute();
}

/** The subscription saved for `endpoint` with its owner and their push status, for a delivery. */
export function findDeliverable(
  db: Db,
  endpoint: string,
): Promise<{ user_id: number; p256dh: string; auth: string; push_status: 'ACTIVE' | 'INACTIVE' } | undefined> {
  return db
    .selectFrom('push_subscriptions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.user_id', 's.p256dh', 's.auth', 'u.push_status'])
    .where('s.endpoint', '=', endpoint)
    .executeTakeFirst();
}
