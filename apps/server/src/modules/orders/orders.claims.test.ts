import type { Order, QueuedOrder, TimelineEntry } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baristaPatch,
  cafeOrderBody,
  createOrderingApp,
  placeOrder,
  type SeededMenu,
} from '../../test-support/order-fixtures';
import { connectClient, nextEvent, type TestApp, type TestUser } from '../../test-support/test-app';

const WEDNESDAY_10AM = '2026-11-18T10:00:00+07:00';
/** A pickup slot of the same afternoon, for orders for later. */
const WEDNESDAY_3PM = '2026-11-18T08:00:00.000Z';

/**
 * Who makes what at the counter (decision 0074), on SQLite and (TEST_DATABASE_URL) PostgreSQL:
 * a barista takes an order, gives it back or takes it over; Do takes an order nobody has; another
 * barista's order is refused with their name; of two baristas at once exactly one gets it.
 */
describe('claiming orders at the counter', () => {
  let t: TestApp;
  let menu: SeededMenu;
  let image: string;
  let bea: TestUser;
  let cleo: TestUser;
  let owner: TestUser;

  beforeAll(async () => {
    ({ t, menu, image } = await createOrderingApp({ clockNow: WEDNESDAY_10AM }));
    bea = await t.createUser({ role: 'barista', name: 'Bea' });
    cleo = await t.createUser({ role: 'barista', name: 'Cleo' });
    owner = await t.createUser({ name: 'Ann' });
  });
  afterAll(() => t.close());

  async function newOrder(): Promise<Order> {
    // A new person each time: the daily limit is not what these tests are about.
    const res = await placeOrder(t, await t.createUser({ name: 'Ann' }), cafeOrderBody(menu.latte, image));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Order>();
  }
  const claim = (who: TestUser, id: number, payload: Record<string, unknown>) =>
    t.request('POST', `/api/order/barista/${id}/claim`, who, payload);
  const read = async (id: number) => (await t.request('GET', `/api/order/${id}`, bea)).json<Order>();

  it('takes an order for the barista; the board, the order and the timeline say who makes it', async () => {
    const order = await newOrder();
    expect(order.claimedBy).toBeNull();
    t.clock.advance(10_000);
    const taken = await claim(bea, order.id, { claim: true });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json<Order>()).toMatchObject({ status: 'ordered', claimedBy: { id: bea.id, name: 'Bea' } });
    expect(taken.json<Order>().updatedAt > order.updatedAt).toBe(true);
    const board = (await t.request('GET', '/api/order?status=ordered', cleo)).json<QueuedOrder[]>();
    expect(board.find((o) => o.id === order.id)?.claimedBy).toEqual({ id: bea.id, name: 'Bea' });
    const timeline = (await t.request('GET', `/api/order/${order.id}/timeline`, bea)).json<TimelineEntry[]>();
    expect(timeline.at(-1)).toMatchObject({ status: 'ordered', from: 'ordered', note: 'claimed', by: { name: 'Bea' } });
    // Asked again: nothing changes, nothing more in the timeline.
    expect((await claim(bea, order.id, { claim: true })).json<Order>().updatedAt).toBe(taken.json<Order>().updatedAt);
    expect((await t.request('GET', `/api/order/${order.id}/timeline`, bea)).json<unknown[]>()).toHaveLength(
      timeline.length,
    );
  });

  it("refuses another barista's claim and Do with 409 ORDER_CLAIMED naming who makes it; the one making it may Do", async () => {
    const order = await newOrder();
    expect((await claim(bea, order.id, { claim: true })).statusCode).toBe(200);
    for (const refused of [
      await claim(cleo, order.id, { claim: true }),
      await baristaPatch(t, cleo, order.id, { status: 'in-progress' }),
      await claim(cleo, order.id, { claim: false }),
    ]) {
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'ORDER_CLAIMED',
        message: 'Bea is making this order. Ask them, or take it over.',
        messageId: 'people.refusal.orderClaimed',
        params: { name: 'Bea' },
      });
    }
    expect(await read(order.id)).toMatchObject({ status: 'ordered', claimedBy: { name: 'Bea' } });
    const started = await baristaPatch(t, bea, order.id, { status: 'in-progress' });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json<Order>()).toMatchObject({ status: 'in-progress', claimedBy: { id: bea.id, name: 'Bea' } });
    // Finishing is not refused to a colleague: the drink is made, whoever puts it on the counter.
    const done = await baristaPatch(t, cleo, order.id, { status: 'done' });
    expect(done.json<Order>()).toMatchObject({ status: 'done', claimedBy: { name: 'Bea' } });
  });

  it('lets Do take an order nobody has taken, for the barista who tapped, and tells every board live', async () => {
    const baseUrl = await t.listen();
    const order = await newOrder();
    const socket = await connectClient(baseUrl, cleo.token);
    try {
      const heard = nextEvent(socket, 'orders');
      const started = await baristaPatch(t, cleo, order.id, { status: 'in-progress' });
      expect(started.json<Order>()).toMatchObject({ status: 'in-progress', claimedBy: { id: cleo.id, name: 'Cleo' } });
      expect((await heard).order.claimedBy).toEqual({ id: cleo.id, name: 'Cleo' });
      const given = nextEvent(socket, 'orders');
      expect((await claim(cleo, order.id, { claim: false })).json<Order>().claimedBy).toBeNull();
      expect(await given).toMatchObject({ id: order.id, status: 'in-progress', order: { claimedBy: null } });
    } finally {
      socket.disconnect();
    }
  });

  it('takes an order over from another barista only when asked to (a shift change), and gives it back', async () => {
    const order = await newOrder();
    await claim(bea, order.id, { claim: true });
    const taken = await claim(cleo, order.id, { claim: true, takeOver: true });
    expect(taken.json<Order>().claimedBy).toEqual({ id: cleo.id, name: 'Cleo' });
    const timeline = (await t.request('GET', `/api/order/${order.id}/timeline`, bea)).json<TimelineEntry[]>();
    expect(timeline.slice(-2).map((e) => [e.note, e.by?.name])).toEqual([
      ['claimed', 'Bea'],
      ['claimed', 'Cleo'],
    ]);
    const given = await claim(cleo, order.id, { claim: false });
    expect(given.json<Order>().claimedBy).toBeNull();
    const last = (await t.request('GET', `/api/order/${order.id}/timeline`, bea)).json<TimelineEntry[]>().at(-1);
    expect(last).toMatchObject({ note: 'released', by: { name: 'Cleo' } });
  });

  it('gives one of two baristas claiming one order at once the order, and the other the name of who makes it', async () => {
    for (let round = 0; round < 5; round += 1) {
      const order = await newOrder();
      const answers = await Promise.all([
        claim(bea, order.id, { claim: true }),
        claim(cleo, order.id, { claim: true }),
      ]);
      const codes = answers.map((a) => a.statusCode);
      expect(codes.sort()).toEqual([200, 409]);
      const winner = answers.find((a) => a.statusCode === 200)?.json<Order>().claimedBy?.name;
      const loser = answers.find((a) => a.statusCode === 409)?.json<{ code: string; params: { name: string } }>();
      expect(loser).toMatchObject({ code: 'ORDER_CLAIMED', params: { name: winner } });
      expect((await read(order.id)).claimedBy?.name).toBe(winner);
    }
  });

  it('moves an order once when two baristas tap Do on it at once; the other is told who makes it', async () => {
    for (let round = 0; round < 5; round += 1) {
      const order = await newOrder();
      const answers = await Promise.all([
        baristaPatch(t, bea, order.id, { status: 'in-progress' }),
        baristaPatch(t, cleo, order.id, { status: 'in-progress' }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const winner = answers.find((a) => a.statusCode === 200)?.json<Order>().claimedBy?.name;
      expect(answers.find((a) => a.statusCode === 409)?.json()).toMatchObject({
        code: 'ORDER_CLAIMED',
        message: `${winner} is making this order. Ask them, or take it over.`,
      });
      const history = await t.app.ctx.db
        .selectFrom('order_status_history')
        .select('to_status')
        .where('order_id', '=', order.id)
        .orderBy('id')
        .execute();
      expect(history.map((h) => h.to_status)).toEqual(['ordered', 'in-progress']);
      expect(await read(order.id)).toMatchObject({ status: 'in-progress', claimedBy: { name: winner } });
    }
  });

  /**
   * Rounds of one barista claiming an order while another taps Do on it, sent at once: each
   * barista in turn claims, and each request in turn is sent first. Every round has one winner,
   * and the loser is told who makes the order.
   */
  async function raceClaimAndDo(place: () => Promise<Order>, from: 'ordered' | 'scheduled'): Promise<void> {
    for (let round = 0; round < 32; round += 1) {
      const order = await place();
      expect(order.status).toBe(from);
      const [claimer, doer] = round % 2 === 0 ? [bea, cleo] : [cleo, bea];
      const sendClaim = () => claim(claimer, order.id, { claim: true });
      const sendDo = () => baristaPatch(t, doer, order.id, { status: 'in-progress' });
      const [claimed, started] =
        round % 4 < 2
          ? await Promise.all([sendClaim(), sendDo()])
          : await Promise.all([sendDo(), sendClaim()]).then(([d, c]) => [c, d] as const);
      const bodies = `round ${round}:\n${claimed.body}\n${started.body}`;
      expect([claimed.statusCode, started.statusCode].sort(), bodies).toEqual([200, 409]);
      const [won, lost, winner, status] =
        claimed.statusCode === 200 ? [claimed, started, claimer, from] : [started, claimed, doer, 'in-progress'];
      expect(won.json<Order>(), bodies).toMatchObject({ status, claimedBy: { id: winner.id, name: winner.name } });
      expect(lost.json(), bodies).toMatchObject({
        code: 'ORDER_CLAIMED',
        message: `${winner.name} is making this order. Ask them, or take it over.`,
        messageId: 'people.refusal.orderClaimed',
        params: { name: winner.name },
      });
      expect(await read(order.id), bodies).toMatchObject({ status, claimedBy: { id: winner.id, name: winner.name } });
    }
  }

  it("answers the loser of a claim racing another barista's Do with 409 ORDER_CLAIMED naming the winner, either way round", async () => {
    await raceClaimAndDo(newOrder, 'ordered');
  });

  it("answers the loser of a claim racing another barista's Do on an order for later with 409 ORDER_CLAIMED naming the winner", async () => {
    // Room in the slot for every round's order.
    const pickup = await t.request('PUT', '/api/sites/1/pickup', bea, { slotCapacity: 200 });
    expect(pickup.statusCode, pickup.body).toBe(200);
    const later = async () => {
      const body = cafeOrderBody(menu.latte, image, { pickupAt: WEDNESDAY_3PM });
      const res = await placeOrder(t, await t.createUser({ name: 'Ann' }), body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json<Order>();
    };
    await raceClaimAndDo(later, 'scheduled');
  });

  it('answers bad input and finished orders with a readable 4xx, never a 500', async () => {
    const order = await newOrder();
    for (const payload of [{}, { claim: 'yes' }, { claim: true, takeOver: 1 }]) {
      const res = await claim(bea, order.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/claim|takeOver/);
    }
    expect((await claim(bea, 999_999, { claim: true })).statusCode).toBe(404);
    expect((await claim(owner, order.id, { claim: true })).statusCode).toBe(403);
    await baristaPatch(t, bea, order.id, { status: 'rejected', reject_note: 'Machine Failure' });
    const finished = await claim(bea, order.id, { claim: true });
    expect(finished.statusCode).toBe(409);
    expect(finished.json()).toMatchObject({
      code: 'INVALID_TRANSITION',
      message: 'An order that is rejected cannot be taken or given back.',
    });
  });

  it('answers a retried claim with the same Idempotency-Key again, applying it once', async () => {
    const order = await newOrder();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/order/barista/${order.id}/claim`,
        headers: { ...bea.auth, 'idempotency-key': 'claim-tap-1' },
        payload: { claim: true },
      });
    const first = await send();
    t.clock.advance(1000);
    const retry = await send();
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json<Order>().updatedAt).toBe(first.json<Order>().updatedAt);
  });
});
