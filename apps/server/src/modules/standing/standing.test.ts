import {
  MESSAGES,
  PICKUP_PAUSED_NOTE,
  StandingWebhookPayloadSchema,
  type Order,
  type StandingOrder,
  type Usual,
} from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baristaPatch,
  cafeOrderBody,
  createOrderingApp,
  ownerPatch,
  placeOrder,
  type SeededMenu,
} from '../../test-support/order-fixtures';
import { startWebhookReceiver } from '../../test-support/receivers';
import type { TestApp, TestUser } from '../../test-support/test-app';
import { standingKey } from './standing-runs';

/*
 * Standing orders with the test clock, in Bangkok (UTC+7), whose cafe opens 09:00-16:00 Monday to
 * Friday. The week of 2 March 2026: Monday the 2nd ... Friday the 6th, then Monday the 9th.
 * Nobody runs a timer here: each test calls the day's pass (`runDue`) at the instant it sets.
 */
const local = (day: string, time: string) => new Date(`${day}T${time}:00+07:00`).toISOString();
const MON = '2026-03-02';
const TUE = '2026-03-03';
const WED = '2026-03-04';
const THU = '2026-03-05';
const FRI = '2026-03-06';
const NEXT_MON = '2026-03-09';
const NEXT_TUE = '2026-03-10';
const NEXT_WED = '2026-03-11';
const SECRET = 'webhook-secret-for-the-standing-tests-0123';

describe('standing orders', () => {
  let t: TestApp;
  let menu: SeededMenu;
  let image: string;
  let barista: TestUser;
  let webhook: Awaited<ReturnType<typeof startWebhookReceiver>>;

  /** `who` signed in now (an access token lives a quarter of an hour; the clock moves by days). */
  const now = async (who: TestUser): Promise<TestUser> => {
    const token = await t.app.ctx.tokens.sign(who.id, who.role);
    return { ...who, token, auth: { authorization: `Bearer ${token}` } };
  };
  const at = (day: string, time: string) => t.clock.set(local(day, time));
  const runDay = () => t.app.ctx.services.standing.runDue(t.clock.now());
  const call = async (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    who: TestUser,
    body?: unknown,
  ) => t.request(method, url, await now(who), body as Record<string, unknown> | undefined);

  /** A person who ordered once (their tumbler photo is the "recent" one), with `drink` as their usual. */
  async function person(options: { usual?: boolean } = {}): Promise<TestUser> {
    const who = await t.createUser();
    const placed = await placeOrder(t, await now(who), cafeOrderBody(menu.latte, image));
    expect(placed.statusCode, placed.body).toBe(201);
    // Cancelled at once: it does not count toward a later day's limit, and its photo stays the recent one.
    expect((await ownerPatch(t, await now(who), placed.json<Order>().id, 'cancel')).statusCode).toBe(200);
    if (options.usual !== false) {
      const usual = await call('PUT', '/api/me/usual', who, { menu_id: menu.latte, type: 'hot', sweetness: 50 });
      expect(usual.statusCode, usual.body).toBe(200);
    }
    return who;
  }

  async function standing(who: TestUser, body: Record<string, unknown>): Promise<StandingOrder> {
    const res = await call('POST', '/api/standing-orders', who, { siteId: 1, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<StandingOrder>();
  }

  async function mine(who: TestUser): Promise<StandingOrder[]> {
    const res = await call('GET', '/api/standing-orders', who);
    expect(res.statusCode).toBe(200);
    return res.json<StandingOrder[]>();
  }

  const ordersOf = (who: TestUser) =>
    t.app.ctx.db.selectFrom('orders').selectAll().where('user_id', '=', who.id).orderBy('id').execute();
  const notices = (who: TestUser) =>
    t.app.ctx.db
      .selectFrom('notification_outbox')
      .selectAll()
      .where('user_id', '=', who.id)
      .where('event', '=', 'standing-failed')
      .execute();

  beforeAll(async () => {
    webhook = await startWebhookReceiver(SECRET);
    ({ t, menu, image } = await createOrderingApp({
      clockNow: local(MON, '10:00'),
      env: { PUBLIC_URL: 'https://cafe.example.com', WEBHOOK_URL: `${webhook.url}/hook`, WEBHOOK_SECRET: SECRET },
    }));
    barista = await t.createUser({ role: 'barista' });
  });
  afterAll(async () => {
    await t.close();
    await webhook.close();
  });

  it('keeps the usual on the server, as its owner set it: no drink they pick up replaces it', async () => {
    at(MON, '10:00');
    const who = await t.createUser();
    const pickUp = async (drinkId: number) => {
      const placed = (await placeOrder(t, await now(who), cafeOrderBody(drinkId, image))).json<Order>();
      for (const status of ['in-progress', 'done']) {
        expect((await baristaPatch(t, await now(barista), placed.id, { status })).statusCode).toBe(200);
      }
      expect((await ownerPatch(t, await now(who), placed.id, 'picked')).statusCode).toBe(200);
    };
    expect((await call('GET', '/api/me/usual', who)).json<Usual>()).toBeNull();
    // A drink picked up is not a usual the person chose.
    await pickUp(menu.thaiTea);
    expect((await call('GET', '/api/me/usual', who)).json<Usual>()).toBeNull();
    const saved = await call('PUT', '/api/me/usual', who, { menu_id: menu.latte, type: 'hot', sweetness: 25 });
    expect(saved.json()).toEqual({ drink: { menu_id: menu.latte, type: 'hot', sweetness: 25 }, source: 'saved' });
    // Another drink picked up after it leaves it as it is (it drifted to the last drink before).
    await pickUp(menu.thaiTea);
    expect((await call('GET', '/api/me/usual', who)).json()).toEqual(saved.json());
    expect(await t.app.ctx.services.ordering.usual.usualOf(who.id)).toEqual({
      menu_id: menu.latte,
      type: 'hot',
      sweetness: 25,
    });
    const cleared = await call('DELETE', '/api/me/usual', who);
    expect(cleared.json<Usual>()).toBeNull();
    expect((await call('GET', '/api/me/usual', who)).json<Usual>()).toBeNull();
    // An item that does not exist, a cafe drink without its type: 400.
    expect((await call('PUT', '/api/me/usual', who, { menu_id: 999_999, type: 'hot', sweetness: 50 })).statusCode).toBe(
      400,
    );
    expect((await call('PUT', '/api/me/usual', who, { menu_id: menu.latte })).statusCode).toBe(400);
  });

  it('refuses what cannot be a standing order, and is its owner’s only', async () => {
    at(MON, '10:00');
    const nobody = await t.createUser();
    const noUsual = await call('POST', '/api/standing-orders', nobody, { siteId: 1, weekdays: [1], time: '09:30' });
    expect(noUsual.statusCode).toBe(400);
    expect(noUsual.json<{ message: string }>().message).toMatch(/no usual/);
    for (const body of [
      { weekdays: [], time: '09:30' },
      { weekdays: [1, 1], time: '09:30' },
      { weekdays: [7], time: '09:30' },
      { weekdays: [1], time: '24:00' },
      { weekdays: [1], time: '9:30' },
      { weekdays: [1], time: '09:30', drink: { menu_id: 999_999, type: 'hot', sweetness: 50 } },
    ]) {
      const res = await call('POST', '/api/standing-orders', nobody, { siteId: 1, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await call('POST', '/api/standing-orders', nobody, { siteId: 999, weekdays: [1], time: '09:30' })).statusCode,
    ).toBe(404);
    const owner = await person();
    const mineNow = await standing(owner, { weekdays: [1], time: '11:00' });
    expect((await call('PATCH', `/api/standing-orders/${mineNow.id}`, nobody, { paused: true })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/standing-orders/${mineNow.id}`, nobody)).statusCode).toBe(403);
    expect(await mine(nobody)).toEqual([]);
    expect((await call('PATCH', `/api/standing-orders/${mineNow.id}`, owner, {})).statusCode).toBe(400);
    expect((await call('DELETE', `/api/standing-orders/${mineNow.id}`, owner)).statusCode).toBe(204);
    expect(await mine(owner)).toEqual([]);
    expect((await call('PATCH', `/api/standing-orders/${mineNow.id}`, owner, { paused: true })).statusCode).toBe(404);
  });

  it("becomes an order for later at the start of the site's day, once however often the day's pass runs", async () => {
    at(MON, '12:00');
    const who = await person();
    const set = await standing(who, { weekdays: [2, 4], time: '09:30' });
    expect(set).toMatchObject({
      drink: null,
      weekdays: [2, 4],
      time: '09:30',
      paused: false,
      nextDay: TUE,
      lastRun: null,
    });
    // Monday is not one of its days.
    await runDay();
    expect(await ordersOf(who)).toHaveLength(1);

    at(TUE, '00:00');
    expect((await runDay()).placed).toBe(1);
    expect((await runDay()).placed).toBe(0);
    const orders = await ordersOf(who);
    expect(orders).toHaveLength(2);
    const order = (await call('GET', `/api/order/${orders[1]?.id}`, who)).json<Order>();
    expect(order).toMatchObject({
      status: 'scheduled',
      pickupAt: local(TUE, '09:30'),
      type: 'hot',
      sweetness: 50,
      tumblerImage: image,
      menu: { id: menu.latte },
      site: { id: 1 },
    });
    const [after] = await mine(who);
    expect(after).toMatchObject({ lastRun: { day: TUE, outcome: 'placed', orderId: order.id }, nextDay: THU });
    expect(await notices(who)).toEqual([]);
    expect((await call('DELETE', `/api/standing-orders/${set.id}`, who)).statusCode).toBe(204);
  });

  it('is skipped on a closed day: no order, nobody told', async () => {
    at(TUE, '12:00');
    const closed = await call('POST', '/api/schedule/closed-days?siteId=1', barista, { day: WED, note: 'Holiday' });
    expect(closed.statusCode, closed.body).toBe(201);
    const who = await person();
    const set = await standing(who, { weekdays: [3], time: '10:00' });
    at(WED, '00:01');
    expect(await runDay()).toMatchObject({ placed: 0, skipped: 1, failed: 0 });
    expect(await ordersOf(who)).toHaveLength(1);
    expect(await notices(who)).toEqual([]);
    expect((await mine(who))[0]?.lastRun).toMatchObject({ day: WED, outcome: 'skipped' });
    await call('DELETE', `/api/standing-orders/${set.id}`, who);
  });

  it('is refused when the drink is sold out, and its owner is told at once in Thai with the reason and a link', async () => {
    at(WED, '15:00');
    const who = await person();
    expect((await call('PUT', '/api/user/notifications', who, { webhook: true, language: 'th' })).statusCode).toBe(200);
    const set = await standing(who, {
      weekdays: [4],
      time: '10:00',
      drink: { menu_id: menu.thaiTea, type: 'cold', sweetness: 75 },
    });
    const soldOut = await call('PATCH', `/api/sites/1/menu-items/${menu.thaiTea}`, barista, { soldOut: true });
    expect(soldOut.statusCode, soldOut.body).toBe(200);
    at(THU, '00:01');
    expect(await runDay()).toMatchObject({ placed: 0, failed: 1 });
    expect(await ordersOf(who)).toHaveLength(1);
    const [row] = await notices(who);
    expect(row).toMatchObject({ channel: 'webhook', order_id: null });
    await t.app.ctx.services.notifications.deliverDue();
    const delivered = webhook.accepted
      .map((r) => JSON.parse(r.body) as { type: string })
      .filter((b) => b.type === 'standing.failed');
    const body = StandingWebhookPayloadSchema.parse(delivered.at(-1));
    expect(body).toMatchObject({
      language: 'th',
      recipient: { id: who.id },
      standingOrder: { id: set.id, day: THU, time: '10:00', drink: 'Thai Tea', site: { id: 1 } },
      message: { title: 'สั่งเครื่องดื่มประจำวันนี้ไม่สำเร็จ', url: 'https://cafe.example.com/menuCafe' },
    });
    expect(body.standingOrder.reason).toMatch(/sold out/i);
    // The person reads the reason in Thai; the English one stays the record's and the webhook's `reason`.
    expect(body.message.text).toContain('หมดแล้ว กรุณาเลือกเครื่องดื่มอื่น');
    expect(body.message.text).not.toContain(body.standingOrder.reason);
    expect((await mine(who))[0]?.lastRun).toMatchObject({
      day: THU,
      outcome: 'failed',
      reason: body.standingOrder.reason,
    });
    await call('PATCH', `/api/sites/1/menu-items/${menu.thaiTea}`, barista, { soldOut: false });
    await call('DELETE', `/api/standing-orders/${set.id}`, who);
  });

  it('is refused when the daily limit is reached, and its owner is told', async () => {
    at(FRI, '09:05');
    const who = await person();
    expect((await call('PUT', '/api/user/notifications', who, { webhook: true })).statusCode).toBe(200);
    for (let i = 0; i < 2; i += 1) {
      expect((await placeOrder(t, await now(who), cafeOrderBody(menu.latte, image))).statusCode).toBe(201);
    }
    const set = await standing(who, { weekdays: [5], time: '10:30' });
    expect(await runDay()).toMatchObject({ placed: 0, failed: 1 });
    const [row] = await notices(who);
    const payload = JSON.parse(row?.payload ?? '{}') as { message: { title: string; text: string } };
    expect(payload.message.title).toBe('Your standing order was not placed today');
    expect(payload.message.text).toContain(MESSAGES.orderLimit);
    expect((await mine(who))[0]?.lastRun).toMatchObject({
      day: FRI,
      outcome: 'failed',
      reason: MESSAGES.orderLimit,
      // Its words in the catalogue, for a screen in another language.
      reasonText: { id: 'people.refusal.orderLimit' },
    });
    await call('DELETE', `/api/standing-orders/${set.id}`, who);
  });

  it('honours busy mode: an order for later placed at midnight is refused at its release while online orders are paused, and its owner is told', async () => {
    at(FRI, '11:00');
    const who = await person();
    expect((await call('PUT', '/api/user/notifications', who, { webhook: true })).statusCode).toBe(200);
    const set = await standing(who, { weekdays: [1], time: '10:00' });
    at(NEXT_MON, '00:00');
    expect((await runDay()).placed).toBe(1);
    at(NEXT_MON, '09:40');
    expect((await call('PATCH', '/api/ordering-status?siteId=1', barista, { paused: true })).statusCode).toBe(200);
    at(NEXT_MON, '09:58');
    await t.app.ctx.services.orders.releaseDue(t.clock.now());
    const placed = (await ordersOf(who)).at(-1);
    expect(placed).toMatchObject({ status: 'rejected', reject_note: PICKUP_PAUSED_NOTE });
    const told = await t.app.ctx.db
      .selectFrom('notification_outbox')
      .select(['event', 'order_id'])
      .where('user_id', '=', who.id)
      .execute();
    expect(told).toContainEqual({ event: 'rejected', order_id: placed?.id });
    expect((await call('PATCH', '/api/ordering-status?siteId=1', barista, { paused: false })).statusCode).toBe(200);
    await call('DELETE', `/api/standing-orders/${set.id}`, who);
  });

  it('skips tomorrow, pauses and resumes', async () => {
    at(NEXT_MON, '12:00');
    const who = await person();
    const set = await standing(who, { weekdays: [2, 3], time: '10:00' });
    const skipped = await call('PATCH', `/api/standing-orders/${set.id}`, who, { skipNext: true });
    expect(skipped.json<StandingOrder>()).toMatchObject({ skipDate: NEXT_TUE, nextDay: NEXT_WED });
    at(NEXT_TUE, '00:01');
    expect(await runDay()).toMatchObject({ placed: 0, skipped: 1 });
    expect(await ordersOf(who)).toHaveLength(1);

    at(NEXT_TUE, '12:00');
    const paused = await call('PATCH', `/api/standing-orders/${set.id}`, who, { paused: true });
    expect(paused.json<StandingOrder>()).toMatchObject({ paused: true, nextDay: null });
    at(NEXT_WED, '00:01');
    expect(await runDay()).toMatchObject({ placed: 0, skipped: 0, failed: 0 });
    const resumed = await call('PATCH', `/api/standing-orders/${set.id}`, who, { paused: false });
    expect(resumed.json<StandingOrder>()).toMatchObject({ paused: false });
    expect((await runDay()).placed).toBe(1);
    expect((await ordersOf(who)).at(-1)).toMatchObject({ status: 'scheduled', pickup_at: local(NEXT_WED, '10:00') });
    await call('DELETE', `/api/standing-orders/${set.id}`, who);
  });

  it('after a restart, a day claimed by a process that stopped mid-way is placed once (the order it made is found again)', async () => {
    at(NEXT_WED, '12:00');
    const who = await person();
    const set = await standing(who, { weekdays: [4], time: '10:00' });
    const thursday = '2026-03-12';
    at(thursday, '00:00');
    // The process before the restart claimed the day and placed the order, then stopped before recording it.
    const user = await t.app.ctx.services.users.findActive(who.id);
    const body = {
      menu_id: menu.latte,
      type: 'hot' as const,
      sweetness: 50 as const,
      tumblerImage: image,
      siteId: 1,
      pickupAt: local(thursday, '10:00'),
    };
    const first = await t.app.ctx.services.ordering.place(user!, body, 'standing', standingKey(set.id, thursday));
    await t.app.ctx.db
      .insertInto('standing_order_runs')
      .values({
        standing_order_id: set.id,
        day: thursday,
        outcome: 'placing',
        order_id: null,
        reason: null,
        created_at: t.clock.now().toISOString(),
      })
      .execute();
    // Within its claim's lease nobody takes the day over.
    expect((await runDay()).placed).toBe(0);
    at(thursday, '00:05');
    expect((await runDay()).placed).toBe(1);
    expect((await runDay()).placed).toBe(0);
    const orders = await ordersOf(who);
    expect(orders.filter((o) => o.status === 'scheduled').map((o) => o.id)).toEqual([first.order.id]);
    expect((await mine(who))[0]?.lastRun).toMatchObject({ day: thursday, outcome: 'placed', orderId: first.order.id });
    await call('DELETE', `/api/standing-orders/${set.id}`, who);
  });

  it('goes with its owner when they leave the company (account deleted), and ends when they are disabled', async () => {
    at(NEXT_WED, '12:00');
    const admin = await t.createUser({ role: 'admin' });
    const leaving = await person();
    const disabled = await person();
    const a = await standing(leaving, { weekdays: [1, 2, 3, 4, 5], time: '10:00' });
    const b = await standing(disabled, { weekdays: [1, 2, 3, 4, 5], time: '10:00' });
    expect((await call('DELETE', `/api/user/${leaving.id}`, admin)).statusCode).toBe(204);
    expect((await call('PATCH', `/api/user/${disabled.id}`, admin, { isAvailable: 'unavailable' })).statusCode).toBe(
      200,
    );
    const rows = await t.app.ctx.db
      .selectFrom('standing_orders')
      .select(['id', 'ended_reason'])
      .where('id', 'in', [a.id, b.id])
      .orderBy('id')
      .execute();
    // A deleted account's standing orders are erased with it (docs/privacy.md); a disabled one's end.
    expect(rows).toEqual([{ id: b.id, ended_reason: 'account-closed' }]);
  });
});
