import { ORDER_STATUSES, canTransition, type Order, type OrderStatus, type QueuedOrder } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, nextEvent, type TestApp, type TestUser } from '../../test-support/test-app';
import {
  baristaPatch,
  cafeOrderBody,
  collect,
  createOrderingApp,
  placeOrder,
  sleep,
  type SeededMenu,
} from '../../test-support/order-fixtures';

const WEDNESDAY_10AM = '2026-11-18T10:00:00+07:00';

describe('barista processing', () => {
  let t: TestApp;
  let menu: SeededMenu;
  let image: string;
  let barista: TestUser;

  beforeAll(async () => {
    ({ t, menu, image } = await createOrderingApp({ clockNow: WEDNESDAY_10AM }));
    barista = await t.createUser({ role: 'barista', name: 'Bea' });
  });
  afterAll(() => t.close());

  async function newOrder(owner?: TestUser): Promise<{ owner: TestUser; order: Order }> {
    const who = owner ?? (await t.createUser());
    const res = await placeOrder(t, who, cafeOrderBody(menu.latte, image));
    expect(res.statusCode).toBe(201);
    return { owner: who, order: res.json<Order>() };
  }

  async function orderIn(status: OrderStatus): Promise<Order> {
    const { order } = await newOrder();
    await t.app.ctx.db.updateTable('orders').set({ status }).where('id', '=', order.id).execute();
    t.app.ctx.bus.resync();
    return order;
  }

  const historyOf = (id: number) =>
    t.app.ctx.db
      .selectFrom('order_status_history')
      .select(['from_status', 'to_status', 'changed_by', 'note'])
      .where('order_id', '=', id)
      .orderBy('id')
      .execute();

  it('starts, then finishes an order; the history records who did it', async () => {
    const { owner, order } = await newOrder();
    t.clock.advance(30_000);
    const started = await baristaPatch(t, barista, order.id, { status: 'in-progress' });
    expect(started.statusCode).toBe(200);
    expect(started.json<Order>()).toMatchObject({ id: order.id, status: 'in-progress' });
    expect(started.json<Order>().updatedAt > order.updatedAt).toBe(true);

    t.clock.advance(90_000);
    const done = await baristaPatch(t, barista, order.id, { status: 'done', reject_note: 'ignored' });
    expect(done.statusCode).toBe(200);
    // The order keeps when it was taken and finished, and how long each wait was.
    const times = await t.app.ctx.db
      .selectFrom('orders')
      .select(['taken_at', 'done_at', 'wait_ms', 'prep_ms'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(times).toMatchObject({
      taken_at: started.json<Order>().updatedAt,
      done_at: done.json<Order>().updatedAt,
    });
    expect(Number(times.wait_ms)).toBeGreaterThanOrEqual(30_000);
    expect(Number(times.prep_ms)).toBeGreaterThanOrEqual(90_000);
    expect(Number(times.prep_ms)).toBeLessThan(100_000);
    expect(done.json<Order>()).toMatchObject({ status: 'done', rejectNote: '' });

    expect(await historyOf(order.id)).toEqual([
      { from_status: null, to_status: 'ordered', changed_by: owner.id, note: null },
      { from_status: 'ordered', to_status: 'in-progress', changed_by: barista.id, note: null },
      { from_status: 'in-progress', to_status: 'done', changed_by: barista.id, note: null },
    ]);
  });

  it('rejects a waiting or in-progress order with a note', async () => {
    for (const from of ['ordered', 'in-progress'] as const) {
      const order = await orderIn(from);
      const res = await baristaPatch(t, barista, order.id, { status: 'rejected', reject_note: 'Machine Failure' });
      expect(res.statusCode, from).toBe(200);
      expect(res.json<Order>()).toMatchObject({ status: 'rejected', rejectNote: 'Machine Failure' });
      expect((await historyOf(order.id)).at(-1)).toEqual({
        from_status: from,
        to_status: 'rejected',
        changed_by: barista.id,
        note: 'Machine Failure',
      });
    }
  });

  it('requires a reject note of 1 to 60 characters', async () => {
    const order = await orderIn('ordered');
    for (const payload of [
      { status: 'rejected' },
      { status: 'rejected', reject_note: '' },
      { status: 'rejected', reject_note: '   ' },
      { status: 'rejected', reject_note: 'x'.repeat(61) },
    ]) {
      const res = await baristaPatch(t, barista, order.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION' });
    }
    const stillWaiting = await t.request('GET', `/api/order/${order.id}`, barista);
    expect(stillWaiting.json<Order>().status).toBe('ordered');
    const ok = await baristaPatch(t, barista, order.id, { status: 'rejected', reject_note: 'x'.repeat(60) });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses every change the state machine forbids with 409 INVALID_TRANSITION', async () => {
    let checked = 0;
    for (const from of ORDER_STATUSES) {
      for (const to of ['in-progress', 'done', 'rejected', 'picked', 'uncollected'] as const) {
        if (canTransition('barista', from, to)) continue;
        const order = await orderIn(from);
        const res = await baristaPatch(t, barista, order.id, { status: to, reject_note: 'Machine Failure' });
        expect(res.statusCode, `${from} -> ${to}`).toBe(409);
        expect(res.json()).toMatchObject({ code: 'INVALID_TRANSITION' });
        checked += 1;
      }
    }
    // 8 statuses x 5 targets, less the 8 moves a barista may make (scheduled and ordered to in-progress or
    // rejected, in-progress to done or rejected, done to picked or uncollected).
    expect(checked).toBe(32);
  });

  it('refuses statuses a barista may not set with 400', async () => {
    const order = await orderIn('ordered');
    for (const status of ['cancel', 'scheduled', 'ordered', 'whatever']) {
      const res = await baristaPatch(t, barista, order.id, { status });
      expect(res.statusCode, status).toBe(400);
    }
  });

  it('is for baristas only', async () => {
    const { owner, order } = await newOrder();
    for (const who of [owner, await t.createUser(), await t.createUser({ role: 'admin' })]) {
      const res = await baristaPatch(t, who, order.id, { status: 'in-progress' });
      expect(res.statusCode, who.role).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: `/api/order/barista/${order.id}`,
      payload: { status: 'in-progress' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await baristaPatch(t, barista, 999_999, { status: 'in-progress' })).statusCode).toBe(404);
  });

  it('lets exactly one of two simultaneous changes win', async () => {
    const second = await t.createUser({ role: 'barista' });
    for (let round = 0; round < 5; round += 1) {
      const { order } = await newOrder();
      const results = await Promise.all([
        baristaPatch(t, barista, order.id, { status: 'in-progress' }),
        baristaPatch(t, second, order.id, { status: 'in-progress' }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      // The Do that won took the order: the other barista is told who makes it (decision 0074).
      expect(results.find((r) => r.statusCode === 409)?.json()).toMatchObject({ code: 'ORDER_CLAIMED' });
      const starts = (await historyOf(order.id)).filter((h) => h.to_status === 'in-progress');
      expect(starts).toHaveLength(1);
    }
    // A barista's reject racing the owner's cancel: one wins.
    const { owner, order } = await newOrder();
    const [rejected, cancelled] = await Promise.all([
      baristaPatch(t, barista, order.id, { status: 'rejected', reject_note: 'The shop is closing' }),
      t.request('PATCH', `/api/order/${order.id}`, owner, { status: 'cancel' }),
    ]);
    expect([rejected.statusCode, cancelled.statusCode].sort()).toEqual([200, 409]);
  });

  it('sends each change to baristas and the owner, not to other users', async () => {
    const baseUrl = await t.listen();
    const { owner, order } = await newOrder();
    const other = await t.createUser();
    const [ownerSocket, baristaSocket, otherSocket] = await Promise.all([
      connectClient(baseUrl, owner.token),
      connectClient(baseUrl, barista.token),
      connectClient(baseUrl, other.token),
    ]);
    try {
      const otherSeen = collect(otherSocket, 'orders');
      const toOwner = nextEvent(ownerSocket, 'orders');
      const toBarista = nextEvent(baristaSocket, 'orders');
      const res = await baristaPatch(t, barista, order.id, { status: 'in-progress' });
      const expected = {
        id: order.id,
        status: 'in-progress',
        userId: owner.id,
        categoryFor: 'cafe',
        updatedAt: res.json<Order>().updatedAt,
        from: 'ordered',
        order: res.json<Order>(),
      };
      expect(await toOwner).toEqual(expected);
      expect(await toBarista).toEqual(expected);
      await sleep(200);
      expect(otherSeen).toEqual([]);
    } finally {
      for (const s of [ownerSocket, baristaSocket, otherSocket]) s.disconnect();
    }
  });
});

describe('order board list', () => {
  let t: TestApp;
  let menu: SeededMenu;
  let image: string;
  let barista: TestUser;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ({ t, menu, image } = await createOrderingApp({ clockNow: '2026-11-17T10:00:00+07:00' }));
    barista = await t.createUser({ role: 'barista' });
    // Tuesday: one order, finished. Wednesday: one waiting, one in progress, one rejected.
    // (Access tokens follow the test clock: the barista signs in again on Wednesday.)
    const place = async (key: string) => {
      const res = await placeOrder(t, await t.createUser(), cafeOrderBody(menu.latte, image));
      ids[key] = res.json<Order>().id;
      t.clock.advance(60_000);
    };
    await place('tuesdayDone');
    await baristaPatch(t, barista, ids.tuesdayDone ?? 0, { status: 'in-progress' });
    await baristaPatch(t, barista, ids.tuesdayDone ?? 0, { status: 'done' });
    t.clock.set('2026-11-18T09:00:00+07:00');
    barista = await t.createUser({ role: 'barista' });
    await place('waiting');
    await place('making');
    await place('rejected');
    await baristaPatch(t, barista, ids.making ?? 0, { status: 'in-progress' });
    await baristaPatch(t, barista, ids.rejected ?? 0, { status: 'rejected', reject_note: 'Ingredient Unavailable' });
  });
  afterAll(() => t.close());

  const list = (query: string, who: TestUser = barista) => t.request('GET', `/api/order${query}`, who);

  it('lists every order oldest first', async () => {
    const res = await list('');
    expect(res.statusCode).toBe(200);
    expect(res.json<Order[]>().map((o) => o.id)).toEqual([ids.tuesdayDone, ids.waiting, ids.making, ids.rejected]);
  });

  it('filters by status, repeated or as a comma list', async () => {
    const repeated = await list('?status=ordered&status=in-progress');
    expect(repeated.json<Order[]>().map((o) => o.id)).toEqual([ids.waiting, ids.making]);
    const comma = await list('?status=ordered,in-progress');
    expect(comma.json<Order[]>().map((o) => o.id)).toEqual([ids.waiting, ids.making]);
    const single = await list('?status=rejected');
    expect(single.json<Order[]>()).toEqual([
      expect.objectContaining({ id: ids.rejected, rejectNote: 'Ingredient Unavailable' }),
    ]);
    expect((await list('?status=bogus')).statusCode).toBe(400);
  });

  it('filters by cafe day range [startDate, endDate)', async () => {
    const tuesday = await list('?startDate=2026-11-17&endDate=2026-11-18');
    expect(tuesday.json<Order[]>().map((o) => o.id)).toEqual([ids.tuesdayDone]);
    const wednesdayDone = await list('?status=done,picked&startDate=2026-11-18&endDate=2026-11-19');
    expect(wednesdayDone.json()).toEqual([]);
    expect((await list('?startDate=2026-13-01')).statusCode).toBe(400);
  });

  it('is for baristas and admins', async () => {
    expect((await list('', await t.createUser({ role: 'admin' }))).statusCode).toBe(200);
    const user = await list('', await t.createUser());
    expect(user.statusCode).toBe(403);
    expect(user.json()).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('estimated wait', () => {
  it('learns the pace of the counter from the gaps between finished orders of the venue', async () => {
    const { t, menu, image } = await createOrderingApp({ clockNow: WEDNESDAY_10AM });
    try {
      const barista = await t.createUser({ role: 'barista' });
      // The clock moves only as the test says: a loaded machine's slowness between steps would
      // otherwise count into the gaps.
      t.clock.freeze();
      // Four finished orders, 100 s, 120 s and 150 s apart: the median gap is 120 s, however long
      // each took from Do to Done.
      for (const gap of [0, 100, 120, 150]) {
        t.clock.advance(gap * 1000);
        const order = (await placeOrder(t, await t.createUser(), cafeOrderBody(menu.latte, image))).json<Order>();
        await baristaPatch(t, barista, order.id, { status: 'in-progress' });
        await baristaPatch(t, barista, order.id, { status: 'done' });
      }
      // One drink in the making, then two waiting.
      const making = (await placeOrder(t, await t.createUser(), cafeOrderBody(menu.latte, image))).json<Order>();
      await baristaPatch(t, barista, making.id, { status: 'in-progress' });
      const first = await t.createUser();
      const second = await t.createUser();
      await placeOrder(t, first, cafeOrderBody(menu.latte, image));
      t.clock.advance(1000);
      await placeOrder(t, second, cafeOrderBody(menu.latte, image));

      const queueOf = async (u: TestUser) =>
        (await t.request('GET', '/api/order/my-queue', u)).json<QueuedOrder[]>()[0];
      // ceil(120 s × (1 in progress + 0 ahead + 1) / 60) = 4 min; ceil(120 s × (1 + 1 + 1) / 60) = 6 min.
      expect(await queueOf(first)).toMatchObject({ queue_at: 1, estimatedWaitMinutes: 4 });
      expect(await queueOf(second)).toMatchObject({ queue_at: 2, estimatedWaitMinutes: 6 });

      // The board sees the same estimates on today's waiting orders, and none on the others.
      const board = (await t.request('GET', '/api/order?status=ordered,in-progress', barista)).json<QueuedOrder[]>();
      expect(board.map((o) => [o.status, o.queue_at, o.estimatedWaitMinutes])).toEqual([
        ['in-progress', null, null],
        ['ordered', 1, 4],
        ['ordered', 2, 6],
      ]);
    } finally {
      await t.close();
    }
  });
});
