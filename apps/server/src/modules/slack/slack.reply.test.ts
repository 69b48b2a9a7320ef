import type { Order } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baristaPatch } from '../../test-support/order-fixtures';
import { startSlackReceiver } from '../../test-support/receivers';
import {
  buttonValue,
  callsOf,
  coffeeCommand,
  createSlackApp,
  messageTap,
  sendCommand,
  sendInteraction,
  slackPerson,
  textOf,
  type SlackSetup,
} from '../../test-support/slack-fixtures';
import type { TestUser } from '../../test-support/test-app';
import { ACTIONS } from './slack.blocks';

/**
 * Issue 64, decision 0121: an order from a tap on a message (`/coffee`'s offer) is answered in place
 * of that message through the tap's response_url, which Slack counts against no rate tier, and its
 * moves follow there, up to Slack's five answers in 30 minutes; past them, or when Slack refuses
 * the response_url, the order's message goes on in the DMs (chat.postMessage, then chat.update).
 */

const WEDNESDAY_10AM = '2026-11-18T10:00:00+07:00';

describe('Slack: an order answered in place of the tap that placed it', () => {
  let s: SlackSetup;
  let barista: TestUser;
  let people = 0;
  const settled = () => s.t.app.ctx.services.slack.settled();
  /** The answers through one response_url, in order. */
  const answersTo = (url: string) => callsOf(s, 'response').filter((c) => c.url === new URL(url).pathname);
  const webCalls = () => ({
    post: callsOf(s, 'chat.postMessage').length,
    update: callsOf(s, 'chat.update').length,
  });
  const ofOrder = (method: string, order: Order) =>
    callsOf(s, method).filter((c) => textOf(c.params.blocks).includes(`(#${order.id})`));

  /** A new person's usual ordered by a tap on `/coffee`'s offer (`responseUrl`: the tap's, or none). */
  async function orderByTap(responseUrl?: string) {
    const slackId = `U0REPLY${String(++people).padStart(2, '0')}`;
    const user = await slackPerson(s, slackId, { usual: { menu_id: s.menu.latte, type: 'hot', sweetness: 25 } });
    const offer = (await sendCommand(s.t, coffeeCommand(slackId))).json<{ blocks: unknown[] }>();
    const tap = messageTap(s, slackId, ACTIONS.orderUsual, buttonValue(offer.blocks, ACTIONS.orderUsual) ?? '');
    if (responseUrl !== undefined) tap.response_url = responseUrl;
    expect((await sendInteraction(s.t, tap)).statusCode).toBe(200);
    await settled();
    const [order] = (await s.t.request('GET', '/api/order/my-queue', user)).json<Order[]>();
    expect(order?.status).toBe('ordered');
    return { slackId, user, order: order as Order, url: tap.response_url };
  }
  const move = async (order: Order, status: string) => {
    expect((await baristaPatch(s.t, barista, order.id, { status })).statusCode).toBe(200);
    await settled();
  };
  const undo = async (order: Order) => {
    expect((await s.t.request('POST', `/api/order/barista/${order.id}/undo`, barista)).statusCode).toBe(200);
    await settled();
  };

  beforeAll(async () => {
    s = await createSlackApp({ clockNow: WEDNESDAY_10AM });
    barista = await s.t.createUser({ role: 'barista' });
  });
  afterAll(() => s.close());

  it('replaces the offer with the order’s message and follows each move there, with no Web API call', async () => {
    const before = webCalls();
    const { slackId, order, url } = await orderByTap();
    const placed = answersTo(url);
    expect(placed).toHaveLength(1);
    expect(placed[0]?.params.replace_original).toBe(true);
    expect(textOf(placed[0]?.params.blocks)).toContain(`(#${order.id})`);
    expect(textOf(placed[0]?.params.blocks)).toContain('Waiting');

    await move(order, 'in-progress');
    await move(order, 'done');
    // The owner's Pick up, tapped on that message.
    const pickUp = messageTap(s, slackId, ACTIONS.pickUp, String(order.id));
    expect((await sendInteraction(s.t, pickUp)).statusCode).toBe(200);
    await settled();

    const shown = answersTo(url).map((c) => textOf(c.params.blocks));
    expect(shown).toHaveLength(4);
    expect(shown[1]).toContain('In progress');
    expect(shown[2]).toContain('Ready to pick up');
    expect(shown[3]).toContain('Picked up');
    expect(answersTo(url).every((c) => c.params.replace_original === true)).toBe(true);
    // Nothing through the rate-limited Web API.
    expect(webCalls()).toEqual(before);
  });

  it('keeps the fifth answer for an order’s end: an order still going then is followed in the DMs', async () => {
    const { order, url } = await orderByTap();
    await move(order, 'in-progress'); // 2nd answer
    await undo(order); // 3rd: waiting again
    await move(order, 'in-progress'); // 4th
    const before = webCalls();
    await move(order, 'done'); // not an end: the 5th takes the reply away, the message goes to the DMs
    const answers = answersTo(url);
    expect(answers).toHaveLength(5);
    expect(answers[4]?.params).toEqual({ delete_original: true });
    const posted = ofOrder('chat.postMessage', order);
    expect(posted).toHaveLength(1);
    expect(textOf(posted[0]?.params.blocks)).toContain('Ready to pick up');

    await move(order, 'picked');
    expect(answersTo(url)).toHaveLength(5);
    const updated = ofOrder('chat.update', order);
    expect(updated).toHaveLength(1);
    expect(textOf(updated[0]?.params.blocks)).toContain('Picked up');
    expect(webCalls()).toEqual({ post: before.post + 1, update: before.update + 1 });
  });

  it('posts the order’s message to the DMs when Slack refuses the response_url, and follows it there', async () => {
    s.slack.refuseResponses(1);
    const { order, url } = await orderByTap();
    expect(answersTo(url)).toHaveLength(0);
    const posted = ofOrder('chat.postMessage', order);
    expect(posted).toHaveLength(1);
    expect(textOf(posted[0]?.params.blocks)).toContain('Waiting');
    await move(order, 'in-progress');
    expect(textOf(ofOrder('chat.update', order).at(-1)?.params.blocks)).toContain('In progress');
    expect(answersTo(url)).toHaveLength(0);
  });

  it('goes on in the DMs once the response_url is about to expire (30 minutes after the tap)', async () => {
    // Tapped 29 minutes ago: a minute is left, too little to count on.
    s.t.clock.advance(-29 * 60_000);
    const { order, url } = await orderByTap().finally(() => s.t.clock.advance(29 * 60_000));
    await move(order, 'in-progress');
    expect(answersTo(url)).toHaveLength(1);
    const posted = ofOrder('chat.postMessage', order);
    expect(posted).toHaveLength(1);
    expect(textOf(posted[0]?.params.blocks)).toContain('In progress');
  });

  it('never calls a response_url that is not Slack’s, nor follows Slack’s elsewhere: the message goes to the DMs', async () => {
    // A server answering as Slack would, at another address than the app's Slack.
    const elsewhere = await startSlackReceiver({ token: 'xoxb-elsewhere', people: {} });
    try {
      const { order } = await orderByTap(elsewhere.responseUrl());
      expect(elsewhere.calls).toHaveLength(0);
      expect(ofOrder('chat.postMessage', order)).toHaveLength(1);
      // Nor one that Slack's would redirect to.
      s.slack.redirectResponses(elsewhere.responseUrl());
      const { order: redirected, url } = await orderByTap();
      expect(elsewhere.calls).toHaveLength(0);
      expect(answersTo(url)).toHaveLength(0);
      expect(ofOrder('chat.postMessage', redirected)).toHaveLength(1);
    } finally {
      await elsewhere.close();
    }
  });

  it('says a refusal in place of the offer tapped (the daily limit), with no Web API call', async () => {
    const { slackId, user } = await orderByTap();
    // Their second order of the day, by the web; the third, by a tap, is refused.
    const offer = (await sendCommand(s.t, coffeeCommand(slackId))).json<{ blocks: unknown[] }>();
    const again = messageTap(s, slackId, ACTIONS.orderUsual, buttonValue(offer.blocks, ACTIONS.orderUsual) ?? '');
    await sendInteraction(s.t, again);
    await settled();
    expect((await s.t.request('GET', '/api/order/my-queue', user)).json<Order[]>()).toHaveLength(2);
    const third = (await sendCommand(s.t, coffeeCommand(slackId))).json<{ blocks: unknown[] }>();
    const before = webCalls();
    const refused = messageTap(s, slackId, ACTIONS.orderUsual, buttonValue(third.blocks, ACTIONS.orderUsual) ?? '');
    expect((await sendInteraction(s.t, refused)).statusCode).toBe(200);
    await settled();
    const said = answersTo(refused.response_url);
    expect(said).toHaveLength(1);
    expect(said[0]?.params.replace_original).toBe(true);
    expect(textOf(said[0]?.params.blocks)).toMatch(/limit/i);
    expect(webCalls()).toEqual(before);
    expect((await s.t.request('GET', '/api/order/my-queue', user)).json<Order[]>()).toHaveLength(2);
  });
});
