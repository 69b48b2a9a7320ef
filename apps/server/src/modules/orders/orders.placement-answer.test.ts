import { estimateWaitMinutes, type PlacedOrder } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../test-support/test-app';
import {
  baristaPatch,
  cafeOrderBody,
  createOrderingApp,
  ownerPatch,
  placeOrder,
  placeOrderWithKey,
  type SeededMenu,
} from '../../test-support/order-fixtures';
import { DEFAULT_SECONDS_PER_ORDER } from './wait-estimate';

const WEDNESDAY_10AM = '2026-11-18T10:00:00+07:00';

/**
 * POST /order answers a new waiting order with its place and wait as My orders shows them, so the
 * phone need not read its list after placing, and a counted one the daily count the menu shows
 * (issue 33: phones that do not ask twice).
 */
describe('the placement answer carries the place in the line', () => {
  let t: TestApp;
  let menu: SeededMenu;
  let image: string;
  let barista: TestUser;

  beforeAll(async () => {
    ({ t, menu, image } = await createOrderingApp({ clockNow: WEDNESDAY_10AM }));
    barista = await t.createUser({ role: 'barista' });
    // Orders of one instant are in line by id, which follows their commit: a moving clock could
    // date an order that commits second before one that commits first (it would then be ahead of
    // it, and the first answer's place one too few until its next read).
    t.clock.freeze();
  });
  afterAll(async () => {
    await t.close();
  });

  const place = async (user: TestUser, key?: string) => {
    const res = await placeOrderWithKey(t, user, key, cafeOrderBody(menu.latte, image));
    expect(res.statusCode).toBe(201);
    return res.json<PlacedOrder>();
  };
  const myOrder = async (user: TestUser, id: number) => {
    const list = (await t.request('GET', '/api/order/my-queue', user)).json<PlacedOrder[]>();
    const found = list.find((o) => o.id === id);
    if (!found) throw new Error(`order ${id} is not in My orders`);
    return { queue_at: found.queue_at, estimatedWaitMinutes: found.estimatedWaitMinutes };
  };
  const wait = (inProgress: number, ahead: number) =>
    estimateWaitMinutes({ secondsPerOrder: DEFAULT_SECONDS_PER_ORDER, inProgress }, ahead);

  it('numbers orders placed at the same moment (one commit) as My orders does', async () => {
    const people = await Promise.all([1, 2, 3, 4].map(() => t.createUser()));
    const answers = await Promise.all(people.map((person) => place(person)));
    expect(answers.map((a) => a.queue_at).sort()).toEqual([1, 2, 3, 4]);
    for (const [i, person] of people.entries()) {
      const answer = answers[i] as PlacedOrder;
      expect(answer.status).toBe('ordered');
      expect(answer.dailyCount).toBe(1);
      expect(answer.estimatedWaitMinutes).toBe(wait(0, (answer.queue_at as number) - 1));
      expect(await myOrder(person, answer.id)).toEqual({
        queue_at: answer.queue_at,
        estimatedWaitMinutes: answer.estimatedWaitMinutes,
      });
    }

    // The first leaves the line for the machine: the next placement counts the drink in progress.
    const first = answers.find((a) => a.queue_at === 1) as PlacedOrder;
    expect((await baristaPatch(t, barista, first.id, { status: 'in-progress' })).statusCode).toBe(200);
    const eve = await t.createUser();
    const next = await place(eve);
    expect({ queue_at: next.queue_at, estimatedWaitMinutes: next.estimatedWaitMinutes }).toEqual({
      queue_at: 4,
      estimatedWaitMinutes: wait(1, 3),
    });
    expect(await myOrder(eve, next.id)).toEqual({ queue_at: 4, estimatedWaitMinutes: wait(1, 3) });
  });

  it('answers a replayed placement without a place (the order may have moved since)', async () => {
    const fay = await t.createUser();
    const first = await place(fay, 'fay-latte-1');
    expect(first.queue_at).toEqual(expect.any(Number));
    const again = await placeOrderWithKey(t, fay, 'fay-latte-1', cafeOrderBody(menu.latte, image));
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<PlacedOrder>()).toMatchObject({
      id: first.id,
      queue_at: null,
      estimatedWaitMinutes: null,
      dailyCount: null,
    });
  });

  it('a walk-up answers the order as before, without a place', async () => {
    const res = await t.request('POST', '/api/order/walk-up', barista, {
      menu_id: menu.latte,
      type: 'hot',
      sweetness: 50,
      guestName: 'Visitor',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).not.toHaveProperty('queue_at');
    // The answer of an ordinary placement is unchanged otherwise: the same order My orders lists.
    const gus = await t.createUser();
    const placed = await placeOrder(t, gus, cafeOrderBody(menu.latte, image));
    const listed = (await t.request('GET', '/api/order/my-queue', gus)).json<PlacedOrder[]>()[0];
    // My orders also says when it counted the place (the answer's place is as of its orderDate).
    const { placeAsOf, ...listedOrder } = listed ?? {};
    expect(placeAsOf).toEqual(expect.any(String));
    expect(placed.json()).toEqual({ ...listedOrder, dailyCount: 1 });
    // The daily count with the second order is the one the count answers.
    const second = (await placeOrder(t, gus, cafeOrderBody(menu.latte, image))).json<PlacedOrder>();
    const count = (await t.request('GET', '/api/order/count/user', gus)).json<{ totalOrder: number }>();
    expect(second.dailyCount).toBe(2);
    expect(count.totalOrder).toBe(2);
  });

  it("follows the drinks being made: a Do, a Done and the Done's undo each change the estimate; a pick-up does not", async () => {
    const [hal, ivy] = [await t.createUser(), await t.createUser()];
    const halOrder = await place(hal);
    const ivyOrder = await place(ivy);
    // The line and the drinks in progress as they are now (the tests above left some).
    const board = (await t.request('GET', '/api/order?status=in-progress', barista)).json<unknown[]>();
    const making = board.length;
    const ahead = (ivyOrder.queue_at as number) - 1;
    expect(await myOrder(ivy, ivyOrder.id)).toEqual({ queue_at: ahead + 1, estimatedWaitMinutes: wait(making, ahead) });

    // Hal's drink goes to the machine: Ivy is one place nearer, behind one more drink being made.
    expect((await baristaPatch(t, barista, halOrder.id, { status: 'in-progress' })).statusCode).toBe(200);
    expect(await myOrder(ivy, ivyOrder.id)).toEqual({
      queue_at: ahead,
      estimatedWaitMinutes: wait(making + 1, ahead - 1),
    });
    // It is done: one drink fewer in progress.
    expect((await baristaPatch(t, barista, halOrder.id, { status: 'done' })).statusCode).toBe(200);
    const afterDone = { queue_at: ahead, estimatedWaitMinutes: wait(making, ahead - 1) };
    expect(await myOrder(ivy, ivyOrder.id)).toEqual(afterDone);
    // The Done taken back: it is being made again.
    expect((await t.request('POST', `/api/order/barista/${halOrder.id}/undo`, barista)).statusCode).toBe(200);
    expect(await myOrder(ivy, ivyOrder.id)).toEqual({
      queue_at: ahead,
      estimatedWaitMinutes: wait(making + 1, ahead - 1),
    });
    expect((await baristaPatch(t, barista, halOrder.id, { status: 'done' })).statusCode).toBe(200);
    // Hal picks it up: nothing Ivy waits behind changed.
    expect((await ownerPatch(t, hal, halOrder.id, 'picked')).statusCode).toBe(200);
    expect(await myOrder(ivy, ivyOrder.id)).toEqual(afterDone);
  });
});
