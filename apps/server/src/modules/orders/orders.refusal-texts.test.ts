import type { ErrorBody, Order } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { say } from '../../lib/people-texts';
import type { TestApp, TestUser } from '../../test-support/test-app';
import {
  baristaPatch,
  cafeOrderBody,
  createOrderingApp,
  placeOrder,
  type SeededMenu,
} from '../../test-support/order-fixtures';

const WEDNESDAY_10AM = '2026-11-18T10:00:00+07:00';

/**
 * An order's refusals name a people message of their own (docs/decisions/0105): the web says the
 * same sentence the API's English `message` always said, and a Thai reader its translation, rather
 * than the plain words of the code ("You are not allowed to do this.").
 */
describe("an order's refusals say their own sentence", () => {
  let t: TestApp;
  let menu: SeededMenu;
  let image: string;
  let barista: TestUser;

  beforeAll(async () => {
    ({ t, menu, image } = await createOrderingApp({ clockNow: WEDNESDAY_10AM }));
    barista = await t.createUser({ role: 'barista', name: 'Bea' });
  });
  afterAll(() => t.close());

  const english = (body: ErrorBody) => say('en', { id: body.messageId ?? '', values: body.params });
  const thai = (body: ErrorBody) => say('th', { id: body.messageId ?? '', values: body.params });

  async function newOrder(owner: TestUser): Promise<Order> {
    const res = await placeOrder(t, owner, cafeOrderBody(menu.latte, image));
    expect(res.statusCode).toBe(201);
    return res.json<Order>();
  }

  it('says whose order it is to someone else who asks for it, in English as before and in Thai', async () => {
    const order = await newOrder(await t.createUser());
    const res = await t.request('GET', `/api/order/${order.id}`, await t.createUser());
    expect(res.statusCode).toBe(403);
    const answer = res.json<ErrorBody>();
    expect(answer).toMatchObject({
      code: 'FORBIDDEN',
      message: 'This order belongs to someone else.',
      messageId: 'people.orders.someoneElses',
    });
    expect(english(answer)).toBe(answer.message);
    expect(thai(answer)).toBe('ออเดอร์นี้เป็นของคนอื่น');
  });

  it('names the statuses of a move the order cannot make', async () => {
    const order = await newOrder(await t.createUser());
    const res = await baristaPatch(t, barista, order.id, { status: 'picked' });
    expect(res.statusCode).toBe(409);
    const answer = res.json<ErrorBody>();
    expect(answer).toMatchObject({
      code: 'INVALID_TRANSITION',
      message: 'An order that is ordered cannot be changed to picked.',
      messageId: 'people.orders.cannotMove',
      params: { from: 'ordered', to: 'picked' },
    });
    expect(english(answer)).toBe(answer.message);
    expect(thai(answer)).toBe('ออเดอร์ที่มีสถานะ ordered เปลี่ยนเป็น picked ไม่ได้');
  });

  it('says there is nothing to undo, and that an order is not there', async () => {
    const order = await newOrder(await t.createUser());
    const nothing = (await t.request('POST', `/api/order/barista/${order.id}/undo`, barista)).json<ErrorBody>();
    expect(nothing).toMatchObject({
      code: 'INVALID_TRANSITION',
      message: 'There is nothing to undo on this order.',
      messageId: 'people.orders.nothingToUndo',
    });
    expect(english(nothing)).toBe(nothing.message);

    const gone = (await t.request('GET', '/api/order/987654', barista)).json<ErrorBody>();
    expect(gone).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Order was not found.',
      messageId: 'people.notFound.order',
    });
    expect(english(gone)).toBe(gone.message);
    expect(thai(gone)).toBe('ไม่พบออเดอร์นี้');
  });
});
