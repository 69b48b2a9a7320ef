import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection';

/**
 * A tumbler's deadline is fixed when it is marked (docs/decisions/0069-promises-kept.md).
 *
 * - `orders.tumbler_grace_seconds`: the site's tumbler grace in force when the barista last marked
 *   the order's tumbler not here; its deadline is `tumbler_missing_at` plus this. A later change of
 *   the site's grace applies to later marks only. Null: never marked.
 * - An order marked before the upgrade keeps the deadline its owner was told: it gets the grace of
 *   its site as it is at the upgrade (the grace the deadline was computed from until now). No other
 *   row is touched.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema.alterTable('orders').addColumn('tumbler_grace_seconds', 'integer').execute();
    await sql`update orders set tumbler_grace_seconds =
        (select s.tumbler_grace_seconds from sites s where s.id = orders.site_id)
      where tumbler_missing_at is not null`.execute(db);
  };
}
