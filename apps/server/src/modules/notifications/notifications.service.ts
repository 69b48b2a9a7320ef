import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import {
  NOTIFICATION_CHANNELS,
  type NotificationChannel,
  type NotificationLanguage,
  type NotificationSettings,
  type NotificationSettingsBody,
  type OutboxHealth,
} from '@cafe/shared';
import type { AppBase, AuthUser } from '../../context';
import type { PushService } from './push.service';
import { createRecipients } from './recipients';
import type { Db } from '../../db/types';
import { startDueTimer, type DueTimer } from '../../lib/due-timer';
import type { OrderMove, StandingFailure, WithinWrite } from '../../lib/domain-events';
import { badRequest } from '../../lib/errors';
import { iso } from '../../lib/time';
import type { DeliveryOutcome } from '../../lib/delivery';
import type { SlackClient } from '../../lib/slack-client';
import { createMailer, sendSlack, sendWebhook, type Mailer } from './channels';
import { webhookBody } from './webhook-body';
import {
  eventOf,
  renderMessage,
  standingFailedMessage,
  type AccountEvent,
  type OutboxPayload,
  type RenderedMessage,
} from './messages';
import {
  claimDue,
  DEFAULT_PREFERENCES,
  findRecipient,
  holdChannel,
  insertOutboxRows,
  outboxInsertWhen,
  nextDue,
  outboxCounts,
  releaseLeasesOfOthers,
  savePreferences,
  settleRow,
  type NewOutboxRow,
  type OutboxRow,
  type Preferences,
} from './notifications.repository';

/** Rows one worker takes at a time. */
const BATCH = 20;
/** How long a worker holds the rows it delivers; a process that dies frees them after this. */
const LEASE_MS = 2 * 60 * 1000;
/** The longest wait between two retries of a row. */
const MAX_BACKOFF_MS = 60 * 60 * 1000;
/** The longest pause between two looks at the outbox: rows another process wrote, or left, are picked up within it. */
const POLL_MS = 10_000;

export function createNotificationsService(ctx: AppBase, deps: { push: PushService; slack: SlackClient | null }) {
  const { db, dialect, clock, log, metrics } = ctx;
  const settings = ctx.config.notifications;
  const worker = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const mailer: Mailer | null = settings.email ? createMailer(settings.email) : null;
  let timer: DueTimer | undefined;

  const available: Record<NotificationChannel, boolean> = {
    push: Boolean(ctx.config.vapid.publicKey),
    slack: settings.slack !== null,
    email: settings.email !== null,
    webhook: settings.webhook !== null,
  };

  /** A person's choices as the settings answer them, each channel with whether the company offers it. */
  function toSettings(preferences: Preferences): NotificationSettings {
    const channel = (c: NotificationChannel) => ({ available: available[c], enabled: preferences.channels[c] });
    const channels = Object.fromEntries(NOTIFICATION_CHANNELS.map((c) => [c, channel(c)]));
    return { language: preferences.language, channels: channels as NotificationSettings['channels'] };
  }

  /** The web app's address, for the links of messages sent outside the browser. */
  function absolute(path: string): string {
    const base = ctx.config.publicUrl;
    return base ? new URL(path.replace(/^\//, ''), base.endsWith('/') ? base : `${base}/`).toString() : path;
  }

  async function deliver(row: OutboxRow, now: Date): Promise<DeliveryOutcome> {
    const payload = JSON.parse(row.payload) as OutboxPayload;
    const message = { title: payload.message.title, text: payload.message.text, url: absolute(payload.message.path) };
    const notConfigured = (what: string): DeliveryOutcome => ({
      kind: 'failed',
      error: `${what} is no longer configured on this server.`,
    });
    switch (row.channel) {
      case 'push':
        return deps.push.deliver(
          row.target,
          row.user_id,
          { title: message.title, body: message.text, url: payload.message.path },
          now,
        );
      case 'slack':
        return deps.slack ? sendSlack(deps.slack, row.target, message) : notConfigured('Slack');
      case 'email':
        return mailer ? mailer.send(row.target, message, row.delivery_id) : notConfigured('E-mail');
      case 'webhook':
        return settings.webhook
          ? sendWebhook(settings.webhook, row.delivery_id, webhookBody(row, payload, message), now)
          : notConfigured('The webhook');
    }
  }

  /**
   * One message to `recipient`, written now: its payload (sent as it is on every attempt) and the
   * outbox row of each channel and target it goes to.
   */
  function messageRows(
    to: { id: number; email: string; name: string },
    orderId: number | null,
    { event, language, ...told }: Omit<OutboxPayload, 'recipient' | 'createdAt'>,
  ): (channel: NotificationChannel, target: string) => NewOutboxRow {
    const at = iso(clock.now());
    const recipient = { id: to.id, email: to.email, name: to.name };
    const payload = JSON.stringify({ event, language, recipient, ...told, createdAt: at } satisfies OutboxPayload);
    return (channel, target) => ({
      user_id: to.id,
      order_id: orderId,
      channel,
      event,
      target,
      payload,
      next_attempt_at: at,
      created_at: at,
    });
  }

  /** The wait before attempt `attempts + 1`: doubling from the base, with a little jitter, at most an hour. */
  function backoffMs(attempts: number): number {
    const base = settings.retryBaseMs * 2 ** Math.max(0, attempts - 1);
    return Math.min(MAX_BACKOFF_MS, Math.round(base * (0.8 + Math.random() * 0.4)));
  }

  async function attempt(row: OutboxRow): Promise<void> {
    const now = clock.now();
    let outcome: DeliveryOutcome;
    try {
      outcome = await deliver(row, now);
    } catch (error) {
      outcome = { kind: 'retry', error: error instanceof Error ? error.message : String(error) };
    }
    const at = clock.now();
    if (outcome.kind === 'retry' && row.attempts >= settings.maxAttempts) {
      outcome = { kind: 'failed', error: `${outcome.error} (gave up after ${row.attempts} attempts)` };
    }
    metrics.notifications.inc({ channel: row.channel, outcome: outcome.kind });
    if (outcome.kind === 'sent') {
      await settleRow(db, row.id, worker, { status: 'sent', at: iso(at) });
      return;
    }
    if (outcome.kind === 'skipped') {
      await settleRow(db, row.id, worker, { status: 'skipped', error: outcome.reason });
      return;
    }
    log.warn(
      { channel: row.channel, id: row.id, attempts: row.attempts, error: outcome.error },
      'notification not delivered',
    );
    if (outcome.kind === 'failed') {
      await settleRow(db, row.id, worker, { status: 'failed', error: outcome.error });
      return;
    }
    const next = iso(new Date(at.getTime() + (outcome.retryAfterMs ?? backoffMs(row.attempts))));
    await settleRow(db, row.id, worker, { status: 'pending', error: outcome.error, nextAttemptAt: next });
    if (outcome.retryAfterMs !== undefined) await holdChannel(db, row.channel, next);
  }

  /** Delivers every row that is due, a batch at a time; answers when the next one falls due. */
  async function deliverDue(): Promise<Date | null> {
    for (;;) {
      const now = clock.now();
      const rows = await claimDue(db, dialect, {
        worker,
        now: iso(now),
        leaseUntil: iso(new Date(now.getTime() + LEASE_MS)),
        limit: BATCH,
      });
      await Promise.all(rows.map((row) => attempt(row)));
      if (rows.length < BATCH) break;
    }
    const next = await nextDue(db);
    return next ? new Date(next) : null;
  }

  // An order's move writes its owner's notifications in its own transaction; once it committed,
  // this process delivers them at once.
  ctx.domainEvents.prepared('order.moving', (move) => service.prepareOrderChange(move));
  const wakeIfNotified = ({ notified }: { notified: boolean }) => {
    if (notified) service.wake();
  };
  ctx.domainEvents.on('order.moved', wakeIfNotified);
  // A standing order not placed: its owner is told with the day's record (docs/standing-orders.md).
  ctx.domainEvents.within(
    'standing.failing',
    async (trx, failure) => (await service.enqueueStandingFailure(trx, failure)) > 0,
  );
  ctx.domainEvents.on('standing.failed', wakeIfNotified);

  const { reachable, readBeside, rowsFor, fanOut, drop: dropRecipient } = createRecipients(ctx, available, deps.push);

  const service = {
    /**
     * Writes an e-mail about the account itself (a confirmation link), in `trx`; sent by the
     * worker like every other message. Nothing when e-mail is not configured.
     */
    async enqueueEmail(
      trx: Db,
      mail: {
        userId: number;
        email: string;
        name: string;
        language: NotificationLanguage;
        event: AccountEvent;
        message: RenderedMessage;
      },
    ): Promise<boolean> {
      if (!available.email) return false;
      const { event, language, message } = mail;
      const row = messageRows({ id: mail.userId, ...mail }, null, { event, language, message });
      await insertOutboxRows(trx, [row('email', mail.email)]);
      return true;
    },

    /**
     * The notifications of an order's move, as the write to make in the move's transaction, so a
     * move is never saved without them nor they without it (null: nobody to tell). One row per
     * channel the owner chose and the company offers (one per browser for Web Push); who the owner
     * is and where they are reached is read before the transaction, from memory mostly. A move
     * that tells nobody (a Do) reads the owner beside its statement when they are not known here,
     * so that the Done after it finds them known (decision 0115).
     */
    async prepareOrderChange(change: OrderMove): Promise<WithinWrite | null> {
      const event = eventOf(change.to, change.undone, change.released ?? false, change.notice);
      if (!event) {
        const beside = readBeside(change.userId);
        return beside ? { run: async () => false, readBeside: beside } : null;
      }
      const found = await reachable(change.userId);
      if (!found) return null;
      const { recipient, endpoints } = found;
      const { language } = recipient;
      const statusPath = recipient.role === 'admin' ? '/statusOrder-admin' : '/statusOrder';
      const row = messageRows(recipient, change.order.orderId, {
        event,
        language,
        order: change.order,
        message: renderMessage(event, language, change.order, statusPath),
      });
      const rows = rowsFor(recipient, endpoints, row);
      if (rows.length === 0) return null;
      return {
        run: async (trx) => {
          await insertOutboxRows(trx, rows);
          return true;
        },
        onlyWhen: dialect === 'postgres' ? (condition) => outboxInsertWhen(rows, condition) : undefined,
      };
    },

    /**
     * Writes the notifications of a standing order not placed on its day, in `trx` (the day's
     * record): one row per channel the person chose, with the reason and a link to choose
     * something else. Answers how many.
     */
    async enqueueStandingFailure(trx: Db, failure: StandingFailure): Promise<number> {
      const recipient = await findRecipient(trx, failure.userId);
      if (!recipient) return 0;
      const { language } = recipient;
      const menuPath = recipient.role === 'admin' ? '/menuCafe-admin' : '/menuCafe';
      const row = messageRows(recipient, null, {
        event: 'standing-failed',
        language,
        standing: failure,
        message: standingFailedMessage(language, failure, menuPath),
      });
      return fanOut(trx, recipient, row);
    },

    /** After a commit that wrote notifications: this process delivers them at once. */
    wake(): void {
      timer?.wake();
    },

    /**
     * The worker of this process: delivers due rows now, when they fall due, and at least every 10 s.
     * On SQLite, where this is the only process using the file, the rows a process that is gone
     * still held (a crash mid-delivery) are freed first, so they go out now rather than after
     * their lease. On PostgreSQL another live process may hold them: their lease is waited out.
     */
    start(): void {
      let orphansFreed = dialect !== 'sqlite';
      timer ??= startDueTimer({
        now: () => clock.now(),
        maxPauseMs: POLL_MS,
        retryMs: 5_000,
        bus: ctx.bus,
        wakeOn: [],
        onError: (error) => log.warn({ err: error }, 'notification outbox: could not deliver; trying again shortly'),
        run: async () => {
          if (!orphansFreed) {
            const freed = await releaseLeasesOfOthers(db, worker);
            if (freed > 0) log.warn({ rows: freed }, 'notification outbox: freed the rows a stopped process held');
            orphansFreed = true;
          }
          return deliverDue();
        },
      });
    },

    /** Stops the worker after the batch under way. */
    async stop(): Promise<void> {
      await timer?.stop();
      timer = undefined;
      mailer?.close();
    },

    /** One pass of the worker (tests): everything due now is attempted. */
    deliverDue,

    async settings(user: AuthUser): Promise<NotificationSettings> {
      return toSettings((await findRecipient(db, user.id)) ?? DEFAULT_PREFERENCES);
    },

    async saveSettings(user: AuthUser, body: NotificationSettingsBody): Promise<NotificationSettings> {
      for (const channel of NOTIFICATION_CHANNELS) {
        if (body[channel] === true && !available[channel]) {
          throw badRequest(`${channel}: is not configured by the company`);
        }
      }
      const current = (await findRecipient(db, user.id)) ?? DEFAULT_PREFERENCES;
      const channels = { ...current.channels };
      for (const channel of NOTIFICATION_CHANNELS) {
        const value = body[channel];
        if (value !== undefined) channels[channel] = value;
      }
      const saved: Preferences = { language: body.language ?? current.language, channels };
      await savePreferences(db, user.id, saved, iso(clock.now()));
      dropRecipient(user.id);
      return toSettings(saved);
    },

    async health(): Promise<OutboxHealth> {
      const { channels, oldestPendingAt } = await outboxCounts(db);
      const newest = channels
        .filter((c) => c.lastError)
        .sort((a, b) => (b.lastError?.at ?? '').localeCompare(a.lastError?.at ?? ''))[0];
      return {
        pending: channels.reduce((n, c) => n + c.pending, 0),
        failed: channels.reduce((n, c) => n + c.failed, 0),
        oldestPendingAt,
        lastError: newest?.lastError ? { channel: newest.channel, ...newest.lastError } : null,
        channels: channels.map((c) => ({ ...c, configured: available[c.channel] })),
      };
    },
  };
  return service;
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
