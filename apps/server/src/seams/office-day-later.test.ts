import {
  WebhookPayloadSchema,
  type ErrorBody,
  type NotificationSettings,
  type Order,
  type QueuedOrder,
  type Site,
  type SlotList,
  type WebhookPayload,
} from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_SITE_NAME } from '../db/migrations/009-sites';
import { collect } from '../test-support/order-fixtures';
import { startWebhookReceiver } from '../test-support/receivers';
import { FIRST_SITE_ID, connectClient, nextEvent, type LiveClient, type TestUser } from '../test-support/test-app';
import { openOffice, type Office } from './office-fixtures';

const SECRET = 'webhook-secret-for-the-office-day-0123';
/** Tower B's 10:00 slot (Berlin, UTC+1 in March). */
const TEN_IN_BERLIN = '2026-03-03T09:00:00.000Z';
/** Tower B's 11:00 slot. */
const ELEVEN_IN_BERLIN = '2026-03-03T10:00:00.000Z';

/**
 * The rest of the office's day at Tower B (Berlin, cafe only): an order for later that joins the
 * queue when it falls due, behind the people already waiting; its owner, who reads Thai, hears of
 * it and of the finished drink in Thai, naming Tower B; and after the day, Tower B is archived only
 * once its orders are done, after which its people are asked to choose another site.
 */
describe('an office day at Tower B, from orders for later to archiving', () => {
  let o: Office;
  let base: string;
  let webhook: Awaited<ReturnType<typeof startWebhookReceiver>>;
  const sockets: LiveClient[] = [];
  /** Every person who ordered at Tower B, by id: they pick their drinks up at the end of the day. */
  const people = new Map<number, TestUser>();
  let somchai: TestUser;
  let laterId: number;

  const connect = async (token?: string, siteId?: number) => {
    const socket = await connectClient(base, token, siteId);
    sockets.push(socket);
    return socket;
  };
  const errorOf = (res: { json: <T>() => T }) => res.json<ErrorBody>();
  const towerPerson = async (name?: string) => {
    const person = await o.towerPerson(name);
    people.set(person.id, person);
    return person;
  };
  /** The webhook messages delivered to `who` so far, oldest first. */
  const messagesTo = async (who: TestUser): Promise<WebhookPayload[]> => {
    await o.t.app.ctx.services.notifications.deliverDue();
    return webhook.accepted
      .map((r) => WebhookPayloadSchema.parse(JSON.parse(r.body)))
      .filter((p) => p.recipient.id === who.id);
  };
  const barista = (id: number, body: Record<string, unknown>) =>
    o.t.request('PATCH', `/api/order/barista/${id}`, o.towerBarista, body);

  beforeAll(async () => {
    webhook = await startWebhookReceiver(SECRET);
    o = await openOffice({
      PUBLIC_URL: 'https://cafe.example.com',
      WEBHOOK_URL: `${webhook.url}/hook`,
      WEBHOOK_SECRET: SECRET,
    });
    base = await o.t.listen();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await o?.t.close();
    await webhook?.close();
  });

  it('releases an order for later behind the orders already waiting, and tells its owner in Thai', async () => {
    const { t, towerB, towerBarista } = o;
    somchai = await towerPerson('Somchai');
    const chosen = await t.request('PUT', '/api/user/notifications', somchai, { webhook: true, language: 'th' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json<NotificationSettings>()).toMatchObject({
      language: 'th',
      channels: { webhook: { available: true, enabled: true } },
    });

    // Tower B's barista sets its pickup slots; they follow Berlin's clock (09:00 there now).
    const settings = { slotMinutes: 15, leadMinutes: 15, daysAhead: 0, slotCapacity: 10 };
    const set = await t.request('PUT', `/api/sites/${towerB.id}/pickup`, towerBarista, settings);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject(settings);
    const slots = (await t.request('GET', `/api/sites/${towerB.id}/slots`)).json<SlotList>();
    expect(slots).toMatchObject({ siteId: towerB.id, timeZone: 'Europe/Berlin' });
    expect(slots.slots[0]).toEqual({
      start: '2026-03-03T08:15:00.000Z',
      end: '2026-03-03T08:30:00.000Z',
      day: '2026-03-03',
      time: '09:15',
      remaining: 10,
    });
    expect(slots.slots.find((s) => s.time === '10:00')?.start).toBe(TEN_IN_BERLIN);

    const later = await o.placed(somchai, { pickupAt: TEN_IN_BERLIN });
    laterId = later.id;
    expect(later).toMatchObject({
      status: 'scheduled',
      pickupAt: TEN_IN_BERLIN,
      site: { id: towerB.id, name: 'Tower B' },
    });
    const mine = async () =>
      (await t.request('GET', '/api/order/my-queue', somchai)).json<QueuedOrder[]>().find((q) => q.id === laterId);
    expect(await mine()).toMatchObject({ status: 'scheduled', queue_at: null, estimatedWaitMinutes: null });
    // Another order for later, for 11:00, stays on the Later lane all day.
    const eleven = await o.placed(await towerPerson(), { pickupAt: ELEVEN_IN_BERLIN });
    const laterLane = (await t.request('GET', '/api/order?status=scheduled', towerBarista)).json<QueuedOrder[]>();
    expect(laterLane.map((q) => q.id)).toEqual([later.id, eleven.id]);

    // The morning at Tower B: three people order for now; the first drink is being made.
    const [first, second, third] = [
      await o.placed(await towerPerson()),
      await o.placed(await towerPerson()),
      await o.placed(await towerPerson()),
    ];
    expect((await barista(first.id, { status: 'in-progress' })).statusCode).toBe(200);

    // Due when the line and the drink take until its pickup time (the line model: one barista
    // working, who took the first drink): what is left of the drink being made (taken at 09:00, so
    // past its 3 minutes: at least 30 s more), two waiting and its own, 3 minutes each (none
    // measured yet today): 9.5 minutes before 10:00.
    t.clock.set('2026-03-03T08:50:29.000Z');
    expect((await t.app.ctx.services.orders.releaseDue(t.clock.now())).released).toBe(0);
    const phone = await connect(somchai.token);
    const board = await connect(towerBarista.token);
    const heardByPhone = nextEvent(phone, 'orders');
    const heardByBoard = nextEvent(board, 'orders');
    const queueOnBoard = nextEvent(board, 'queue');
    t.clock.set('2026-03-03T08:50:30.000Z');
    expect((await t.app.ctx.services.orders.releaseDue(t.clock.now())).released).toBe(1);
    for (const heard of [heardByPhone, heardByBoard]) {
      expect(await heard).toMatchObject({
        id: later.id,
        from: 'scheduled',
        status: 'ordered',
        order: { site: { id: towerB.id, name: 'Tower B' } },
      });
    }
    expect(await queueOnBoard).toMatchObject({
      categoryFor: 'cafe',
      left: null,
      joined: { id: later.id, orderDate: '2026-03-03T08:50:30.000Z' },
      wait: { secondsPerOrder: 180, inProgress: 1, baristas: 1 },
    });

    // Somchai's My Order shows it waiting behind the two orders already waiting (the one being
    // made is not in the line): place 3, and 9.5 minutes of the line and its own drink: ready at
    // 10:00, its pickup time ("about 10 min").
    expect(await mine()).toMatchObject({
      status: 'ordered',
      pickupAt: TEN_IN_BERLIN,
      queue_at: 3,
      estimatedWaitMinutes: 10,
    });
    const waiting = (await t.request('GET', '/api/order?status=ordered', towerBarista)).json<QueuedOrder[]>();
    expect(waiting.map((q) => [q.id, q.queue_at])).toEqual([
      [second.id, 1],
      [third.id, 2],
      [later.id, 3],
    ]);

    // Told in Thai that it is being made, at 10:00 on Tower B's clock.
    const released = await messagesTo(somchai);
    expect(released.map((m) => [m.type, m.language, m.order.site, m.message.title, m.message.text])).toEqual([
      [
        'order.released',
        'th',
        { id: towerB.id, name: 'Tower B' },
        'กำลังทำออร์เดอร์ล่วงหน้าของคุณ',
        'Latte สำหรับเวลา 10:00 เข้าคิวที่เคาน์เตอร์คาเฟ่ Tower B แล้ว',
      ],
    ]);

    // Tower B's barista makes it; the done message is in Thai and names Tower B.
    const making = nextEvent(phone, 'orders');
    expect((await barista(later.id, { status: 'in-progress' })).statusCode).toBe(200);
    expect(await making).toMatchObject({ id: later.id, from: 'ordered', status: 'in-progress' });
    const ready = nextEvent(phone, 'orders');
    const done = await barista(later.id, { status: 'done' });
    expect(done.statusCode, done.body).toBe(200);
    expect(await ready).toMatchObject({ id: later.id, from: 'in-progress', status: 'done' });
    const told = (await messagesTo(somchai)).filter((m) => m.type === 'order.done');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      language: 'th',
      recipient: { id: somchai.id, name: 'Somchai' },
      order: {
        id: later.id,
        drink: 'Latte',
        status: 'done',
        site: { id: towerB.id, name: 'Tower B' },
        counter: 'cafe',
      },
      message: {
        title: 'เครื่องดื่มของคุณพร้อมแล้ว',
        text: 'Latte พร้อมแล้วที่เคาน์เตอร์คาเฟ่ Tower B รับแก้วแล้วกด "Pick Up"',
        url: 'https://cafe.example.com/statusOrder',
      },
    });
  });

  it('closes Head office by its hours at 16:00 in Bangkok while Tower B, at 10:00 in Berlin, goes on', async () => {
    const { t, towerB, towerBarista, headBarista } = o;
    const headScreen = await connect(undefined, FIRST_SITE_ID);
    const towerScreen = await connect(undefined, towerB.id);
    const warnedAtTower = collect(towerScreen, 'closing-soon');
    const statusAtTower = collect(towerScreen, 'cafe-status');
    const headPerson = await t.createUser();
    const headOrder = await o.placed(headPerson);
    expect(headOrder.site).toEqual({ id: FIRST_SITE_ID, name: FIRST_SITE_NAME });

    // 15:57 in Bangkok: within ten minutes of closing, Head office's people are warned, Tower B's are not.
    t.clock.set('2026-03-03T08:57:00.000Z');
    const warned = nextEvent(headScreen, 'closing-soon');
    await t.app.ctx.services.schedule.runDue(t.clock.now());
    expect(await warned).toEqual({ venue: 'cafe', at: '2026-03-03T09:00:00.000Z' });

    t.clock.set('2026-03-03T09:00:00.000Z');
    const closed = nextEvent(headScreen, 'cafe-status');
    await t.app.ctx.services.schedule.runDue(t.clock.now());
    expect(await closed).toEqual({ isCafeOpen: false, isBarOpen: false });
    // Head office's waiting order is rejected at closing time; Tower B's queue is untouched.
    expect((await t.request('GET', `/api/order/${headOrder.id}`, headPerson)).json<Order>()).toMatchObject({
      status: 'rejected',
      rejectNote: 'The shop is closing',
    });
    expect((await t.request('GET', '/api/order?status=ordered', headBarista)).json<QueuedOrder[]>()).toEqual([]);
    const towerQueue = (await t.request('GET', '/api/order?status=ordered', towerBarista)).json<QueuedOrder[]>();
    expect(towerQueue.map((q) => q.queue_at)).toEqual([1, 2]);
    expect((await t.request('GET', `/api/cafe-status?siteId=${towerB.id}`)).json()).toEqual({
      isCafeOpen: true,
      isBarOpen: false,
    });
    const refused = await o.orderLatte(await t.createUser());
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({ code: 'CAFE_CLOSED', message: 'The cafe is closed right now.' });
    expect(await o.placed(await towerPerson())).toMatchObject({ site: { name: 'Tower B' } });

    // Tower B's screens heard nothing of it: the next thing they hear is Tower B's own news.
    const marker = nextEvent(towerScreen, 'ordering-status');
    expect((await t.request('PATCH', '/api/ordering-status', towerBarista, { maxWaiting: 40 })).statusCode).toBe(200);
    await marker;
    expect(warnedAtTower).toEqual([]);
    expect(statusAtTower.every((s) => s.isCafeOpen)).toBe(true);
  });

  it('archives Tower B only once its orders are done, then asks its people to choose another site', async () => {
    const { t, towerB, towerBarista, admin } = o;
    t.clock.set('2026-03-03T16:30:00.000Z'); // 17:30 in Berlin: the day is over
    const open = (await t.request('GET', '/api/order?status=scheduled,ordered,in-progress,done', towerBarista)).json<
      QueuedOrder[]
    >();
    // Three waiting, one in progress, Somchai's ready to pick up, one for later at 11:00.
    expect(open.map((q) => q.status).sort()).toEqual([
      'done',
      'in-progress',
      'ordered',
      'ordered',
      'ordered',
      'scheduled',
    ]);

    const refused = await t.request('POST', `/api/sites/${towerB.id}/archive`, admin);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({
      code: 'SITE_HAS_OPEN_ORDERS',
      message:
        'Tower B still has 6 orders for later, waiting, in progress or ready to pick up. Finish or reject them first.',
    });
    expect((await t.request('GET', `/api/sites/${towerB.id}`)).json<Site>().archived).toBe(false);

    // The counter finishes the day; people pick their drinks up; the 11:00 order is cancelled by its owner.
    for (const order of open) {
      const owner = people.get(order.user.id);
      if (!owner) throw new Error(`no owner for order ${order.id}`);
      if (order.status === 'scheduled') {
        expect((await t.request('PATCH', `/api/order/${order.id}`, owner, { status: 'cancel' })).statusCode).toBe(200);
        continue;
      }
      if (order.status === 'ordered') expect((await barista(order.id, { status: 'in-progress' })).statusCode).toBe(200);
      if (order.status !== 'done') expect((await barista(order.id, { status: 'done' })).statusCode).toBe(200);
      const picked = await t.request('PATCH', `/api/order/${order.id}`, owner, { status: 'picked' });
      expect(picked.statusCode, picked.body).toBe(200);
    }

    const everyone = await connect();
    const announced = nextEvent(everyone, 'site');
    const archived = await t.request('POST', `/api/sites/${towerB.id}/archive`, admin);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json<Site>()).toMatchObject({
      id: towerB.id,
      archived: true,
      status: { isCafeOpen: false, isBarOpen: false },
    });
    expect(await announced).toMatchObject({ id: towerB.id, archived: true });
    expect((await t.request('GET', '/api/sites')).json<Site[]>().map((s) => s.id)).toEqual([FIRST_SITE_ID]);

    // Somchai's home site is still Tower B: ordering without a site is refused, not sent elsewhere.
    const next = await o.orderLatte(somchai);
    expect(next.statusCode).toBe(409);
    expect(errorOf(next)).toMatchObject({
      code: 'SITE_ARCHIVED',
      message: 'Tower B is archived and takes no orders. Choose another site.',
    });
    expect((await t.request('GET', '/api/user/me', somchai)).json()).toMatchObject({ homeSiteId: towerB.id });
    const backHome = await t.request('PUT', '/api/user/home-site', somchai, { siteId: towerB.id });
    expect(backHome.statusCode).toBe(409);
    expect(errorOf(backHome).code).toBe('SITE_ARCHIVED');
    // Tower B's barista can no longer run its counter.
    const reopen = await t.request('PATCH', `/api/cafe-status/cafe-open?siteId=${towerB.id}`, towerBarista);
    expect(reopen.statusCode).toBe(409);
    expect(errorOf(reopen)).toMatchObject({
      code: 'SITE_ARCHIVED',
      message: 'Tower B is archived and takes no orders. Choose another site.',
    });
    // Somchai's history still names where the drink was made.
    const history = (await t.request('GET', '/api/order/history/user', somchai)).json<Order[]>();
    expect(history.find((h) => h.id === laterId)).toMatchObject({
      status: 'picked',
      site: { id: towerB.id, name: 'Tower B' },
    });

    // Somchai chooses Head office: closed at this hour, it says so.
    expect((await t.request('PUT', '/api/user/home-site', somchai, { siteId: FIRST_SITE_ID })).statusCode).toBe(200);
    const tonight = await o.orderLatte(somchai);
    expect(tonight.statusCode).toBe(409);
    expect(errorOf(tonight).code).toBe('CAFE_CLOSED');

    // The next day the hours open Head office, never the archived Tower B, and Somchai orders there.
    t.clock.set('2026-03-04T08:30:00.000Z'); // Wednesday, 15:30 in Bangkok, 09:30 in Berlin
    await t.app.ctx.services.schedule.runDue(t.clock.now());
    expect((await t.request('GET', '/api/cafe-status')).json()).toEqual({ isCafeOpen: true, isBarOpen: false });
    expect((await t.request('GET', `/api/cafe-status?siteId=${towerB.id}`)).json()).toEqual({
      isCafeOpen: false,
      isBarOpen: false,
    });
    expect(await o.placed(somchai)).toMatchObject({ site: { id: FIRST_SITE_ID, name: FIRST_SITE_NAME } });
  });
});
