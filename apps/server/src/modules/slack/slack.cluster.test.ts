import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPerson, startProcesses } from '../../test-support/processes';
import { startSlackReceiver } from '../../test-support/receivers';
import { coffeeCommand, SIGNING_SECRET, SLACK_TOKEN, TEAM, slackHeaders } from '../../test-support/slack-fixtures';
import { TestClock } from '../../test-support/test-app';

/**
 * The Slack app with two server processes on one PostgreSQL database, as behind a load balancer:
 * a request replayed to the other process is refused there, a link made on one holds on the
 * other, and both pace their Web API calls with one budget. PostgreSQL only (vitest.config.ts).
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
});
