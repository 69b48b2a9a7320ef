import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPerson, startProcesses } from '../test-support/processes';
import { connectClient, FIRST_SITE_ID, onNumberedLiveEvent, type LiveClient } from '../test-support/test-app';
import { until } from '../test-support/waits';

/**
 * Found by the network-fault harness (network-faults.test.ts, decision 0056), made deterministic
 * here: on two server processes, a site's events in `seq` order must never tell an older state
 * after a newer one, since a client applies them in that order (docs/api/live-events.md). Two
 * moves of one order, the first through process A and the second, after A answered, through
 * process B: the board must end on the second. The numbering runs after the domain write
 * (decision 0053), so an event of A still waiting for its number (A's chain behind an earlier
 * event) is numbered after B's later one: it is read again when numbered.
 *
 * PostgreSQL only (two processes); on SQLite the file has nothing to run.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the site sequence across two server processes', () => {
  let apps: FastifyInstance[] = [];
  let pools: pg.Pool[] = [];
  let stop: (() => Promise<void>) | undefined;
  let board: LiveClient | undefined;

  beforeAll(async () => {
    ({ apps, pools, stop } = await startProcesses(2, 'cafe_seq_order', {
      env: { BAR_ONLINE_ORDERING: 'on', LOCATION_CHECK: 'off', OPENING_HOURS: 'off' },
    }));
  });
  afterAll(async () => {
    board?.disconnect();
    await stop?.();
  });

  it('never tells an older state of an order after a newer one in number order, when the first process numbers its event late', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const user = async (role: 'barista' | 'user', email: string) =>
      (await insertPerson(apps, { name: email, email, role })).auth;
    const barista = await user('barista', 'seq-barista@example.com');
    const customer = await user('user', 'seq-customer@example.com');
    const category = await a.inject({
      method: 'POST',
      url: '/api/category',
      headers: barista,
      payload: { name: 'Cocktails', categoryFor: 'bar' },
    });
    expect(category.statusCode, category.body).toBe(201);
    const item = await a.inject({
      method: 'POST',
      url: '/api/menu',
      headers: barista,
      payload: { name: 'Mojito', category_id: category.json<{ id: number }>().id },
    });
    expect(item.statusCode, item.body).toBe(201);
    expect((await a.inject({ method: 'PATCH', url: '/api/cafe-status/bar-open', headers: barista })).statusCode).toBe(
      200,
    );

    // A board on process B, keeping every `orders` event with its number.
    board = await connectClient(
      `http://127.0.0.1:${(b.server.address() as AddressInfo).port}`,
      barista.authorization.slice('Bearer '.length),
      FIRST_SITE_ID,
    );
    const heard: { id: number; status: string; seq: number | undefined }[] = [];
    onNumberedLiveEvent(board, 'orders', (event) => heard.push({ id: event.id, status: event.status, seq: event.seq }));

    const placed = await a.inject({
      method: 'POST',
      url: '/api/order',
      headers: customer,
      payload: { menu_id: item.json<{ id: number }>().id, tumblerImage: 'Mojito' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json<{ id: number }>().id;
    await until(() => heard.some((e) => e.id === orderId && e.status === 'ordered'), 'placed on the board');

    // The site's counter row locked from outside: every numbering waits for it, in turn.
    const poolA = pools[0] as pg.Pool;
    const lock = new pg.Client({ connectionString: (poolA.options as { connectionString: string }).connectionString });
    await lock.connect();
    try {
      await lock.query('begin');
      await lock.query('select seq from live_sequences where site_id = $1 for update', [FIRST_SITE_ID]);
      const waitingForLock = async () =>
        Number(
          // Not on `lock`: inside its transaction pg_stat_activity would answer the same snapshot.
          (
            await (pools[1] as pg.Pool).query<{ n: string }>(
              "select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%live_sequences%'",
            )
          ).rows[0]?.n,
        );

      // Process A asked to send an earlier event of the site (a shop status), now waiting for the lock.
      a.ctx.events.shopStatus(FIRST_SITE_ID, { isCafeOpen: false, isBarOpen: true });
      await until(async () => (await waitingForLock()) === 1, 'the earlier event waiting for its number');

      // Do, through A: applied and answered; its event waits in A's chain behind the earlier one.
      const started = await a.inject({
        method: 'PATCH',
        url: `/api/order/barista/${orderId}`,
        headers: barista,
        payload: { status: 'in-progress' },
      });
      expect(started.statusCode, started.body).toBe(200);
      // Then Done, through B: its event waits for the lock, ahead of A's Do.
      const done = await b.inject({
        method: 'PATCH',
        url: `/api/order/barista/${orderId}`,
        headers: barista,
        payload: { status: 'done' },
      });
      expect(done.statusCode, done.body).toBe(200);
      await until(async () => (await waitingForLock()) === 2, "B's event waiting for its number");
      await lock.query('commit');
    } finally {
      await lock.end();
    }

    await until(() => heard.filter((e) => e.id === orderId).length === 3, 'both moves on the board');
    // A board applying the site's events in number order: the Do numbered last was read again
    // when numbered, so it tells the order as it was then (done), never in progress after done.
    const inSeqOrder = heard.filter((e) => e.id === orderId).sort((x, y) => (x.seq ?? 0) - (y.seq ?? 0));
    expect(inSeqOrder.every((e) => typeof e.seq === 'number')).toBe(true);
    expect(inSeqOrder.map((e) => e.status)).toEqual(['ordered', 'done', 'done']);
  });
});
