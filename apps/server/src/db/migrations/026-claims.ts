import type { Kysely } from 'kysely';
import type { Dialect } from '../connection';

/**
 * Who makes an order (docs/decisions/0074-claims-and-totals.md).
 *
 * - `orders.claimed_by`: the barista who took the order at the counter (a claim, or their Do on an
 *   order nobody had taken); null: nobody has. Set null when that account is deleted.
 * - `orders.claimed_at`: when they took it; null with `claimed_by`.
 *
 * No existing row is touched: every order of the release before reads back unclaimed.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .alterTable('orders')
      .addColumn('claimed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    await db.schema.alterTable('orders').addColumn('claimed_at', 'varchar(32)').execute();
  };
}
