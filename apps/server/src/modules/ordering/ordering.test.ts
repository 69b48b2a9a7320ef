import type { ErrorBody, OptionGroup, Order, StandingOrder } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { say } from '../../lib/people-texts';
import {
  cafeOrderBody,
  createOrderingApp,
  ownerPatch,
  placeOrder,
  type SeededMenu,
} from '../../test-support/order-fixtures';
import type { TestApp, TestUser } from '../../test-support/test-app';

/*
 * The one door (docs/decisions/0070-one-door.md), in Bangkok (UTC+7), whose cafe opens 09:00-16:00
 * Monday to Friday with 15-minute pickup slots. The week of 2 March 2026: Monday the 2nd ... Friday
 * the 6th.
 */
const local = (day: string, time: string) => new Date(`${day}T${time}:00+07:00`).toISOString();
const MON = '2026-03-02';
const TUE = '2026-03-03';
const WED = '2026-03-04';
const THU = '2026-03-05';

describe('the ordering door', () => {
  let t: TestApp;
  let menu: SeededMenu;
  let image: string;
  let barista: TestUser;
  let milk: OptionGroup;

  /** `who` signed in now (the clock moves by days; a token lives a quarter of an hour). */
  const now = async (who: TestUser): Promise<TestUser> => {
    const token = await t.app.ctx.tokens.sign(who.id, who.role);
    return { ...who, token, auth: { authorization: `Bearer ${token}` } };
  };
  const at = (day: string, time: string) => t.clock.set(local(day, time));
  const call = async (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    who: TestUser,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const signed = await now(who);
    return t.app.inject({
      method,
      url,
      headers: { ...signed.auth, ...headers },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
  };
  const avoid = async (who: TestUser, avoids: string[]) => {
    const res = await call('PUT', '/api/user/me/avoids', who, { avoids, consent: true });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** A person who ordered once (their tumbler photo is the recent one), that order cancelled. */
  async function person(): Promise<TestUser> {
    const who = await t.createUser();
    const placed = await placeOrder(t, await now(who), cafeOrderBody(menu.thaiTea, image));
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await ownerPatch(t, await now(who), placed.json<Order>().id, 'cancel')).statusCode).toBe(200);
    return who;
  }

  beforeAll(async () => {
    ({ t, menu, image } = await createOrderingApp({ clockNow: local(MON, '10:00') }));
    barista = await t.createUser({ role: 'barista' });
    // The latte comes with whole milk by default; its own item carries no tag (nobody tagged it).
    const created = await t.request('POST', '/api/option-groups', barista, {
      name: 'Milk',
      minChoices: 1,
      maxChoices: 1,
      choices: [
        { name: 'Whole', isDefault: true, tags: ['milk'] },
        { name: 'Oat', tags: ['vegan'] },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    milk = created.json<OptionGroup>();
    const attached = await t.request('PUT', `/api/menu/${menu.latte}/options`, barista, {
      groups: [{ groupId: milk.id }],
    });
    expect(attached.statusCode, attached.body).toBe(200);
  });
  afterAll(() => t.close());

  describe('what a person avoids, on every channel', () => {
    it('places a drink with what the person avoids only once they confirmed it (the defaults count)', async () => {
      at(MON, '10:00');
      const who = await t.createUser();
      await avoid(who, ['milk']);
      // No options sent: the default whole milk is in it.
      const asked = await placeOrder(t, await now(who), cafeOrderBody(menu.latte, image));
      expect(asked.statusCode, asked.body).toBe(409);
      expect(asked.json<ErrorBody>()).toMatchObject({
        code: 'DIET_CONFIRMATION_NEEDED',
        message: 'This drink is not for you: Milk. Confirm that you want it anyway, then place it again.',
        messageId: 'people.refusal.dietConfirmationNeeded',
        params: { tags: 'milk' },
      });
      // An unknown field changes nothing (the body's schema strips it); the confirmation does.
      const confirmed = await placeOrder(t, await now(who), cafeOrderBody(menu.latte, image, { dietConfirmed: true }));
      expect(confirmed.statusCode, confirmed.body).toBe(201);
      expect(confirmed.json<Order>()).toMatchObject({ dietWarnings: ['milk'] });
      // Oat milk: nothing to confirm.
      const oat = await placeOrder(
        t,
        await now(who),
        cafeOrderBody(menu.latte, image, { options: [{ choiceId: milk.choices[1]!.id }] }),
      );
      expect(oat.statusCode, oat.body).toBe(201);
    });

    it("asks the walk-up's person too, never a guest", async () => {
      at(MON, '10:30');
      const who = await t.createUser();
      await avoid(who, ['milk']);
      const body = { menu_id: menu.latte, type: 'hot', sweetness: 50 };
      const asked = await call('POST', '/api/order/walk-up', barista, { ...body, userId: who.id });
      expect(asked.statusCode, asked.body).toBe(409);
      expect(asked.json<ErrorBody>().code).toBe('DIET_CONFIRMATION_NEEDED');
      const placed = await call('POST', '/api/order/walk-up', barista, {
        ...body,
        userId: who.id,
        dietConfirmed: true,
      });
      expect(placed.statusCode, placed.body).toBe(201);
      expect((await call('POST', '/api/order/walk-up', barista, { ...body, guestName: 'Visitor' })).statusCode).toBe(
        201,
      );
    });

    it('finds the same conflicts for a placement and for a standing order of the same drink', async () => {
      at(MON, '12:00');
      const who = await person();
      await avoid(who, ['milk', 'vegan']);
      const oat = { options: [{ choiceId: milk.choices[1]!.id }] };
      // The default whole milk: milk, and not vegan; oat milk: still not tagged vegan.
      for (const [chosen, tags] of [
        [{}, 'milk,vegan'],
        [oat, 'vegan'],
      ] as const) {
        const placed = await placeOrder(t, await now(who), cafeOrderBody(menu.latte, image, chosen));
        const drink = { menu_id: menu.latte, type: 'cold', sweetness: 50, ...chosen };
        const kept = await call('POST', '/api/standing-orders', who, {
          siteId: 1,
          weekdays: [3],
          time: '10:00',
          drink,
        });
        for (const res of [placed, kept]) {
          expect(res.statusCode, res.body).toBe(409);
          expect(res.json<ErrorBody>()).toMatchObject({ code: 'DIET_CONFIRMATION_NEEDED', params: { tags } });
        }
      }
    });

    it('says it in the person’s language, naming the tags in Thai', () => {
      expect(say('th', { id: 'people.refusal.dietConfirmationNeeded', values: { tags: 'milk,vegan' } })).toContain(
        'นม, ไม่ใช่วีแกน',
      );
    });
  });

  it('refuses an archived site in the same words on every way in: an order, a walk-up, a standing order, a run', async () => {
    at(MON, '10:00');
    const admin = await t.createUser({ role: 'admin' });
    const made = await call('POST', '/api/sites', admin, {
      name: 'Annex',
      latitude: 13.75,
      longitude: 100.54,
      radiusKm: 1,
      timeZone: 'Asia/Bangkok',
      venues: { cafe: true, bar: false },
    });
    expect(made.statusCode, made.body).toBe(201);
    const siteId = made.json<{ id: number }>().id;
    expect((await call('POST', `/api/sites/${siteId}/archive`, admin)).statusCode).toBe(200);
    const who = await person();
    const drink = { menu_id: menu.thaiTea, type: 'cold', sweetness: 50 };
    for (const res of [
      await placeOrder(t, await now(who), cafeOrderBody(menu.thaiTea, image, { siteId })),
      await call('POST', '/api/order/walk-up', barista, { ...drink, siteId, guestName: 'Visitor' }),
      await call('POST', '/api/standing-orders', who, { siteId, weekdays: [3], time: '10:00', drink }),
      await call('POST', '/api/runs', who, {
        siteId,
        place: 'Lobby',
        pickupAt: local(MON, '10:30'),
        closesAt: local(MON, '10:20'),
      }),
    ]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json<ErrorBody>()).toMatchObject({
        code: 'SITE_ARCHIVED',
        messageId: 'people.refusal.siteArchived',
        params: { site: 'Annex' },
      });
    }
  });

  describe('standing orders, checked when saved', () => {
    const standing = (who: TestUser, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      call('POST', '/api/standing-orders', who, { siteId: 1, ...body }, headers);

    it('refuses a time between two pickup slots, saying the slots, with no field name', async () => {
      at(MON, '10:00');
      const who = await person();
      const res = await standing(who, {
        weekdays: [1, 2],
        time: '09:40',
        drink: { menu_id: menu.thaiTea, type: 'cold', sweetness: 50 },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<ErrorBody>().message).toBe(
        '09:40 is not a pickup time at Head office: its pickup times are every 15 minutes (09:30, 09:45). Choose one of them.',
      );
    });

    it('refuses a weekday 14:00 for the cafe with the Friday cut-off and what to do, and takes it without Friday', async () => {
      at(MON, '10:00');
      const who = await person();
      const drink = { menu_id: menu.thaiTea, type: 'cold', sweetness: 50 };
      const weekdays = await standing(who, { weekdays: [1, 2, 3, 4, 5], time: '14:00', drink });
      expect(weekdays.statusCode, weekdays.body).toBe(400);
      expect(weekdays.json<ErrorBody>().message).toBe(
        'The cafe menu closes at 12:00 on Fridays: this standing order skips Fridays, or move it before 12:00.',
      );
      const saturday = await standing(who, { weekdays: [6], time: '10:00', drink });
      expect(saturday.json<ErrorBody>().message).toBe(
        'Head office does not serve cafe drinks on Saturdays. Choose other days.',
      );
      const evening = await standing(who, { weekdays: [1], time: '18:00', drink });
      expect(evening.json<ErrorBody>().message).toBe(
        'Head office does not serve cafe drinks at 18:00 on Mondays. Choose a time within its hours.',
      );
      const withoutFriday = await standing(who, { weekdays: [1, 2, 3, 4], time: '14:00', drink });
      expect(withoutFriday.statusCode, withoutFriday.body).toBe(201);
    });

    it('names as its next day the day it will really be placed: not a closed day', async () => {
      at(MON, '12:00');
      const closed = await call('POST', '/api/schedule/closed-days?siteId=1', barista, { day: TUE, note: 'Holiday' });
      expect(closed.statusCode, closed.body).toBe(201);
      const who = await person();
      const res = await standing(who, {
        weekdays: [2, 4],
        time: '09:30',
        drink: { menu_id: menu.thaiTea, type: 'cold', sweetness: 50 },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<StandingOrder>().nextDay).toBe(THU);
      await call('DELETE', `/api/schedule/closed-days/${TUE}?siteId=1`, barista);
    });

    it('makes one standing order of the same body sent twice, and of the same key', async () => {
      at(MON, '12:00');
      const who = await person();
      const body = { weekdays: [3], time: '10:00', drink: { menu_id: menu.thaiTea, type: 'cold', sweetness: 50 } };
      const first = await standing(who, body);
      expect(first.statusCode, first.body).toBe(201);
      const again = await standing(who, body);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json<StandingOrder>().id).toBe(first.json<StandingOrder>().id);
      const keyed = await standing(who, { ...body, time: '10:15' }, { 'idempotency-key': 'form-1' });
      expect(keyed.statusCode, keyed.body).toBe(201);
      const keyedAgain = await standing(who, { ...body, time: '10:15' }, { 'idempotency-key': 'form-1' });
      expect(keyedAgain.json<StandingOrder>().id).toBe(keyed.json<StandingOrder>().id);
      const list = (await call('GET', '/api/standing-orders', who)).json<StandingOrder[]>();
      expect(list).toHaveLength(2);
    });

    it('asks about what the drink contains when it is saved, and again on its day for anything new', async () => {
      at(MON, '12:00');
      const who = await person();
      await avoid(who, ['milk']);
      const latte = { menu_id: menu.latte, type: 'hot', sweetness: 50 };
      const asked = await standing(who, { weekdays: [3], time: '10:00', drink: latte });
      expect(asked.statusCode, asked.body).toBe(409);
      expect(asked.json<ErrorBody>().code).toBe('DIET_CONFIRMATION_NEEDED');
      const set = await standing(who, { weekdays: [3], time: '10:00', drink: latte, dietConfirmed: true });
      expect(set.statusCode, set.body).toBe(201);
      at(WED, '00:01');
      await t.app.ctx.services.standing.runDue(t.clock.now());
      const placed = (await call('GET', '/api/standing-orders', who)).json<StandingOrder[]>()[0];
      expect(placed?.lastRun).toMatchObject({ day: WED, outcome: 'placed' });
    });

    it('shows a day still being placed (a claim of a process that stopped) as no outcome yet, not as placed', async () => {
      at(MON, '12:00');
      const who = await person();
      const set = await standing(who, {
        weekdays: [4],
        time: '10:00',
        drink: { menu_id: menu.thaiTea, type: 'cold', sweetness: 50 },
      });
      const id = set.json<StandingOrder>().id;
      await t.app.ctx.db
        .insertInto('standing_order_runs')
        .values({
          standing_order_id: id,
          day: THU,
          outcome: 'placing',
          order_id: null,
          reason: null,
          created_at: local(THU, '00:00'),
        })
        .execute();
      at(THU, '00:01');
      const shown = (await call('GET', '/api/standing-orders', who)).json<StandingOrder[]>().find((s) => s.id === id);
      expect(shown?.lastRun).toBeNull();
    });
  });
});
