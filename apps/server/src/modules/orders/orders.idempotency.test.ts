import type { Order, PlacedOrder } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectClient, type TestApp, type TestUser } from '../../test-support/test-app';
import {
  cafeOrderBody,
  collect,
  createOrderingApp,
  placeOrderWithKey,
  sleep,
  type SeededMenu,
  orderOf,
} from '../../test-support/order-fixtures';
import { EVENT_WAIT_MS } from '../../test-support/waits';

/** A Wednesday morning in Bangkok. */
const WEDNESDAY_10AM = '2026-11-18T10:00:00+07:00';

describe('POST /order with an Idempotency-Key', () => {
  let t: TestApp;
  let menu: SeededMenu;
  let image: string;

  beforeAll(async () => {
    ({ t, menu, image } = await createOrderingApp({ clockNow: WEDNESDAY_10AM }));
  });
  afterAll(() => t.close());

  const place = (user: TestUser, key?: string, extra: Record<string, unknown> = {}) =>
    placeOrderWithKey(t, user, key, cafeOrderBody(menu.latte, image, extra));

  const ordersOf = async (user: TestUser) =>
    t.app.ctx.db.selectFrom('orders').select('id').where('user_id', '=', user.id).execute();

  it('answers a retry with the order of the first request: one order, one event', async () => {
    const user = await t.createUser();
    const url = await t.listen();
    const socket = await connectClient(url, user.token);
    const events = collect(socket, 'orders');
    try {
      const first = await place(user, 'draft-1');
      expect(first.statusCode).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const again = await place(user, 'draft-1');
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      // The same order (its place then and now is not part of a replay's answer).
      expect(orderOf(again.json<PlacedOrder>())).toEqual(orderOf(first.json<PlacedOrder>()));
      expect(await ordersOf(user)).toHaveLength(1);
      // The order's one event arrives (however loaded the machine), and no second one follows it.
      await vi.waitFor(() => expect(events.filter((e) => e.status === 'ordered')).not.toHaveLength(0), {
        timeout: EVENT_WAIT_MS,
      });
      await sleep(200);
      expect(events.filter((e) => e.status === 'ordered').map((e) => e.id)).toEqual([first.json<Order>().id]);
    } finally {
      socket.disconnect();
    }
  });

  it('replays even when the order itself now fills the daily limit', async () => {
    const user = await t.createUser();
    const a = await place(user, 'limit-a');
    const b = await place(user, 'limit-b');
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const retry = await place(user, 'limit-b');
    expect(retry.statusCode).toBe(201);
    expect(retry.json<Order>().id).toBe(b.json<Order>().id);
    // A new key is a new order, and the limit holds for it.
    const third = await place(user, 'limit-c');
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ code: 'ORDER_LIMIT_REACHED' });
  });

  it('refuses the same key for another drink with 422, changing nothing', async () => {
    const user = await t.createUser();
    expect((await place(user, 'same-key')).statusCode).toBe(201);
    const other = await place(user, 'same-key', { sweetness: 100 });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ statusCode: 422, code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(other.json<{ message: string }>().message).toMatch(/^Idempotency-Key: /);
    expect(await ordersOf(user)).toHaveLength(1);
  });

  it('makes one order of 10 simultaneous requests with one key', async () => {
    const user = await t.createUser();
    const answers = await Promise.all(Array.from({ length: 10 }, () => place(user, 'rush-key')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    const ids = new Set(answers.map((a) => a.json<Order>().id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
    expect(await ordersOf(user)).toHaveLength(1);
  });

  it('holds the daily limit under 20 simultaneous orders of one person, each with its own key: exactly 2', async () => {
    const user = await t.createUser();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => place(user, `own-key-${i}`)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(2);
    expect(codes.filter((c) => c === 409)).toHaveLength(18);
    expect(await ordersOf(user)).toHaveLength(2);
    // A retry of an accepted one is still answered with its order, though the limit is reached.
    const accepted = answers.findIndex((a) => a.statusCode === 201);
    const again = await place(user, `own-key-${accepted}`);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<Order>().id).toBe(answers[accepted]?.json<Order>().id);
  });

  it('keeps keys per person, and places without a key as before', async () => {
    const one = await t.createUser();
    const two = await t.createUser();
    const a = await place(one, 'shared-key');
    const b = await place(two, 'shared-key');
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json<Order>().id).not.toBe(b.json<Order>().id);
    const plain1 = await place(one, undefined);
    expect(plain1.statusCode).toBe(201);
    expect(await ordersOf(one)).toHaveLength(2);
  });

  it('refuses a key that is empty, too long or not visible ASCII with 400', async () => {
    const user = await t.createUser();
    for (const key of ['', 'x'.repeat(256), 'café', 'two words']) {
      const res = await place(user, key);
      expect(res.statusCode, key).toBe(400);
      expect(res.json(), key).toMatchObject({ code: 'VALIDATION' });
      expect(res.json<{ message: string }>().message, key).toMatch(/idempotency-key/i);
    }
    expect(await ordersOf(user)).toHaveLength(0);
  });
});
