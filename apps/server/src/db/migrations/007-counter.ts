import type { Kysely } from 'kysely';
import type { Dialect } from '../connection';

/**
 * The counter (docs/decisions/0018-the-counter.md):
 *
 * - `orders.walk_up`: an order a barista entered at the counter (no tumbler photo, no location);
 *   `orders.guest_name`: the name of a guest without an account, whose order is the barista's.
 * - `ordering_settings` (one row): busy mode, new cafe orders paused by hand and the limits of the
 *   waiting queue and of the wait that pause them by themselves (null: no limit).
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .alterTable('orders')
      .addColumn('walk_up', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('orders').addColumn('guest_name', 'varchar(40)').execute();
    await db.schema
      .createTable('ordering_settings')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('max_waiting', 'integer')
      .addColumn('max_wait_minutes', 'integer')
      .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
      .addColumn('updated_at', 'varchar(32)')
      .execute();
    await db
      .insertInto('ordering_settings' as never)
      .values({ id: 1, paused: 0 })
      .execute();
  };
}
