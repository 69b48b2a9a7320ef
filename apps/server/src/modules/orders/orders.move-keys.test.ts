import type { Order, TimelineEntry } from '@cafe/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../test-support/test-app';
import { cafeOrderBody, createOrderingApp, placeOrder, type SeededMenu } from '../../test-support/order-fixtures';

const WEDNESDAY_10AM = '2026-11-18T10:00:00+07:00';

/**
 * The moves of an order with an Idempotency-Key (issue 31): a tablet that lost an answer, or queued
 * a tap offline, sends it again with the same key and gets the first answer; nothing is applied twice.
 */
describe('moves of an order with an Idempotency-Key', () => {
  let t: TestApp;
  let menu: SeededMenu;
  let image: string;
  let barista: TestUser;

  beforeAll(async () => {
    ({ t, menu, image } = await createOrderingApp({ clockNow: WEDNESDAY_10AM }));
    barista = await t.createUser({ role: 'barista', name: 'Bea' });
  });
  afterAll(() => t.close());

  async function newOrder(): Promise<{ owner: TestUser; order: Order }> {
    const owner = await t.createUser();
    const res = await placeOrder(t, owner, cafeOrderBody(menu.latte, image));
    expect(res.statusCode, res.body).toBe(201);
    return { owner, order: res.json<Order>() };
  }

  const send = (
    method: 'PATCH' | 'POST',
    url: string,
    who: TestUser,
    key: string | undefined,
    payload?: Record<string, unknown>,
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url,
      headers: { ...who.auth, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      ...(payload === undefined ? {} : { payload }),
    });
  const move = (id: number, key: string | undefined, payload: Record<string, unknown>) =>
    send('PATCH', `/api/order/barista/${id}`, barista, key, payload);
  const undo = (id: number, key: string | undefined) => send('POST', `/api/order/barista/${id}/undo`, barista, key);
  const ownerMove = (owner: TestUser, id: number, key: string | undefined, status: string) =>
    send('PATCH', `/api/order/${id}`, owner, key, { status });

  async function timeline(id: number): Promise<string[]> {
    const res = await t.request('GET', `/api/order/${id}/timeline`, barista);
    expect(res.statusCode).toBe(200);
    return res.json<TimelineEntry[]>().map((e) => `${e.status}${e.note ? ` (${e.note})` : ''}`);
  }

  it('answers a retried Do with the first answer, marked replayed, and moves the order once', async () => {
    const { order } = await newOrder();
    const first = await move(order.id, 'tap-do-1', { status: 'in-progress' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await move(order.id, 'tap-do-1', { status: 'in-progress' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<Order>()).toEqual(first.json<Order>());
    expect(await timeline(order.id)).toEqual(['ordered', 'in-progress']);
  });

  it('without the header, a repeated move is refused as today (existing clients unchanged)', async () => {
    const { order } = await newOrder();
    expect((await move(order.id, undefined, { status: 'in-progress' })).statusCode).toBe(200);
    const again = await move(order.id, undefined, { status: 'in-progress' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'INVALID_TRANSITION' });
  });

  it('refuses the same key for another move with 422 and a readable message', async () => {
    const { order } = await newOrder();
    expect((await move(order.id, 'tap-2', { status: 'in-progress' })).statusCode).toBe(200);
    const other = await move(order.id, 'tap-2', { status: 'done' });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: expect.stringContaining('send a new key') as unknown,
    });
    // And for another order.
    const { order: second } = await newOrder();
    expect((await move(second.id, 'tap-2', { status: 'in-progress' })).statusCode).toBe(422);
    expect(await timeline(second.id)).toEqual(['ordered']);
  });

  it('a reject with its reason, Done and undo retried: each applied once', async () => {
    const { order } = await newOrder();
    const rejected = { status: 'rejected', reject_note: 'Out of oat milk' };
    expect((await move(order.id, 'rej', rejected)).statusCode).toBe(200);
    expect((await move(order.id, 'rej', rejected)).statusCode).toBe(200);
    expect((await move(order.id, 'rej', { ...rejected, reject_note: 'Another reason' })).statusCode).toBe(422);
    expect((await undo(order.id, 'undo-1')).statusCode).toBe(200);
    const undoAgain = await undo(order.id, 'undo-1');
    expect(undoAgain.statusCode).toBe(200);
    expect(undoAgain.json<Order>().status).toBe('ordered');
    expect((await move(order.id, 'do', { status: 'in-progress' })).statusCode).toBe(200);
    expect((await move(order.id, 'done', { status: 'done' })).statusCode).toBe(200);
    expect((await move(order.id, 'done', { status: 'done' })).statusCode).toBe(200);
    expect(await timeline(order.id)).toEqual([
      'ordered',
      'rejected (Out of oat milk)',
      'ordered (undo)',
      'in-progress',
      'done',
    ]);
  });

  it('answers a refusal again: the person cancelled before the queued Do arrived', async () => {
    const { owner, order } = await newOrder();
    expect((await ownerMove(owner, order.id, undefined, 'cancel')).statusCode).toBe(200);
    const refused = await move(order.id, 'late-do', { status: 'in-progress' });
    expect(refused.statusCode).toBe(409);
    const again = await move(order.id, 'late-do', { status: 'in-progress' });
    expect(again.statusCode).toBe(409);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(refused.json());
  });

  it("the owner's cancel and pick-up retried: answered again, applied once", async () => {
    const a = await newOrder();
    expect((await ownerMove(a.owner, a.order.id, 'cancel-1', 'cancel')).statusCode).toBe(200);
    const again = await ownerMove(a.owner, a.order.id, 'cancel-1', 'cancel');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<Order>().status).toBe('cancel');
    expect(await timeline(a.order.id)).toEqual(['ordered', 'cancel']);

    const b = await newOrder();
    await move(b.order.id, undefined, { status: 'in-progress' });
    await move(b.order.id, undefined, { status: 'done' });
    expect((await ownerMove(b.owner, b.order.id, 'pick-1', 'picked')).statusCode).toBe(200);
    expect((await ownerMove(b.owner, b.order.id, 'pick-1', 'picked')).statusCode).toBe(200);
    expect(await timeline(b.order.id)).toEqual(['ordered', 'in-progress', 'done', 'picked']);
    // A key is the person's own: another person's same key is another request.
    const c = await newOrder();
    expect((await ownerMove(c.owner, c.order.id, 'pick-1', 'cancel')).statusCode).toBe(200);
  });

  it('two requests with the same key at once: exactly one moves the order, both answer it', async () => {
    const { order } = await newOrder();
    const answers = await Promise.all([
      move(order.id, 'racing', { status: 'in-progress' }),
      move(order.id, 'racing', { status: 'in-progress' }),
      move(order.id, 'racing', { status: 'in-progress' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    expect(await timeline(order.id)).toEqual(['ordered', 'in-progress']);
  });

  it("deleting an account deletes the person's keys and the kept answers showing their orders", async () => {
    const { owner, order } = await newOrder();
    expect((await move(order.id, 'about-them', { status: 'rejected', reject_note: 'No milk' })).statusCode).toBe(200);
    expect((await ownerMove(owner, order.id, 'own-key', 'cancel')).statusCode).toBe(409);
    const keysOf = () =>
      t.app.ctx.db.selectFrom('request_keys').select('key').where('key', 'in', ['about-them', 'own-key']).execute();
    expect(await keysOf()).toHaveLength(2);
    const deleted = await t.request('DELETE', '/api/user/me', owner, { confirm: owner.email });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await keysOf()).toEqual([]);
  });

  it('keeps the answer in the database (any server process answers the retry) for a day', async () => {
    const { order } = await newOrder();
    expect((await move(order.id, 'kept', { status: 'in-progress' })).statusCode).toBe(200);
    const row = await t.app.ctx.db
      .selectFrom('request_keys')
      .selectAll()
      .where('user_id', '=', barista.id)
      .where('key', '=', 'kept')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ route: 'barista-move', order_id: order.id, status_code: 200 });
    t.clock.advance(25 * 60 * 60 * 1000);
    // A day later the key is forgotten: the same request is a new one, refused as the order moved on.
    const token = await t.app.ctx.tokens.sign(barista.id, 'barista');
    const signedAgain = { ...barista, auth: { authorization: `Bearer ${token}` } };
    const late = await send('PATCH', `/api/order/barista/${order.id}`, signedAgain, 'kept', { status: 'in-progress' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'INVALID_TRANSITION' });
  });
});
