import type { OptionGroup, Order } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buttonTap,
  buttonValue,
  callsOf,
  coffeeCommand,
  createSlackApp,
  sendCommand,
  sendInteraction,
  slackPerson,
  textOf,
  type SlackSetup,
} from '../../test-support/slack-fixtures';
import { ACTIONS } from './slack.blocks';

/**
 * The usual as it will be made (issue 45): a usual saved without options is the item's default
 * choices, here Whole milk. A person who avoids milk is warned before Order, and Order places it
 * only when what they were shown is still all the drink contains; otherwise nothing is ordered and
 * they are asked again, in their language. On SQLite and PostgreSQL (TEST_DATABASE_URL).
 */

const WEDNESDAY_10AM = '2026-11-18T10:00:00+07:00';

interface Answer {
  text: string;
  blocks: unknown[];
}

describe('the usual with what the person avoids, as the drink will be made', () => {
  let s: SlackSetup;

  beforeAll(async () => {
    s = await createSlackApp({ clockNow: WEDNESDAY_10AM });
    const barista = await s.t.createUser({ role: 'barista' });
    const created = await s.t.request('POST', '/api/option-groups', barista, {
      name: 'Milk',
      minChoices: 1,
      maxChoices: 1,
      choices: [{ name: 'Whole milk', isDefault: true, tags: ['milk'] }, { name: 'Oat milk' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const milk = created.json<OptionGroup>();
    const linked = await s.t.request('PUT', `/api/menu/${s.menu.latte}/options`, barista, {
      groups: [{ groupId: milk.id }],
    });
    expect(linked.statusCode, linked.body).toBe(200);
  });
  afterAll(() => s.close());

  const lastPostTo = (slackId: string) =>
    callsOf(s, 'chat.postMessage')
      .filter((c) => c.params.channel === slackId)
      .at(-1)?.params;

  it('warns before Order, asks again when Order was shown less, and places it once confirmed', async () => {
    const slackId = 'U0MILKUSUAL';
    const person = await slackPerson(s, slackId, {
      usual: { menu_id: s.menu.latte, type: 'hot', sweetness: 50 },
      avoids: ['milk'],
    });

    // The confirmation names the milk the drink comes with, and warns before the Order button.
    const asked = (await sendCommand(s.t, coffeeCommand(slackId))).json<Answer>();
    expect(asked.text).toMatch(/^Order your usual: \*Latte · Hot · 50% · Whole milk\*/);
    const warningAt = asked.blocks.findIndex((b) => textOf(b).includes('This drink is not for you: Milk.'));
    const buttonsAt = asked.blocks.findIndex((b) => (b as { type: string }).type === 'actions');
    expect(warningAt).toBeGreaterThan(-1);
    expect(warningAt).toBeLessThan(buttonsAt);
    const order = buttonValue(asked.blocks, ACTIONS.orderUsual) ?? '';
    expect(order).toMatch(/\|milk$/);

    // Order from a confirmation that showed no warning: nothing is ordered, the person is asked again.
    const nonce = order.split('|')[0] ?? '';
    await sendInteraction(s.t, buttonTap(slackId, ACTIONS.orderUsual, `${nonce}|`));
    expect((await s.t.request('GET', '/api/order/my-queue', person)).json<Order[]>()).toEqual([]);
    const again = lastPostTo(slackId);
    expect(textOf(again?.blocks)).toContain('This drink is not for you: Milk.');
    expect(buttonValue(again?.blocks, ACTIONS.orderUsual)).toMatch(/\|milk$/);

    // Order from the confirmation that warned: placed with the milk it comes with, the warning kept for the barista.
    await sendInteraction(s.t, buttonTap(slackId, ACTIONS.orderUsual, order));
    const mine = (await s.t.request('GET', '/api/order/my-queue', person)).json<Order[]>();
    expect(mine).toHaveLength(1);
    expect(mine[0]?.options?.map((o) => o.choice)).toEqual(['Whole milk']);
    expect(mine[0]?.dietWarnings).toEqual(['milk']);
  });

  it('tells a Thai person the warning and the refusal in Thai', async () => {
    const slackId = 'U0MILKTHAI';
    await slackPerson(s, slackId, {
      usual: { menu_id: s.menu.latte, type: 'hot', sweetness: 50 },
      avoids: ['milk'],
      language: 'th',
    });
    const asked = (await sendCommand(s.t, coffeeCommand(slackId))).json<Answer>();
    expect(textOf(asked.blocks)).toContain('เครื่องดื่มนี้ไม่เหมาะกับคุณ: นม');
    const nonce = (buttonValue(asked.blocks, ACTIONS.orderUsual) ?? '').split('|')[0] ?? '';
    await sendInteraction(s.t, buttonTap(slackId, ACTIONS.orderUsual, nonce));
    expect(textOf(lastPostTo(slackId)?.blocks)).toContain('กรุณายืนยันว่ายังต้องการ');
  });
});
