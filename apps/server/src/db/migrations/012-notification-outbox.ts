import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../connection';

/**
 * Notifications in the office's own channels (issue 21, docs/notifications.md).
 *
 * - `notification_outbox`: one row per message and channel, written in the transaction of the
 *   change that causes it (an order done, rejected, a move undone, an order for later released),
 *   then delivered by the outbox worker. `status` is `pending` until it is `sent`, `failed` (given
 *   up on) or `skipped` (nothing to deliver to any more: a browser that unsubscribed). A worker
 *   holds the rows it delivers with a lease (`lease_until`, `leased_by`), so of several processes
 *   one delivers each row; a lease that runs out (its process died) frees the row again.
 * - `notification_preferences`: a person's channels and the language of their messages; no row
 *   means the defaults (push on, English).
 *
 * Only new tables: no existing row is read or changed.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    const pg = dialect === 'postgres';
    const idType = pg ? 'serial' : 'integer';
    const id = (col: ColumnDefinitionBuilder) => (pg ? col.primaryKey() : col.primaryKey().autoIncrement());

    await db.schema
      .createTable('notification_outbox')
      .addColumn('id', idType, id)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
      .addColumn('channel', 'varchar(16)', (c) => c.notNull())
      .addColumn('event', 'varchar(24)', (c) => c.notNull())
      /** The push endpoint, or the e-mail address the message goes to; '' for the webhook. */
      .addColumn('target', 'varchar(2048)', (c) => c.notNull())
      /** JSON: the message as written at the change (language, title, text, url, the order's facts). */
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('lease_until', 'varchar(32)')
      .addColumn('leased_by', 'varchar(64)')
      .addColumn('last_error', 'varchar(500)')
      .addColumn('last_attempt_at', 'varchar(32)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('sent_at', 'varchar(32)')
      .execute();
    await db.schema
      .createIndex('notification_outbox_due')
      .on('notification_outbox')
      .columns(['status', 'next_attempt_at'])
      .execute();
    await db.schema.createIndex('notification_outbox_user').on('notification_outbox').column('user_id').execute();

    await db.schema
      .createTable('notification_preferences')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
      .addColumn('language', 'varchar(2)', (c) => c.notNull().defaultTo('en'))
      .addColumn('push', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('slack', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('email', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('webhook', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
  };
}
