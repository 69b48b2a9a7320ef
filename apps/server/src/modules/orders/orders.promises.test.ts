import type { OrderingStatus, PlacedOrder, QueuedOrder } from '@cafe/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  baristaPatch,
  cafeOrderBody,
  createOrderingApp,
  placeOrder,
  type SeededMenu,
} from '../../test-support/order-fixtures';
import { startWebhookReceiver } from '../../test-support/receivers';
import type { TestApp, TestUser } from '../../test-support/test-app';

const SECRET = 'promises-webhook-secret';
const plus = (iso: string, seconds: number) => new Date(Date.parse(iso) + seconds * 1000).toISOString();

/**
 * Promises that hold (docs/decisions/0101-one-promise-model.md): the time promised at placement is
 * the line model's (each drink's time, the baristas working, what is ahead), stored with the order;
 * its owner is told once when it will be more than 2 minutes later; busy mode takes orders by the
 * baristas' capacity. On a frozen clock: every time below is exact.
 */
describe('promises that hold', () => {
  let t: TestApp;
  let menu: SeededMenu;
  let image: string;
  let webhook: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let bea: TestUser;
  let bo: TestUser;

  beforeAll(async () => {
    webhook = await startWebhookReceiver(SECRET);
    ({ t, menu, image } = await createOrderingApp({
      env: { PUBLIC_URL: 'https://cafe.example.com', WEBHOOK_URL: `${webhook.url}/hook`, WEBHOOK_SECRET: SECRET },
    }));
    t.clock.freeze();
    [bea, bo] = await Promise.all([t.createUser({ role: 'barista' }), t.createUser({ role: 'barista' })]);
  });
  afterAll(async () => {
    await t.close();
    await webhook.close();
  });
  // Each test starts with an empty line, a day later (the baristas signed in again that morning).
  afterEach(async () => {
    t.clock.advance(24 * 3600_000);
    for (const barista of [bea, bo]) {
      barista.auth = { authorization: `Bearer ${await t.app.ctx.tokens.sign(barista.id, barista.role)}` };
    }
  });

  const place = async (who?: TestUser) => {
    const answer = await placeOrder(t, who ?? (await t.createUser()), cafeOrderBody(menu.latte, image));
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<PlacedOrder>();
  };
  const take = async (who: TestUser, id: number) =>
    expect((await baristaPatch(t, who, id, { status: 'in-progress' })).statusCode).toBe(200);
  const stored = async (id: number) =>
    (
      await t.app.ctx.db
        .selectFrom('orders')
        .select(['promised_ready_at', 'late_told_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).promised_ready_at;

  it('promises by the line model: two baristas working make the line twice as fast', async () => {
    const [ann, ben] = [await place(), await place(), await place()];
    // Bea and Bo each take one: two baristas working, two drinks in progress (3 minutes each,
    // nothing measured yet), Cat's waiting.
    await take(bea, ann.id);
    await take(bo, ben.id);
    const danUser = await t.createUser();
    const dan = await place(danUser);
    // Bea's and Bo's drinks end at 3 minutes; Cat's then on one of them, Dan's on the other: 6
    // minutes (one pace for every drink, as before, said 12: 2 in progress + 1 ahead + his own).
    expect(dan.queue_at).toBe(2);
    expect(dan.promisedReadyAt).toBe(plus(dan.orderDate, 360));
    expect(dan.estimatedWaitMinutes).toBe(6);
    // Stored as promised, and his orders say the same.
    expect(await stored(dan.id)).toBe(dan.promisedReadyAt);
    const [mine] = (await t.request('GET', '/api/order/my-queue', danUser)).json<QueuedOrder[]>();
    expect(mine).toMatchObject({
      id: dan.id,
      queue_at: 2,
      estimatedWaitMinutes: 6,
      promisedReadyAt: dan.promisedReadyAt,
    });
  });

  it('promises each place of a line that grew by 50 with no move, in turn and placed at once', async () => {
    // Nobody works yet: one barista, 3 minutes a drink. The line's inputs are read at the first
    // placement and no move reads them again, so every later place is known only from the orders
    // placed since (the 41st and later were promised the 40th's time).
    const inTurn: PlacedOrder[] = [];
    for (let i = 0; i < 45; i += 1) inTurn.push(await place());
    inTurn.forEach((order, i) => {
      expect(order.queue_at, `order ${i + 1}`).toBe(i + 1);
      expect(order.promisedReadyAt, `order ${i + 1}`).toBe(plus(order.orderDate, 180 * (i + 1)));
    });
    // Five more at the same moment (committed together): each its own place and promise, as stored.
    const atOnce = await Promise.all(Array.from({ length: 5 }, () => place()));
    expect(atOnce.map((o) => o.queue_at).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([46, 47, 48, 49, 50]);
    for (const order of [...inTurn.slice(-3), ...atOnce]) {
      expect(order.promisedReadyAt).toBe(plus(order.orderDate, 180 * (order.queue_at ?? 0)));
      expect(await stored(order.id)).toBe(order.promisedReadyAt);
    }
    // A move reads the line again (49 waiting, Bea's drink 3 minutes from done): the next is at
    // place 50, after her drink and the 49.
    await take(bea, inTurn[0]!.id);
    const next = await place();
    expect(next.queue_at).toBe(50);
    expect(next.promisedReadyAt).toBe(plus(next.orderDate, 180 * 51));
    expect(await stored(next.id)).toBe(next.promisedReadyAt);
  });

  it('tells the owner once, in the channel they chose, when the drink will be more than 2 minutes late', async () => {
    const ann = await place();
    await take(bea, ann.id);
    const ben = await t.createUser();
    expect((await t.request('PUT', '/api/user/notifications', ben, { webhook: true })).statusCode).toBe(200);
    const placed = await place(ben);
    // Ann's drink (3 minutes) then his: 6 minutes.
    expect(placed.promisedReadyAt).toBe(plus(placed.orderDate, 360));
    const lateDue = () => t.app.ctx.services.orders.lateDue(t.clock.now());

    // A minute on, the line is as promised.
    t.clock.advance(60_000);
    expect(await lateDue()).toEqual({ toldLate: 0 });
    // Five minutes on, Ann's drink is still being made: at least 30 s more (5.5 minutes, promised
    // 3), then his 3 minutes, 8.5 minutes after he ordered: both more than 2 minutes later than
    // promised. Ann chose no channel; Ben hears it on his webhook.
    t.clock.advance(240_000);
    expect(await lateDue()).toEqual({ toldLate: 2 });
    const readyAt = plus(placed.orderDate, 300 + 30 + 180);
    await t.app.ctx.services.notifications.deliverDue();
    expect(webhook.payloads().filter((p) => p.type === 'order.late')).toHaveLength(1);
    const [told] = webhook.payloads().filter((p) => p.type === 'order.late');
    expect(told).toMatchObject({
      type: 'order.late',
      recipient: { id: ben.id },
      order: { id: placed.id, readyAt, status: 'ordered' },
      message: { title: 'Your drink will be a little later' },
    });
    // The new time on the site's clock (Bangkok): 10:08:30 is "10:08".
    expect((told as { message: { text: string } }).message.text).toMatch(/expected ready at about 10:08\b/);

    // It slips further: nobody is told again.
    t.clock.advance(300_000);
    expect(await lateDue()).toEqual({ toldLate: 0 });
    await baristaPatch(t, bea, ann.id, { status: 'done' });
    t.clock.advance(600_000);
    expect(await lateDue()).toEqual({ toldLate: 0 });
    await t.app.ctx.services.notifications.deliverDue();
    expect(webhook.payloads().filter((p) => p.type === 'order.late')).toHaveLength(1);
  });

  it('takes orders by capacity: the waiting work per barista working, not a count of orders', async () => {
    const status = async () => (await t.request('GET', '/api/ordering-status')).json<OrderingStatus>();
    expect((await t.request('PATCH', '/api/ordering-status', bea, { maxWaiting: 2 })).statusCode).toBe(200);
    try {
      // Two baristas working (each took a drink): the limit of 2 drinks per barista is 4 waiting.
      const [first, second] = [await place(), await place()];
      await take(bea, first.id);
      await take(bo, second.id);
      await place();
      await place();
      // Two waiting would have paused the counter when orders were counted; not with two working.
      expect(await status()).toMatchObject({ paused: false, waiting: 2, baristas: 2, workMinutesPerBarista: 3 });
      await place();
      expect((await status()).paused).toBe(false);
      await place();
      expect(await status()).toMatchObject({
        paused: true,
        reason: 'queue',
        waiting: 4,
        baristas: 2,
        workMinutesPerBarista: 6,
        limits: { maxWaiting: 2 },
      });
      const refused = await placeOrder(t, await t.createUser(), cafeOrderBody(menu.latte, image));
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'ORDERS_PAUSED' });
    } finally {
      await t.request('PATCH', '/api/ordering-status', bea, { maxWaiting: null });
    }
  });

  it('promises by one pace for every drink with PROMISE_MODEL=pace (the bench compares the two)', async () => {
    const { t: paced, menu: m, image: img } = await createOrderingApp({ env: { PROMISE_MODEL: 'pace' } });
    try {
      paced.clock.freeze();
      const [b1, b2] = [await paced.createUser({ role: 'barista' }), await paced.createUser({ role: 'barista' })];
      const placeHere = async () => {
        const answer = await placeOrder(paced, await paced.createUser(), cafeOrderBody(m.latte, img));
        expect(answer.statusCode).toBe(201);
        return answer.json<PlacedOrder>();
      };
      const [ann, ben] = [await placeHere(), await placeHere()];
      await placeHere();
      expect((await baristaPatch(paced, b1, ann.id, { status: 'in-progress' })).statusCode).toBe(200);
      expect((await baristaPatch(paced, b2, ben.id, { status: 'in-progress' })).statusCode).toBe(200);
      const dan = await placeHere();
      // 2 in progress + 1 ahead + his own, 3 minutes each: 12 minutes, however many work.
      expect(dan.promisedReadyAt).toBe(plus(dan.orderDate, 720));
      expect(dan.estimatedWaitMinutes).toBe(12);
      const status = (await paced.request('GET', '/api/ordering-status')).json<OrderingStatus>();
      expect(status).not.toHaveProperty('baristas');
    } finally {
      await paced.close();
    }
  });
});
