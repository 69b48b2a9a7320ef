import type { Order } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baristaPatch } from '../../test-support/order-fixtures';
import {
  buttonTap,
  buttonValue,
  callsOf,
  coffeeCommand,
  createSlackApp,
  homeTap,
  sendCommand,
  sendEvent,
  sendInteraction,
  slackPerson,
  textOf,
  type SlackSetup,
} from '../../test-support/slack-fixtures';
import type { TestUser } from '../../test-support/test-app';
import { ACTIONS } from './slack.blocks';

/**
 * What one move of an order costs in Slack calls (issues 45 and 64): its own message, once,
 * however many other Slack orders wait at the site; App Home is published when its owner opens it
 * (or acts on it), not on every order (decision 0116); and a call Slack answers with 429 is made
 * again after its Retry-After, with the order as it is then.
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

  it('updates the moved order’s message once and publishes no App Home, with 15 Slack orders waiting; the Home opened shows the move', async () => {
    // Fifteen orders from `/coffee`: fifteen messages, and no App Home (nobody opened it).
    expect(callsOf(s, 'chat.postMessage')).toHaveLength(SLACK_ORDERS);
    expect(callsOf(s, 'views.publish')).toHaveLength(0);
    const first = people[0] as (typeof people)[number];
    const before = count();
    expect((await baristaPatch(s.t, barista, first.order.id, { status: 'in-progress' })).statusCode).toBe(200);
    await settled();
    const after = count();
    expect({
      update: after.update - before.update,
      publish: after.publish - before.publish,
      post: after.post - before.post,
    }).toEqual({ update: 1, publish: 0, post: 0 });
    expect(textOf(updatesOf(first.order).at(-1)?.params.blocks)).toContain('In progress');

    // Opened, App Home is published once, with the order as it is now.
    const opened = await sendEvent(s.t, {
      type: 'event_callback',
      team_id: 'T0CAFE',
      event: { type: 'app_home_opened', user: first.slackId, tab: 'home' },
    });
    expect(opened.statusCode).toBe(200);
    await settled();
    const published = callsOf(s, 'views.publish');
    expect(published.map((c) => c.params.user_id)).toEqual([first.slackId]);
    expect(textOf(published[0]?.params.view)).toContain('In progress');
  });

  it('republishes App Home after an order placed on it (the person is looking at it), not after one from /coffee', async () => {
    const [, , third] = people as [unknown, unknown, (typeof people)[number]];
    await sendEvent(s.t, {
      type: 'event_callback',
      team_id: 'T0CAFE',
      event: { type: 'app_home_opened', user: third.slackId, tab: 'home' },
    });
    await settled();
    const home = callsOf(s, 'views.publish').filter((c) => c.params.user_id === third.slackId);
    expect(home).toHaveLength(1);
    const before = count();
    // Their usual again, by the button on App Home.
    const tap = homeTap(third.slackId, ACTIONS.orderUsual, buttonValue(home[0]?.params.view, ACTIONS.orderUsual) ?? '');
    expect((await sendInteraction(s.t, tap)).statusCode).toBe(200);
    await settled();
    const after = count();
    expect({ post: after.post - before.post, publish: after.publish - before.publish }).toEqual({
      post: 1,
      publish: 1,
    });
    const mine = (await s.t.request('GET', '/api/order/my-queue', third.user)).json<Order[]>();
    expect(mine).toHaveLength(2);
    const republished = callsOf(s, 'views.publish').at(-1);
    expect(republished?.params.user_id).toBe(third.slackId);
    // Today lists the new drink beside the first.
    const waiting = (view: unknown) => textOf(view).match(/— \*Waiting\*/g)?.length ?? 0;
    expect([waiting(home[0]?.params.view), waiting(republished?.params.view)]).toEqual([1, 2]);
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
