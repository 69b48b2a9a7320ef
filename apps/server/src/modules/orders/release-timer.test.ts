import type { Order, OrdersEvent } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cafeOrderBody, createOrderingApp, placeOrder, type SeededMenu } from '../../test-support/order-fixtures';
import { connectClient, nextEvent, onLiveEvent, type TestApp, type TestUser } from '../../test-support/test-app';

/** Tuesday 3 March 2026, 09:40 in Bangkok (UTC+7): the cafe opens 09:00-16:00. */
const TUESDAY_0940 = '2026-03-03T02:40:00.000Z';
const TUESDAY_1030 = '2026-03-03T03:30:00.000Z';
const TUESDAY_1100 = '2026-03-03T04:00:00.000Z';
/** Generous, yet half the timer's regular pause (30 s): an order released within it was woken, not waited for. */
const WOKEN_WITHIN_MS = 15_000;

/**
 * The release timer on its own (what server.ts starts): nobody calls `releaseDue` here. A test
 * server with a clock of its own (CLOCK_NOW) lets its tests set the clock, which wakes the timer;
 * an order for later that is due already when it is placed is released at once, not at the
 * timer's next regular run (half a minute later).
 */
describe('the release timer', () => {
  let t: TestApp;
  let menu: SeededMenu;
  let image: string;
  let barista: TestUser;
  let base: string;

  beforeAll(async () => {
    ({ t, menu, image } = await createOrderingApp({ clockNow: TUESDAY_0940, env: { CLOCK_NOW: TUESDAY_0940 } }));
    barista = await t.createUser({ role: 'barista' });
    const pickup = await t.request('PUT', '/api/sites/1/pickup', barista, {
      slotMinutes: 15,
      leadMinutes: 0,
      daysAhead: 0,
      slotCapacity: 10,
    });
    expect(pickup.statusCode).toBe(200);
    base = await t.listen();
    t.app.ctx.services.orders.startReleases();
  });
  afterAll(() => t.close());

  it('moves an order for later to the queue when the clock is set past its due time', async () => {
    const placed = (
      await placeOrder(t, await t.createUser(), cafeOrderBody(menu.latte, image, { pickupAt: TUESDAY_1030 }))
    ).json<Order>();
    expect(placed.status).toBe('scheduled');
    const board = await connectClient(base, barista.token);
    try {
      const released = nextEvent(board, 'orders', WOKEN_WITHIN_MS);
      // 10:27: the pickup time minus the default three minutes an order.
      const res = await t.request('PUT', '/api/test/clock', undefined, { now: '2026-03-03T03:27:00.000Z' });
      expect(res.statusCode, res.body).toBe(200);
      expect(await released).toMatchObject({ id: placed.id, status: 'ordered', from: 'scheduled' });
    } finally {
      board.disconnect();
    }
  });

  it('releases an order that is due already at once when it is placed', async () => {
    t.clock.set('2026-03-03T03:58:30.000Z'); // 10:58:30: the 11:00 slot is due (10:57).
    // Signed in at the new time (an access token lives a quarter of an hour).
    const board = await connectClient(base, (await t.createUser({ role: 'barista' })).token);
    const seen: OrdersEvent[] = [];
    const stop = onLiveEvent(board, 'orders', (event) => seen.push(event));
    try {
      const released = new Promise<OrdersEvent>((resolve) => {
        const off = onLiveEvent(board, 'orders', (event) => {
          if (event.from === 'scheduled') {
            off();
            resolve(event);
          }
        });
      });
      const placed = (
        await placeOrder(t, await t.createUser(), cafeOrderBody(menu.latte, image, { pickupAt: TUESDAY_1100 }))
      ).json<Order>();
      expect(placed.status).toBe('scheduled');
      // The timer's regular run is up to 30 seconds away; the placement wakes it.
      const event = await Promise.race([
        released,
        new Promise<null>((resolve) => setTimeout(() => resolve(null), WOKEN_WITHIN_MS)),
      ]);
      expect(event, 'released without waiting for the next regular run').toMatchObject({
        id: placed.id,
        status: 'ordered',
      });
      expect(seen.map((e) => [e.id, e.status])).toEqual([
        [placed.id, 'scheduled'],
        [placed.id, 'ordered'],
      ]);
    } finally {
      stop();
      board.disconnect();
    }
  });
});

describe('PUT /api/test/clock', () => {
  it('is not there on a server that runs on the real clock', async () => {
    const { t } = await createOrderingApp();
    try {
      const res = await t.request('PUT', '/api/test/clock', undefined, { now: TUESDAY_0940 });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
