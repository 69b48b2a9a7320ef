import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../connection';

/**
 * The usual and standing orders (issue 32, docs/decisions/0038-standing-orders.md). New tables; no
 * existing row is touched:
 * - `usual_drinks`: a person's usual drink as they saved it (the drink's fields as JSON);
 * - `standing_orders`: "my usual (or this drink), at this site, on these weekdays, at this time";
 *   an ended one keeps its row (ended_at, ended_reason);
 * - `standing_order_runs`: one row per standing order and day, written in the transaction of the
 *   day's placement. Its primary key (standing_order_id, day) is what makes a standing order placed
 *   at most once a day, whatever the number of processes or restarts.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    const pg = dialect === 'postgres';
    const idType = pg ? 'serial' : 'integer';
    const id = (col: ColumnDefinitionBuilder) => (pg ? col.primaryKey() : col.primaryKey().autoIncrement());

    await db.schema
      .createTable('usual_drinks')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('drink', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('standing_orders')
      .addColumn('id', idType, id)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id'))
      // null: the person's usual on the day.
      .addColumn('drink', 'text')
      // "1,2,3,4,5": weekdays, 0 = Sunday.
      .addColumn('weekdays', 'varchar(16)', (c) => c.notNull())
      .addColumn('time', 'varchar(5)', (c) => c.notNull())
      .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('skip_date', 'varchar(10)')
      .addColumn('ended_at', 'varchar(32)')
      .addColumn('ended_reason', 'varchar(32)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('standing_orders_user').on('standing_orders').column('user_id').execute();

    await db.schema
      .createTable('standing_order_runs')
      .addColumn('standing_order_id', 'integer', (c) =>
        c.notNull().references('standing_orders.id').onDelete('cascade'),
      )
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
      .addColumn('order_id', 'integer')
      .addColumn('reason', 'text')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addPrimaryKeyConstraint('standing_order_runs_pk', ['standing_order_id', 'day'])
      .execute();
  };
}
