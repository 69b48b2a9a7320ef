import type { Order } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baristaPatch,
  cafeOrderBody,
  createOrderingApp,
  placeOrder,
  type SeededMenu,
} from '../../test-support/order-fixtures';
import { statementsOf } from '../../test-support/statements';
import type { TestApp, TestUser } from '../../test-support/test-app';

/**
 * A move decided on the order as this process's last write of it left it (decision 0113), when
 * the order changed meanwhile where this process did not see it (another server process, written
 * here straight to the database as it would write): the move's statement finds it changed, and the
 * move is decided again on the order read now. The answer is the one a read first gives. On SQLite
 * and PostgreSQL (TEST_DATABASE_URL).
 */
describe('a move from a known order that changed meanwhile', () => {
  let t: TestApp;
  let menu: SeededMenu;
  let image: string;
  let bea: TestUser;
  let bob: TestUser;
  let people: TestUser[];

  beforeAll(async () => {
    ({ t, menu, image } = await createOrderingApp());
    [bea, bob] = await Promise.all([
      t.createUser({ role: 'barista', name: 'Bea Barista' }),
      t.createUser({ role: 'barista', name: 'Bob Barista' }),
    ]);
    people = await Promise.all([1, 2, 3, 4].map(() => t.createUser()));
  });
  afterAll(() => t.close());

  /** An order placed through this process (so it knows it), and a write to it from elsewhere. */
  async function placedThenChanged(who: TestUser, change: Record<string, unknown>) {
    const placed = await placeOrder(t, who, cafeOrderBody(menu.latte, image));
    expect(placed.statusCode, placed.body).toBe(201);
    const { id } = placed.json<{ id: number }>();
    t.clock.advance(1000);
    await t.app.ctx.db
      .updateTable('orders')
      .set({ ...change, updated_at: t.clock.now().toISOString() })
      .where('id', '=', id)
      .execute();
    return id;
  }
  const statusOf = async (id: number) =>
    (await t.app.ctx.db
      .selectFrom('orders')
      .select(['status', 'claimed_by'])
      .where('id', '=', id)
      .executeTakeFirst()) ?? null;

  it('names the barista who took it elsewhere, and leaves it with them', async () => {
    const id = await placedThenChanged(people[0] as TestUser, {
      claimed_by: bob.id,
      claimed_at: t.clock.now().toISOString(),
    });
    // Tried first without a read: the guarded move is sent before the order is read.
    const sent = await statementsOf(t, () => baristaPatch(t, bea, id, { status: 'in-progress' }));
    const moved = sent.findIndex((text) => /update "orders"/.test(text));
    const read = sent.findIndex((text) => /^select "o"\."id"/.test(text));
    expect(moved, sent.join('\n')).toBeGreaterThanOrEqual(0);
    expect(read, sent.join('\n')).toBeGreaterThan(moved);
    const answer = await baristaPatch(t, bea, id, { status: 'in-progress' });
    expect(answer.statusCode, answer.body).toBe(409);
    expect(answer.json<{ code: string; message: string }>()).toMatchObject({ code: 'ORDER_CLAIMED' });
    expect(answer.json<{ message: string }>().message).toContain('Bob Barista');
    expect(await statusOf(id)).toEqual({ status: 'ordered', claimed_by: bob.id });
  });

  it('refuses a move the order can no longer make (cancelled elsewhere), as a read first would', async () => {
    const id = await placedThenChanged(people[1] as TestUser, { status: 'cancel' });
    const answer = await baristaPatch(t, bea, id, { status: 'in-progress' });
    expect(answer.statusCode, answer.body).toBe(409);
    expect(answer.json<{ code: string; message: string }>()).toMatchObject({
      code: 'INVALID_TRANSITION',
      message: 'An order that is cancel cannot be changed to in-progress.',
    });
    expect((await statusOf(id))?.status).toBe('cancel');
  });

  it('makes a move the order still allows, answering the order as it is now (a mark made elsewhere kept)', async () => {
    const id = await placedThenChanged(people[2] as TestUser, {
      tumbler_missing_at: t.clock.now().toISOString(),
      tumbler_grace_seconds: 300,
    });
    const answer = await baristaPatch(t, bea, id, { status: 'in-progress' });
    expect(answer.statusCode, answer.body).toBe(200);
    const order = answer.json<Order>();
    expect(order.status).toBe('in-progress');
    expect(order.claimedBy).toMatchObject({ name: 'Bea Barista' });
    expect(order.tumblerMissing).toBeDefined();
    expect(await statusOf(id)).toEqual({ status: 'in-progress', claimed_by: bea.id });
  });

  it('lets the owner pick up a drink finished elsewhere, and refuses a cancel of it', async () => {
    const owner = people[3] as TestUser;
    const id = await placedThenChanged(owner, {
      status: 'done',
      done_at: t.clock.now().toISOString(),
      taken_at: t.clock.now().toISOString(),
    });
    const cancel = await t.request('PATCH', `/api/order/${id}`, owner, { status: 'cancel' });
    expect(cancel.statusCode, cancel.body).toBe(409);
    expect(cancel.json<{ message: string }>().message).toBe('An order that is done cannot be changed to cancel.');
    const picked = await t.request('PATCH', `/api/order/${id}`, owner, { status: 'picked' });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json<Order>().status).toBe('picked');
  });
});
