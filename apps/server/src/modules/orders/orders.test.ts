import type { Order, OrderStatus, PlacedOrder, QueuedOrder } from '@cafe/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, createTestApp, nextEvent, type TestApp, type TestUser } from '../../test-support/test-app';
import {
  cafeOrderBody,
  collect,
  createOrderingApp,
  ownerPatch,
  placeOrder,
  seedMenu,
  setShop,
  sleep,
  type SeededMenu,
  orderOf,
} from '../../test-support/order-fixtures';

/** A Wednesday morning in Bangkok. */
const WEDNESDAY_10AM = '2026-11-18T10:00:00+07:00';

async function forceStatus(t: TestApp, id: number, status: OrderStatus): Promise<void> {
  await t.app.ctx.db.updateTable('orders').set({ status }).where('id', '=', id).execute();
  // Written behind the services' backs: what the server keeps in memory must be read again.
  t.app.ctx.bus.resync();
}

describe('placing orders', () => {
  let t: TestApp;
  let menu: SeededMenu;
  let image: string;

  beforeAll(async () => {
    ({ t, menu, image } = await createOrderingApp({ clockNow: WEDNESDAY_10AM }));
  });
  afterAll(() => t.close());
  afterEach(() => setShop(t, { cafe: true, bar: false }));

  it('places a cafe order and answers 201 with the Order', async () => {
    const user = await t.createUser({ name: 'Nok' });
    const res = await placeOrder(t, user, cafeOrderBody(menu.latte, image));
    expect(res.statusCode).toBe(201);
    const order = res.json<Order>();
    expect(order).toMatchObject({
      status: 'ordered',
      type: 'cold',
      sweetness: 50,
      remark: 'less ice',
      tumblerImage: image,
      rejectNote: '',
      menu: { id: menu.latte, name: 'Latte', category: { id: menu.coffee, name: 'Coffee', categoryFor: 'cafe' } },
      user: { id: user.id, name: 'Nok' },
    });
    // ISO-8601 UTC: 10:00 in Bangkok is 03:00Z.
    expect(order.orderDate).toMatch(/^2026-11-18T03:0\d:\d\d\.\d{3}Z$/);
    expect(order.updatedAt).toBe(order.orderDate);

    const history = await t.app.ctx.db
      .selectFrom('order_status_history')
      .selectAll()
      .where('order_id', '=', order.id)
      .execute();
    expect(history).toEqual([
      expect.objectContaining({
        from_status: null,
        to_status: 'ordered',
        changed_by: user.id,
        changed_at: order.orderDate,
      }),
    ]);
    const stored = await t.app.ctx.db
      .selectFrom('orders')
      .select(['cafe_day', 'category_for'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ cafe_day: '2026-11-18', category_for: 'cafe' });
  });

  it('stores an empty or missing remark as "-"', async () => {
    const user = await t.createUser();
    const empty = await placeOrder(t, user, cafeOrderBody(menu.latte, image, { remark: '  ' }));
    expect(empty.json<Order>().remark).toBe('-');
    const { remark: _remark, ...withoutRemark } = cafeOrderBody(menu.latte, image);
    const missing = await placeOrder(t, user, withoutRemark);
    expect(missing.json<Order>().remark).toBe('-');
  });

  it('lets admins order and refuses baristas and strangers', async () => {
    const admin = await t.createUser({ role: 'admin' });
    expect((await placeOrder(t, admin, cafeOrderBody(menu.latte, image))).statusCode).toBe(201);
    const barista = await t.createUser({ role: 'barista' });
    const refused = await placeOrder(t, barista, cafeOrderBody(menu.latte, image));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: cafeOrderBody(menu.latte, image),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 404 for a menu item that never existed and 409 MENU_UNAVAILABLE for one that cannot be ordered', async () => {
    const user = await t.createUser();
    const unknown = await placeOrder(t, user, cafeOrderBody(999_999, image));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
    for (const id of [menu.inactive, menu.deleted, menu.inRetiredCategory]) {
      const res = await placeOrder(t, user, cafeOrderBody(id, image));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'MENU_UNAVAILABLE' });
    }
  });

  it('refuses cafe orders while the cafe is closed', async () => {
    await setShop(t, { cafe: false, bar: true });
    const res = await placeOrder(t, await t.createUser(), cafeOrderBody(menu.latte, image));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CAFE_CLOSED' });
  });

  it('requires type and sweetness for cafe orders and validates the fields', async () => {
    const user = await t.createUser();
    const noType = await placeOrder(t, user, cafeOrderBody(menu.latte, image, { type: undefined }));
    expect(noType.statusCode).toBe(400);
    expect(noType.json()).toMatchObject({ code: 'VALIDATION' });
    expect(noType.json<{ message: string }>().message).toMatch(/type/);
    const noSweetness = await placeOrder(t, user, cafeOrderBody(menu.latte, image, { sweetness: undefined }));
    expect(noSweetness.statusCode).toBe(400);
    expect(noSweetness.json<{ message: string }>().message).toMatch(/sweetness/);
    for (const bad of [{ sweetness: 33 }, { type: 'iced' }, { remark: 'x'.repeat(51) }, { menu_id: 'abc' }]) {
      const res = await placeOrder(t, user, cafeOrderBody(menu.latte, image, bad));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION' });
    }
    expect((await t.request('GET', '/api/order/count/user', user)).json()).toEqual({
      totalOrder: 0,
    });
  });

  it('accepts only a tumbler photo this server issued', async () => {
    const user = await t.createUser();
    for (const tumblerImage of [
      'https://elsewhere.example/photo.jpg',
      '/api/images/never-uploaded.webp',
      'data:image/png;base64,iVBORw0KGgo=',
      `${image}/../secret`,
    ]) {
      const res = await placeOrder(t, user, cafeOrderBody(menu.latte, image, { tumblerImage }));
      expect(res.statusCode, tumblerImage).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION' });
    }
    const absolute = await placeOrder(
      t,
      user,
      cafeOrderBody(menu.latte, image, { tumblerImage: `https://cafe.example.com${image}` }),
    );
    expect(absolute.statusCode).toBe(201);
    expect(absolute.json<Order>().tumblerImage).toBe(image);
  });

  it('refuses bar orders while the bar is closed, and while online bar ordering is off', async () => {
    const user = await t.createUser();
    const body = { menu_id: menu.mojito, tumblerImage: 'Extra mint please' };
    const closed = await placeOrder(t, user, body);
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ code: 'BAR_CLOSED' });
    await setShop(t, { cafe: false, bar: true });
    const disabled = await placeOrder(t, user, body);
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json()).toMatchObject({ code: 'BAR_ORDERING_DISABLED' });
  });

  it('limits a user to 2 counted cafe orders a day', async () => {
    const user = await t.createUser();
    const first = await placeOrder(t, user, cafeOrderBody(menu.latte, image));
    const second = await placeOrder(t, user, cafeOrderBody(menu.thaiTea, image));
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const third = await placeOrder(t, user, cafeOrderBody(menu.latte, image));
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({
      code: 'ORDER_LIMIT_REACHED',
      message: 'You already reached your order limit!',
    });
    const count = await t.request('GET', '/api/order/count/user', user);
    expect(count.json()).toEqual({ totalOrder: 2 });
    // Someone else still may.
    expect((await placeOrder(t, await t.createUser(), cafeOrderBody(menu.latte, image))).statusCode).toBe(201);
  });

  it('does not count cancelled or rejected orders', async () => {
    const user = await t.createUser();
    const first = (await placeOrder(t, user, cafeOrderBody(menu.latte, image))).json<Order>();
    const second = (await placeOrder(t, user, cafeOrderBody(menu.latte, image))).json<Order>();
    expect((await ownerPatch(t, user, first.id, 'cancel')).statusCode).toBe(200);
    await forceStatus(t, second.id, 'rejected');
    const count = await t.request('GET', '/api/order/count/user', user);
    expect(count.json()).toEqual({ totalOrder: 0 });
    expect((await placeOrder(t, user, cafeOrderBody(menu.latte, image))).statusCode).toBe(201);
    expect((await placeOrder(t, user, cafeOrderBody(menu.latte, image))).statusCode).toBe(201);
    expect((await placeOrder(t, user, cafeOrderBody(menu.latte, image))).statusCode).toBe(409);
  });

  it('holds the limit under 25 simultaneous orders of one user: exactly 2 accepted', async () => {
    const user = await t.createUser();
    const results = await Promise.all(
      Array.from({ length: 25 }, () => placeOrder(t, user, cafeOrderBody(menu.latte, image))),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(2);
    expect(codes.filter((c) => c === 409)).toHaveLength(23);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json()).toMatchObject({ code: 'ORDER_LIMIT_REACHED' });
    const stored = await t.app.ctx.db.selectFrom('orders').select('id').where('user_id', '=', user.id).execute();
    expect(stored).toHaveLength(2);
  });

  it('documents every order endpoint in OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { security?: unknown }>>;
    }>();
    for (const path of [
      '/api/order',
      '/api/order/my-queue',
      '/api/order/count/user',
      '/api/order/history/user',
      '/api/order/{id}',
      '/api/order/barista/{id}',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect(doc.paths['/api/order']?.post?.security).toEqual([{ bearerAuth: [] }]);
  });
});

describe('bar orders with online bar ordering on', () => {
  let t: TestApp;
  let menu: SeededMenu;

  beforeAll(async () => {
    t = await createTestApp({ clockNow: '2026-11-20T16:00:00+07:00', env: { BAR_ONLINE_ORDERING: 'on' } });
    menu = await seedMenu(t);
    await setShop(t, { cafe: false, bar: true });
  });
  afterAll(() => t.close());

  it('keeps the description in tumblerImage, does not count against the cafe limit', async () => {
    const user = await t.createUser();
    for (let i = 0; i < 3; i += 1) {
      const res = await placeOrder(t, user, { menu_id: menu.mojito, tumblerImage: 'Less sugar, extra lime' });
      expect(res.statusCode).toBe(201);
      expect(res.json<Order>()).toMatchObject({
        tumblerImage: 'Less sugar, extra lime',
        type: null,
        sweetness: null,
        remark: '-',
        menu: { category: { categoryFor: 'bar' } },
      });
    }
    const count = await t.request('GET', '/api/order/count/user', user);
    expect(count.json()).toEqual({ totalOrder: 0 });
  });

  it('limits the description to 50 characters', async () => {
    const res = await placeOrder(t, await t.createUser(), { menu_id: menu.mojito, tumblerImage: 'x'.repeat(51) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION' });
  });
});

describe('time rules', () => {
  it('refuses cafe orders on Friday from 12:00 cafe time', async () => {
    const { t, menu, image } = await createOrderingApp({ clockNow: '2026-11-20T11:59:00+07:00' });
    try {
      const user = await t.createUser();
      expect((await placeOrder(t, user, cafeOrderBody(menu.latte, image))).statusCode).toBe(201);
      t.clock.set('2026-11-20T12:00:00+07:00');
      const late = await placeOrder(t, user, cafeOrderBody(menu.latte, image));
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ code: 'CAFE_MENU_CLOSED_FRIDAY' });
      // The cut-off is in cafe time: 12:00 in Bangkok is 05:00 UTC.
      t.clock.set('2026-11-20T05:00:00Z');
      expect((await placeOrder(t, user, cafeOrderBody(menu.latte, image))).json()).toMatchObject({
        code: 'CAFE_MENU_CLOSED_FRIDAY',
      });
      t.clock.set('2026-11-20T04:59:30Z');
      expect((await placeOrder(t, user, cafeOrderBody(menu.latte, image))).statusCode).toBe(201);
      // Thursday noon is fine.
      t.clock.set('2026-11-19T12:30:00+07:00');
      expect((await placeOrder(t, await t.createUser(), cafeOrderBody(menu.latte, image))).statusCode).toBe(201);
    } finally {
      await t.close();
    }
  });

  it('counts an order at 23:59 cafe time for that day; at 00:01 the limit is fresh', async () => {
    const { t, menu, image } = await createOrderingApp({ clockNow: '2026-11-18T23:58:00+07:00' });
    try {
      const user = await t.createUser();
      expect((await placeOrder(t, user, cafeOrderBody(menu.latte, image))).statusCode).toBe(201);
      t.clock.set('2026-11-18T23:59:00+07:00');
      const late = (await placeOrder(t, user, cafeOrderBody(menu.latte, image))).json<Order>();
      const stored = await t.app.ctx.db
        .selectFrom('orders')
        .select('cafe_day')
        .where('id', '=', late.id)
        .executeTakeFirstOrThrow();
      expect(stored.cafe_day).toBe('2026-11-18');
      expect((await placeOrder(t, user, cafeOrderBody(menu.latte, image))).statusCode).toBe(409);

      t.clock.set('2026-11-19T00:01:00+07:00');
      const count = await t.request('GET', '/api/order/count/user', user);
      expect(count.json()).toEqual({ totalOrder: 0 });
      const queue = await t.request('GET', '/api/order/my-queue', user);
      expect(queue.json()).toEqual([]);
      expect((await placeOrder(t, user, cafeOrderBody(menu.latte, image))).statusCode).toBe(201);
      expect((await placeOrder(t, user, cafeOrderBody(menu.latte, image))).statusCode).toBe(201);
      expect((await placeOrder(t, user, cafeOrderBody(menu.latte, image))).statusCode).toBe(409);
    } finally {
      await t.close();
    }
  });
});

describe('location check', () => {
  // The cafe at Siam; 0.0045° of latitude is about 0.5 km, 0.018° about 2 km.
  const CAFE = { lat: 13.7466, lng: 100.5393 };
  let t: TestApp;
  let menu: SeededMenu;
  let image: string;

  beforeAll(async () => {
    ({ t, menu, image } = await createOrderingApp({
      clockNow: WEDNESDAY_10AM,
      env: { LOCATION_CHECK: 'on', CAFE_LAT: String(CAFE.lat), CAFE_LNG: String(CAFE.lng), ORDER_RADIUS_KM: '1' },
    }));
  });
  afterAll(() => t.close());

  it('needs coordinates', async () => {
    const res = await placeOrder(t, await t.createUser(), cafeOrderBody(menu.latte, image));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'OUT_OF_RANGE' });
  });

  it('accepts an order within the radius and refuses one outside it', async () => {
    const user = await t.createUser();
    const near = await placeOrder(
      t,
      user,
      cafeOrderBody(menu.latte, image, { latitude: CAFE.lat + 0.0045, longitude: CAFE.lng }),
    );
    expect(near.statusCode).toBe(201);
    const far = await placeOrder(
      t,
      user,
      cafeOrderBody(menu.latte, image, { latitude: CAFE.lat + 0.018, longitude: CAFE.lng }),
    );
    expect(far.statusCode).toBe(403);
    expect(far.json()).toMatchObject({ code: 'OUT_OF_RANGE' });
  });

  it('is not applied when LOCATION_CHECK is off', async () => {
    const {
      t: off,
      menu: offMenu,
      image: offImage,
    } = await createOrderingApp({
      clockNow: WEDNESDAY_10AM,
      env: { LOCATION_CHECK: 'off' },
    });
    try {
      const user = await off.createUser();
      const far = await placeOrder(off, user, cafeOrderBody(offMenu.latte, offImage, { latitude: 0, longitude: 0 }));
      expect(far.statusCode).toBe(201);
    } finally {
      await off.close();
    }
  });
});

describe('my orders: queue, count, history, one order', () => {
  let t: TestApp;
  let menu: SeededMenu;
  let image: string;

  beforeAll(async () => {
    ({ t, menu, image } = await createOrderingApp({ clockNow: WEDNESDAY_10AM }));
  });
  afterAll(() => t.close());

  it('numbers waiting orders per venue in the order they were placed', async () => {
    const [a, b, c] = [await t.createUser(), await t.createUser(), await t.createUser()];
    const orderA = (await placeOrder(t, a, cafeOrderBody(menu.latte, image))).json<Order>();
    t.clock.advance(1000);
    const orderB = (await placeOrder(t, b, cafeOrderBody(menu.latte, image))).json<Order>();
    t.clock.advance(1000);
    (await placeOrder(t, c, cafeOrderBody(menu.thaiTea, image))).json<Order>();
    t.clock.advance(1000);

    const queueOf = async (u: TestUser) => (await t.request('GET', '/api/order/my-queue', u)).json<QueuedOrder[]>();
    expect((await queueOf(a)).map((o) => o.queue_at)).toEqual([1]);
    expect((await queueOf(b)).map((o) => o.queue_at)).toEqual([2]);
    expect((await queueOf(c)).map((o) => o.queue_at)).toEqual([3]);

    // Default preparation of 3 minutes: 1st waits 3, 2nd 6, 3rd 9.
    expect((await queueOf(a))[0]?.estimatedWaitMinutes).toBe(3);
    expect((await queueOf(c))[0]?.estimatedWaitMinutes).toBe(9);

    // A's order goes in progress: B moves up to 1, C to 2; A's order has no queue number any more.
    await forceStatus(t, orderA.id, 'in-progress');
    expect((await queueOf(a))[0]).toMatchObject({ status: 'in-progress', queue_at: null, estimatedWaitMinutes: null });
    expect((await queueOf(b))[0]).toMatchObject({ queue_at: 1, estimatedWaitMinutes: 6 });
    expect((await queueOf(c))[0]).toMatchObject({ queue_at: 2, estimatedWaitMinutes: 9 });

    // B cancels: C is next.
    expect((await ownerPatch(t, b, orderB.id, 'cancel')).statusCode).toBe(200);
    expect((await queueOf(c))[0]).toMatchObject({ queue_at: 1 });
    expect((await queueOf(b))[0]).toMatchObject({ status: 'cancel', queue_at: null });
    await forceStatus(t, orderA.id, 'done');
  });

  it("lists all of today's orders of the caller, newest first", async () => {
    const user = await t.createUser();
    const first = (await placeOrder(t, user, cafeOrderBody(menu.latte, image))).json<Order>();
    t.clock.advance(1000);
    const second = (await placeOrder(t, user, cafeOrderBody(menu.thaiTea, image))).json<Order>();
    await ownerPatch(t, user, first.id, 'cancel');
    const queue = (await t.request('GET', '/api/order/my-queue', user)).json<QueuedOrder[]>();
    expect(queue.map((o) => [o.id, o.status])).toEqual([
      [second.id, 'ordered'],
      [first.id, 'cancel'],
    ]);
  });

  it('shows finished orders in history, newest update first, narrowed by cafe days', async () => {
    const user = await t.createUser();
    const ids: number[] = [];
    for (let i = 0; i < 2; i += 1) {
      ids.push((await placeOrder(t, user, cafeOrderBody(menu.latte, image))).json<Order>().id);
      t.clock.advance(1000);
    }
    const [older, newer] = ids as [number, number];
    await forceStatus(t, newer, 'done');
    t.clock.advance(1000);
    await ownerPatch(t, user, newer, 'picked');
    t.clock.advance(1000);
    await ownerPatch(t, user, older, 'cancel');
    const history = (await t.request('GET', '/api/order/history/user', user)).json<Order[]>();
    expect(history.map((o) => [o.id, o.status])).toEqual([
      [older, 'cancel'],
      [newer, 'picked'],
    ]);
    const today = await t.request('GET', '/api/order/history/user?startDate=2026-11-18&endDate=2026-11-19', user);
    expect(today.json<Order[]>()).toHaveLength(2);
    const tomorrow = await t.request('GET', '/api/order/history/user?startDate=2026-11-19&endDate=2026-11-20', user);
    expect(tomorrow.json()).toEqual([]);
    const bad = await t.request('GET', '/api/order/history/user?startDate=18-11-2026', user);
    expect(bad.statusCode).toBe(400);
  });

  it('shows one order to its owner, baristas and admins only', async () => {
    const owner = await t.createUser();
    const order = orderOf((await placeOrder(t, owner, cafeOrderBody(menu.latte, image))).json<PlacedOrder>());
    const get = (u: TestUser) => t.request('GET', `/api/order/${order.id}`, u);
    expect((await get(owner)).json()).toEqual(order);
    expect((await get(await t.createUser({ role: 'barista' }))).statusCode).toBe(200);
    expect((await get(await t.createUser({ role: 'admin' }))).statusCode).toBe(200);
    const other = await get(await t.createUser());
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'FORBIDDEN' });
    const missing = await t.request('GET', '/api/order/999999', owner);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
    const unauthenticated = await t.app.inject({ method: 'GET', url: `/api/order/${order.id}` });
    expect(unauthenticated.statusCode).toBe(401);
  });
});

describe('owner changes', () => {
  let t: TestApp;
  let menu: SeededMenu;
  let image: string;

  beforeAll(async () => {
    ({ t, menu, image } = await createOrderingApp({ clockNow: WEDNESDAY_10AM }));
  });
  afterAll(() => t.close());

  async function orderIn(status: OrderStatus): Promise<{ owner: TestUser; order: Order }> {
    const owner = await t.createUser();
    const order = (await placeOrder(t, owner, cafeOrderBody(menu.latte, image))).json<Order>();
    if (status !== 'ordered') await forceStatus(t, order.id, status);
    return { owner, order };
  }

  it('cancels a waiting order, stamping updatedAt and recording history', async () => {
    const { owner, order } = await orderIn('ordered');
    t.clock.advance(60_000);
    const res = await ownerPatch(t, owner, order.id, 'cancel');
    expect(res.statusCode).toBe(200);
    const updated = res.json<Order>();
    expect(updated.status).toBe('cancel');
    expect(Date.parse(updated.updatedAt) - Date.parse(order.updatedAt)).toBeGreaterThanOrEqual(60_000);
    const history = await t.app.ctx.db
      .selectFrom('order_status_history')
      .select(['from_status', 'to_status', 'changed_by', 'changed_at'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(history.at(-1)).toEqual({
      from_status: 'ordered',
      to_status: 'cancel',
      changed_by: owner.id,
      changed_at: updated.updatedAt,
    });
  });

  it('picks up a finished order', async () => {
    const { owner, order } = await orderIn('done');
    const res = await ownerPatch(t, owner, order.id, 'picked');
    expect(res.statusCode).toBe(200);
    expect(res.json<Order>().status).toBe('picked');
  });

  it('refuses every other change with 409 INVALID_TRANSITION', async () => {
    const forbidden: [OrderStatus, string][] = [
      ['ordered', 'picked'],
      ['in-progress', 'cancel'],
      ['in-progress', 'picked'],
      ['done', 'cancel'],
      ['picked', 'cancel'],
      ['picked', 'picked'],
      ['cancel', 'cancel'],
      ['cancel', 'picked'],
      ['rejected', 'cancel'],
      ['rejected', 'picked'],
    ];
    for (const [from, to] of forbidden) {
      const { owner, order } = await orderIn(from);
      const res = await ownerPatch(t, owner, order.id, to);
      expect(res.statusCode, `${from} -> ${to}`).toBe(409);
      expect(res.json()).toMatchObject({ code: 'INVALID_TRANSITION' });
    }
  });

  it('refuses statuses the owner may never set with 400', async () => {
    const { owner, order } = await orderIn('ordered');
    for (const status of ['done', 'in-progress', 'rejected', 'nonsense']) {
      const res = await ownerPatch(t, owner, order.id, status);
      expect(res.statusCode, status).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION' });
    }
  });

  it("refuses changes to someone else's order with 403, and unknown orders with 404", async () => {
    const { order } = await orderIn('ordered');
    for (const role of ['user', 'barista', 'admin'] as const) {
      const res = await ownerPatch(t, await t.createUser({ role }), order.id, 'cancel');
      expect(res.statusCode, role).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    const missing = await ownerPatch(t, await t.createUser(), 999_999, 'cancel');
    expect(missing.statusCode).toBe(404);
  });
});

describe('live order events', () => {
  let t: TestApp;
  let menu: SeededMenu;
  let image: string;
  let baseUrl: string;

  beforeAll(async () => {
    ({ t, menu, image } = await createOrderingApp({ clockNow: WEDNESDAY_10AM }));
    baseUrl = await t.listen();
  });
  afterAll(() => t.close());

  it('reach the owner and baristas, not other users', async () => {
    const owner = await t.createUser();
    const barista = await t.createUser({ role: 'barista' });
    const other = await t.createUser();
    const [ownerSocket, baristaSocket, otherSocket, publicSocket] = await Promise.all([
      connectClient(baseUrl, owner.token),
      connectClient(baseUrl, barista.token),
      connectClient(baseUrl, other.token),
      connectClient(baseUrl),
    ]);
    try {
      const otherSeen = collect(otherSocket, 'orders');
      const publicSeen = collect(publicSocket, 'orders');
      const toOwner = nextEvent(ownerSocket, 'orders');
      const toBarista = nextEvent(baristaSocket, 'orders');
      const placed = orderOf((await placeOrder(t, owner, cafeOrderBody(menu.latte, image))).json<PlacedOrder>());
      const expected = {
        id: placed.id,
        status: 'ordered',
        userId: owner.id,
        categoryFor: 'cafe',
        updatedAt: placed.updatedAt,
        // What changed travels with the event: no need to ask again.
        from: null,
        order: placed,
      };
      expect(await toOwner).toEqual(expected);
      expect(await toBarista).toEqual(expected);

      const cancelToOwner = nextEvent(ownerSocket, 'orders');
      const cancelToBarista = nextEvent(baristaSocket, 'orders');
      await ownerPatch(t, owner, placed.id, 'cancel');
      expect(await cancelToOwner).toMatchObject({ id: placed.id, status: 'cancel' });
      expect(await cancelToBarista).toMatchObject({ id: placed.id, status: 'cancel' });

      await sleep(200);
      expect(otherSeen).toEqual([]);
      expect(publicSeen).toEqual([]);
    } finally {
      for (const s of [ownerSocket, baristaSocket, otherSocket, publicSocket]) s.disconnect();
    }
  });

  it('are not sent for refused orders', async () => {
    const barista = await t.createUser({ role: 'barista' });
    const socket = await connectClient(baseUrl, barista.token);
    try {
      const seen = collect(socket, 'orders');
      const user = await t.createUser();
      await placeOrder(t, user, cafeOrderBody(menu.inactive, image));
      await placeOrder(t, user, cafeOrderBody(menu.latte, 'https://elsewhere.example/x.jpg'));
      await sleep(200);
      expect(seen).toEqual([]);
    } finally {
      socket.disconnect();
    }
  });
});
