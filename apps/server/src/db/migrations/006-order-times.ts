import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection';

/**
 * When an order was taken and finished, kept on the order (docs/decisions/0018-the-counter.md):
 *
 * - `taken_at`, `done_at`: the instants of its last move to in-progress and to done (ISO UTC text,
 *   like every timestamp here), written by the transitions and cleared by an undo.
 * - `wait_ms` (placed -> taken) and `prep_ms` (taken -> done): what the dashboards average by hour
 *   and the period's preparation time sums, without reading the status history.
 * - `orders_served_stats` is made again with both times in it, so the statistics of a period read
 *   the index alone; `orders_done` (category_for, done_at, finished orders only) finds a venue's
 *   latest completions, which the wait estimate is made from.
 * - `orders_status_date` goes: no query uses it since the statistics moved to `orders_served_stats`,
 *   and every index costs each order placed.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    for (const column of ['taken_at', 'done_at']) {
      await db.schema.alterTable('orders').addColumn(column, 'varchar(32)').execute();
    }
    for (const column of ['wait_ms', 'prep_ms']) {
      await db.schema.alterTable('orders').addColumn(column, 'bigint').execute();
    }

    // The orders taken or finished before: from their status history (first move of each kind;
    // nothing could be undone before this migration).
    const firstChange = (status: string) =>
      sql`(select min(h.changed_at) from order_status_history h where h.order_id = orders.id and h.to_status = ${status})`;
    await sql`update orders set taken_at = ${firstChange('in-progress')}, done_at = ${firstChange('done')}`.execute(db);
    const millisBetween = (from: string, to: string) =>
      dialect === 'postgres'
        ? sql`round(extract(epoch from (${sql.ref(to)}::timestamptz - ${sql.ref(from)}::timestamptz)) * 1000)`
        : sql`cast(round((julianday(${sql.ref(to)}) - julianday(${sql.ref(from)})) * 86400000) as integer)`;
    await sql`update orders set wait_ms = ${millisBetween('order_date', 'taken_at')}
      where taken_at is not null and taken_at >= order_date`.execute(db);
    await sql`update orders set prep_ms = ${millisBetween('taken_at', 'done_at')}
      where done_at is not null and taken_at is not null and done_at >= taken_at`.execute(db);

    await db.schema.dropIndex('orders_served_stats').execute();
    await db.schema
      .createIndex('orders_served_stats')
      .on('orders')
      .columns(['status', 'cafe_day', 'category_for', 'cafe_hour', 'menu_id', 'id', 'wait_ms', 'prep_ms'])
      .execute();
    // Partial: only finished orders, and only a query that asks for them can use it (the
    // statistics keep to orders_served_stats).
    await db.schema
      .createIndex('orders_done')
      .on('orders')
      .columns(['category_for', 'done_at'])
      .where(sql.ref('done_at'), 'is not', null)
      .execute();
    await db.schema.dropIndex('orders_status_date').execute();

    await sql`analyze orders`.execute(db);
  };
}
