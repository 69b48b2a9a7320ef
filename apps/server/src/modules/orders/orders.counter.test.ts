import type { BulkBaristaAnswer, Order, OrderingStatus, QueuedOrder, TimelineEntry } from '@cafe/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectClient, nextEvent, type TestApp, type TestUser } from '../../test-support/test-app';
import {
  baristaPatch,
  cafeOrderBody,
  collect,
  createOrderingApp,
  ownerPatch,
  placeOrder,
  sleep,
  type SeededMenu,
} from '../../test-support/order-fixtures';
import { EVENT_WAIT_MS } from '../../test-support/waits';

/** A Wednesday morning in Bangkok. */
const WEDNESDAY_10AM = '2026-11-18T10:00:00+07:00';

/** The counter (issue 11): bulk moves, undo, the timeline, walk-up orders, busy mode, the wait estimate. */
describe('the counter', () => {
  let t: TestApp;
  let menu: SeededMenu;
  let image: string;
  let barista: TestUser;
  let url: string;

  beforeAll(async () => {
    ({ t, menu, image } = await createOrderingApp({ clockNow: WEDNESDAY_10AM }));
    barista = await t.createUser({ role: 'barista', name: 'Bea' });
    url = await t.listen();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    // Every scenario starts with an empty queue, no pace learnt yet, and busy mode off.
    await t.app.ctx.db.updateTable('orders').set({ status: 'picked', done_at: null }).execute();
    await t.app.ctx.db.updateTable('sites').set({ paused: 0, max_waiting: null, max_wait_minutes: null }).execute();
    t.app.ctx.bus.resync();
  });

  const place = async (who?: TestUser) => {
    const owner = who ?? (await t.createUser());
    const res = await placeOrder(t, owner, cafeOrderBody(menu.latte, image));
    expect(res.statusCode, res.body).toBe(201);
    return { owner, order: res.json<Order>() };
  };
  const undo = (id: number) => t.request('POST', `/api/order/barista/${id}/undo`, barista);
  const timeline = (id: number, who: TestUser = barista) => t.request('GET', `/api/order/${id}/timeline`, who);

  describe('bulk moves', () => {
    it('moves every order it can and says why the others could not', async () => {
      const [a, b, c] = [await place(), await place(), await place()];
      expect((await baristaPatch(t, barista, c.order.id, { status: 'in-progress' })).statusCode).toBe(200);
      const res = await t.request('POST', '/api/order/barista/bulk', barista, {
        ids: [a.order.id, b.order.id, c.order.id, 999_999],
        status: 'in-progress',
      });
      expect(res.statusCode).toBe(200);
      const { results } = res.json<BulkBaristaAnswer>();
      expect(results.map((r) => [r.id, r.ok])).toEqual([
        [a.order.id, true],
        [b.order.id, true],
        [c.order.id, false],
        [999_999, false],
      ]);
      expect(results[0]).toMatchObject({ ok: true, order: { status: 'in-progress' } });
      expect(results[2]).toMatchObject({ ok: false, error: { statusCode: 409, code: 'INVALID_TRANSITION' } });
      expect(results[3]).toMatchObject({ ok: false, error: { statusCode: 404, code: 'NOT_FOUND' } });

      const done = await t.request('POST', '/api/order/barista/bulk', barista, {
        ids: [a.order.id, b.order.id],
        status: 'done',
      });
      expect(done.json<BulkBaristaAnswer>().results.every((r) => r.ok)).toBe(true);
    });

    it('hands several finished drinks over at once (picked)', async () => {
      const [a, b] = [await place(), await place()];
      const ids = [a.order.id, b.order.id];
      await t.request('POST', '/api/order/barista/bulk', barista, { ids, status: 'in-progress' });
      await t.request('POST', '/api/order/barista/bulk', barista, { ids, status: 'done' });
      const res = await t.request('POST', '/api/order/barista/bulk', barista, { ids, status: 'picked' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<BulkBaristaAnswer>().results).toMatchObject([
        { id: a.order.id, ok: true, order: { status: 'picked' } },
        { id: b.order.id, ok: true, order: { status: 'picked' } },
      ]);
    });

    it('needs a reason to reject, a barista, and at most 50 orders', async () => {
      const { order } = await place();
      const noReason = await t.request('POST', '/api/order/barista/bulk', barista, {
        ids: [order.id],
        status: 'rejected',
      });
      expect(noReason.statusCode).toBe(400);
      const user = await t.createUser();
      expect(
        (await t.request('POST', '/api/order/barista/bulk', user, { ids: [order.id], status: 'done' })).statusCode,
      ).toBe(403);
      const many = Array.from({ length: 51 }, (_, i) => i + 1);
      expect(
        (await t.request('POST', '/api/order/barista/bulk', barista, { ids: many, status: 'done' })).statusCode,
      ).toBe(400);
    });
  });

  describe('undo', () => {
    it('takes a Done back within 30 s, live to the person, recorded in the timeline', async () => {
      const { owner, order } = await place();
      await baristaPatch(t, barista, order.id, { status: 'in-progress' });
      await baristaPatch(t, barista, order.id, { status: 'done' });
      const phone = await connectClient(url, owner.token);
      try {
        const heard = nextEvent(phone, 'orders');
        t.clock.advance(20_000);
        const res = await undo(order.id);
        expect(res.statusCode).toBe(200);
        expect(res.json<Order>().status).toBe('in-progress');
        expect(await heard).toMatchObject({ id: order.id, status: 'in-progress', from: 'done' });
      } finally {
        phone.disconnect();
      }
      const stored = await t.app.ctx.db
        .selectFrom('orders')
        .select(['done_at', 'prep_ms', 'taken_at'])
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ done_at: null, prep_ms: null });
      expect(stored.taken_at).not.toBeNull();

      const entries = (await timeline(order.id)).json<TimelineEntry[]>();
      expect(entries.map((e) => [e.from, e.status, e.note, e.by?.name])).toEqual([
        [null, 'ordered', null, owner.name],
        ['ordered', 'in-progress', null, 'Bea'],
        ['in-progress', 'done', null, 'Bea'],
        ['done', 'in-progress', 'undo', 'Bea'],
      ]);
      // An undo is not undone in turn.
      expect((await undo(order.id)).json()).toMatchObject({ code: 'INVALID_TRANSITION' });
    });

    it('brings a rejected order back to its place in the line, with no reject note', async () => {
      const first = await place();
      t.clock.advance(1000);
      const second = await place();
      await baristaPatch(t, barista, first.order.id, { status: 'rejected', reject_note: 'Machine Failure' });
      const queue = async (who: TestUser) =>
        (await t.request('GET', '/api/order/my-queue', who)).json<QueuedOrder[]>()[0];
      expect((await queue(second.owner))?.queue_at).toBe(1);
      const res = await undo(first.order.id);
      expect(res.json<Order>()).toMatchObject({ status: 'ordered', rejectNote: '' });
      expect((await queue(first.owner))?.queue_at).toBe(1);
      expect((await queue(second.owner))?.queue_at).toBe(2);
    });

    it('refuses after 30 seconds, and when nothing can be undone', async () => {
      const { order } = await place();
      expect((await undo(order.id)).json()).toMatchObject({ statusCode: 409, code: 'INVALID_TRANSITION' });
      await baristaPatch(t, barista, order.id, { status: 'in-progress' });
      t.clock.advance(31_000);
      const late = await undo(order.id);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ code: 'UNDO_EXPIRED' });
      expect((await t.request('GET', `/api/order/${order.id}`, barista)).json<Order>().status).toBe('in-progress');
    });

    it('lets exactly one of an undo and the pick-up at the same moment win', async () => {
      for (let round = 0; round < 5; round += 1) {
        const { owner, order } = await place();
        await baristaPatch(t, barista, order.id, { status: 'in-progress' });
        await baristaPatch(t, barista, order.id, { status: 'done' });
        const [undone, picked] = await Promise.all([undo(order.id), ownerPatch(t, owner, order.id, 'picked')]);
        expect([undone.statusCode, picked.statusCode].sort()).toEqual([200, 409]);
        const final = (await t.request('GET', `/api/order/${order.id}`, barista)).json<Order>().status;
        expect(final).toBe(undone.statusCode === 200 ? 'in-progress' : 'picked');
      }
    });
  });

  describe('timeline', () => {
    it("is for the order's owner and the staff", async () => {
      const { owner, order } = await place();
      expect((await timeline(order.id, owner)).statusCode).toBe(200);
      expect((await timeline(order.id, await t.createUser())).statusCode).toBe(403);
      expect((await timeline(999_999)).statusCode).toBe(404);
    });
  });

  describe('walk-up orders', () => {
    it("counts toward the person's daily limit and reaches their My Order live", async () => {
      const person = await t.createUser({ name: 'Walker' });
      const phone = await connectClient(url, person.token);
      try {
        const heard = nextEvent(phone, 'orders');
        const res = await t.request('POST', '/api/order/walk-up', barista, {
          menu_id: menu.latte,
          type: 'hot',
          sweetness: 50,
          userId: person.id,
        });
        expect(res.statusCode, res.body).toBe(201);
        const order = res.json<Order>();
        expect(order).toMatchObject({ walkUp: true, tumblerImage: '', user: { id: person.id, name: 'Walker' } });
        expect(await heard).toMatchObject({ id: order.id, status: 'ordered', from: null });
      } finally {
        phone.disconnect();
      }
      const queue = (await t.request('GET', '/api/order/my-queue', person)).json<QueuedOrder[]>();
      expect(queue.map((o) => o.walkUp)).toEqual([true]);
      expect((await placeOrder(t, person, cafeOrderBody(menu.latte, image))).statusCode).toBe(201);
      const third = await t.request('POST', '/api/order/walk-up', barista, {
        menu_id: menu.latte,
        type: 'hot',
        sweetness: 50,
        userId: person.id,
      });
      expect(third.statusCode).toBe(409);
      expect(third.json()).toMatchObject({
        code: 'ORDER_LIMIT_REACHED',
        message: 'You already reached your order limit!',
      });
    });

    it("takes a guest's order under the guest's name, without a limit", async () => {
      for (let i = 0; i < 3; i += 1) {
        const res = await t.request('POST', '/api/order/walk-up', barista, {
          menu_id: menu.latte,
          type: 'cold',
          sweetness: 0,
          guestName: 'Visitor Vic',
        });
        expect(res.statusCode).toBe(201);
        expect(res.json<Order>().user.name).toBe('Visitor Vic');
      }
    });

    it('keeps the form rules, and is for baristas only', async () => {
      const noType = await t.request('POST', '/api/order/walk-up', barista, { menu_id: menu.latte, guestName: 'Vic' });
      expect(noType.statusCode).toBe(400);
      const both = await t.request('POST', '/api/order/walk-up', barista, {
        menu_id: menu.latte,
        type: 'hot',
        sweetness: 50,
        guestName: 'Vic',
        userId: barista.id,
      });
      expect(both.statusCode).toBe(400);
      const nobody = await t.request('POST', '/api/order/walk-up', barista, {
        menu_id: menu.latte,
        type: 'hot',
        sweetness: 50,
        userId: 999_999,
      });
      expect(nobody.statusCode).toBe(404);
      const inactive = await t.request('POST', '/api/order/walk-up', barista, {
        menu_id: menu.inactive,
        type: 'hot',
        sweetness: 50,
        guestName: 'Vic',
      });
      expect(inactive.json()).toMatchObject({ code: 'MENU_UNAVAILABLE' });
      const user = await t.createUser();
      const asUser = await t.request('POST', '/api/order/walk-up', user, {
        menu_id: menu.latte,
        type: 'hot',
        sweetness: 50,
        guestName: 'Vic',
      });
      expect(asUser.statusCode).toBe(403);
    });

    it('finds people by part of their name or e-mail, any case, available ones only', async () => {
      const found = await t.createUser({ name: 'Somchai Search', email: 'somchai.search@example.com' });
      const gone = await t.createUser({ name: 'Somchai Gone', email: 'gone.search@example.com' });
      await t.app.ctx.db.updateTable('users').set({ is_available: 'unavailable' }).where('id', '=', gone.id).execute();
      const search = (q: string) => t.request('GET', `/api/user/search?q=${encodeURIComponent(q)}`, barista);
      expect((await search('SOMCHAI')).json<{ id: number }[]>().map((u) => u.id)).toEqual([found.id]);
      expect((await search('chai.sea')).json<{ id: number }[]>().map((u) => u.id)).toEqual([found.id]);
      // A wildcard is a character like any other.
      expect((await search('%')).json()).toEqual([]);
      expect((await t.request('GET', '/api/user/search?q=som', found)).statusCode).toBe(403);
      expect((await search('')).statusCode).toBe(400);
    });
  });

  describe('busy mode', () => {
    const status = async () => (await t.request('GET', '/api/ordering-status')).json<OrderingStatus>();
    const setBusy = (patch: Record<string, unknown>) => t.request('PATCH', '/api/ordering-status', barista, patch);

    it('pauses new online cafe orders by hand, with a message, and resumes', async () => {
      const watcher = await connectClient(url);
      try {
        const paused = nextEvent(watcher, 'ordering-status');
        expect((await setBusy({ paused: true })).statusCode).toBe(200);
        expect(await paused).toMatchObject({ paused: true, reason: 'manual' });
      } finally {
        watcher.disconnect();
      }
      const refused = await placeOrder(t, await t.createUser(), cafeOrderBody(menu.latte, image));
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'ORDERS_PAUSED' });
      expect(refused.json<{ message: string }>().message).toBe((await status()).message);
      // A walk-up order is the barista's own decision.
      const walkUp = await t.request('POST', '/api/order/walk-up', barista, {
        menu_id: menu.latte,
        type: 'hot',
        sweetness: 50,
        guestName: 'Vic',
      });
      expect(walkUp.statusCode).toBe(201);
      await setBusy({ paused: false });
      expect((await placeOrder(t, await t.createUser(), cafeOrderBody(menu.latte, image))).statusCode).toBe(201);
    });

    it('pauses by itself when the queue reaches its limit, and resumes when it shortens', async () => {
      await setBusy({ maxWaiting: 2 });
      const first = await place();
      await place();
      const s = await status();
      expect(s).toMatchObject({
        paused: true,
        reason: 'queue',
        waiting: 2,
        limits: { maxWaiting: 2, maxWaitMinutes: null },
      });
      expect(s.message).toMatch(/^The cafe is very busy right now \(about \d+ min wait\)\./);
      expect((await placeOrder(t, await t.createUser(), cafeOrderBody(menu.latte, image))).json()).toMatchObject({
        code: 'ORDERS_PAUSED',
      });
      await baristaPatch(t, barista, first.order.id, { status: 'in-progress' });
      expect((await status()).paused).toBe(false);
      expect((await placeOrder(t, await t.createUser(), cafeOrderBody(menu.latte, image))).statusCode).toBe(201);
    });

    it('tells the boards how many wait while paused by the queue, as the queue grows', async () => {
      await setBusy({ maxWaiting: 2 });
      await place();
      await place();
      expect(await status()).toMatchObject({ paused: true, reason: 'queue', waiting: 2 });
      const watcher = await connectClient(url);
      try {
        // Walk-up orders are not paused: the queue grows past the limit, and the board's
        // "Paused: n orders are waiting" must count them.
        const grown = nextEvent(watcher, 'ordering-status');
        const walkUp = await t.request('POST', '/api/order/walk-up', barista, {
          menu_id: menu.latte,
          type: 'hot',
          sweetness: 50,
          guestName: 'Vic',
        });
        expect(walkUp.statusCode).toBe(201);
        expect(await grown).toMatchObject({ paused: true, reason: 'queue', waiting: 3 });
      } finally {
        watcher.disconnect();
      }
    });

    it('pauses when the wait for a new order reaches its limit', async () => {
      await setBusy({ maxWaitMinutes: 9 });
      await place();
      await place();
      // Two waiting at the default 3 minutes an order: a new one would wait 9.
      expect(await status()).toMatchObject({ paused: true, reason: 'wait', estimatedWaitMinutes: 9 });
    });

    it('is set by baristas and admins only', async () => {
      expect(
        (await t.request('PATCH', '/api/ordering-status', await t.createUser(), { paused: true })).statusCode,
      ).toBe(403);
      expect((await setBusy({ maxWaiting: 0 })).statusCode).toBe(400);
    });
  });

  it('estimates the wait from the pace of the counter, also when Do and Done are tapped together', async () => {
    // The clock moves only as the test says: a loaded machine's slowness between steps would
    // otherwise count into the pace (3 minutes an order instead of 2, seen with the machine busy).
    t.clock.freeze();
    // Four orders made at once each, one every two minutes: the pace is 2 minutes an order.
    for (let i = 0; i < 4; i += 1) {
      const { order } = await place();
      await baristaPatch(t, barista, order.id, { status: 'in-progress' });
      await baristaPatch(t, barista, order.id, { status: 'done' });
      t.clock.advance(120_000);
    }
    const { owner } = await place();
    await place();
    const mine = (await t.request('GET', '/api/order/my-queue', owner)).json<QueuedOrder[]>()[0];
    expect(mine).toMatchObject({ queue_at: 1, estimatedWaitMinutes: 2 });
    await sleep(10);
  });

  it('sends every board a bulk move as events, one per order', async () => {
    const board = await connectClient(url, barista.token);
    try {
      const [a, b] = [await place(), await place()];
      const seen = collect(board, 'orders');
      await t.request('POST', '/api/order/barista/bulk', barista, {
        ids: [a.order.id, b.order.id],
        status: 'in-progress',
      });
      // Waits for the events themselves: a loaded machine may take longer than any fixed pause.
      await vi.waitFor(
        () =>
          expect(
            seen
              .filter((e) => e.status === 'in-progress')
              .map((e) => e.id)
              .sort(),
          ).toEqual([a.order.id, b.order.id].sort()),
        { timeout: EVENT_WAIT_MS },
      );
    } finally {
      board.disconnect();
    }
  });
});
