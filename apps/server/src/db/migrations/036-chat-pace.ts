import type { Kysely } from 'kysely';
import type { Dialect } from '../connection';

/**
 * One budget of chat API calls across the server processes (issue 64,
 * docs/decisions/0117-one-chat-budget.md): `chat_pace` holds each token bucket a chat platform's
 * calls are paced by (lib/pace.ts), when it is empty again at its pace (`free_at`) and until when a
 * 429 holds it (`held_until`), both in epoch milliseconds. A bucket named after a conversation
 * carries a hash of its id, never the id. A new table only: no stored row is touched. SQLite makes
 * it too (one schema), though its one process paces in memory.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable('chat_pace')
      .addColumn('bucket', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('free_at', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('held_until', 'double precision', (c) => c.notNull().defaultTo(0))
      .execute();
  };
}
