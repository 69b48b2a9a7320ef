// The tables that run the product around the orders: notifications, hours, sessions, audit,
// live events (db/types.ts gathers every table).
import type { CategoryFor, NotificationChannel, NotificationLanguage } from '@cafe/shared';
import type { Generated } from 'kysely';
import type { Optional, Timestamp } from './columns';

export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Timestamp;
}

/** A rate-limit counter shared by every process; reset_at is epoch milliseconds. */
export interface RateLimitHitsTable {
  key: string;
  count: number;
  reset_at: number | string;
}

/** Secrets the processes must share (JWT signing key, VAPID keys), made once. */
export interface AppSecretsTable {
  name: string;
  value: string;
}

/** A venue's hours at a site on one weekday (0 = Sunday), the site's time "HH:MM" (migrations 008, 009). */
export interface ScheduleWeeklyTable {
  site_id: number;
  venue: CategoryFor;
  weekday: number;
  opens: string;
  closes: string;
  updated_by: number | null;
  updated_at: Timestamp;
}

/** A day both venues of a site stay closed. */
export interface ScheduleClosedDaysTable {
  site_id: number;
  day: string;
  note: string;
  created_by: number | null;
  created_at: Timestamp;
}

/** A scheduled change or closing warning handled once, by whichever process inserted its key first. */
export interface ScheduleRunsTable {
  key: string;
  kind: 'change' | 'warning' | 'retention';
  scheduled_at: Timestamp;
  /** `applied` / `skipped` (a change), `sent` (a warning), `applied` (a day's clean-up, modules/retention). */
  outcome: string;
  created_at: Timestamp;
}

/** One message for one channel (migration 012, docs/notifications.md). */
export interface NotificationOutboxTable {
  id: Generated<number>;
  user_id: number;
  order_id: number | null;
  channel: NotificationChannel;
  /** `done`, `rejected`, `undone-done`, `undone-rejected`, `released`. */
  event: string;
  /** The push endpoint or e-mail address; '' where the channel finds the person itself. */
  target: string;
  /** JSON of the written message (notifications/messages.ts `OutboxPayload`). */
  payload: string;
  /**
   * A random UUID given at insert (migration 017): the webhook's `X-Cafe-Delivery` and the
   * e-mail's `Message-ID`, the same on every attempt and never repeated, unlike `id`.
   */
  delivery_id: string;
  status: Generated<'pending' | 'sent' | 'failed' | 'skipped'>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  lease_until: Timestamp | null;
  leased_by: string | null;
  last_error: string | null;
  last_attempt_at: Timestamp | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}

/** A person's notification channels and language (migration 012); no row: the defaults. */
export interface NotificationPreferencesTable {
  user_id: number;
  language: NotificationLanguage;
  push: number;
  slack: number;
  email: number;
  webhook: number;
  updated_at: Timestamp;
}

/**
 * One administrative action (migration 013, docs/api.md "Audit log"): who made it (their name at
 * the time), what it changed, and the changed fields before and after (JSON). Only ever inserted.
 */
export interface AuditLogTable {
  id: Generated<number>;
  at: Timestamp;
  /** null: the system, or an account removed since (`actor_name` still names it). */
  actor_id: number | null;
  actor_name: string;
  /** `<area>.<what>`, one of AUDIT_ACTIONS (packages/shared). */
  action: string;
  target_type: string;
  target_id: string | null;
  site_id: number | null;
  /** JSON objects of the changed fields; null: it did not exist before, or does not after. */
  before: string | null;
  after: string | null;
}

/** A link sent by e-mail to an account's address, used once. */
interface EmailLinksTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 (hex) of the link's token; the token itself is only in the e-mail. */
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/** A confirmation link sent to a new account's address (migration 014): valid a day. */
export type EmailConfirmationsTable = EmailLinksTable;

/** A password-reset link sent by e-mail (migration 016): valid 30 minutes. */
export type PasswordResetsTable = EmailLinksTable;

/** A pickup screen's link (migration 015): its token is only ever stored as a hash. */
export interface DisplayTokensTable {
  id: Generated<number>;
  site_id: number;
  token_hash: string;
  label: Optional<string>;
  created_by: number;
  created_at: Timestamp;
  revoked_at: Timestamp | null;
}

/**
 * An Idempotency-Key of a move of an order (migration 019), kept a day: the move it was sent for and
 * the first answer (null while the first request is still being handled).
 */
export interface RequestKeysTable {
  user_id: number;
  key: string;
  route: string;
  order_id: number;
  fingerprint: string;
  status_code: number | null;
  answer: string | null;
  created_at: Timestamp;
}

/** A site's last live-event sequence number given (migration 018). */
export interface LiveSequencesTable {
  site_id: number;
  seq: number;
}

/** A recent live event of a site (migration 018), kept for clients catching up (`GET /api/live/missed`). */
export interface LiveEventsTable {
  site_id: number;
  seq: number;
  /** The event's name on the wire (`orders`, `queue`, ...). */
  event: string;
  /** JSON of the payload as sent, `siteId` and `seq` included. */
  payload: string;
  /** JSON array of the rooms it went to (realtime/socket.ts ROOMS). */
  rooms: string;
  created_at: Timestamp;
}
