import type { Kysely } from 'kysely';
import type { Dialect } from '../connection';

/** Shared state for several server processes: rate-limit counters and the app's own secrets. */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable('rate_limit_hits')
      .addColumn('key', 'varchar(512)', (c) => c.primaryKey())
      .addColumn('count', 'integer', (c) => c.notNull())
      // Epoch milliseconds: compared as numbers on both engines.
      .addColumn('reset_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rate_limit_hits_reset').on('rate_limit_hits').column('reset_at').execute();
    await db.schema
      .createTable('app_secrets')
      .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
  };
}
