import {
  applyQueueEvent,
  type Category,
  type ErrorBody,
  type Order,
  type OrderingStatus,
  type QueuedOrder,
  type Site,
  type SlotList,
} from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_SITE_NAME } from '../db/migrations/009-sites';
import { collect, placeOrder } from '../test-support/order-fixtures';
import { FIRST_SITE_ID, connectClient, nextEvent, type LiveClient, type TestUser } from '../test-support/test-app';
import { openOffice, type Office } from './office-fixtures';

const PAUSED_BY_HAND =
  'The cafe has paused online orders for a moment. Please try again in a few minutes, or order at the counter.';

/**
 * An office's morning at two sites, as the people there see it: Head office (cafe and bar) and
 * Tower B (Berlin, cafe only, its own barista). Options sold out at one site, the boards and who may
 * move what, a bar that one site does not run, and busy mode at one site while the other goes on.
 * The steps run in order on one app, as a day does.
 */
describe('an office morning at two sites', () => {
  let o: Office;
  let base: string;
  const sockets: LiveClient[] = [];
  const connect = async (token?: string, siteId?: number) => {
    const socket = await connectClient(base, token, siteId);
    sockets.push(socket);
    return socket;
  };
  const errorOf = (res: { json: <T>() => T }) => res.json<ErrorBody>();

  beforeAll(async () => {
    o = await openOffice();
    base = await o.t.listen();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await o?.t.close();
  });

  it('takes Tower B’s order with the milk Tower B has, and only Tower B’s counter makes it', async () => {
    const { t, towerB, towerBarista, headBarista, choice } = o;
    // Oat has run out at Tower B; its barista says so. Head office's barista may not say it for them.
    const notTheirs = await t.request('PATCH', `/api/sites/${towerB.id}/option-choices/${choice('Oat')}`, headBarista, {
      soldOut: true,
    });
    expect(notTheirs.statusCode).toBe(403);
    expect(errorOf(notTheirs)).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You are not a barista of Tower B. Ask an admin to add you to it.',
    });
    const soldOut = await t.request('PATCH', `/api/sites/${towerB.id}/option-choices/${choice('Oat')}`, towerBarista, {
      soldOut: true,
    });
    expect(soldOut.statusCode, soldOut.body).toBe(200);
    expect(soldOut.json()).toMatchObject({ id: choice('Oat'), name: 'Oat', soldOut: true, soldOutUntil: null });

    const klaus = await o.towerPerson('Klaus');
    expect((await t.request('GET', '/api/user/me', klaus)).json()).toMatchObject({ homeSiteId: towerB.id });
    // Klaus's menu (his home site's) greys Oat out; Head office's menu does not.
    const oatOn = async (query: string, who?: TestUser) => {
      const categories = (await t.request('GET', `/api/category${query}`, who)).json<Category[]>();
      const latte = categories.flatMap((c) => c.menu).find((m) => m.id === o.menu.latte);
      return latte?.optionGroups?.find((g) => g.name === 'Milk')?.choices.find((c) => c.name === 'Oat');
    };
    expect(await oatOn('', klaus)).toMatchObject({ soldOut: true });
    expect(await oatOn(`?siteId=${FIRST_SITE_ID}`)).toMatchObject({ soldOut: false });

    const towerBoard = await connect(towerBarista.token);
    const headBoard = await connect(headBarista.token);
    const phone = await connect(klaus.token);
    const seenByHead = collect(headBoard, 'orders');

    const oat = await o.orderLatte(klaus, { options: [{ choiceId: choice('Oat') }] });
    expect(oat.statusCode).toBe(409);
    expect(errorOf(oat)).toMatchObject({
      code: 'MENU_UNAVAILABLE',
      message: 'Oat (Milk) is sold out at Tower B. Please choose another.',
    });

    const onTowerBoard = nextEvent(towerBoard, 'orders');
    const onPhone = nextEvent(phone, 'orders');
    const whole = await o.placed(klaus, { options: [{ choiceId: choice('Whole') }] });
    expect(whole).toMatchObject({
      status: 'ordered',
      site: { id: towerB.id, name: 'Tower B' },
      user: { id: klaus.id, name: 'Klaus' },
      options: [{ groupId: o.milk.id, group: 'Milk', choiceId: choice('Whole'), choice: 'Whole', quantity: 1 }],
    });
    expect(await onTowerBoard).toMatchObject({
      id: whole.id,
      from: null,
      status: 'ordered',
      order: { site: { id: towerB.id, name: 'Tower B' } },
    });
    expect(await onPhone).toMatchObject({ id: whole.id, order: { site: { name: 'Tower B' } } });

    // Klaus walks over to Head office, where there is Oat.
    const onHeadBoard = nextEvent(headBoard, 'orders');
    const onPhoneAgain = nextEvent(phone, 'orders');
    const atHead = await o.placed(klaus, { siteId: FIRST_SITE_ID, options: [{ choiceId: choice('Oat') }] });
    expect(await onPhoneAgain).toMatchObject({ id: atHead.id, order: { site: { name: FIRST_SITE_NAME } } });
    expect(atHead).toMatchObject({
      site: { id: FIRST_SITE_ID, name: FIRST_SITE_NAME },
      options: [{ choice: 'Oat' }],
    });
    expect(await onHeadBoard).toMatchObject({ id: atHead.id });
    // Head office's board heard its own order only (Tower B's, placed before it, never came).
    expect(seenByHead.map((e) => e.id)).toEqual([atHead.id]);

    // Each board lists its own site's queue.
    const boardOf = async (who: TestUser, query = '') => {
      const res = await t.request('GET', `/api/order?status=ordered${query}`, who);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<QueuedOrder[]>().map((q) => [q.id, q.site.name, q.queue_at]);
    };
    expect(await boardOf(towerBarista)).toEqual([[whole.id, 'Tower B', 1]]);
    expect(await boardOf(headBarista)).toEqual([[atHead.id, FIRST_SITE_NAME, 1]]);
    expect(await boardOf(o.admin, `&siteId=${towerB.id}`)).toEqual([[whole.id, 'Tower B', 1]]);

    // Head office's barista can neither read Tower B's board nor move its order.
    const otherBoard = await t.request('GET', `/api/order?status=ordered&siteId=${towerB.id}`, headBarista);
    expect(otherBoard.statusCode).toBe(403);
    expect(errorOf(otherBoard).message).toBe('You are not a barista of Tower B. Ask an admin to add you to it.');
    const move = await t.request('PATCH', `/api/order/barista/${whole.id}`, headBarista, { status: 'in-progress' });
    expect(move.statusCode).toBe(403);
    expect(errorOf(move)).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You are not a barista of Tower B. Ask an admin to add you to it.',
    });
    expect((await t.request('GET', `/api/order/${whole.id}`, klaus)).json<Order>().status).toBe('ordered');

    // Tower B's barista makes it; Klaus's phone follows.
    const made = nextEvent(phone, 'orders');
    const doIt = await t.request('PATCH', `/api/order/barista/${whole.id}`, towerBarista, { status: 'in-progress' });
    expect(doIt.statusCode, doIt.body).toBe(200);
    expect(await made).toMatchObject({ id: whole.id, from: 'ordered', status: 'in-progress' });

    // Two drinks today, at two sites: the daily limit is the company's.
    expect((await t.request('GET', '/api/order/count/user', klaus)).json()).toEqual({ totalOrder: 2 });
    const third = await o.orderLatte(klaus, { siteId: FIRST_SITE_ID });
    expect(third.statusCode).toBe(409);
    expect(errorOf(third)).toMatchObject({
      code: 'ORDER_LIMIT_REACHED',
      message: 'You already reached your order limit!',
    });
  });

  it('says in words that Tower B runs no bar: it cannot be opened, and its bar drinks cannot be ordered', async () => {
    const { t, towerB, towerBarista, admin } = o;
    expect((await t.request('GET', `/api/sites/${FIRST_SITE_ID}`)).json<Site>().venues).toEqual({
      cafe: true,
      bar: true,
    });
    expect((await t.request('GET', `/api/sites/${towerB.id}`)).json<Site>().venues).toEqual({
      cafe: true,
      bar: false,
    });

    const byAdmin = await t.request('PATCH', `/api/cafe-status/bar-open?siteId=${towerB.id}`, admin);
    expect(byAdmin.statusCode).toBe(400);
    expect(errorOf(byAdmin)).toMatchObject({
      code: 'VALIDATION',
      message: 'Tower B does not run a bar, so its bar cannot be opened.',
    });
    // Its own barista, acting on their site without naming it, is told the same.
    const byBarista = await t.request('PATCH', '/api/cafe-status/bar-open', towerBarista);
    expect(byBarista.statusCode).toBe(400);
    expect(errorOf(byBarista).message).toBe('Tower B does not run a bar, so its bar cannot be opened.');
    // Nothing changed at either site.
    expect((await t.request('GET', `/api/cafe-status?siteId=${towerB.id}`)).json()).toEqual({
      isCafeOpen: true,
      isBarOpen: false,
    });
    expect((await t.request('GET', `/api/cafe-status?siteId=${FIRST_SITE_ID}`)).json()).toEqual({
      isCafeOpen: true,
      isBarOpen: false,
    });

    // A Mojito at Tower B: a venue the site does not run counts as closed.
    const mojito = { menu_id: o.menu.mojito, menu_name: 'Mojito', tumblerImage: 'Tall glass, extra lime' };
    const person = await o.towerPerson();
    const online = await placeOrder(t, person, mojito);
    expect(online.statusCode).toBe(409);
    expect(errorOf(online)).toMatchObject({
      code: 'BAR_CLOSED',
      message: 'Tower B has no bar: Mojito cannot be ordered here.',
    });
    const named = await placeOrder(t, await t.createUser(), { ...mojito, siteId: towerB.id });
    expect(named.statusCode).toBe(409);
    expect(errorOf(named)).toMatchObject({
      code: 'BAR_CLOSED',
      message: 'Tower B has no bar: Mojito cannot be ordered here.',
    });
    // At the counter too (online bar ordering does not matter there).
    const walkUp = await t.request('POST', '/api/order/walk-up', towerBarista, {
      menu_id: o.menu.mojito,
      guestName: 'Visitor',
    });
    expect(walkUp.statusCode).toBe(409);
    expect(errorOf(walkUp)).toMatchObject({
      code: 'BAR_CLOSED',
      message: 'Tower B has no bar: Mojito cannot be ordered here.',
    });
    // And there is no bar slot to order one for later.
    const slots = await t.request('GET', `/api/sites/${towerB.id}/slots?venue=bar`);
    expect(slots.json<SlotList>()).toMatchObject({ siteId: towerB.id, timeZone: 'Europe/Berlin', slots: [] });
    expect((await t.request('GET', `/api/order/count/user`, person)).json()).toEqual({ totalOrder: 0 });
  });

  it('pauses one site’s online orders: the other site, orders for later and the counter go on', async () => {
    const { t, towerB, towerBarista, headBarista } = o;
    const statusOf = async (siteId: number) =>
      (await t.request('GET', `/api/ordering-status?siteId=${siteId}`)).json<OrderingStatus>();
    // Screens of people at each site (anonymous ones follow the first site).
    const headScreen = await connect();
    const towerScreen = await connect(undefined, towerB.id);
    const heardAtTower = collect(towerScreen, 'ordering-status');

    // Tower B's barista may not pause Head office.
    const notTheirs = await t.request('PATCH', `/api/ordering-status?siteId=${FIRST_SITE_ID}`, towerBarista, {
      paused: true,
    });
    expect(notTheirs.statusCode).toBe(403);
    expect(errorOf(notTheirs).message).toBe(
      `You are not a barista of ${FIRST_SITE_NAME}. Ask an admin to add you to it.`,
    );

    const heardAtHead = nextEvent(headScreen, 'ordering-status');
    const paused = await t.request('PATCH', `/api/ordering-status?siteId=${FIRST_SITE_ID}`, headBarista, {
      paused: true,
    });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({ paused: true, reason: 'manual', message: PAUSED_BY_HAND });
    expect(await heardAtHead).toMatchObject({ paused: true, reason: 'manual', message: PAUSED_BY_HAND });
    expect(await statusOf(FIRST_SITE_ID)).toMatchObject({ paused: true, reason: 'manual' });
    expect(await statusOf(towerB.id)).toMatchObject({ paused: false, reason: null, message: null });

    // An online order at Head office is refused with the sentence its screen shows.
    for (const [who, extra] of [
      [await t.createUser(), {}],
      [await o.towerPerson(), { siteId: FIRST_SITE_ID }],
    ] as const) {
      const refused = await o.orderLatte(who, extra);
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused)).toMatchObject({ code: 'ORDERS_PAUSED', message: PAUSED_BY_HAND });
    }
    // Tower B still takes orders.
    const atTower = await o.placed(await o.towerPerson());
    expect(atTower).toMatchObject({ status: 'ordered', site: { id: towerB.id, name: 'Tower B' } });
    // An order for later at Head office is still accepted.
    const slots = (await t.request('GET', `/api/sites/${FIRST_SITE_ID}/slots`)).json<SlotList>();
    expect(slots.timeZone).toBe('Asia/Bangkok');
    const slot = slots.slots[0];
    // 15:00 in Bangkok with a 15-minute lead: the first slot is 15:15.
    expect(slot).toMatchObject({ start: '2026-03-03T08:15:00.000Z', day: '2026-03-03', time: '15:15' });
    const later = await o.placed(await t.createUser(), { pickupAt: slot?.start });
    expect(later).toMatchObject({
      status: 'scheduled',
      pickupAt: '2026-03-03T08:15:00.000Z',
      site: { id: FIRST_SITE_ID, name: FIRST_SITE_NAME },
    });
    // A walk-up order at Head office's counter is the barista's own decision.
    const walkUp = await t.request('POST', '/api/order/walk-up', headBarista, {
      menu_id: o.menu.latte,
      type: 'hot',
      sweetness: 50,
      guestName: 'Visitor Vic',
    });
    expect(walkUp.statusCode, walkUp.body).toBe(201);
    expect(walkUp.json<Order>()).toMatchObject({
      walkUp: true,
      status: 'ordered',
      user: { name: 'Visitor Vic' },
      site: { id: FIRST_SITE_ID, name: FIRST_SITE_NAME },
    });

    // Tower B's screens never heard of Head office's pause: the first event they get is Tower B's own.
    const towerChange = nextEvent(towerScreen, 'ordering-status');
    const limited = await t.request('PATCH', '/api/ordering-status', towerBarista, { maxWaiting: 50 });
    expect(limited.statusCode, limited.body).toBe(200);
    expect(await towerChange).toMatchObject({ paused: false, limits: { maxWaiting: 50 } });
    expect(heardAtTower).toHaveLength(1);

    // Both sites have an order for later due at 08:15 UTC (15:15 in Bangkok, 09:15 in Berlin).
    const berlinSlot = (await t.request('GET', `/api/sites/${towerB.id}/slots`)).json<SlotList>().slots[0];
    expect(berlinSlot).toMatchObject({ start: '2026-03-03T08:15:00.000Z', time: '09:15' });
    const towerLater = await o.placed(await o.towerPerson(), { pickupAt: berlinSlot?.start });
    // They fall due 3 minutes before (no drink finished yet at either counter). Head office is still
    // paused then, so its order is rejected with a reason its owner reads; Tower B's joins its queue.
    t.clock.set('2026-03-03T08:12:00.000Z');
    expect(await t.app.ctx.services.orders.releaseDue(t.clock.now())).toMatchObject({ released: 1, rejected: 1 });
    const statusOfOrder = async (id: number) => (await t.request('GET', `/api/order/${id}`, o.admin)).json<Order>();
    expect(await statusOfOrder(later.id)).toMatchObject({
      status: 'rejected',
      rejectNote: 'Online orders are paused at your pickup time',
    });
    expect(await statusOfOrder(towerLater.id)).toMatchObject({ status: 'ordered', site: { name: 'Tower B' } });
    const towerQueue = (await t.request('GET', '/api/order?status=ordered', towerBarista)).json<QueuedOrder[]>();
    expect(towerQueue.map((q) => [q.id, q.queue_at])).toEqual([
      [atTower.id, 1],
      [towerLater.id, 2],
    ]);

    // Resumed, Head office takes online orders again.
    const resumed = await t.request('PATCH', `/api/ordering-status?siteId=${FIRST_SITE_ID}`, headBarista, {
      paused: false,
    });
    expect(resumed.json()).toMatchObject({ paused: false, reason: null, message: null });
    expect(await o.placed(await t.createUser())).toMatchObject({ site: { id: FIRST_SITE_ID } });
  });
  it('keeps the places of a person waiting at both sites apart on their phone', async () => {
    const { t, towerB, headBarista } = o;
    const mali = await o.towerPerson('Mali');
    const atTower = await o.placed(mali);
    const atHead = await o.placed(mali, { siteId: FIRST_SITE_ID });
    expect([atTower.site.name, atHead.site.name]).toEqual(['Tower B', FIRST_SITE_NAME]);
    const myQueue = async () =>
      (await t.request('GET', '/api/order/my-queue', mali))
        .json<QueuedOrder[]>()
        .filter((q) => q.status === 'ordered')
        .map((q) => ({ id: q.id, site: q.site.name, place: q.queue_at, wait: q.estimatedWaitMinutes }));
    const before = (await t.request('GET', '/api/order/my-queue', mali)).json<QueuedOrder[]>();
    // Both waiting, each behind the people already in that site's line.
    const towerLine = (await t.request('GET', `/api/order?status=ordered&siteId=${towerB.id}`, o.admin)).json<
      QueuedOrder[]
    >();
    const headLine = (await t.request('GET', `/api/order?status=ordered&siteId=${FIRST_SITE_ID}`, o.admin)).json<
      QueuedOrder[]
    >();
    const places = (list: { id: number; site: string; place: number | null }[]) =>
      list.map(({ id, site, place }) => ({ id, site, place }));
    expect(places(await myQueue())).toEqual([
      { id: atHead.id, site: FIRST_SITE_NAME, place: headLine.length },
      { id: atTower.id, site: 'Tower B', place: towerLine.length },
    ]);
    expect(towerLine.length).toBeGreaterThan(1);

    // Head office's barista takes the first drink of Head office's line. Mali's phone hears that her
    // Head office order moved up, and follows it as the contract says (applyQueueEvent).
    const phone = await connect(mali.token);
    const heard = nextEvent(phone, 'queue');
    const first = headLine[0];
    expect(
      (await t.request('PATCH', `/api/order/barista/${first?.id}`, headBarista, { status: 'in-progress' })).statusCode,
    ).toBe(200);
    const event = await heard;
    expect(event.left).toMatchObject({ id: first?.id });
    const shown = applyQueueEvent(before, event)
      .filter((q) => q.status === 'ordered')
      .map((q) => ({ id: q.id, site: q.site.name, place: q.queue_at, wait: q.estimatedWaitMinutes }));
    // What the phone shows is what the server answers: Head office's place moved up, Tower B's did not.
    const now = await myQueue();
    expect(places(now)).toEqual([
      { id: atHead.id, site: FIRST_SITE_NAME, place: headLine.length - 1 },
      { id: atTower.id, site: 'Tower B', place: towerLine.length },
    ]);
    expect(shown).toEqual(now);
  });
});
