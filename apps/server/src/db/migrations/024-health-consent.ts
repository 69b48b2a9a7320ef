import type { Kysely } from 'kysely';
import type { Dialect } from '../connection';

/**
 * Consent to keep what a person cannot drink (docs/decisions/0068-health-data-consent.md). A new
 * table, `health_consents`: one row per person who agreed, with the wording's version, when, and
 * when they withdrew it.
 *
 * No existing row is touched. A person who saved a list before this release has no consent
 * recorded: their list stays in `users.avoids` as it was, and is used nowhere (no marks, no
 * warnings, not shown to baristas or in Slack) until they agree on their profile, or erase it.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable('health_consents')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('version', 'varchar(32)', (c) => c.notNull())
      .addColumn('given_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('withdrawn_at', 'varchar(32)')
      .execute();
  };
}
