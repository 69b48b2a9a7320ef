import type { Kysely } from 'kysely';
import type { Dialect } from '../connection';

/**
 * LINE and Microsoft Teams (issue 49, docs/decisions/0090-line-and-teams.md): one set of tables for
 * the chat channels after Slack, each row naming its channel ('line', 'teams'). New tables only, no
 * existing row is touched (Slack keeps its own tables of migration 022):
 * - `chat_links`: which account of the platform is which person, how it was linked, and when the
 *   person revoked it (kept, so a verified e-mail does not link it again behind their back);
 * - `chat_link_tokens`: one-time links (sha256 only, short-lived, used once);
 * - `chat_seen`: what every server process has seen of a platform's deliveries (a replayed body, a
 *   redelivered event), forgotten after a while;
 * - `chat_order_messages`: where an order's message is (a reply token, a conversation and activity),
 *   as JSON the channel reads, updated as the order moves;
 * - `chat_channel_state`: each channel's last delivery error and its pushes of the month (LINE counts
 *   them against the account's quota).
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable('chat_links')
      .addColumn('channel', 'varchar(16)', (c) => c.notNull())
      .addColumn('external_id', 'varchar(128)', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('display_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('linked_by', 'varchar(8)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('revoked_at', 'varchar(32)')
      .addPrimaryKeyConstraint('chat_links_pk', ['channel', 'external_id'])
      .execute();
    await db.schema.createIndex('chat_links_user').on('chat_links').columns(['user_id', 'channel']).execute();
    await db.schema
      .createTable('chat_link_tokens')
      .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('channel', 'varchar(16)', (c) => c.notNull())
      .addColumn('external_id', 'varchar(128)', (c) => c.notNull())
      .addColumn('display_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('reference', 'text')
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('used_at', 'varchar(32)')
      .execute();
    await db.schema
      .createTable('chat_seen')
      .addColumn('channel', 'varchar(16)', (c) => c.notNull())
      .addColumn('seen_key', 'varchar(255)', (c) => c.notNull())
      .addColumn('seen_at', 'varchar(32)', (c) => c.notNull())
      .addPrimaryKeyConstraint('chat_seen_pk', ['channel', 'seen_key'])
      .execute();
    await db.schema.createIndex('chat_seen_at').on('chat_seen').columns(['channel', 'seen_at']).execute();
    await db.schema
      .createTable('chat_order_messages')
      .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
      .addColumn('channel', 'varchar(16)', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('reference', 'text', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('chat_channel_state')
      .addColumn('channel', 'varchar(16)', (c) => c.primaryKey())
      .addColumn('last_error', 'varchar(500)')
      .addColumn('last_error_at', 'varchar(32)')
      .addColumn('push_month', 'varchar(7)')
      .addColumn('pushes', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  };
}
