import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createPgDatabase } from '../../test-support/test-app';
import { openDatabase, type DatabaseHandle } from '../connection';
import * as m001 from './001-initial';
import * as m002 from './002-push-subscriptions';
import * as m003 from './003-rate-limits-and-secrets';
import * as m004 from './004-order-idempotency';
import * as m005 from './005-statistics';
import * as m006 from './006-order-times';

const PG_URL = process.env.TEST_DATABASE_URL;

describe('migration 006: order times', () => {
  let handle: DatabaseHandle | undefined;
  let drop = async () => {};
  afterEach(async () => {
    await handle?.close();
    await drop();
  });

  it('fills in when the orders placed before it were taken and finished, from their status history', async () => {
    if (PG_URL) {
      const created = await createPgDatabase(PG_URL);
      drop = created.drop;
      handle = openDatabase({ databaseUrl: created.url });
    } else {
      handle = openDatabase({ sqliteFile: ':memory:' });
    }
    const { dialect } = handle;
    const db = handle.db as unknown as Kysely<unknown>;
    for (const migration of [m001, m002, m003, m004]) await migration.up(dialect)(db);
    await m005.up(dialect, { cafeTimezone: 'Asia/Bangkok' })(db);

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
    const orders: [status: string, changes: [string, string][]][] = [
      [
        'done',
        [
          ['in-progress', '03:02:00'],
          ['done', '03:05:30'],
        ],
      ],
      ['in-progress', [['in-progress', '03:10:00']]],
      ['ordered', []],
      ['rejected', [['rejected', '03:01:00']]],
    ];
    for (const [status, changes] of orders) {
      const placed = '2026-03-02T03:00:00.000Z';
      await sql`insert into orders (user_id, menu_id, category_for, cafe_day, status, tumbler_image, order_date, updated_at)
        values (1, 1, 'cafe', '2026-03-02', ${status}, '-', ${placed}, ${placed})`.execute(db);
      for (const [to, time] of changes) {
        await sql`insert into order_status_history (order_id, to_status, changed_by, changed_at)
          values ((select max(id) from orders), ${to}, 1, ${`2026-03-02T${time}.000Z`})`.execute(db);
      }
    }

    await m006.up(dialect)(db);

    const rows = await sql<{ taken_at: string | null; done_at: string | null; wait_ms: unknown; prep_ms: unknown }>`
      select taken_at, done_at, wait_ms, prep_ms from orders order by id`.execute(db);
    expect(
      rows.rows.map((r) => [
        r.taken_at,
        r.done_at,
        r.wait_ms === null ? null : Number(r.wait_ms),
        r.prep_ms === null ? null : Number(r.prep_ms),
      ]),
    ).toEqual([
      ['2026-03-02T03:02:00.000Z', '2026-03-02T03:05:30.000Z', 120_000, 210_000],
      ['2026-03-02T03:10:00.000Z', null, 600_000, null],
      [null, null, null, null],
      [null, null, null, null],
    ]);
  });
});
