import { randomUUID } from 'node:crypto';
import { NOTIFICATION_CHANNELS, type NotificationChannel, type NotificationLanguage, type Role } from '@cafe/shared';
import { sql, type Expression, type Selectable, type SqlBool } from 'kysely';
import type { Dialect } from '../../db/connection';
import { jsonParam } from '../../db/json-param';
import type { Db, NotificationOutboxTable } from '../../db/types';

export type OutboxRow = Selectable<NotificationOutboxTable>;

/** A person's choice of channels and language; the defaults where they never chose. */
export interface Preferences {
  language: NotificationLanguage;
  channels: Record<NotificationChannel, boolean>;
}

export const DEFAULT_PREFERENCES: Preferences = {
  language: 'en',
  channels: { push: true, slack: false, email: false, webhook: false },
};

/** A recipient as a notification names them, with their choices. */
export interface Recipient extends Preferences {
  id: number;
  name: string;
  email: string;
  role: Role;
}

export async function findRecipient(db: Db, userId: number): Promise<Recipient | undefined> {
  const row = await recipientQuery(db, userId).executeTakeFirst();
  return row && toRecipient(row);
}

/**
 * A recipient with the push endpoints of their browsers while signed in (push.repository
 * listDeliverable's, oldest first), in one statement.
 */
export async function findReachable(
  db: Db,
  dialect: Dialect,
  userId: number,
): Promise<{ recipient: Recipient; endpoints: string[] } | undefined> {
  const row = await reachableQuery(db, dialect, userId).executeTakeFirst();
  return row && reachableOf(row);
}

/**
 * PostgreSQL: the same person with their browsers as one JSON value (null without the account),
 * for a writer to select beside its own statement (reachableOf reads it).
 */
export function reachableJson(db: Db, userId: number): Expression<unknown> {
  return sql`(select row_to_json(r) from (${reachableQuery(db, 'postgres', userId)}) r)`;
}

/** A person with their browsers from findReachable's row, or from reachableJson's value. */
export function reachableOf(row: ReachableRow): { recipient: Recipient; endpoints: string[] } {
  return { recipient: toRecipient(row), endpoints: JSON.parse(row.endpoints) as string[] };
}

function reachableQuery(db: Db, dialect: Dialect, userId: number) {
  const endpoints =
    dialect === 'postgres'
      ? sql<string>`coalesce((select json_agg(s.endpoint order by s.id) from push_subscriptions s
          where s.user_id = u.id and u.push_status = 'ACTIVE')::text, '[]')`
      : sql<string>`(select json_group_array(endpoint) from (select s.endpoint from push_subscriptions s
          where s.user_id = u.id and u.push_status = 'ACTIVE' order by s.id))`;
  return recipientQuery(db, userId).select(endpoints.as('endpoints'));
}
export type ReachableRow = Awaited<ReturnType<ReturnType<typeof reachableQuery>['executeTakeFirstOrThrow']>>;

function recipientQuery(db: Db, userId: number) {
  return db
    .selectFrom('users as u')
    .leftJoin('notification_preferences as p', 'p.user_id', 'u.id')
    .select([
      'u.id',
      'u.name',
      'u.email',
      'u.role',
      'p.language',
      'p.push',
      'p.slack',
      'p.email as email_on',
      'p.webhook',
    ])
    .where('u.id', '=', userId);
}

function toRecipient(
  row: Awaited<ReturnType<ReturnType<typeof recipientQuery>['executeTakeFirstOrThrow']>>,
): Recipient {
  const chosen = row.language !== null;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    language: row.language ?? DEFAULT_PREFERENCES.language,
    channels: chosen
      ? {
          push: Number(row.push) === 1,
          slack: Number(row.slack) === 1,
          email: Number(row.email_on) === 1,
          webhook: Number(row.webhook) === 1,
        }
      : { ...DEFAULT_PREFERENCES.channels },
  };
}

export async function savePreferences(db: Db, userId: number, preferences: Preferences, at: string): Promise<void> {
  const values = {
    language: preferences.language,
    push: preferences.channels.push ? 1 : 0,
    slack: preferences.channels.slack ? 1 : 0,
    email: preferences.channels.email ? 1 : 0,
    webhook: preferences.channels.webhook ? 1 : 0,
    updated_at: at,
  };
  await db
    .insertInto('notification_preferences')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

export type NewOutboxRow = Omit<Pick<OutboxRow, (typeof OUTBOX_COLUMNS)[number]>, 'delivery_id'>;

/**
 * Writes messages to the outbox, each with a random delivery id of its own: the id receivers drop
 * repeats by, which the row number cannot be (it repeats after a restore or in another deployment).
 */
export async function insertOutboxRows(db: Db, rows: NewOutboxRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('notification_outbox')
    .values(rows.map((row) => ({ ...row, delivery_id: randomUUID() })))
    .execute();
}

/** The columns insertOutboxRows writes (the others keep their defaults). */
const OUTBOX_COLUMNS = [
  'user_id',
  'order_id',
  'channel',
  'event',
  'target',
  'payload',
  'next_attempt_at',
  'created_at',
  'delivery_id',
] as const;

/**
 * PostgreSQL: insertOutboxRows as a statement that inserts only when `condition` holds, for a
 * writer's own statement (a data-modifying CTE beside its change).
 */
export function outboxInsertWhen(rows: readonly NewOutboxRow[], condition: Expression<SqlBool>): Expression<unknown> {
  const json = jsonParam(rows.map((row) => ({ ...row, delivery_id: randomUUID() })));
  const columns = sql.join(OUTBOX_COLUMNS.map((c) => sql.ref(c)));
  const values = sql.join(OUTBOX_COLUMNS.map((c) => sql.ref(`r.${c}`)));
  return sql`insert into notification_outbox (${columns})
    select ${values} from json_populate_recordset(null::notification_outbox, ${json}::json) r where ${condition}`;
}

/**
 * Takes up to `limit` due rows for `worker` until `leaseUntil`, and answers them: pending rows whose
 * next attempt is due and that no other worker holds (or whose holder's lease ran out). On
 * PostgreSQL the rows other workers are taking at the same moment are skipped (SKIP LOCKED);
 * SQLite runs one write at a time. Each take counts an attempt.
 */
export async function claimDue(
  db: Db,
  dialect: Dialect,
  claim: { worker: string; now: string; leaseUntil: string; limit: number },
): Promise<OutboxRow[]> {
  let due = db
    .selectFrom('notification_outbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', claim.now)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', claim.now)]))
    .orderBy('id')
    .limit(claim.limit);
  if (dialect === 'postgres') due = due.forUpdate().skipLocked();
  const rows = await db
    .updateTable('notification_outbox')
    .set((eb) => ({
      lease_until: claim.leaseUntil,
      leased_by: claim.worker,
      attempts: eb('attempts', '+', 1),
      last_attempt_at: claim.now,
    }))
    .where('id', 'in', due)
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * Frees the rows other workers hold: for a process starting on SQLite, where it is the only one
 * using the file (docs/deploy.md), so every other holder is a process that is gone (crashed or
 * killed mid-delivery). Without this, its rows waited out the lease. Answers how many were freed.
 */
export async function releaseLeasesOfOthers(db: Db, worker: string): Promise<number> {
  const result = await db
    .updateTable('notification_outbox')
    .set({ lease_until: null, leased_by: null })
    .where('status', '=', 'pending')
    .where('leased_by', 'is not', null)
    .where('leased_by', '!=', worker)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** What a delivery attempt writes back; only while `worker` still holds the row. */
export async function settleRow(
  db: Db,
  id: number,
  worker: string,
  change:
    | { status: 'sent'; at: string }
    | { status: 'skipped' | 'failed'; error: string }
    | { status: 'pending'; error: string; nextAttemptAt: string },
): Promise<boolean> {
  const values =
    change.status === 'sent'
      ? { status: 'sent' as const, sent_at: change.at }
      : change.status === 'pending'
        ? { status: 'pending' as const, last_error: change.error, next_attempt_at: change.nextAttemptAt }
        : { status: change.status, last_error: change.error };
  const result = await db
    .updateTable('notification_outbox')
    .set({ ...values, lease_until: null, leased_by: null })
    .where('id', '=', id)
    .where('leased_by', '=', worker)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A receiver asked for a pause (Retry-After): the channel's other pending rows wait as long, so
 * the worker does not knock again before then.
 */
export async function holdChannel(db: Db, channel: NotificationChannel, until: string): Promise<void> {
  await db
    .updateTable('notification_outbox')
    .set({ next_attempt_at: until })
    .where('channel', '=', channel)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<', until)
    .where('lease_until', 'is', null)
    .execute();
}

/** When the next pending row falls due (its next attempt, or the end of the lease that holds it); null: none. */
export async function nextDue(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('notification_outbox')
    .select((eb) => [eb.fn.min('next_attempt_at').as('next_attempt'), eb.fn.min('lease_until').as('lease_end')])
    .where('status', '=', 'pending')
    .executeTakeFirst();
  const candidates = [row?.next_attempt, row?.lease_end].filter((v): v is string => typeof v === 'string');
  return candidates.length ? (candidates.sort()[0] ?? null) : null;
}

export interface ChannelCounts {
  channel: NotificationChannel;
  pending: number;
  failed: number;
  sent: number;
  lastError: { message: string; at: string } | null;
}

/** Per channel: rows pending, failed and sent, and the newest error. */
export async function outboxCounts(db: Db): Promise<{ channels: ChannelCounts[]; oldestPendingAt: string | null }> {
  const counts = await db
    .selectFrom('notification_outbox')
    .select(['channel', 'status', sql<number>`count(*)`.as('n')])
    .groupBy(['channel', 'status'])
    .execute();
  const oldest = await db
    .selectFrom('notification_outbox')
    .select((eb) => eb.fn.min('created_at').as('at'))
    .where('status', '=', 'pending')
    .executeTakeFirst();
  const channels: ChannelCounts[] = [];
  for (const channel of NOTIFICATION_CHANNELS) {
    const of = (status: string) => Number(counts.find((c) => c.channel === channel && c.status === status)?.n ?? 0);
    const error = await db
      .selectFrom('notification_outbox')
      .select(['last_error', 'last_attempt_at'])
      .where('channel', '=', channel)
      .where('last_error', 'is not', null)
      .where('status', '!=', 'skipped')
      .orderBy('last_attempt_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    channels.push({
      channel,
      pending: of('pending'),
      failed: of('failed'),
      sent: of('sent'),
      lastError: error?.last_error ? { message: error.last_error, at: error.last_attempt_at ?? '' } : null,
    });
  }
  return { channels, oldestPendingAt: (oldest?.at as string | null | undefined) ?? null };
}
