import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection';

/** Migration 022's tables, emptied into the chat module's and dropped. */
const SLACK_TABLES = ['slack_links', 'slack_link_tokens', 'slack_seen_requests', 'slack_order_messages'];

/**
 * Slack on the chat tables (issue 63, docs/decisions/0106-slack-on-chat-tables.md): Slack's rows of
 * migration 022 move to migration 031's tables as channel 'slack', and Slack's tables go.
 *
 * - `chat_links.workspace_id`, `chat_link_tokens.workspace_id`: the platform's workspace of the
 *   account where it has one (Slack's team id, which the data download names); null for LINE and Teams.
 * - A Slack link keeps its user id, person, how and when linked and when revoked; its name there was
 *   never stored, so its `display_name` is the Slack user id (only a one-time link's name is shown).
 * - One-time links and the signatures seen keep their times (each is forgotten as before).
 * - An order's Slack message becomes `{"channel","ts"}`, written at its order's placement time; the
 *   `site_id` and `open` columns were read by nothing and go with the table.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    for (const table of ['chat_links', 'chat_link_tokens']) {
      await db.schema.alterTable(table).addColumn('workspace_id', 'varchar(32)').execute();
    }
    await sql`insert into chat_links
        (channel, external_id, user_id, display_name, linked_by, created_at, revoked_at, workspace_id)
      select 'slack', slack_user_id, user_id, slack_user_id, linked_by, created_at, revoked_at, team_id
      from slack_links`.execute(db);
    await sql`insert into chat_link_tokens
        (token_hash, channel, external_id, display_name, reference, expires_at, used_at, workspace_id)
      select token_hash, 'slack', slack_user_id, slack_name, null, expires_at, used_at, team_id
      from slack_link_tokens`.execute(db);
    await sql`insert into chat_seen (channel, seen_key, seen_at)
      select 'slack', signature, seen_at from slack_seen_requests`.execute(db);
    const reference =
      dialect === 'postgres'
        ? sql`json_build_object('channel', m.channel, 'ts', m.ts)::text`
        : sql`json_object('channel', m.channel, 'ts', m.ts)`;
    await sql`insert into chat_order_messages (order_id, channel, user_id, reference, created_at)
      select m.order_id, 'slack', m.user_id, ${reference}, o.order_date
      from slack_order_messages m join orders o on o.id = m.order_id`.execute(db);
    for (const table of SLACK_TABLES) await db.schema.dropTable(table).execute();
  };
}
