import { cafeClock } from '@cafe/shared';
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection';

/** What this migration needs of the deployment: the zone `cafe_day` and `cafe_hour` are told in. */
export interface StatisticsMigrationOptions {
  cafeTimezone: string;
}

/** Orders read and updated per batch while filling in `cafe_hour`. */
const BACKFILL_BATCH = 5000;

/**
 * Statistics that read only the rows of their period (docs/decisions/0016-statistics-and-history.md):
 *
 * - `orders.cafe_hour`: the hour (0-23, cafe time zone) the order was placed at, written at
 *   placement like `cafe_day`, so "orders by hour" is a GROUP BY instead of a time-zone conversion
 *   per row. Filled in here for the orders placed before.
 * - `orders_served_stats` (status, cafe_day, category_for, cafe_hour, menu_id, id): every
 *   statistic asks for `status in ('done','picked')` and a range of cafe days; the index seeks to
 *   exactly those rows and holds every column the statistics read (no table lookups).
 * - `orders_history_page` (order_date, id): the barista history's keyset pages, newest first.
 * - `order_status_history_order_change` (order_id, to_status, changed_at): preparation time reads
 *   the in-progress and done changes of the period's orders from the index alone. It begins with
 *   `order_id`, so it replaces `order_status_history_order`.
 */
export function up(dialect: Dialect, options: StatisticsMigrationOptions) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema.alterTable('orders').addColumn('cafe_hour', 'integer').execute();
    await backfillCafeHours(db, options.cafeTimezone);

    await db.schema
      .createIndex('orders_served_stats')
      .on('orders')
      .columns(['status', 'cafe_day', 'category_for', 'cafe_hour', 'menu_id', 'id'])
      .execute();
    await db.schema.createIndex('orders_history_page').on('orders').columns(['order_date', 'id']).execute();
    await db.schema
      .createIndex('order_status_history_order_change')
      .on('order_status_history')
      .columns(['order_id', 'to_status', 'changed_at'])
      .execute();
    await db.schema.dropIndex('order_status_history_order').execute();

    // The planners learn about the new column and indexes now, not at the next automatic analysis
    // (SQLite: sqlite-maintenance.ts; PostgreSQL: autovacuum).
    if (dialect === 'postgres') {
      await sql`analyze orders, order_status_history`.execute(db);
    } else {
      await sql`analyze orders`.execute(db);
      await sql`analyze order_status_history`.execute(db);
    }
  };
}

/**
 * The cafe hour of every order placed before this migration. The zone's offset is the same for a
 * whole UTC quarter of an hour (every zone's offset is a multiple of 15 minutes), so each quarter
 * is converted once, not each order.
 */
async function backfillCafeHours(db: Kysely<unknown>, timeZone: string): Promise<void> {
  const hourOfQuarter = new Map<string, number>();
  const hourOf = (orderDate: string): number => {
    const placed = new Date(orderDate);
    const quarter = `${orderDate.slice(0, 13)}:${Math.floor(placed.getUTCMinutes() / 15)}`;
    let hour = hourOfQuarter.get(quarter);
    if (hour === undefined) {
      hour = cafeClock(placed, timeZone).hour;
      hourOfQuarter.set(quarter, hour);
    }
    return hour;
  };

  let after = 0;
  for (;;) {
    const { rows } = await sql<{ id: number; order_date: string }>`
      select id, order_date from orders where id > ${after} order by id limit ${BACKFILL_BATCH}
    `.execute(db);
    const last = rows.at(-1);
    if (!last) return;
    const idsByHour = new Map<number, number[]>();
    for (const row of rows) {
      const hour = hourOf(row.order_date);
      const ids = idsByHour.get(hour);
      if (ids) ids.push(row.id);
      else idsByHour.set(hour, [row.id]);
    }
    for (const [hour, ids] of idsByHour) {
      await sql`update orders set cafe_hour = ${hour} where id in (${sql.join(ids)})`.execute(db);
    }
    after = last.id;
  }
}
