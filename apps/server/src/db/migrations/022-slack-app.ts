import type { Kysely } from 'kysely';
import type { Dialect } from '../connection';

/**
 * The Slack app (issue 32, docs/decisions/0039-slack-app.md). New tables only, no existing row is
 * touched:
 * - `slack_links`: which Slack user (of the one workspace) is which account, how it was linked,
 *   and when the person revoked it (a revoked link is kept so the e-mail match does not link again);
 * - `slack_link_tokens`: one-time links (sha256 only, short-lived, used once);
 * - `slack_seen_requests`: the signatures of the Slack requests of the last minutes, so a replay is
 *   refused by every server process;
 * - `slack_order_messages`: the Slack message of an order (channel and ts), updated as it moves.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable('slack_links')
      .addColumn('slack_user_id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('team_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('linked_by', 'varchar(8)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('revoked_at', 'varchar(32)')
      .execute();
    await db.schema.createIndex('slack_links_user').on('slack_links').column('user_id').execute();
    await db.schema
      .createTable('slack_link_tokens')
      .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('slack_user_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('team_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('slack_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('used_at', 'varchar(32)')
      .execute();
    await db.schema
      .createTable('slack_seen_requests')
      .addColumn('signature', 'varchar(80)', (c) => c.primaryKey())
      .addColumn('seen_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('slack_seen_requests_seen_at').on('slack_seen_requests').column('seen_at').execute();
    await db.schema
      .createTable('slack_order_messages')
      .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('site_id', 'integer', (c) => c.notNull())
      .addColumn('channel', 'varchar(32)', (c) => c.notNull())
      .addColumn('ts', 'varchar(32)', (c) => c.notNull())
      // 1 while the order may still move (its message follows the queue), 0 once it is over.
      .addColumn('open', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .createIndex('slack_order_messages_open')
      .on('slack_order_messages')
      .columns(['site_id', 'open'])
      .execute();
  };
}
