/**
 * Who a notification goes to and where: each person with their choices and their browsers' push
 * endpoints (while signed in), read in one statement and kept in memory until their account, their
 * choices or a browser's subscription changes (or for 10 minutes), so that an order's move neither reads
 * them inside its transaction nor on every move (docs/decisions/0072-statements-counted.md).
 */
import type { NotificationChannel } from '@cafe/shared';
import type { AppBase } from '../../context';
import type { Db } from '../../db/types';
import { createMemoryCache } from '../../lib/cache';
import type { ReadBeside } from '../../lib/domain-events';
import {
  findReachable,
  insertOutboxRows,
  reachableJson,
  reachableOf,
  type NewOutboxRow,
  type ReachableRow,
  type Recipient,
} from './notifications.repository';
import { RECIPIENTS_TOPIC, type PushService } from './push.service';

export function createRecipients(
  ctx: AppBase,
  available: Record<NotificationChannel, boolean>,
  push: Pick<PushService, 'endpointsOf'>,
) {
  const recipients = createMemoryCache<number, { recipient: Recipient; endpoints: string[] } | null>({
    topic: RECIPIENTS_TOPIC,
    bus: ctx.bus,
    alsoDroppedBy: ['accounts'],
    ttlMs: 10 * 60_000,
  });
  /** The outbox rows of one message: one per channel the recipient chose and the company offers (one per browser for Web Push). */
  function rowsFor(
    recipient: { email: string; channels: Record<NotificationChannel, boolean> },
    endpoints: readonly string[],
    row: (channel: NotificationChannel, target: string) => NewOutboxRow,
  ): NewOutboxRow[] {
    const rows: NewOutboxRow[] = [];
    const chosen = (channel: NotificationChannel) => available[channel] && recipient.channels[channel];
    if (chosen('push')) for (const endpoint of endpoints) rows.push(row('push', endpoint));
    if (chosen('slack')) rows.push(row('slack', recipient.email));
    if (chosen('email')) rows.push(row('email', recipient.email));
    if (chosen('webhook')) rows.push(row('webhook', ''));
    return rows;
  }
  return {
    rowsFor,
    /** Writes one message's outbox rows in `trx`, its browsers read there too. Answers how many. */
    fanOut: async (
      trx: Db,
      recipient: { id: number; email: string; channels: Record<NotificationChannel, boolean> },
      row: (channel: NotificationChannel, target: string) => NewOutboxRow,
    ): Promise<number> => {
      const endpoints = available.push && recipient.channels.push ? await push.endpointsOf(trx, recipient.id) : [];
      const rows = rowsFor(recipient, endpoints, row);
      await insertOutboxRows(trx, rows);
      return rows.length;
    },
    /** A person with their browsers, or null without the account. */
    reachable: (userId: number) =>
      recipients.get(userId, async () => (await findReachable(ctx.db, ctx.dialect, userId)) ?? null),
    /**
     * PostgreSQL: a person not known here, read beside a writer's statement (no round trip of its
     * own) and kept, so that their next notification finds them known (decision 0115); undefined
     * when they are known already, or on SQLite.
     */
    readBeside: (userId: number): ReadBeside | undefined => {
      if (ctx.dialect !== 'postgres' || recipients.peek(userId) !== undefined) return undefined;
      const mark = recipients.mark();
      return {
        select: reachableJson(ctx.db, userId),
        take: (value) => recipients.keep(userId, value ? reachableOf(value as ReachableRow) : null, mark),
      };
    },
    /** After a person's choices changed: dropped here and in the other processes. */
    drop: (userId: number) => recipients.invalidate(userId),
  };
}
