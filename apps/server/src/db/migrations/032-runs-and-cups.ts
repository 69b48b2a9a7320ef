import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection';

/**
 * The coffee run and the cups saved (issue 50, docs/decisions/0094-coffee-runs-and-cups-saved.md).
 *
 * - `runs`: one colleague collects drinks for a meeting or a team: its site, runner, where it goes
 *   ("Meeting room 3"), its pickup slot and the time it closes; `closed_at` once the runner closed
 *   it early (a run also closes by its time: nothing is written then).
 * - `orders.run_id`: the run a drink was added to; null for every other order. Set null if a run is
 *   ever deleted. A runner's erasure sets `runner_id` null: the run stays the group of the others'
 *   drinks, without a name.
 * - `orders.own_cup`: 1 when the drink is served into its owner's own tumbler (a cafe order with its
 *   tumbler photo, or a walk-up the barista marked "own cup"): one disposable cup saved once it is
 *   picked up. Earlier orders: every online cafe order carried its tumbler photo, so each is marked
 *   1 here; walk-ups and bar orders 0. The count of the release before (its picked-up cafe orders
 *   with a photo) therefore reads back the same.
 * - `users.team`: the team a person belongs to (set by an admin; null: none), for cups saved per team.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable('runs')
      .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
        dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
      )
      .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id'))
      .addColumn('runner_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('place', 'varchar(80)', (c) => c.notNull())
      .addColumn('pickup_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('closes_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('closed_at', 'varchar(32)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('runs_site_closes').on('runs').columns(['site_id', 'closes_at']).execute();
    await db.schema.createIndex('runs_runner').on('runs').columns(['runner_id']).execute();
    await db.schema
      .alterTable('orders')
      .addColumn('run_id', 'integer', (c) => c.references('runs.id').onDelete('set null'))
      .execute();
    await db.schema.createIndex('orders_run').on('orders').columns(['run_id']).execute();
    await db.schema
      .alterTable('orders')
      .addColumn('own_cup', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`update orders set own_cup = 1
      where category_for = 'cafe' and walk_up = 0 and tumbler_image <> ''`.execute(db);
    await db.schema.alterTable('users').addColumn('team', 'varchar(80)').execute();
  };
}
