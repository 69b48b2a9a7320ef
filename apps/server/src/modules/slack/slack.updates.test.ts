import type { Order } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baristaPatch } from '../../test-support/order-fixtures';
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
import type { TestUser } from '../../test-support/test-app';
import { ACTIONS } from './slack.blocks';

/**
 * What one move of an order costs in Slack calls (issue 45): its own message and its owner's App
 * Home, once each, however many other Slack orders wait at the site; and a call Slack answers with
 * 429 is made again after its Retry-After, with the order as it is then.
 */

const WEDNESDAY_10AM = '2026-11-18T10:00:00+07:00';
const SLACK_ORDERS = 15;

describe('Slack calls per move of an order', () => {
  let s: SlackSetup;
  let barista: TestUser;
  const people: { slackId: string; user: TestUser; order: Order }[] = [];
  const settled = () => s.t.app.ctx.services.slack.settled();
  const count = () => ({
    update: callsOf(s, 'chat.update').length,
    publish: callsOf(s, 'views.publish').length,
    post: callsOf(s, 'chat.postMessage').length,
  });
  const updatesOf = (order: Order) =>
    callsOf(s, 'chat.update').filter((c) => textOf(c.params.blocks).includes(`(#${order.id})`));

  beforeAll(async () => {
    s = await createSlackApp({ clockNow: WEDNESDAY_10AM });
    barista = await s.t.createUser({ role: 'barista' });
    for (let i = 0; i < SLACK_ORDERS; i += 1) {
      const slackId = `U0RUSH${String(i).padStart(2, '0')}`;
      const user = await slackPerson(s, slackId, { usual: { menu_id: s.menu.latte, type: 'hot', sweetness: 25 } });
      const asked = (await sendCommand(s.t, coffeeCommand(slackId))).json<{ blocks: unknown[] }>();
      await sendInteraction(
        s.t,
        buttonTap(slackId, ACTIONS.orderUsual, buttonValue(asked.blocks, ACTIONS.orderUsual) ?? ''),
      );
      const [order] = (await s.t.request('GET', '/api/order/my-queue', user)).json<Order[]>();
      expect(order?.status).toBe('ordered');
      people.push({ slackId, user, order: order as Order });
    }
    await settled();
  });
  afterAll(() => s.close());

  it('updates the moved order’s message and its owner’s App Home once each, with 15 Slack orders waiting', async () => {
    expect(callsOf(s, 'chat.postMessage')).toHaveLength(SLACK_ORDERS);
    const first = people[0] as (typeof people)[number];
    const before = count();
    expect((await baristaPatch(s.t, barista, first.order.id, { status: 'in-progress' })).statusCode).toBe(200);
    await settled();
    const after = count();
    expect({
      update: after.update - before.update,
      publish: after.publish - before.publish,
      post: after.post - before.post,
    }).toEqual({ update: 1, publish: 1, post: 0 });
    expect(textOf(updatesOf(first.order).at(-1)?.params.blocks)).toContain('In progress');
    expect(callsOf(s, 'views.publish').at(-1)?.params.user_id).toBe(first.slackId);
  });

  it('makes a call Slack refused with 429 again after its Retry-After, and the message ends up current', async () => {
    const second = people[1] as (typeof people)[number];
    s.slack.rateLimit('chat.update', 1, 1);
    expect((await baristaPatch(s.t, barista, second.order.id, { status: 'in-progress' })).statusCode).toBe(200);
    // Moved on again while the first update waits out its Retry-After.
    expect((await baristaPatch(s.t, barista, second.order.id, { status: 'done' })).statusCode).toBe(200);
    await settled();
    const refused = s.slack.limited.filter((l) => l.method === 'chat.update');
    expect(refused).toHaveLength(1);
    const updates = updatesOf(second.order);
    expect(updates.length).toBeGreaterThanOrEqual(1);
    // Not before Slack said (1 s; a timer may fire a few milliseconds early).
    expect((updates[0]?.at ?? 0) - (refused[0]?.at ?? 0)).toBeGreaterThanOrEqual(950);
    expect(textOf(updates.at(-1)?.params.blocks)).toContain('Ready to pick up');
  });
});
