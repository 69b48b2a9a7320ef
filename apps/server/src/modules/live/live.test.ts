import {
  LIVE_EVENT_SCHEMAS,
  type HelloEvent,
  type LiveEventName,
  type LiveMissed,
  type Order,
  type Site,
} from '@cafe/shared';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baristaPatch,
  cafeOrderBody,
  createOrderingApp,
  placeOrder,
  type SeededMenu,
} from '../../test-support/order-fixtures';
import { statementsOf } from '../../test-support/statements';
import { FIRST_SITE_ID, type LiveClient, type TestApp, type TestUser } from '../../test-support/test-app';
import { until } from '../../test-support/waits';
import { LIVE_LOG_KEEP_MS, LIVE_MISSED_MAX } from '../../realtime/live-log';

/** An event as a client received it: its name, and its payload parsed with the contract. */
interface Received {
  event: LiveEventName;
  payload: Record<string, unknown>;
}

/**
 * A live connection that keeps its `hello` and every event it receives, listening from before it
 * connects (the `hello` may follow the connect at once).
 */
async function follow(
  baseUrl: string,
  who?: TestUser,
  siteId?: number,
): Promise<{ socket: LiveClient; hello: Promise<HelloEvent>; received: Received[] }> {
  const socket: LiveClient = connectSocket(baseUrl, {
    path: '/api/socket.io',
    transports: ['websocket'],
    auth: { ...(who ? { token: who.token } : {}), ...(siteId === undefined ? {} : { siteId }) },
    forceNew: true,
  });
  const received: Received[] = [];
  const hello = new Promise<HelloEvent>((resolve) => {
    socket.onAny((event: string, payload: unknown) => {
      const name = event as LiveEventName;
      const parsed = LIVE_EVENT_SCHEMAS[name].parse(payload) as Record<string, unknown>;
      if (name === 'hello') resolve(parsed as HelloEvent);
      else received.push({ event: name, payload: parsed });
    });
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, hello, received };
}

const seqs = (events: { payload: Record<string, unknown> }[]) => events.map((e) => e.payload.seq);

describe('never missed, never twice: live events numbered per site, and GET /live/missed', () => {
  let t: TestApp;
  let menu: SeededMenu;
  let image: string;
  let baseUrl: string;
  let admin: TestUser;
  let barista: TestUser;
  let ann: TestUser;
  let bob: TestUser;

  const missed = (siteId: number, after: number, who?: TestUser) =>
    t.request('GET', `/api/live/missed?siteId=${siteId}&after=${after}`, who);
  /**
   * The site's number once every event asked for so far has one (they are numbered after the
   * answer), and what the writes set going after them is done too (the busy-mode check on the next
   * turn may number an event of its own).
   */
  const current = async () => {
    await statementsOf({ app: t.app, database: t.database }, () => t.app.ctx.events.settled());
    return (await missed(FIRST_SITE_ID, 0, admin)).json<LiveMissed>().seq;
  };

  beforeAll(async () => {
    ({ t, menu, image } = await createOrderingApp());
    baseUrl = await t.listen();
    admin = await t.createUser({ role: 'admin' });
    barista = await t.createUser({ role: 'barista' });
    ann = await t.createUser();
    bob = await t.createUser();
  });
  afterAll(() => t.close());

  it('tells a connection the current number, then numbers every event of the site 1 by 1 in the order it was sent', async () => {
    const board = await follow(baseUrl, barista);
    try {
      const hello = await board.hello;
      expect(hello).toEqual({ siteId: FIRST_SITE_ID, board: true, seq: await current() });

      const placed = await placeOrder(t, ann, cafeOrderBody(menu.latte, image));
      expect(placed.statusCode, placed.body).toBe(201);
      const order = placed.json<Order>();
      expect((await baristaPatch(t, barista, order.id, { status: 'in-progress' })).statusCode).toBe(200);
      expect((await baristaPatch(t, barista, order.id, { status: 'done' })).statusCode).toBe(200);
      const last = await current();
      await until(() => board.received.at(-1)?.payload.seq === last, 'the last event reached the board');

      // Dense, from the number the hello gave, each once, in the order received.
      expect(seqs(board.received)).toEqual(Array.from({ length: last - hello.seq }, (_, i) => hello.seq + i + 1));
      expect(board.received.every((e) => e.payload.siteId === FIRST_SITE_ID)).toBe(true);
      // The payloads' own fields are unchanged: the order's moves, as before.
      const moves = board.received.filter((e) => e.event === 'orders').map((e) => [e.payload.id, e.payload.status]);
      expect(moves).toEqual([
        [order.id, 'ordered'],
        [order.id, 'in-progress'],
        [order.id, 'done'],
      ]);
    } finally {
      board.socket.disconnect();
    }
  });

  it('answers each caller what it would have received live, in order: the board all, a person theirs, a visitor the site', async () => {
    const after = await current();
    const annOrder = (await placeOrder(t, ann, cafeOrderBody(menu.latte, image))).json<Order>();
    const bobOrder = (await placeOrder(t, bob, cafeOrderBody(menu.thaiTea, image))).json<Order>();
    expect((await baristaPatch(t, barista, bobOrder.id, { status: 'in-progress' })).statusCode).toBe(200);
    const closed = await t.request('PATCH', '/api/cafe-status/close-both', barista);
    expect(closed.statusCode, closed.body).toBe(200);
    const last = await current();

    const forBoard = (await missed(FIRST_SITE_ID, after, barista)).json<LiveMissed>();
    expect(forBoard).toMatchObject({ siteId: FIRST_SITE_ID, seq: last, tooOld: false });
    expect(forBoard.events.map((e) => e.seq)).toEqual(Array.from({ length: last - after }, (_, i) => after + i + 1));
    const ordersOf = (answer: LiveMissed) =>
      answer.events.filter((e) => e.event === 'orders').map((e) => [e.payload.id, e.payload.status]);
    expect(ordersOf(forBoard)).toEqual([
      [annOrder.id, 'ordered'],
      [bobOrder.id, 'ordered'],
      [bobOrder.id, 'in-progress'],
    ]);

    // Ann: her own order's events and the site's, never Bob's order.
    const forAnn = (await missed(FIRST_SITE_ID, after, ann)).json<LiveMissed>();
    expect(ordersOf(forAnn)).toEqual([[annOrder.id, 'ordered']]);
    expect(forAnn.events.map((e) => e.event)).toContain('cafe-status');
    // The line moved while her order waited in it (the site's waiting room): she hears it too.
    expect(forAnn.events.filter((e) => e.event === 'queue').map((e) => e.payload.left)).toEqual([
      { id: bobOrder.id, orderDate: bobOrder.orderDate },
    ]);
    expect(forAnn.events.every((e, i, all) => i === 0 || (all[i - 1]?.seq ?? 0) < e.seq)).toBe(true);

    // A visitor: the site's room only (the shop status), nobody's order.
    const forVisitor = (await missed(FIRST_SITE_ID, after)).json<LiveMissed>();
    expect(forVisitor.events.map((e) => e.event)).toEqual(['cafe-status']);
    expect(forVisitor.events[0]?.payload).toMatchObject({ isCafeOpen: false, isBarOpen: false, siteId: FIRST_SITE_ID });

    // Nothing after the current number.
    expect((await missed(FIRST_SITE_ID, last, ann)).json<LiveMissed>()).toEqual({
      siteId: FIRST_SITE_ID,
      seq: last,
      tooOld: false,
      events: [],
    });
  });

  it('gives a missed event the same payload the live connection got', async () => {
    const person = await follow(baseUrl, ann);
    try {
      const { seq: after } = await person.hello;
      const opened = await t.request('PATCH', '/api/cafe-status/cafe-open', barista);
      expect(opened.statusCode, opened.body).toBe(200);
      await until(() => person.received.some((e) => e.event === 'cafe-status'), 'the shop status reached Ann');
      const answer = (await missed(FIRST_SITE_ID, after, ann)).json<LiveMissed>();
      // The site's numbered events (a `site` event goes to everyone, unnumbered).
      const numbered = person.received.filter((e) => e.payload.seq !== undefined);
      expect(numbered.map((e) => e.event)).toContain('cafe-status');
      expect(answer.events.map(({ event, payload }) => ({ event, payload }))).toEqual(numbered);
    } finally {
      person.socket.disconnect();
    }
  });

  it('refuses a barista of another site (403) as the live connection does, and an unknown site (404)', async () => {
    const created = await t.request('POST', '/api/sites', admin, {
      name: 'Second office',
      latitude: 13.75,
      longitude: 100.54,
      radiusKm: 1,
      timeZone: 'Asia/Bangkok',
      venues: { cafe: true, bar: false },
    });
    expect(created.statusCode, created.body).toBe(201);
    const second = created.json<Site>();
    const otherBarista = await t.createUser({ role: 'barista', site: second.id });

    const refused = await missed(FIRST_SITE_ID, 0, otherBarista);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    // Their own site's board, and a person may follow any site.
    expect((await missed(second.id, 0, otherBarista)).statusCode).toBe(200);
    expect((await missed(second.id, 0, ann)).statusCode).toBe(200);
    expect((await missed(9999, 0, ann)).statusCode).toBe(404);
  });

  it('answers a readable 400 for a missing or bad site or number', async () => {
    for (const query of [
      '',
      '?siteId=1',
      '?after=0',
      '?siteId=abc&after=0',
      '?siteId=1&after=-1',
      '?siteId=1&after=1.5',
    ]) {
      const res = await t.request('GET', `/api/live/missed${query}`, ann);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message, query).toMatch(/siteId|after/);
    }
  });

  it('says tooOld (and no events) for a number it never gave, one too far behind, or one whose events are no longer kept', async () => {
    const now = await current();
    expect((await missed(FIRST_SITE_ID, now + 5, ann)).json<LiveMissed>()).toEqual({
      siteId: FIRST_SITE_ID,
      seq: now,
      tooOld: true,
      events: [],
    });

    // More than LIVE_MISSED_MAX behind: reading everything again is cheaper.
    for (let i = 0; i <= LIVE_MISSED_MAX; i += 1) t.app.ctx.events.menu({ kind: 'menu', id: i + 1 }, FIRST_SITE_ID);
    await t.app.ctx.events.settled();
    const later = await current();
    expect(later).toBe(now + LIVE_MISSED_MAX + 1);
    expect((await missed(FIRST_SITE_ID, now, ann)).json<LiveMissed>()).toMatchObject({ tooOld: true, events: [] });
    expect((await missed(FIRST_SITE_ID, later - LIVE_MISSED_MAX, ann)).json<LiveMissed>()).toMatchObject({
      tooOld: false,
    });

    // A day later the old events are deleted as new ones come: a client that was away that long reads everything again.
    t.clock.set(new Date(t.clock.now().getTime() + LIVE_LOG_KEEP_MS + 60_000));
    const before = later - 10;
    for (let i = 0; i < 200; i += 1) t.app.ctx.events.menu({ kind: 'menu', id: i + 1 }, FIRST_SITE_ID);
    await t.app.ctx.events.settled();
    expect((await missed(FIRST_SITE_ID, before, ann)).json<LiveMissed>()).toMatchObject({ tooOld: true, events: [] });
    // The events of the new day are there.
    const newest = await current();
    const recent = (await missed(FIRST_SITE_ID, newest - 5, ann)).json<LiveMissed>();
    expect(recent).toMatchObject({ tooOld: false });
    expect(recent.events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5].map((i) => newest - 5 + i));
  });

  it('numbers nothing sent to everyone: the company menu and the sites', async () => {
    const visitor = await follow(baseUrl);
    try {
      await visitor.hello;
      t.app.ctx.events.menu({ kind: 'category', id: 1 });
      await until(() => visitor.received.some((e) => e.event === 'menu'), 'the company menu event');
      expect(visitor.received.find((e) => e.event === 'menu')?.payload).toEqual({ kind: 'category', id: 1 });
    } finally {
      visitor.socket.disconnect();
    }
  });
});
