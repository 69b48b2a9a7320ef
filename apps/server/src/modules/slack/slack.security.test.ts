import type { Order, SlackLinkPreview } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cafeOrderBody, placeOrder } from '../../test-support/order-fixtures';
import {
  buttonTap,
  coffeeCommand,
  createSlackApp,
  sendCommand,
  sendInteraction,
  sendSigned,
  slackHeaders,
  saveUsual,
  vouchFor,
  type SlackSetup,
} from '../../test-support/slack-fixtures';
import { createTestApp } from '../../test-support/test-app';
import { ACTIONS } from './slack.blocks';

/**
 * Who may ask the Slack app anything: only Slack (its signature, fresh, never replayed, from the
 * one workspace), and only for a linked, active account. Everything else does nothing.
 */

const WEDNESDAY_10AM = '2026-11-18T10:00:00+07:00';

describe('Slack requests are verified, and only linked people order', () => {
  let s: SlackSetup;
  const orderCount = async () =>
    Number(
      (
        await s.t.app.ctx.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const webCalls = () => s.slack.calls.length;

  beforeAll(async () => {
    s = await createSlackApp({ clockNow: WEDNESDAY_10AM });
  });
  afterAll(() => s.close());

  it('answers 404 on every route while the app is not configured', async () => {
    const plain = await createTestApp();
    try {
      const body = coffeeCommand('U1');
      const res = await plain.app.inject({
        method: 'POST',
        url: '/api/slack/commands',
        payload: body,
        headers: slackHeaders(plain, body, 'application/x-www-form-urlencoded'),
      });
      expect(res.statusCode).toBe(404);
      const person = await plain.createUser();
      expect((await plain.request('GET', '/api/slack/link', person)).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('refuses with 401, doing nothing, a bad signature, an old timestamp, a replay and another workspace', async () => {
    const person = await s.t.createUser();
    vouchFor(s, 'U0SEC', person);
    const before = { orders: await orderCount(), calls: webCalls() };
    const body = coffeeCommand('U0SEC');

    const badSecret = await sendCommand(s.t, body, { secret: 'not-the-signing-secret-0000000000' });
    expect(badSecret.statusCode).toBe(401);
    expect(badSecret.json<{ code: string }>().code).toBe('UNAUTHENTICATED');

    const tampered = await sendSigned(s.t, '/api/slack/commands', `${body}&x=1`, 'application/x-www-form-urlencoded', {
      headers: slackHeaders(s.t, body, 'application/x-www-form-urlencoded'),
    });
    expect(tampered.statusCode).toBe(401);

    const unsigned = await sendSigned(s.t, '/api/slack/commands', body, 'application/x-www-form-urlencoded', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(unsigned.statusCode).toBe(401);

    // Five minutes is the window: just over it is refused.
    const old = await sendCommand(s.t, body, { ageSeconds: 5 * 60 + 1 });
    expect(old.statusCode).toBe(401);
    expect(old.json<{ message: string }>().message).toMatch(/too old/);

    const other = await sendCommand(s.t, coffeeCommand('U0SEC', '', 'T0OTHER'));
    expect(other.statusCode).toBe(401);
    expect(other.json<{ message: string }>().message).toMatch(/another workspace/);

    // None of them linked anyone, asked Slack anything or ordered.
    expect({ orders: await orderCount(), calls: webCalls() }).toEqual(before);
    expect((await s.t.request('GET', '/api/slack/link', person)).json()).toEqual({ linked: false, since: null });

    // The same signed request twice: the second is a replay.
    const headers = slackHeaders(s.t, body, 'application/x-www-form-urlencoded');
    const first = await sendSigned(s.t, '/api/slack/commands', body, '', { headers });
    expect(first.statusCode).toBe(200);
    const replay = await sendSigned(s.t, '/api/slack/commands', body, '', { headers });
    expect(replay.statusCode).toBe(401);
    expect(replay.json<{ message: string }>().message).toMatch(/replay/);
  });

  it('gives an unlinked person a one-time link and never an order; the link works once, while signed in', async () => {
    const person = await s.t.createUser({ name: 'Noor' });
    // Slack knows them, but the workspace does not vouch for the address.
    s.profiles.U0NOLINK = { name: 'noor.slack', email: person.email, confirmed: false };
    const image = s.image;
    expect((await placeOrder(s.t, person, cafeOrderBody(s.menu.latte, image))).statusCode).toBe(201);
    await saveUsual(s.t, person, { menu_id: s.menu.latte, type: 'cold', sweetness: 50 });
    const ordersBefore = await orderCount();

    const res = await sendCommand(s.t, coffeeCommand('U0NOLINK'));
    expect(res.statusCode).toBe(200);
    const text = res.json<{ text: string }>().text;
    expect(text).toMatch(/not linked/);
    const token = /\/slack\/link\/([A-Za-z0-9_-]+)\|/.exec(text)?.[1] ?? '';
    expect(token).not.toBe('');
    expect(text).toContain(`https://cafe.example.com/slack/link/${token}`);

    // A tap from an unlinked person orders nothing either.
    await sendInteraction(s.t, buttonTap('U0NOLINK', ACTIONS.orderUsual, 'n1'));
    expect(await orderCount()).toBe(ordersBefore);

    // The link needs a signed-in person; it names the Slack account it links.
    expect((await s.t.request('GET', `/api/slack/link-tokens/${token}`)).statusCode).toBe(401);
    const preview = await s.t.request('GET', `/api/slack/link-tokens/${token}`, person);
    expect(preview.json<SlackLinkPreview>()).toEqual({ slackName: 'noor.slack' });
    // The same link cut short when copied: a 400 that names the people message to word it.
    const cut = await s.t.request('GET', `/api/slack/link-tokens/${token.slice(0, 10)}`, person);
    expect(cut.statusCode).toBe(400);
    expect(cut.json<{ messageId?: string }>().messageId).toBe('people.link.notWhole');
    expect((await s.t.request('POST', `/api/slack/link-tokens/${token}`, person)).statusCode).toBe(200);
    expect((await s.t.request('POST', `/api/slack/link-tokens/${token}`, person)).statusCode).toBe(404);
    expect((await s.t.request('GET', '/api/slack/link', person)).json<{ linked: boolean }>().linked).toBe(true);

    const now = await sendCommand(s.t, coffeeCommand('U0NOLINK'));
    expect(now.json<{ text: string }>().text).toMatch(/^Order your usual: \*Latte/);
  });

  it('links by e-mail only for an address of the company domain that the workspace confirmed', async () => {
    s.profiles.U0OUTSIDE = { name: 'outsider', email: 'someone@elsewhere.test', confirmed: true };
    const res = await sendCommand(s.t, coffeeCommand('U0OUTSIDE'));
    expect(res.json<{ text: string }>().text).toMatch(/not linked/);
  });

  it('lets a person unlink: their Slack account can do nothing more, and their e-mail does not link it again', async () => {
    const person = await s.t.createUser();
    vouchFor(s, 'U0REVOKE', person);
    const placed = await placeOrder(s.t, person, cafeOrderBody(s.menu.latte, s.image));
    expect(placed.statusCode).toBe(201);
    await saveUsual(s.t, person, { menu_id: s.menu.latte, type: 'cold', sweetness: 50 });
    const asked = await sendCommand(s.t, coffeeCommand('U0REVOKE'));
    const nonce = asked.json<{ blocks: { elements?: { value: string }[] }[] }>().blocks[1]?.elements?.[0]?.value ?? '';
    expect(nonce).not.toBe('');

    expect((await s.t.request('DELETE', '/api/slack/link', person)).statusCode).toBe(204);
    expect((await s.t.request('DELETE', '/api/slack/link', person)).statusCode).toBe(404);
    const before = await orderCount();
    await sendInteraction(s.t, buttonTap('U0REVOKE', ACTIONS.orderUsual, nonce));
    expect(await orderCount()).toBe(before);
    const again = await sendCommand(s.t, coffeeCommand('U0REVOKE'));
    expect(again.json<{ text: string }>().text).toMatch(/You unlinked Slack/);
    expect((await s.t.request('GET', '/api/slack/link', person)).json<{ linked: boolean }>().linked).toBe(false);
    // The order placed before is untouched.
    expect((await s.t.request('GET', `/api/order/${placed.json<Order>().id}`, person)).json<Order>().status).toBe(
      'ordered',
    );
  });

  it('ends the link of a deleted account: its Slack account can do nothing more', async () => {
    const person = await s.t.createUser();
    vouchFor(s, 'U0DELETED', person);
    const asked = await sendCommand(s.t, coffeeCommand('U0DELETED'));
    expect(asked.statusCode).toBe(200);
    expect(
      await s.t.app.ctx.db.selectFrom('chat_links').selectAll().where('user_id', '=', person.id).execute(),
    ).toMatchObject([{ channel: 'slack', external_id: 'U0DELETED' }]);

    const deleted = await s.t.request('DELETE', '/api/user/me', person, { confirm: person.email });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(
      await s.t.app.ctx.db.selectFrom('chat_links').selectAll().where('user_id', '=', person.id).execute(),
    ).toEqual([]);
    const before = await orderCount();
    await sendInteraction(s.t, buttonTap('U0DELETED', ACTIONS.orderUsual, 'n-deleted'));
    expect(await orderCount()).toBe(before);
    // The address is gone with the account: Slack's e-mail links nobody, a link is all that is offered.
    const again = await sendCommand(s.t, coffeeCommand('U0DELETED'));
    expect(again.json<{ text: string }>().text).toMatch(/not linked/);
  });
});
