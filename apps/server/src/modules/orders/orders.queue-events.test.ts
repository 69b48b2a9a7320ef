import { applyQueueEvent, type Order, type QueuedOrder } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIRST_SITE_ID,
  connectClient,
  nextEvent,
  type LiveClient,
  type TestApp,
  type TestUser,
} from '../../test-support/test-app';
import {
  baristaPatch,
  cafeOrderBody,
  collect,
  createOrderingApp,
  placeOrder,
  type SeededMenu,
} from '../../test-support/order-fixtures';

const WEDNESDAY_10AM = '2026-11-18T10:00:00+07:00';

/**
 * The `queue` event: when a waiting order leaves the line or a drink in progress is finished, the
 * baristas and the people still waiting behind learn the new numbers without asking again.
 */
describe('queue events', () => {
  let t: TestApp;
  let menu: SeededMenu;
  let image: string;
  let barista: TestUser;
  let base: string;
  const sockets: LiveClient[] = [];

  beforeAll(async () => {
    ({ t, menu, image } = await createOrderingApp({ clockNow: WEDNESDAY_10AM }));
    barista = await t.createUser({ role: 'barista' });
    base = await t.listen();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t.close();
  });

  const connect = async (user: TestUser) => {
    const socket = await connectClient(base, user.token);
    sockets.push(socket);
    return socket;
  };
  const myQueue = async (user: TestUser) => (await t.request('GET', '/api/order/my-queue', user)).json<QueuedOrder[]>();
  /** What a screen shows of each order: its place and estimate. */
  const places = (list: QueuedOrder[]) => list.map((o) => [o.id, o.status, o.queue_at, o.estimatedWaitMinutes]);

  it('renumbers those behind the order that left, and gives everyone waiting the new estimate', async () => {
    const [ann, ben, cat] = await Promise.all([t.createUser(), t.createUser(), t.createUser()]);
    const orders: Order[] = [];
    for (const person of [ann, ben, cat]) {
      orders.push((await placeOrder(t, person, cafeOrderBody(menu.latte, image))).json<Order>());
      t.clock.advance(1000);
    }
    const [, benOrder] = orders;
    if (!benOrder) throw new Error('three orders expected');
    const [annSocket, catSocket, board] = await Promise.all([connect(ann), connect(cat), connect(barista)]);
    const annHeard = collect(annSocket, 'queue');
    const catBefore = await myQueue(cat);
    expect(catBefore[0]?.queue_at).toBe(3);

    // The barista takes Ben's order (second in line): Cat moves up; Ann, ahead of it, hears the
    // same event (the site's waiting room), and nothing on her screen moves.
    const toCat = nextEvent(catSocket, 'queue');
    const toBoard = nextEvent(board, 'queue');
    const taken = await baristaPatch(t, barista, benOrder.id, { status: 'in-progress' });
    expect(taken.statusCode).toBe(200);
    const event = await toCat;
    expect(event).toEqual({
      siteId: FIRST_SITE_ID,
      categoryFor: 'cafe',
      day: '2026-11-18',
      left: { id: benOrder.id, orderDate: benOrder.orderDate },
      joined: null,
      // When the move was made: the order's updatedAt as the move left it.
      at: taken.json<Order>().updatedAt,
      // The pace as before (older clients), and the line model's inputs (promise.ts): one barista
      // working, Ben's drink in progress since the move, Ann's and Cat's waiting, no drink measured
      // yet (each the default 3 minutes).
      wait: {
        secondsPerOrder: 180,
        inProgress: 1,
        baristas: 1,
        making: [{ seconds: 180, takenAt: taken.json<Order>().updatedAt }],
        line: [180, 180],
        itemSeconds: {},
        asOf: expect.any(String) as string,
      },
    });
    expect(await toBoard).toEqual(event);
    // What Cat's screen works out from the event is what the server now answers.
    expect(places(applyQueueEvent(catBefore, event))).toEqual(places(await myQueue(cat)));
    await expect.poll(() => annHeard.length).toBe(1);
    expect(annHeard[0]).toEqual(event);
    const annNow = await myQueue(ann);
    expect(annNow[0]?.queue_at).toBe(1);
    expect(applyQueueEvent(annNow, event)).toEqual(annNow);

    // Ben's drink is finished: everyone still waiting gets the new estimate inputs.
    t.clock.advance(90_000);
    const annNext = nextEvent(annSocket, 'queue');
    const catNext = nextEvent(catSocket, 'queue');
    expect((await baristaPatch(t, barista, benOrder.id, { status: 'done' })).statusCode).toBe(200);
    const finished = await annNext;
    expect(finished).toEqual({
      siteId: FIRST_SITE_ID,
      categoryFor: 'cafe',
      day: '2026-11-18',
      left: null,
      joined: null,
      // One completion says nothing of the pace yet: the default 3 minutes an order. Ben's drink
      // took 90 s: one sample says too little of the latte (its time stays the default).
      wait: {
        secondsPerOrder: 180,
        inProgress: 0,
        baristas: 1,
        making: [],
        line: [180, 180],
        itemSeconds: {},
        asOf: expect.any(String) as string,
      },
    });
    expect(await catNext).toEqual(finished);
    const annBefore = await myQueue(ann);
    expect(applyQueueEvent(annBefore, finished)).toEqual(annBefore);
  });

  it('reaches a person who was connected before they ordered, and nobody without an order in line', async () => {
    const [first, dan, eve] = await Promise.all([t.createUser(), t.createUser(), t.createUser()]);
    // Dan and Eve are on their phones already; then Dan orders (behind someone), Eve does not.
    const [danSocket, eveSocket] = await Promise.all([connect(dan), connect(eve)]);
    const eveHeard = collect(eveSocket, 'queue');
    const firstOrder = (await placeOrder(t, first, cafeOrderBody(menu.latte, image))).json<Order>();
    t.clock.advance(1000);
    expect((await placeOrder(t, dan, cafeOrderBody(menu.latte, image))).statusCode).toBe(201);
    const danBefore = await myQueue(dan);

    const toDan = nextEvent(danSocket, 'queue');
    expect((await baristaPatch(t, barista, firstOrder.id, { status: 'in-progress' })).statusCode).toBe(200);
    // At once, or with the line's other moves of that second (the test before may have opened it).
    const event = await toDan;
    expect(places(applyQueueEvent(danBefore, event))).toEqual(places(await myQueue(dan)));

    // The site's events reach a connection in the order they were numbered: Eve's own order's
    // event, sent after the move, arrives after anything of the move would have.
    const eveOwn = nextEvent(eveSocket, 'orders');
    expect((await placeOrder(t, eve, cafeOrderBody(menu.latte, image))).statusCode).toBe(201);
    await eveOwn;
    expect(eveHeard).toEqual([]);
  });

  it('puts everyone at their place once when the moves of a second go together, also who ordered in between', async () => {
    // The line's second is over: the first move below goes at once and opens the next.
    await t.app.ctx.events.settled();
    const [p1, p2, p3, p4] = await Promise.all([t.createUser(), t.createUser(), t.createUser(), t.createUser()]);
    const placed: Order[] = [];
    for (const person of [p1, p2, p3]) {
      placed.push((await placeOrder(t, person, cafeOrderBody(menu.latte, image))).json<Order>());
      t.clock.advance(1000);
    }
    const [s3, s4] = await Promise.all([connect(p3), connect(p4)]);
    const heard3 = collect(s3, 'queue');
    const heard4 = collect(s4, 'queue');
    const before3 = await myQueue(p3);

    // Two orders ahead are taken; P4 orders after the second, before the line's second ends. (Not
    // through t.request: it lets each request's events leave, the line's second included.)
    const inject = (who: TestUser, method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method, url, headers: who.auth, payload });
    const take = (order: Order) =>
      inject(barista, 'PATCH', `/api/order/barista/${order.id}`, { status: 'in-progress' });
    const opened = nextEvent(s3, 'queue');
    expect((await take(placed[0]!)).statusCode).toBe(200);
    await opened;
    expect((await take(placed[1]!)).statusCode).toBe(200);
    expect((await inject(p4, 'POST', '/api/order', cafeOrderBody(menu.latte, image))).statusCode).toBe(201);
    const before4 = await myQueue(p4);
    await t.app.ctx.events.settled();

    // What each screen works out from what it heard is what the server answers.
    const applied = (list: QueuedOrder[], events: typeof heard3) => events.reduce(applyQueueEvent, list);
    await expect.poll(async () => places(applied(before3, heard3))).toEqual(places(await myQueue(p3)));
    await expect.poll(async () => places(applied(before4, heard4))).toEqual(places(await myQueue(p4)));
    expect((await myQueue(p4))[0]?.queue_at).toBe((await myQueue(p3))[0]!.queue_at! + 1);
  });
});
