import { randomUUID } from 'node:crypto';
import type { Order, PrivacyPolicy } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadImage } from '../../test-support/image-fixtures';
import {
  baristaPatch,
  cafeOrderBody,
  createOrderingApp,
  ownerPatch,
  placeOrder,
  type SeededMenu,
} from '../../test-support/order-fixtures';
import type { TestApp, TestUser } from '../../test-support/test-app';

const DAY = 24 * 60 * 60 * 1000;
/** Wednesday 14 October 2026, 10:00 in Bangkok: the cafe is open. */
const DAY_0 = '2026-10-14T03:00:00.000Z';

/**
 * The daily clean-up: tumbler photos go PHOTO_RETENTION_DAYS after the last order that shows them
 * ended, never while an order that shows them is open; old notifications and expired sessions go too.
 */
describe('retention', () => {
  let t: TestApp;
  let menu: SeededMenu;
  let barista: TestUser;

  beforeAll(async () => {
    ({ t, menu } = await createOrderingApp({ clockNow: DAY_0 }));
    barista = await t.createUser({ role: 'barista' });
  });
  afterAll(() => t.close());

  const at = (days: number) => new Date(Date.parse(DAY_0) + days * DAY);
  const imageStatus = async (url: string) => (await t.request('GET', url)).statusCode;

  /** `who` signed in at the test clock's time (an access token lives a quarter of an hour). */
  async function now(who: TestUser): Promise<TestUser> {
    const token = await t.app.ctx.tokens.sign(who.id, who.role);
    return { ...who, token, auth: { authorization: `Bearer ${token}` } };
  }

  async function orderWith(person: TestUser, photo: string): Promise<Order> {
    const res = await placeOrder(t, await now(person), cafeOrderBody(menu.latte, photo));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Order>();
  }

  async function serve(person: TestUser, order: Order): Promise<void> {
    const staff = await now(barista);
    expect((await baristaPatch(t, staff, order.id, { status: 'in-progress' })).statusCode).toBe(200);
    expect((await baristaPatch(t, staff, order.id, { status: 'done' })).statusCode).toBe(200);
    expect((await ownerPatch(t, await now(person), order.id, 'picked')).statusCode).toBe(200);
  }

  it('deletes the photos no order needs after 30 days, and never one of an open order', async () => {
    t.clock.set(at(0));
    const [picked, open, unused, reused] = await Promise.all([1, 2, 3, 4].map(() => t.createUser()));
    const pickedPhoto = await uploadImage(t, picked!);
    const openPhoto = await uploadImage(t, open!);
    const unusedPhoto = await uploadImage(t, unused!);
    const reusedPhoto = await uploadImage(t, reused!);
    await serve(picked!, await orderWith(picked!, pickedPhoto));
    const stillOpen = await orderWith(open!, openPhoto);
    await serve(reused!, await orderWith(reused!, reusedPhoto));

    // Day 20: the same photo for another order, picked up that day.
    t.clock.set(at(20));
    await serve(reused!, await orderWith(reused!, reusedPhoto));

    // Day 29: nothing is 30 days past its last order yet.
    expect(await t.app.ctx.services.retention.purge(at(29))).toMatchObject({ photos: 0 });

    const outcome = await t.app.ctx.services.retention.purge(at(31));
    // Those two, and the photo the test app uploaded on day 0 and never ordered with.
    expect(outcome.photos).toBe(3);
    expect(await imageStatus(pickedPhoto)).toBe(404);
    expect(await imageStatus(unusedPhoto)).toBe(404);
    expect(await imageStatus(openPhoto)).toBe(200);
    expect(await imageStatus(reusedPhoto)).toBe(200);
    // The open order still shows its photo; the order that ended keeps its place in the history.
    const read = await t.request('GET', `/api/order/${stillOpen.id}`, await now(open!));
    expect(read.json<Order>().tumblerImage).toBe(openPhoto);

    // A deleted photo can no longer be ordered with, although this process had seen it.
    t.clock.set(at(31));
    const again = await placeOrder(t, await now(picked!), cafeOrderBody(menu.latte, pickedPhoto));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: 'tumblerImage: must be a photo uploaded with POST /upload/image' });

    // Day 51: the reused photo's last order ended 31 days ago.
    expect(await t.app.ctx.services.retention.purge(at(51))).toMatchObject({ photos: 1 });
    expect(await imageStatus(reusedPhoto)).toBe(404);
    expect(await imageStatus(openPhoto)).toBe(200);
  });

  it('runs once a day', async () => {
    const day = new Date('2026-12-24T01:00:00.000Z');
    expect(await t.app.ctx.services.retention.runDaily(day)).not.toBeNull();
    expect(await t.app.ctx.services.retention.runDaily(new Date('2026-12-24T23:00:00.000Z'))).toBeNull();
    expect(await t.app.ctx.services.retention.runDaily(new Date('2026-12-25T00:01:00.000Z'))).not.toBeNull();
  });

  it('deletes notifications 30 days after they were written, except those still to be sent', async () => {
    const person = await t.createUser();
    const row = (status: 'sent' | 'failed' | 'pending', days: number) => ({
      user_id: person.id,
      order_id: null,
      channel: 'webhook' as const,
      event: 'done',
      target: '',
      payload: '{}',
      delivery_id: randomUUID(),
      status,
      next_attempt_at: at(days).toISOString(),
      created_at: at(days).toISOString(),
    });
    await t.app.ctx.db
      .insertInto('notification_outbox')
      .values([row('sent', 60), row('failed', 60), row('pending', 60), row('sent', 85)])
      .execute();
    const outcome = await t.app.ctx.services.retention.purge(at(100));
    expect(outcome.notifications).toBe(2);
    const left = await t.app.ctx.db
      .selectFrom('notification_outbox')
      .select(['status', 'created_at'])
      .where('user_id', '=', person.id)
      .orderBy('id')
      .execute();
    expect(left.map((r) => r.status)).toEqual(['pending', 'sent']);
  });

  it('says on the privacy page what the clean-up does, from the same settings', async () => {
    const res = await t.request('GET', '/api/privacy');
    expect(res.statusCode).toBe(200);
    expect(res.json<PrivacyPolicy>()).toEqual({
      photoDays: 30,
      notificationDays: 30,
      sessionDays: 30,
      singleSignOn: false,
      channels: { slack: false, email: false, webhook: false },
    });
  });
});

describe('retention settings', () => {
  it('keeps photos as many days as PHOTO_RETENTION_DAYS says, and the privacy page says so', async () => {
    const { t, menu } = await createOrderingApp({ clockNow: DAY_0, env: { PHOTO_RETENTION_DAYS: '7' } });
    try {
      const person = await t.createUser();
      const photo = await uploadImage(t, person);
      const order = (await placeOrder(t, person, cafeOrderBody(menu.latte, photo))).json<Order>();
      expect((await ownerPatch(t, person, order.id, 'cancel')).statusCode).toBe(200);
      expect((await t.app.ctx.services.retention.purge(new Date(Date.parse(DAY_0) + 6 * DAY))).photos).toBe(0);
      // The cancelled order's photo, and the one the test app uploaded and never ordered with.
      expect((await t.app.ctx.services.retention.purge(new Date(Date.parse(DAY_0) + 8 * DAY))).photos).toBe(2);
      expect((await t.request('GET', photo)).statusCode).toBe(404);
      expect((await t.request('GET', '/api/privacy')).json<PrivacyPolicy>().photoDays).toBe(7);
    } finally {
      await t.close();
    }
  });
});
