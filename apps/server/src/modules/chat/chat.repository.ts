import type { ChatChannel, ChatLinksTable, ChatLinkTokensTable, Db } from '../../db/types';

/** The chat channels' SQL (migration 031): links, one-time links, what was seen, order messages, each channel's state. */

export function findLink(db: Db, channel: ChatChannel, externalId: string): Promise<ChatLinksTable | undefined> {
  return db
    .selectFrom('chat_links')
    .selectAll()
    .where('channel', '=', channel)
    .where('external_id', '=', externalId)
    .executeTakeFirst();
}

export function findLinkOfUser(db: Db, channel: ChatChannel, userId: number): Promise<ChatLinksTable | undefined> {
  return db
    .selectFrom('chat_links')
    .selectAll()
    .where('channel', '=', channel)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/** People linked now, by channel. */
export async function linkedCounts(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('chat_links')
    .innerJoin('users', 'users.id', 'chat_links.user_id')
    .select(['chat_links.channel', (eb) => eb.fn.countAll<number>().as('n')])
    .where('chat_links.revoked_at', 'is', null)
    .where('users.is_available', '=', 'available')
    .groupBy('chat_links.channel')
    .execute();
  return new Map(rows.map((r) => [r.channel, Number(r.n)]));
}

/** Links an account of the platform to a person, replacing what either had before on that channel. */
export async function saveLink(db: Db, link: Omit<ChatLinksTable, 'revoked_at'>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('chat_links')
      .where('channel', '=', link.channel)
      .where((eb) => eb.or([eb('external_id', '=', link.external_id), eb('user_id', '=', link.user_id)]))
      .execute();
    await trx
      .insertInto('chat_links')
      .values({ ...link, revoked_at: null })
      .execute();
  });
}

/** The person unlinked: the link stays, revoked, so that the e-mail match does not link them again. */
export async function revokeLink(db: Db, channel: ChatChannel, userId: number, at: string): Promise<number> {
  const result = await db
    .updateTable('chat_links')
    .set({ revoked_at: at })
    .where('channel', '=', channel)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Keeps a new one-time link, forgetting those expired by its time. */
export async function saveLinkToken(db: Db, row: Omit<ChatLinkTokensTable, 'used_at'>, now: string): Promise<void> {
  await db.deleteFrom('chat_link_tokens').where('expires_at', '<', now).execute();
  await db
    .insertInto('chat_link_tokens')
    .values({ ...row, used_at: null })
    .execute();
}

export function findUsableLinkToken(db: Db, channel: ChatChannel, tokenHash: string, now: string) {
  return db
    .selectFrom('chat_link_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('channel', '=', channel)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Uses a one-time link: true for the one request that used it. */
export async function useLinkToken(db: Db, tokenHash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('chat_link_tokens')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Notes `key` as seen now, forgetting the channel's keys seen before `forgetBefore`; false when it was seen already. */
export async function noteSeen(
  db: Db,
  channel: ChatChannel,
  key: string,
  seenAt: string,
  forgetBefore: string,
): Promise<boolean> {
  await db.deleteFrom('chat_seen').where('channel', '=', channel).where('seen_at', '<', forgetBefore).execute();
  const inserted = await db
    .insertInto('chat_seen')
    .values({ channel, seen_key: key, seen_at: seenAt })
    .onConflict((oc) => oc.columns(['channel', 'seen_key']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function saveOrderMessage(
  db: Db,
  row: { order_id: number; channel: ChatChannel; user_id: number; reference: string; created_at: string },
): Promise<void> {
  await db
    .insertInto('chat_order_messages')
    .values(row)
    .onConflict((oc) => oc.column('order_id').doUpdateSet({ reference: row.reference }))
    .execute();
}

/** Replaces an order message's reference if it is still `from`: true for the one writer that did. */
export async function replaceOrderMessage(db: Db, orderId: number, from: string, to: string): Promise<boolean> {
  const result = await db
    .updateTable('chat_order_messages')
    .set({ reference: to })
    .where('order_id', '=', orderId)
    .where('reference', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findOrderMessage(db: Db, orderId: number) {
  return db.selectFrom('chat_order_messages').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

export function channelStates(db: Db) {
  return db.selectFrom('chat_channel_state').selectAll().execute();
}

/** Records a channel's failed delivery (the newest wins), or counts a push in `month`. */
export async function noteChannel(
  db: Db,
  channel: ChatChannel,
  what: { error: string; at: string } | { pushMonth: string },
): Promise<void> {
  await db
    .insertInto('chat_channel_state')
    .values({ channel, last_error: null, last_error_at: null, push_month: null, pushes: 0 })
    .onConflict((oc) => oc.column('channel').doNothing())
    .execute();
  if ('error' in what) {
    await db
      .updateTable('chat_channel_state')
      .set({ last_error: what.error.slice(0, 500), last_error_at: what.at })
      .where('channel', '=', channel)
      .execute();
    return;
  }
  await db
    .updateTable('chat_channel_state')
    .set((eb) => ({
      pushes: eb
        .case()
        .when('push_month', '=', what.pushMonth)
        .then(eb('pushes', '+', 1))
        .else(1)
        .end(),
      push_month: what.pushMonth,
    }))
    .where('channel', '=', channel)
    .execute();
}
