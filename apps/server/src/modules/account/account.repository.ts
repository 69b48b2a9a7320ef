import { ACTIVE_ORDER_STATUSES, CHAT_CHANNELS } from '@cafe/shared';
import type { Db } from '../../db/types';
import { imageNameFromUrl, imageUrl } from '../../lib/image-url';

/** The e-mail a deleted account is left with: no one can register or sign in with it. */
export const deletedEmail = (userId: number) => `deleted-${userId}@deleted.invalid`;
/** The name a deleted account's orders show in the statistics and the baristas' history. */
export const DELETED_NAME = 'Deleted person';

export function findAccount(db: Db, userId: number) {
  return db
    .selectFrom('users as u')
    .leftJoin('sites as s', 's.id', 'u.home_site_id')
    .select([
      'u.id',
      'u.name',
      'u.email',
      'u.role',
      'u.password_hash',
      'u.home_site_id',
      's.name as home_site_name',
      'u.avoids',
      'u.team',
      'u.created_at',
      'u.updated_at',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

/** The person's consent to keep what they cannot drink (migration 024), or undefined: never given. */
export function healthConsentOf(db: Db, userId: number) {
  return db
    .selectFrom('health_consents')
    .select(['version', 'given_at', 'withdrawn_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The person's saved usual (migration 021), or undefined. */
export function usualOf(db: Db, userId: number) {
  return db.selectFrom('usual_drinks').select(['drink', 'updated_at']).where('user_id', '=', userId).executeTakeFirst();
}

/** The person's standing orders, ended ones too, with their site's name. */
export function standingOrdersOf(db: Db, userId: number) {
  return db
    .selectFrom('standing_orders as so')
    .innerJoin('sites as s', 's.id', 'so.site_id')
    .select([
      'so.id',
      's.name as site',
      'so.drink',
      'so.diet_confirmed',
      'so.weekdays',
      'so.time',
      'so.paused',
      'so.skip_date',
      'so.ended_at',
      'so.ended_reason',
      'so.created_at',
      'so.updated_at',
    ])
    .where('so.user_id', '=', userId)
    .orderBy('so.id')
    .execute();
}

/** The days these standing orders ran (placed, skipped, failed). */
export function standingRunsOf(db: Db, standingIds: number[]) {
  if (standingIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('standing_order_runs')
    .select(['standing_order_id', 'day', 'outcome', 'order_id', 'reason', 'created_at'])
    .where('standing_order_id', 'in', standingIds)
    .orderBy('standing_order_id')
    .orderBy('day')
    .execute();
}

/** The names of these menu items (a saved drink names its item by id). */
export async function itemNames(db: Db, itemIds: number[]): Promise<Map<number, string>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db.selectFrom('menu_items').select(['id', 'name']).where('id', 'in', itemIds).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The chat accounts linked to the person (migration 031; Slack's since 034), unlinked ones too, chat by chat. */
export async function chatLinksOf(db: Db, userId: number) {
  const links = await db
    .selectFrom('chat_links')
    .select(['channel', 'workspace_id', 'external_id', 'linked_by', 'created_at', 'revoked_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  return links
    .map((l) => ({ ...l, service: l.channel, workspace: l.workspace_id, id: l.external_id }))
    .sort((a, b) => CHAT_CHANNELS.indexOf(a.service) - CHAT_CHANNELS.indexOf(b.service));
}

export function ordersOf(db: Db, userId: number) {
  return db
    .selectFrom('orders as o')
    .innerJoin('menu_items as m', 'm.id', 'o.menu_id')
    .innerJoin('sites as s', 's.id', 'o.site_id')
    .select([
      'o.id',
      's.name as site',
      'o.category_for',
      'm.name as drink',
      'o.type',
      'o.sweetness',
      'o.remark',
      'o.tumbler_image',
      'o.status',
      'o.reject_note',
      'o.order_date',
      'o.pickup_at',
      'o.own_cup',
    ])
    .where('o.user_id', '=', userId)
    .orderBy('o.id')
    .execute();
}

/** The coffee runs the person started, with their site's name. */
export function runsOf(db: Db, userId: number) {
  return db
    .selectFrom('runs as r')
    .innerJoin('sites as s', 's.id', 'r.site_id')
    .select(['r.id', 's.name as site', 'r.place', 'r.pickup_at', 'r.closes_at', 'r.closed_at', 'r.created_at'])
    .where('r.runner_id', '=', userId)
    .orderBy('r.id')
    .execute();
}

export function historyOf(db: Db, orderIds: number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_status_history')
    .select(['order_id', 'from_status', 'to_status', 'changed_at', 'note'])
    .where('order_id', 'in', orderIds)
    .orderBy('id')
    .execute();
}

export function optionsOf(db: Db, orderIds: number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_options')
    .select(['order_id', 'group_name', 'choice_name', 'quantity'])
    .where('order_id', 'in', orderIds)
    .orderBy('id')
    .execute();
}

/** The photos that are the person's: uploaded by them, or shown by their orders. */
export async function photoNamesOf(db: Db, userId: number): Promise<string[]> {
  const uploaded = await db.selectFrom('images').select('name').where('uploaded_by', '=', userId).execute();
  const shown = await db
    .selectFrom('orders')
    .select('tumbler_image')
    .distinct()
    .where('user_id', '=', userId)
    .execute();
  const names = new Set(uploaded.map((r) => r.name));
  for (const { tumbler_image: url } of shown) {
    const name = imageNameFromUrl(url);
    if (name) names.add(name);
  }
  return [...names];
}

export function photos(db: Db, names: string[]) {
  if (names.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('images')
    .select(['name', 'mime', 'created_at', 'data'])
    .where('name', 'in', names)
    .orderBy('id')
    .execute();
}

export function subscriptionsOf(db: Db, userId: number) {
  return db
    .selectFrom('push_subscriptions')
    .select(['endpoint', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export function sessionsOf(db: Db, userId: number) {
  return db
    .selectFrom('refresh_tokens')
    .select(['family_id', 'created_at', 'expires_at', 'revoked_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export function notificationsOf(db: Db, userId: number) {
  return db
    .selectFrom('notification_outbox')
    .select(['channel', 'event', 'status', 'created_at', 'sent_at', 'payload'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export async function openOrderCount(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where(
      'status',
      'in',
      ACTIVE_ORDER_STATUSES.filter((s) => s !== 'done'),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Removes what identifies the person, in `trx`: the account keeps its id (the orders and the
 * statistics count it) under a name and an address that are no one's; the orders lose the
 * person's own words and photo; every other row that is theirs goes. Answers the photos' names
 * that no one else's order shows, deleted here too.
 */
export async function eraseAccount(trx: Db, userId: number, at: string): Promise<string[]> {
  const names = await photoNamesOf(trx, userId);
  await trx
    .updateTable('users')
    .set({
      name: DELETED_NAME,
      email: deletedEmail(userId),
      password_hash: '!',
      role: 'user',
      is_available: 'unavailable',
      push_status: 'INACTIVE',
      home_site_id: null,
      avoids: '[]',
      team: null,
      updated_at: at,
    })
    .where('id', '=', userId)
    .execute();
  // Their runs stay the groups of the others' drinks, without a runner.
  await trx.updateTable('runs').set({ runner_id: null }).where('runner_id', '=', userId).execute();
  await trx
    .updateTable('orders')
    .set({ remark: '-', tumbler_image: '', guest_name: null, owner_avoids: '[]', diet_warnings: '[]' })
    .where('user_id', '=', userId)
    .execute();
  await forgetInLiveEvents(trx, userId);
  await trx.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
  await trx.deleteFrom('refresh_tokens').where('user_id', '=', userId).execute();
  await trx.deleteFrom('notification_outbox').where('user_id', '=', userId).execute();
  await trx.deleteFrom('notification_preferences').where('user_id', '=', userId).execute();
  await trx.deleteFrom('site_baristas').where('user_id', '=', userId).execute();
  await eraseChoicesAndLinks(trx, userId);
  // The answers kept for retried moves (a day, migration 019): the person's own, and those showing their orders.
  await trx
    .deleteFrom('request_keys')
    .where((eb) =>
      eb.or([
        eb('user_id', '=', userId),
        eb('order_id', 'in', eb.selectFrom('orders').select('id').where('user_id', '=', userId)),
      ]),
    )
    .execute();
  // A photo is stored once for everyone who uploaded the same picture: kept while another's order shows it.
  const shared = names.length
    ? await trx
        .selectFrom('orders')
        .select('tumbler_image')
        .distinct()
        .where('user_id', '!=', userId)
        .where('tumbler_image', 'in', names.map(imageUrl))
        .execute()
    : [];
  const keep = new Set(shared.map((r) => imageNameFromUrl(r.tumbler_image)));
  const gone = names.filter((name) => !keep.has(name));
  if (gone.length) await trx.deleteFrom('images').where('name', 'in', gone).execute();
  return gone;
}

/**
 * What the person set up for themselves, in `trx`: their consent to keep what they avoid (the list
 * itself is cleared with the account), their usual, their standing orders with the days they ran,
 * and their chat links (with the one-time links of those accounts, and their order messages).
 * The account's row stays, so nothing here goes by its foreign keys.
 */
async function eraseChoicesAndLinks(trx: Db, userId: number): Promise<void> {
  await trx.deleteFrom('health_consents').where('user_id', '=', userId).execute();
  await trx.deleteFrom('usual_drinks').where('user_id', '=', userId).execute();
  await trx
    .deleteFrom('standing_order_runs')
    .where('standing_order_id', 'in', (eb) =>
      eb.selectFrom('standing_orders').select('id').where('user_id', '=', userId),
    )
    .execute();
  await trx.deleteFrom('standing_orders').where('user_id', '=', userId).execute();
  await trx
    .deleteFrom('chat_link_tokens')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('chat_links')
          .select('chat_links.user_id')
          .whereRef('chat_links.channel', '=', 'chat_link_tokens.channel')
          .whereRef('chat_links.external_id', '=', 'chat_link_tokens.external_id')
          .where('chat_links.user_id', '=', userId),
      ),
    )
    .execute();
  await trx.deleteFrom('chat_links').where('user_id', '=', userId).execute();
  await trx.deleteFrom('chat_order_messages').where('user_id', '=', userId).execute();
  // The identity at the company's provider: a later sign-in with it makes a new, empty account.
  await trx.deleteFrom('sso_identities').where('user_id', '=', userId).execute();
}

/**
 * The recent live events kept for clients catching up (a day, migration 018) tell the person's
 * orders as they were sent: kept, so that no board misses a move, but told again without the
 * person's words, photo, name and what they avoid, as the orders themselves now are.
 */
async function forgetInLiveEvents(trx: Db, userId: number): Promise<void> {
  const kept = await trx
    .selectFrom('live_events')
    .select(['site_id', 'seq', 'payload'])
    .where('event', '=', 'orders')
    .where('rooms', 'like', `%"user:${userId}"%`)
    .execute();
  for (const row of kept) {
    const payload = JSON.parse(row.payload) as {
      order?: {
        remark?: string;
        tumblerImage?: string;
        user?: { name: string };
        avoids?: string[];
        dietWarnings?: string[];
      };
    };
    if (payload.order) {
      payload.order.remark = '-';
      payload.order.tumblerImage = '';
      // What the person avoids is health information: it goes as it goes from the orders.
      if (payload.order.avoids) payload.order.avoids = [];
      if (payload.order.dietWarnings) payload.order.dietWarnings = [];
      if (payload.order.user) payload.order.user.name = DELETED_NAME;
    }
    await trx
      .updateTable('live_events')
      .set({ payload: JSON.stringify(payload) })
      .where('site_id', '=', row.site_id)
      .where('seq', '=', row.seq)
      .execute();
  }
}

export async function forgetCounters(db: Db, email: string): Promise<void> {
  await db
    .deleteFrom('rate_limit_hits')
    .where('key', 'in', [`login-failed|${email}`, `register-failed|${email}`])
    .execute();
}
