import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeBadInputSweep } from '../../test-support/bad-input';
import {
  coffeeCommand,
  createSlackApp,
  interactionBody,
  sendSigned,
  type SlackSetup,
} from '../../test-support/slack-fixtures';

// The shared sweep: every slack operation, as every role, with garbage (the app not configured there).
describeBadInputSweep('slack');

/** The same with the app configured: garbage Slack might never send, signed as if it had, gets a 4xx and does nothing. */
describe('bad input to a configured Slack app', () => {
  let s: SlackSetup;
  beforeAll(async () => {
    s = await createSlackApp();
  });
  afterAll(() => s.close());

  const FORM = 'application/x-www-form-urlencoded';
  const cases: [string, string, string][] = [
    ['/api/slack/events', 'not json', 'application/json'],
    ['/api/slack/events', '[1,2]', 'application/json'],
    ['/api/slack/events', '"text"', 'application/json'],
    ['/api/slack/interactions', 'nopayload=1', FORM],
    ['/api/slack/interactions', 'payload=%7Bbroken', FORM],
    ['/api/slack/interactions', interactionBody({ type: 'block_actions', user: { id: 42 } }), FORM],
    ['/api/slack/interactions', interactionBody({ type: 'view_submission', user: { id: 'not a user' } }), FORM],
    ['/api/slack/commands', '', FORM],
    ['/api/slack/commands', 'user_id=%00%01', FORM],
    ['/api/slack/commands', 'team_id=T0CAFE&user_id[]=x', FORM],
  ];

  it('answers each with a 4xx in the error shape, and calls Slack for none', async () => {
    for (const [url, body, type] of cases) {
      const res = await sendSigned(s.t, url, body, type);
      expect(res.statusCode, `${url} ${body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${url} ${body}`).toBeLessThan(500);
      expect(res.json<{ code: string; message: string }>().message, `${url} ${body}`).toBeTruthy();
    }
    expect(s.slack.calls).toEqual([]);
    expect(await s.t.app.ctx.db.selectFrom('orders').selectAll().execute()).toEqual([]);
  });

  it('refuses a body over the limit (413) and a body of another type (4xx)', async () => {
    const huge = coffeeCommand('U0BIG', 'x'.repeat(200 * 1024));
    expect((await sendSigned(s.t, '/api/slack/commands', huge, FORM)).statusCode).toBe(413);
    const other = await sendSigned(s.t, '/api/slack/commands', 'a', 'text/plain');
    expect(other.statusCode).toBeGreaterThanOrEqual(400);
    expect(other.statusCode).toBeLessThan(500);
  });

  it('refuses with 400 a whole, signed command or event sent as another type than Slack sends', async () => {
    const command = coffeeCommand('U0PLAIN');
    for (const [url, body, type] of [
      ['/api/slack/commands', command, 'text/plain'],
      ['/api/slack/commands', command, 'application/json'],
      ['/api/slack/interactions', interactionBody({ type: 'block_actions', user: { id: 'U0PLAIN' } }), 'text/plain'],
      ['/api/slack/events', JSON.stringify({ type: 'url_verification', challenge: 'c' }), FORM],
    ] as const) {
      const res = await sendSigned(s.t, url, body, type);
      expect(res.statusCode, `${url} as ${type}`).toBe(400);
      expect(res.json<{ code: string }>().code).toBe('VALIDATION');
    }
    expect(s.slack.calls).toEqual([]);
  });
});
