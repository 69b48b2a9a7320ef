import { LIMITS } from '@cafe/shared';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cafeOrderBody, createOrderingApp, placeOrder, type SeededMenu } from '../../test-support/order-fixtures';
import type { TestApp } from '../../test-support/test-app';
import { until } from '../../test-support/waits';

/**
 * A placement on PostgreSQL is one statement, with no BEGIN and COMMIT (migration 035,
 * guarded-insert.repository.ts): its guards are read after the owner's account is held, so a
 * placement that waited for another's lock counts the order that other one committed. Shown here
 * with a placement held open from outside at the moment of the lock: its order fills the daily
 * limit, and the app's placement, which waited for it, is refused. PostgreSQL only (the vitest
 * config includes this file when TEST_DATABASE_URL is set).
 */
describe('a placement in one statement, raced', () => {
  let t: TestApp;
  let menu: SeededMenu;
  let image: string;
  let pool: pg.Pool;
  beforeAll(async () => {
    ({ t, menu, image } = await createOrderingApp());
    pool = t.database.pgPool as pg.Pool;
  });
  afterAll(() => t.close());

  /** The app's statements waiting for a lock someone holds. */
  const waitingForLocks = async () =>
    Number(
      (
        await pool.query<{ n: string }>(
          "select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
        )
      ).rows[0]?.n,
    );

  it("counts the order of a placement that held the owner's account first, committed while it waited", async () => {
    const ann = await t.createUser();
    const body = cafeOrderBody(menu.latte, image);
    // One short of the daily limit.
    for (let i = 1; i < LIMITS.dailyCafeOrders; i += 1) expect((await placeOrder(t, ann, body)).statusCode).toBe(201);
    const [first] = (
      await pool.query<{ id: number; cafe_day: string }>('select id, cafe_day from orders where user_id = $1', [ann.id])
    ).rows;
    const columns = (
      await pool.query<{ name: string }>(
        "select column_name as name from information_schema.columns where table_name = 'orders' and column_name not in ('id', 'idempotency_key', 'idempotency_fingerprint')",
      )
    ).rows.map((c) => `"${c.name}"`);

    // Another placement of Ann's, as a server does it, held open: her account held, her order inserted.
    const other = await pool.connect();
    let answer: Awaited<ReturnType<typeof placeOrder>> | undefined;
    try {
      await other.query('begin');
      await other.query("select * from cafe_placement_guards($1, $2, null, '{cancel,rejected}')", [
        ann.id,
        first?.cafe_day,
      ]);
      await other.query(
        `insert into orders (${columns.join(', ')}) select ${columns.join(', ')} from orders where id = $1`,
        [first?.id],
      );
      // The app's placement waits for her account, then the other one commits.
      const placing = placeOrder(t, ann, body).then((a) => (answer = a));
      await until(async () => (await waitingForLocks()) === 1, "the app's placement waiting for Ann's account");
      expect(answer).toBeUndefined();
      await other.query('commit');
      await placing;
    } finally {
      other.release();
    }
    expect(answer?.statusCode, answer?.body).toBe(409);
    expect(answer?.json<{ code: string }>().code).toBe('ORDER_LIMIT_REACHED');
    const kept = await pool.query('select id from orders where user_id = $1', [ann.id]);
    expect(kept.rows).toHaveLength(LIMITS.dailyCafeOrders);
  });
});
