import type { Kysely } from 'kysely';
import type { Dialect } from '../connection';

/**
 * The moves of an order honour an Idempotency-Key (issue 31, docs/decisions/0054-board-never-loses-a-tap.md):
 * `request_keys` keeps, for a day, each (person, key) with the move it was sent for (route, order,
 * a fingerprint of the body) and the first answer (status code and body; null while the first
 * request is still being handled). In the database, so that a retry reaching the other server
 * process answers the same. A new table: no existing row is touched.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable('request_keys')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('key', 'varchar(255)', (c) => c.notNull())
      .addColumn('route', 'varchar(32)', (c) => c.notNull())
      .addColumn('order_id', 'integer', (c) => c.notNull())
      .addColumn('fingerprint', 'varchar(64)', (c) => c.notNull())
      .addColumn('status_code', 'integer')
      .addColumn('answer', 'text')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addPrimaryKeyConstraint('request_keys_pk', ['user_id', 'key'])
      .execute();
    // Keys older than a day are deleted by age.
    await db.schema.createIndex('request_keys_created_at').on('request_keys').column('created_at').execute();
  };
}
