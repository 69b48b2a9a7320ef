import type { Kysely } from 'kysely';
import type { Dialect } from '../connection';

/**
 * Promises that hold (issue 62, docs/decisions/0101-one-promise-model.md).
 *
 * - `orders.promised_ready_at`: the instant the person was promised at placement (ISO): for an
 *   order for now the line model's ready time, for an order for later its pickup time. Null for
 *   every order from before (nothing was stored of what they were told), and for an order whose
 *   promise could not be worked out.
 * - `orders.late_told_at`: when its owner was told it will be late (once); null: not told.
 *
 * Nothing else changes: every stored row reads back as before.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema.alterTable('orders').addColumn('promised_ready_at', 'varchar(32)').execute();
    await db.schema.alterTable('orders').addColumn('late_told_at', 'varchar(32)').execute();
  };
}
