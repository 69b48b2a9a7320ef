import type { Db, SlackLinksTable, SlackLinkTokensTable } from '../../db/types';

/** The Slack app's SQL (migration 022): links, one-time links, seen signatures, order messages. */

/** Notes a request's signature, forgetting those seen before `forgetBefore`; false when it was seen already (a replay), on any server process. */
export async function noteSignature(db: Db, signature: string, seenAt: string, forgetBefore: string): Promise<boolean> {
  await db.deleteFrom('slack_seen_requests').where('seen_at', '<', forgetBefore).execute();
  const inserted = await db
    .insertInto('slack_seen_requests')
    .values({ signature, seen_at: seenAt })
    .onConflict((oc) => oc.column('signature').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

export function findLink(db: Db, slackUserId: string): Promise<SlackLinksTable | undefined> {
  return db.selectFrom('slack_links').selectAll().where('slack_user_id', '=', slackUserId).executeTakeFirst();
}

/** People with a Slack account linked now. */
export async function countLinks(db: Db): Promise<number> {
  const row = await db
    .selectFrom('slack_links')
    .innerJoin('users', 'users.id', 'slack_links.user_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('slack_links.revoked_at', 'is', null)
    .where('users.is_available', '=', 'available')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function findLinkOfUser(db: Db, userId: number): Promise<SlackLinksTable | undefined> {
  return db
    .selectFrom('slack_links')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/** Links a Slack user to an account, replacing what the Slack user or the account had before. */
export async function saveLink(db: Db, link: Omit<SlackLinksTable, 'revoked_at'>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('slack_links')
      .where((eb) => eb.or([eb('slack_user_id', '=', link.slack_user_id), eb('user_id', '=', link.user_id)]))
      .execute();
    await trx
      .insertInto('slack_links')
      .values({ ...link, revoked_at: null })
      .execute();
  });
}

/** The person unlinked: the link stays, revoked, so that the e-mail match does not link them again. */
export async function revokeLinksOfUser(db: Db, userId: number, at: string): Promise<number> {
  const result = await db
    .updateTable('slack_links')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Keeps a new one-time link, forgetting those expired by its time. */
export async function saveLinkToken(db: Db, row: Omit<SlackLinkTokensTable, 'used_at'>, now: string): Promise<void> {
  await db.deleteFrom('slack_link_tokens').where('expires_at', '<', now).execute();
  await db
    .insertInto('slack_link_tokens')
    .values({ ...row, used_at: null })
    .execute();
}

/** A one-time link that was not used and has not expired by `now`. */
export function findUsableLinkToken(db: Db, tokenHash: string, now: string) {
  return db
    .selectFrom('slack_link_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Uses a one-time link: true for the one request that used it. */
export async function useLinkToken(db: Db, tokenHash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('slack_link_tokens')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function saveOrderMessage(
  db: Db,
  row: { order_id: number; user_id: number; site_id: number; channel: string; ts: string },
): Promise<void> {
  await db
    .insertInto('slack_order_messages')
    .values({ ...row, open: 1 })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .execute();
}

export function findOrderMessage(db: Db, orderId: number) {
  return db.selectFrom('slack_order_messages').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}
