import type { ErrorBody, Order, PickupSettings, QueuedOrder, Site, SlotList, TimelineEntry } from '@cafe/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  cafeOrderBody,
  createOrderingApp,
  placeOrder,
  setShop,
  type SeededMenu,
} from '../../test-support/order-fixtures';
import { FIRST_SITE_ID, connectClient, nextEvent, type TestApp, type TestUser } from '../../test-support/test-app';

/** Tuesday 3 March 2026, 09:40 in Bangkok (UTC+7): the cafe opens 09:00-16:00. */
const TUESDAY_0940 = '2026-03-03T02:40:00.000Z';
/** The 10:30 slot of that Tuesday. */
const TUESDAY_1030 = '2026-03-03T03:30:00.000Z';

describe('orders for later', () => {
  let t: TestApp;
  let menu: SeededMenu;
  let image: string;
  let admin: TestUser;
  let barista: TestUser;

  const slotsOf = async (siteId = FIRST_SITE_ID, query = '') =>
    (await t.request('GET', `/api/sites/${siteId}/slots${query}`)).json<SlotList>();
  const setPickup = (body: Partial<PickupSettings>, who: TestUser = barista, siteId = FIRST_SITE_ID) =>
    t.request('PUT', `/api/sites/${siteId}/pickup`, who, body);
  const orderFor = async (pickupAt: string, who?: TestUser, extra: Record<string, unknown> = {}) =>
    placeOrder(t, who ?? (await t.createUser()), cafeOrderBody(menu.latte, image, { pickupAt, ...extra }));
  /** Takes every order of the site off the board and the slots (a clean start for each test). */
  const clearOrders = async () => {
    await t.app.ctx.db.deleteFrom('order_status_history').execute();
    await t.app.ctx.db.deleteFrom('order_options').execute();
    await t.app.ctx.db.deleteFrom('orders').execute();
    t.app.ctx.bus.resync();
  };

  beforeAll(async () => {
    ({ t, menu, image } = await createOrderingApp({ clockNow: TUESDAY_0940 }));
    admin = await t.createUser({ role: 'admin' });
    barista = await t.createUser({ role: 'barista' });
  });
  beforeEach(async () => {
    t.clock.set(TUESDAY_0940);
    await clearOrders();
    await setShop(t, { cafe: true, bar: false });
    expect((await setPickup({ slotMinutes: 15, leadMinutes: 15, daysAhead: 0, slotCapacity: 10 })).statusCode).toBe(
      200,
    );
  });
  afterAll(() => t.close());

  describe('pickup settings', () => {
    it('starts at the defaults, and a barista of the site or an admin changes them', async () => {
      const read = await t.request('GET', `/api/sites/${FIRST_SITE_ID}/pickup`);
      expect(read.statusCode).toBe(200);
      const counter = {
        tumblerGraceMinutes: 5,
        readyReminderMinutes: 10,
        uncollectedAfterMinutes: 30,
        prepTargetMinutes: 4,
      };
      expect(read.json()).toEqual({
        slotMinutes: 15,
        leadMinutes: 15,
        daysAhead: 0,
        slotCapacity: 10,
        ...counter,
        displayNames: 'first-initial',
      });
      const changed = await setPickup({ slotMinutes: 30, daysAhead: 2 });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toEqual({
        slotMinutes: 30,
        leadMinutes: 15,
        daysAhead: 2,
        slotCapacity: 10,
        ...counter,
        displayNames: 'first-initial',
      });
      expect((await setPickup({ slotCapacity: 5 }, admin)).json<PickupSettings>().slotCapacity).toBe(5);
      expect((await setPickup({ slotCapacity: 5 }, await t.createUser())).statusCode).toBe(403);
      expect(
        (await t.request('PUT', `/api/sites/${FIRST_SITE_ID}/pickup`, undefined, { slotCapacity: 5 })).statusCode,
      ).toBe(401);
    });

    it('refuses settings out of range, naming the field', async () => {
      for (const [body, field] of [
        [{ slotMinutes: 4 }, 'slotMinutes'],
        [{ slotMinutes: 61 }, 'slotMinutes'],
        [{ leadMinutes: -1 }, 'leadMinutes'],
        [{ daysAhead: 8 }, 'daysAhead'],
        [{ slotCapacity: 0 }, 'slotCapacity'],
        [{ slotCapacity: 2.5 }, 'slotCapacity'],
      ] as const) {
        const res = await setPickup(body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json<ErrorBody>().message).toContain(field);
      }
    });

    it('refuses a barista of another site', async () => {
      const other = (
        await t.request('POST', '/api/sites', admin, {
          name: 'Tower C',
          latitude: 13.7,
          longitude: 100.5,
          radiusKm: 1,
          timeZone: 'Asia/Bangkok',
        })
      ).json<Site>();
      const res = await setPickup({ slotCapacity: 3 }, barista, other.id);
      expect(res.statusCode).toBe(403);
      expect((await t.request('GET', `/api/sites/${other.id}/pickup`)).json<PickupSettings>().slotCapacity).toBe(10);
    });
  });

  describe('slots', () => {
    it("offers the site's slots from the lead time on, in its time, with the room left", async () => {
      const list = await slotsOf();
      expect(list.timeZone).toBe('Asia/Bangkok');
      expect(list.slots[0]).toEqual({
        start: '2026-03-03T03:00:00.000Z',
        end: '2026-03-03T03:15:00.000Z',
        day: '2026-03-03',
        time: '10:00',
        remaining: 10,
      });
      expect(list.slots.at(-1)?.time).toBe('15:45');
      await setPickup({ slotCapacity: 2 });
      expect((await orderFor(TUESDAY_1030)).statusCode).toBe(201);
      const after = await slotsOf();
      expect(after.slots.find((s) => s.time === '10:30')?.remaining).toBe(1);
      expect((await orderFor(TUESDAY_1030)).statusCode).toBe(201);
      // Full: not offered any more.
      expect((await slotsOf()).slots.map((s) => s.time)).not.toContain('10:30');
    });

    it('counts every order for a slot that is not cancelled or rejected', async () => {
      await setPickup({ slotCapacity: 1 });
      const person = await t.createUser();
      const placed = await orderFor(TUESDAY_1030, person);
      expect(placed.statusCode).toBe(201);
      expect((await orderFor(TUESDAY_1030)).json<ErrorBody>().code).toBe('SLOT_FULL');
      const cancelled = await t.request('PATCH', `/api/order/${placed.json<Order>().id}`, person, { status: 'cancel' });
      expect(cancelled.statusCode).toBe(200);
      expect((await slotsOf()).slots.find((s) => s.time === '10:30')?.remaining).toBe(1);
      expect((await orderFor(TUESDAY_1030)).statusCode).toBe(201);
    });

    it('offers later days only as far ahead as the site allows', async () => {
      expect(new Set((await slotsOf()).slots.map((s) => s.day))).toEqual(new Set(['2026-03-03']));
      await setPickup({ daysAhead: 2 });
      expect(new Set((await slotsOf()).slots.map((s) => s.day))).toEqual(
        new Set(['2026-03-03', '2026-03-04', '2026-03-05']),
      );
      expect(new Set((await slotsOf(FIRST_SITE_ID, '?day=2026-03-04')).slots.map((s) => s.day))).toEqual(
        new Set(['2026-03-04']),
      );
      // The bar opens on Friday only.
      expect((await slotsOf(FIRST_SITE_ID, '?venue=bar')).slots).toEqual([]);
    });

    it('offers no slot today once the cafe was closed by hand during its hours', async () => {
      await setPickup({ daysAhead: 1 });
      const closed = await t.request('PATCH', '/api/cafe-status/close-both', barista);
      expect(closed.statusCode).toBe(200);
      const days = new Set((await slotsOf()).slots.map((s) => s.day));
      expect(days).toEqual(new Set(['2026-03-04']));
      const refused = await orderFor(TUESDAY_1030);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<ErrorBody>()).toMatchObject({
        message: 'Head office has closed for today. Choose another day.',
        messageId: 'people.refusal.slotClosedToday',
      });
    });
  });

  describe('placing an order for later', () => {
    it("saves it as scheduled with its pickup time, outside the queue, on the board's Later lane", async () => {
      const person = await t.createUser();
      const res = await orderFor(TUESDAY_1030, person);
      expect(res.statusCode, res.body).toBe(201);
      const order = res.json<Order>();
      expect(order).toMatchObject({ status: 'scheduled', pickupAt: TUESDAY_1030 });
      const mine = (await t.request('GET', '/api/order/my-queue', person)).json<QueuedOrder[]>();
      expect(mine.find((o) => o.id === order.id)).toMatchObject({
        status: 'scheduled',
        pickupAt: TUESDAY_1030,
        queue_at: null,
        estimatedWaitMinutes: null,
      });
      const later = (await t.request('GET', '/api/order?status=scheduled', barista)).json<QueuedOrder[]>();
      expect(later.map((o) => o.id)).toEqual([order.id]);
      const waiting = (await t.request('GET', '/api/order?status=ordered', barista)).json<QueuedOrder[]>();
      expect(waiting.map((o) => o.id)).not.toContain(order.id);
      const timeline = (await t.request('GET', `/api/order/${order.id}/timeline`, person)).json<TimelineEntry[]>();
      expect(timeline.map((e) => e.status)).toEqual(['scheduled']);
    });

    it('refuses a time that is not a slot, too soon, or too far ahead, saying what to choose', async () => {
      for (const [at, message] of [
        [
          '2026-03-03T03:05:00.000Z', // 10:05: not a slot start
          '10:05 is not a pickup time at Head office: its pickup times are every 15 minutes (10:00, 10:15). Choose one of them.',
        ],
        ['2026-03-03T02:45:00.000Z', 'That pickup time is too soon. Choose a later one.'], // 09:45: before the lead time
        [
          '2026-03-04T03:30:00.000Z', // tomorrow: today only
          'That pickup time is further ahead than Head office takes orders. Choose an earlier day.',
        ],
        [
          '2026-03-03T10:00:00.000Z', // 17:00: after closing
          'Head office does not serve at 17:00 on that day. Choose a pickup time within its hours.',
        ],
      ] as const) {
        const res = await orderFor(at);
        expect(res.statusCode, at).toBe(400);
        expect(res.json<ErrorBody>().message, at).toBe(message);
        // Never a field's name: the person reads what to choose.
        expect(res.json<ErrorBody>().message, at).not.toContain('pickupAt');
      }
      // Not a time at all: the contract's schema answers, naming the field.
      expect((await orderFor('not a date')).statusCode).toBe(400);
      expect((await t.request('GET', '/api/order?status=scheduled', barista)).json<QueuedOrder[]>()).toEqual([]);
    });

    it('takes an order for later while the shop is not open yet, or online orders are paused', async () => {
      t.clock.set('2026-03-03T01:00:00.000Z'); // 08:00, before opening
      await setShop(t, { cafe: false, bar: false });
      expect((await placeOrder(t, await t.createUser(), cafeOrderBody(menu.latte, image))).statusCode).toBe(409);
      expect((await orderFor(TUESDAY_1030)).statusCode).toBe(201);
      await setShop(t, { cafe: true, bar: false });
      t.clock.set(TUESDAY_0940);
      expect((await t.request('PATCH', '/api/ordering-status', barista, { paused: true })).statusCode).toBe(200);
      try {
        expect((await placeOrder(t, await t.createUser(), cafeOrderBody(menu.latte, image))).statusCode).toBe(409);
        expect((await orderFor(TUESDAY_1030)).statusCode).toBe(201);
      } finally {
        await t.request('PATCH', '/api/ordering-status', barista, { paused: false });
      }
    });

    it('counts an order for later on the day it is for in the daily limit', async () => {
      await setPickup({ daysAhead: 1 });
      const person = await t.createUser();
      expect((await placeOrder(t, person, cafeOrderBody(menu.latte, image))).statusCode).toBe(201);
      expect((await placeOrder(t, person, cafeOrderBody(menu.latte, image))).statusCode).toBe(201);
      // Today is full; tomorrow is not.
      const today = await orderFor(TUESDAY_1030, person);
      expect(today.json<ErrorBody>().code).toBe('ORDER_LIMIT_REACHED');
      const tomorrow = await orderFor('2026-03-04T03:30:00.000Z', person);
      expect(tomorrow.statusCode, tomorrow.body).toBe(201);
      expect(await orderFor('2026-03-04T03:45:00.000Z', person).then((r) => r.statusCode)).toBe(201);
      expect((await orderFor('2026-03-04T04:00:00.000Z', person)).json<ErrorBody>().code).toBe('ORDER_LIMIT_REACHED');
      // Tomorrow's orders show among the person's orders today.
      const mine = (await t.request('GET', '/api/order/my-queue', person)).json<QueuedOrder[]>();
      expect(mine.filter((o) => o.status === 'scheduled')).toHaveLength(2);
    });

    it("lets a barista start today's order for later early, not a later day's, which would leave today's board", async () => {
      await setPickup({ daysAhead: 1 });
      const today = (await orderFor(TUESDAY_1030)).json<Order>();
      const tomorrow = (await orderFor('2026-03-04T03:30:00.000Z')).json<Order>();
      const start = (id: number) => t.request('PATCH', `/api/order/barista/${id}`, barista, { status: 'in-progress' });
      const refused = await start(tomorrow.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json<ErrorBody>()).toMatchObject({
        code: 'INVALID_TRANSITION',
        message: 'This order is for a later day: it is made on its day.',
        messageId: 'people.orders.notItsDay',
      });
      expect((await t.request('GET', `/api/order/${tomorrow.id}`, barista)).json<Order>().status).toBe('scheduled');
      // Rejecting it stays possible; today's starts early and is on today's board.
      expect((await start(today.id)).statusCode).toBe(200);
      const board = (await t.request('GET', '/api/order?status=in-progress', barista)).json<QueuedOrder[]>();
      expect(board.map((o) => o.id)).toEqual([today.id]);
      const reject = { status: 'rejected', reject_note: 'No milk tomorrow' };
      expect((await t.request('PATCH', `/api/order/barista/${tomorrow.id}`, barista, reject)).statusCode).toBe(200);
    });

    it('never exceeds a slot: 30 people at once for a slot with 2 places left, exactly 2 get an order', async () => {
      await setPickup({ slotCapacity: 3 });
      expect((await orderFor(TUESDAY_1030)).statusCode).toBe(201);
      const people = await Promise.all(Array.from({ length: 30 }, () => t.createUser()));
      const answers = await Promise.all(people.map((p) => orderFor(TUESDAY_1030, p)));
      const codes = answers.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 201)).toHaveLength(2);
      expect(codes.filter((c) => c === 409)).toHaveLength(28);
      expect(answers.filter((r) => r.statusCode === 409).every((r) => r.json<ErrorBody>().code === 'SLOT_FULL')).toBe(
        true,
      );
      const saved = await t.app.ctx.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('pickup_at', '=', TUESDAY_1030)
        .executeTakeFirst();
      expect(Number(saved?.n)).toBe(3);
    });

    it('keeps the pickup time in the Idempotency-Key only when it is given', async () => {
      const person = await t.createUser();
      const send = (pickupAt?: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/order',
          headers: { ...person.auth, 'idempotency-key': 'later-key-1' },
          payload: cafeOrderBody(menu.latte, image, pickupAt ? { pickupAt } : {}),
        });
      expect((await send(TUESDAY_1030)).statusCode).toBe(201);
      const again = await send(TUESDAY_1030);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect((await send('2026-03-03T03:45:00.000Z')).statusCode).toBe(422);
      expect((await send()).statusCode).toBe(422);
    });
  });

  describe('when an order for later falls due', () => {
    it('joins the queue at its pickup time minus the time the line and the drink take, and the board hears it', async () => {
      const person = await t.createUser();
      const placed = (await orderFor(TUESDAY_1030, person)).json<Order>();
      // Someone ordered for now meanwhile: the released order joins behind them.
      const now = (await placeOrder(t, await t.createUser(), cafeOrderBody(menu.latte, image))).json<Order>();
      // No drink made yet today: the counter's pace is the default 3 minutes an order. One order
      // waits: the drink for 10:30 must join the line 2 x 3 minutes before, at 10:24.
      t.clock.set('2026-03-03T03:23:59.000Z'); // 10:23:59
      expect((await t.app.ctx.services.orders.releaseDue(t.clock.now())).released).toBe(0);
      const base = await t.listen();
      // Signed in at the new time (an access token lives a quarter of an hour).
      const board = await connectClient(base, (await t.createUser({ role: 'barista' })).token);
      try {
        const event = nextEvent(board, 'orders');
        t.clock.set('2026-03-03T03:24:00.000Z'); // 10:24
        const outcome = await t.app.ctx.services.orders.releaseDue(t.clock.now());
        expect(outcome.released).toBe(1);
        expect(await event).toMatchObject({ id: placed.id, status: 'ordered', from: 'scheduled' });
      } finally {
        board.disconnect();
      }
      const later = await t.createUser({ role: 'admin' });
      const waiting = (await t.request('GET', '/api/order?status=ordered', later)).json<QueuedOrder[]>();
      expect(waiting.map((o) => [o.id, o.queue_at])).toEqual([
        [now.id, 1],
        [placed.id, 2],
      ]);
      expect(waiting[1]).toMatchObject({ status: 'ordered', pickupAt: TUESDAY_1030 });
      // Released once: a second run (another process) changes nothing.
      expect((await t.app.ctx.services.orders.releaseDue(t.clock.now())).released).toBe(0);
      const timeline = (await t.request('GET', `/api/order/${placed.id}/timeline`, later)).json<TimelineEntry[]>();
      expect(timeline.map((e) => [e.from, e.status])).toEqual([
        [null, 'scheduled'],
        ['scheduled', 'ordered'],
      ]);
    });

    it('is rejected with a reason the person sees when online orders are paused then', async () => {
      const person = await t.createUser();
      const placed = (await orderFor(TUESDAY_1030, person)).json<Order>();
      await t.request('PATCH', '/api/ordering-status', barista, { paused: true });
      t.clock.set('2026-03-03T03:28:00.000Z');
      const staff = await t.createUser({ role: 'barista' });
      try {
        expect((await t.app.ctx.services.orders.releaseDue(t.clock.now())).rejected).toBe(1);
      } finally {
        expect((await t.request('PATCH', '/api/ordering-status', staff, { paused: false })).statusCode).toBe(200);
      }
      const order = (await t.request('GET', `/api/order/${placed.id}`, staff)).json<Order>();
      expect(order).toMatchObject({ status: 'rejected', rejectNote: 'Online orders are paused at your pickup time' });
    });

    it('is rejected when the cafe closes early by hand, with the closing note', async () => {
      const person = await t.createUser();
      const placed = (await orderFor(TUESDAY_1030, person)).json<Order>();
      const base = await t.listen();
      const phone = await connectClient(base, person.token);
      try {
        const event = nextEvent(phone, 'orders');
        expect((await t.request('PATCH', '/api/cafe-status/close-both', barista)).statusCode).toBe(200);
        expect(await event).toMatchObject({ id: placed.id, status: 'rejected', from: 'scheduled' });
      } finally {
        phone.disconnect();
      }
      const order = (await t.request('GET', `/api/order/${placed.id}`, person)).json<Order>();
      expect(order).toMatchObject({ status: 'rejected', rejectNote: 'The shop is closing' });
    });

    it('joins the queue when the cafe is not open yet but opens by its pickup time', async () => {
      t.clock.set('2026-03-03T01:00:00.000Z'); // 08:00
      await setShop(t, { cafe: false, bar: false });
      const placed = (await orderFor('2026-03-03T02:00:00.000Z')).json<Order>(); // 09:00, the first slot
      t.clock.set('2026-03-03T01:57:00.000Z'); // 08:57: due, the cafe opens at 09:00
      expect((await t.app.ctx.services.orders.releaseDue(t.clock.now())).released).toBe(1);
      expect((await t.request('GET', `/api/order/${placed.id}`, barista)).json<Order>().status).toBe('ordered');
    });

    it("follows the site's clock across a daylight-saving change (Europe/Berlin)", async () => {
      const berlin = (
        await t.request('POST', '/api/sites', admin, {
          name: 'Berlin',
          latitude: 52.52,
          longitude: 13.405,
          radiusKm: 1,
          timeZone: 'Europe/Berlin',
        })
      ).json<Site>();
      const berlinBarista = await t.createUser({ role: 'barista', site: berlin.id });
      await setPickup({ daysAhead: 3, slotMinutes: 30 }, berlinBarista, berlin.id);
      // Friday 27 March, 10:00 in Berlin (UTC+1): Monday the 30th is on summer time (UTC+2).
      t.clock.set('2026-03-27T09:00:00.000Z');
      await setShop(t, { cafe: true, bar: false }, berlin.id);
      const monday = (await slotsOf(berlin.id, '?day=2026-03-30')).slots.find((s) => s.time === '10:30');
      expect(monday?.start).toBe('2026-03-30T08:30:00.000Z');
      const friday = (await slotsOf(berlin.id, '?day=2026-03-27')).slots.find((s) => s.time === '11:30');
      expect(friday?.start).toBe('2026-03-27T10:30:00.000Z');
      const placed = await orderFor('2026-03-30T08:30:00.000Z', await t.createUser({ site: berlin.id }), {
        siteId: berlin.id,
      });
      expect(placed.statusCode, placed.body).toBe(201);
      expect(placed.json<Order>().pickupAt).toBe('2026-03-30T08:30:00.000Z');
      // Monday 10:26 summer time is 08:26 UTC: not yet; 10:27 is due (3 minutes an order).
      t.clock.set('2026-03-30T08:26:00.000Z');
      expect((await t.app.ctx.services.orders.releaseDue(t.clock.now())).released).toBe(0);
      t.clock.set('2026-03-30T08:27:00.000Z');
      const outcome = await t.app.ctx.services.orders.releaseDue(t.clock.now());
      expect(outcome).toMatchObject({ released: 1, rejected: 0 });
    });
  });
});
