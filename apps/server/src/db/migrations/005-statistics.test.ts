import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createPgDatabase } from '../../test-support/test-app';
import { openDatabase, type DatabaseHandle } from '../connection';
import * as m001 from './001-initial';
import * as m002 from './002-push-subscriptions';
import * as m003 from './003-rate-limits-and-secrets';
import * as m004 from './004-order-idempotency';
import * as m005 from './005-statistics';

const PG_URL = process.env.TEST_DATABASE_URL;

describe('migration 005: statistics', () => {
  let handle: DatabaseHandle | undefined;
  let drop = async () => {};
  afterEach(async () => {
    await handle?.close();
    await drop();
  });

  /** A database as migration 004 left it. */
  async function databaseAt004(): Promise<DatabaseHandle> {
    if (PG_URL) {
      const created = await createPgDatabase(PG_URL);
      drop = created.drop;
      handle = openDatabase({ databaseUrl: created.url });
    } else {
      handle = openDatabase({ sqliteFile: ':memory:' });
    }
    const db = handle.db as unknown as Kysely<unknown>;
    for (const migration of [m001, m002, m003, m004]) await migration.up(handle.dialect)(db);
    return handle;
  }

  it("fills in the cafe hour of the orders placed before it, in the cafe's zone, daylight saving included", async () => {
    const { db, dialect } = await databaseAt004();
    const at = '2026-01-01T00:00:00.000Z';
    await sql`insert into users (name, email, password_hash, created_at, updated_at) values ('A', 'a@example.com', 'x', ${at}, ${at})`.execute(
      db,
    );
    await sql`insert into categories (name, category_for, created_at, updated_at) values ('Coffee', 'cafe', ${at}, ${at})`.execute(
      db,
    );
    await sql`insert into menu_items (category_id, name, created_at, updated_at) values (1, 'Latte', ${at}, ${at})`.execute(
      db,
    );
    // London: GMT in winter, BST (UTC+1) from 29 March 2026.
    const placed = {
      '2026-03-27T08:30:00.000Z': 8, // Friday, GMT
      '2026-03-30T08:30:00.000Z': 9, // Monday, BST
      '2026-03-29T00:59:59.000Z': 0, // the last second before the change
      '2026-03-29T01:00:00.000Z': 2, // the clocks jump from 01:00 to 02:00
      '2026-10-25T00:30:00.000Z': 1, // 01:30 BST
      '2026-10-25T01:30:00.000Z': 1, // 01:30 GMT, the hour that happens twice
      '2026-06-30T23:15:00.000Z': 0, // already the next day in London
    };
    for (const orderDate of Object.keys(placed)) {
      await sql`
        insert into orders (user_id, menu_id, category_for, cafe_day, status, tumbler_image, order_date, updated_at)
        values (1, 1, 'cafe', ${orderDate.slice(0, 10)}, 'done', '-', ${orderDate}, ${orderDate})
      `.execute(db);
    }

    await m005.up(dialect, { cafeTimezone: 'Europe/London' })(db as unknown as Kysely<unknown>);

    const rows = await db.selectFrom('orders').select(['order_date', 'cafe_hour']).orderBy('id').execute();
    expect(Object.fromEntries(rows.map((r) => [r.order_date, r.cafe_hour]))).toEqual(placed);
  });
});
