import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPerson, insertTumblerPhoto, openCafeWithLatte, startProcesses } from '../../test-support/processes';
import { startSlackReceiver } from '../../test-support/receivers';
import {
  buttonTap,
  buttonValue,
  coffeeCommand,
  interactionBody,
  SIGNING_SECRET,
  SLACK_TOKEN,
  TEAM,
  slackHeaders,
  textOf,
} from '../../test-support/slack-fixtures';
import { TestClock } from '../../test-support/test-app';
import { ACTIONS } from './slack.blocks';

/**
 * The Slack app with two server processes on one PostgreSQL database, as behind a load balancer:
 * a request replayed to the other process is refused there, a link made on one holds on the
 * other, both pace their Web API calls with one budget, and an order answered in place of its tap
 * on one is followed there by the other. PostgreSQL only (vitest.config.ts).
 */
describe('the Slack app with several server processes', () => {
  let apps: FastifyInstance[] = [];
  let stop: (() => Promise<void>) | undefined;
  let slack: Awaited<ReturnType<typeof startSlackReceiver>>;
  const profiles: Record<string, { email?: string; confirmed?: boolean; name?: string }> = {};
  const clock = new TestClock('2026-11-18T03:00:00.000Z');

  beforeAll(async () => {
    slack = await startSlackReceiver({ token: SLACK_TOKEN, people: {}, team: TEAM, profiles });
    ({ apps, stop } = await startProcesses(2, 'cafe_slack', {
      clock,
      env: {
        LOCATION_CHECK: 'off',
        PUBLIC_URL: 'https://cafe.example.com',
        SLACK_BOT_TOKEN: SLACK_TOKEN,
        SLACK_API_URL: slack.apiUrl,
        SLACK_SIGNING_SECRET: SIGNING_SECRET,
      },
    }));
  });
  afterAll(async () => {
    await stop?.();
    await slack.close();
  });

  it('refuses on one process a request the other already took, and knows a link the other made', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const person = await insertPerson(apps, { name: 'Ada Slack', role: 'user', email: 'ada.slack@example.com' });
    profiles.U0CLUSTER = { email: 'ada.slack@example.com', confirmed: true, name: 'ada' };
    const body = coffeeCommand('U0CLUSTER');
    const headers = slackHeaders({ clock }, body, 'application/x-www-form-urlencoded');
    const send = (app: FastifyInstance, h: Record<string, string>, payload: string) =>
      app.inject({ method: 'POST', url: '/api/slack/commands', headers: h, payload });

    const taken = await send(first, headers, body);
    expect(taken.statusCode, taken.body).toBe(200);
    const replayed = await send(second, headers, body);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json<{ message: string }>().message).toMatch(/replay/);

    // Linked on the first process by the confirmed e-mail; the second knows it (no usual yet).
    const next = coffeeCommand('U0CLUSTER');
    const answered = await send(second, slackHeaders({ clock }, next, 'application/x-www-form-urlencoded'), next);
    expect(answered.statusCode).toBe(200);
    expect(answered.json<{ text: string }>().text).toMatch(/no usual yet/);
    const link = await second.ctx.db.selectFrom('chat_links').selectAll().executeTakeFirstOrThrow();
    expect(link).toMatchObject({ channel: 'slack', external_id: 'U0CLUSTER', user_id: person.id, revoked_at: null });
  });

  it('paces the Slack calls of both processes with one budget in the database (Slack counts per app)', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    // Someone not linked yet, on each process: each asks Slack who they are (users.info).
    for (const [i, app] of [first, second].entries()) {
      const body = coffeeCommand(`U0PACE${i}`);
      const answer = await app.inject({
        method: 'POST',
        url: '/api/slack/commands',
        headers: slackHeaders({ clock }, body, 'application/x-www-form-urlencoded'),
        payload: body,
      });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    // One bucket of the method for the deployment, taken from by both.
    const buckets = await second.ctx.db.selectFrom('chat_pace').select(['bucket', 'free_at']).execute();
    const usersInfo = buckets.filter((b) => b.bucket === 'slack:users.info');
    expect(usersInfo).toHaveLength(1);
    expect(usersInfo[0]?.free_at).toBeGreaterThan(0);
  });

  it('follows an order answered in place of its tap on one process through the same response_url from the other, each answer spent once', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const at = clock.now().toISOString();
    const latte = await openCafeWithLatte(apps, at);
    const person = await insertPerson(apps, { name: 'Bo Slack', role: 'user', email: 'bo.slack@example.com', at });
    const barista = await insertPerson(apps, { name: 'Barista Two', role: 'barista', at });
    const photo = await insertTumblerPhoto(apps, person.id, at);
    const as = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: Record<string, unknown>) =>
      first.inject({ method, url, headers: person.auth, payload });
    // A tumbler photo on a web order (cancelled) and a usual; Slack vouches for the e-mail.
    const web = await as('POST', '/api/order', { menu_id: latte, type: 'hot', sweetness: 50, tumblerImage: photo });
    expect(web.statusCode, web.body).toBe(201);
    await as('PATCH', `/api/order/${web.json<{ id: number }>().id}`, { status: 'cancel' });
    expect((await as('PUT', '/api/me/usual', { menu_id: latte, type: 'hot', sweetness: 50 })).statusCode).toBe(200);
    profiles.U0REPLYTWO = { email: 'bo.slack@example.com', confirmed: true, name: 'bo' };
    // Signed as Slack signs, to one process.
    const fromSlack = (app: FastifyInstance, path: string, payload: string) =>
      app.inject({
        method: 'POST',
        url: `/api/slack/${path}`,
        headers: slackHeaders({ clock }, payload, 'application/x-www-form-urlencoded'),
        payload,
      });
    const offer = await fromSlack(first, 'commands', coffeeCommand('U0REPLYTWO'));
    expect(offer.statusCode, offer.body).toBe(200);
    const url = slack.responseUrl();
    const value = buttonValue(offer.json<{ blocks: unknown[] }>().blocks, ACTIONS.orderUsual) ?? '';
    const tap = { ...buttonTap('U0REPLYTWO', ACTIONS.orderUsual, value), response_url: url };
    const tapped = await fromSlack(first, 'interactions', interactionBody(tap));
    expect(tapped.statusCode, tapped.body).toBe(200);
    await first.ctx.services.slack.settled();
    const { id } = await first.ctx.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', person.id)
      .where('status', '=', 'ordered')
      .executeTakeFirstOrThrow();

    // Moved on the second process, then on the first.
    const moveOn = async (app: FastifyInstance, status: string) => {
      const moved = await app.inject({
        method: 'PATCH',
        url: `/api/order/barista/${id}`,
        headers: barista.auth,
        payload: { status },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      await app.ctx.services.slack.settled();
    };
    await moveOn(second, 'in-progress');
    await moveOn(first, 'done');

    const answers = slack.calls.filter((c) => c.method === 'response' && c.url === new URL(url).pathname);
    expect(answers.map((c) => textOf(c.params.blocks).match(/Waiting|In progress|Ready to pick up/)?.[0])).toEqual([
      'Waiting',
      'In progress',
      'Ready to pick up',
    ]);
    const posted = slack.calls.filter(
      (c) => c.method.startsWith('chat.') && textOf(c.params.blocks).includes(`(#${id})`),
    );
    expect(posted).toHaveLength(0);
    const row = await second.ctx.db
      .selectFrom('chat_order_messages')
      .select('reference')
      .where('order_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.reference)).toMatchObject({ reply: url, uses: 3, to: 'U0REPLYTWO' });
  });
});
