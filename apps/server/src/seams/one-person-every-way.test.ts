import type { ErrorBody, OptionGroup, PlacedOrder, StandingOrder } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { say } from '../lib/people-texts';
import { ACTIONS } from '../modules/slack/slack.blocks';
import { cafeOrderBody, placeOrder, setShop } from '../test-support/order-fixtures';
import {
  buttonValue,
  callsOf,
  coffeeCommand,
  createSlackApp,
  sendCommand,
  sendInteraction,
  buttonTap,
  slackPerson,
  textOf,
  type SlackSetup,
} from '../test-support/slack-fixtures';
import type { TestUser } from '../test-support/test-app';

/*
 * One person orders the same drink through every way in on one day: a standing order, the web and
 * Slack (issue 45). They read Thai and avoid milk; the latte comes with whole milk by default, oat
 * milk is a choice and soy is sold out at their site. Every way asks the one door, so every way
 * gives the same answers: the slot, the options, what they avoid, the daily limit, in Thai.
 * In Bangkok (UTC+7); Tuesday 3 March 2026, then Wednesday the 4th.
 */
const local = (day: string, time: string) => new Date(`${day}T${time}:00+07:00`).toISOString();
const TUE = '2026-03-03';
const WED = '2026-03-04';

describe('one person, one drink, every way in, one day', () => {
  let s: SlackSetup;
  let milk: OptionGroup;
  let person: TestUser;
  const slackId = 'U0EVERYWAY';

  const signedIn = async (who: TestUser): Promise<TestUser> => {
    const token = await s.t.app.ctx.tokens.sign(who.id, who.role);
    return { ...who, token, auth: { authorization: `Bearer ${token}` } };
  };
  const choice = (name: string) => milk.choices.find((c) => c.name === name)!.id;
  const counted = async () =>
    (
      await s.t.app.ctx.db
        .selectFrom('orders')
        .select(['id', 'status', 'cafe_day'])
        .where('user_id', '=', person.id)
        .where('cafe_day', '=', WED)
        .where('status', 'not in', ['cancel', 'rejected'])
        .execute()
    ).length;

  beforeAll(async () => {
    s = await createSlackApp({ clockNow: local(TUE, '12:00') });
    const barista = await s.t.createUser({ role: 'barista' });
    const created = await s.t.request('POST', '/api/option-groups', barista, {
      name: 'Milk',
      minChoices: 1,
      maxChoices: 1,
      choices: [
        { name: 'Whole', isDefault: true, tags: ['milk'] },
        { name: 'Oat', tags: ['vegan'] },
        { name: 'Soy', tags: ['soy'] },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    milk = created.json<OptionGroup>();
    const attached = await s.t.request('PUT', `/api/menu/${s.menu.latte}/options`, barista, {
      groups: [{ groupId: milk.id }],
    });
    expect(attached.statusCode, attached.body).toBe(200);
    const soy = await s.t.request('PATCH', `/api/sites/1/option-choices/${choice('Soy')}`, barista, { soldOut: true });
    expect(soy.statusCode, soy.body).toBe(200);
    // Their usual: a latte saved without options (so with the item's default, whole milk).
    person = await slackPerson(s, slackId, {
      language: 'th',
      avoids: ['milk'],
      usual: { menu_id: s.menu.latte, type: 'cold', sweetness: 50 },
    });
  });
  afterAll(() => s.close());

  it('a standing order: the slot is checked when it is set, and it is placed at the start of the day', async () => {
    const oat = { menu_id: s.menu.latte, type: 'hot', sweetness: 50, options: [{ choiceId: choice('Oat') }] };
    const between = await s.t.request('POST', '/api/standing-orders', await signedIn(person), {
      siteId: 1,
      weekdays: [3],
      time: '09:40',
      drink: oat,
    });
    expect(between.statusCode, between.body).toBe(400);
    const refusal = between.json<ErrorBody>();
    expect(say('th', { id: refusal.messageId!, values: refusal.params })).toBe(
      '09:40 น. ไม่ใช่เวลารับที่ Head office: เวลารับมีทุก 15 นาที (09:30, 09:45) กรุณาเลือกเวลาใดเวลาหนึ่ง',
    );
    const set = await s.t.request('POST', '/api/standing-orders', await signedIn(person), {
      siteId: 1,
      weekdays: [3],
      time: '09:30',
      drink: oat,
    });
    expect(set.statusCode, set.body).toBe(201);
    expect(set.json<StandingOrder>().nextDay).toBe(WED);

    s.t.clock.set(local(WED, '00:01'));
    expect((await s.t.app.ctx.services.standing.runDue(s.t.clock.now())).placed).toBe(1);
    expect(await counted()).toBe(1);
  });

  it('the web: the sold-out choice and the default milk are refused in words, the confirmed drink placed', async () => {
    s.t.clock.set(local(WED, '10:00'));
    await setShop(s.t, { cafe: true, bar: false });
    const soy = await placeOrder(
      s.t,
      await signedIn(person),
      cafeOrderBody(s.menu.latte, s.image, { options: [{ choiceId: choice('Soy') }] }),
    );
    expect(soy.statusCode, soy.body).toBe(409);
    const soldOut = soy.json<ErrorBody>();
    expect(say('th', { id: soldOut.messageId!, values: soldOut.params })).toContain('หมดแล้ว');

    const milky = await placeOrder(s.t, await signedIn(person), cafeOrderBody(s.menu.latte, s.image));
    expect(milky.statusCode, milky.body).toBe(409);
    const asked = milky.json<ErrorBody>();
    expect(asked.code).toBe('DIET_CONFIRMATION_NEEDED');
    expect(say('th', { id: asked.messageId!, values: asked.params })).toContain('นม');

    const confirmed = await placeOrder(
      s.t,
      await signedIn(person),
      cafeOrderBody(s.menu.latte, s.image, { dietConfirmed: true }),
    );
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(confirmed.json<PlacedOrder>()).toMatchObject({ dietWarnings: ['milk'], dailyCount: 2 });
    expect(await counted()).toBe(2);
  });

  it('Slack: the usual warns of its default milk in Thai, and the daily limit holds', async () => {
    s.t.clock.set(local(WED, '10:30'));
    const asked = await sendCommand(s.t, coffeeCommand(slackId));
    expect(asked.statusCode, asked.body).toBe(200);
    const confirmation = asked.json<{ text: string; blocks: unknown[] }>();
    // In Thai, with the warning about the milk the usual comes with.
    expect(textOf(confirmation.blocks)).toContain('นม');
    const value = buttonValue(confirmation.blocks, ACTIONS.orderUsual);
    expect(value).toBeDefined();
    const before = callsOf(s, 'chat.postMessage').length;
    expect((await sendInteraction(s.t, buttonTap(slackId, ACTIONS.orderUsual, value ?? ''))).statusCode).toBe(200);
    // Refused by the same door, told in Thai: the third cafe drink of the day.
    const told = callsOf(s, 'chat.postMessage').slice(before);
    expect(told.map((c) => textOf(c.params))).toEqual([expect.stringContaining('คุณสั่งครบจำนวนที่กำหนดแล้ว!')]);
    expect(await counted()).toBe(2);
  });
});
