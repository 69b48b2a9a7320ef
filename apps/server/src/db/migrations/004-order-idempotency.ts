import type { Kysely } from 'kysely';
import type { Dialect } from '../connection';

/**
 * POST /order honours an Idempotency-Key: the key and a fingerprint of the body are kept on the
 * order, unique per person, so a retried placement finds the order it made the first time.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema.alterTable('orders').addColumn('idempotency_key', 'varchar(255)').execute();
    await db.schema.alterTable('orders').addColumn('idempotency_fingerprint', 'varchar(64)').execute();
    // NULLs never collide, so orders placed without a key are not constrained.
    await db.schema
      .createIndex('orders_user_idempotency_key')
      .on('orders')
      .columns(['user_id', 'idempotency_key'])
      .unique()
      .execute();
  };
}
