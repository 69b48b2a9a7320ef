import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeBadInputSweep } from '../../test-support/bad-input';
import { createTeamsApp, messageFrom, type TeamsSetup } from '../../test-support/teams-fixtures';

// The shared sweep: every teams operation, as every role, with garbage (the bot not configured there).
describeBadInputSweep('teams');

/** With the bot configured: garbage, signed as the Bot Framework signs, gets a 4xx and does nothing. */
describe('bad input to a configured Teams bot', () => {
  let s: TeamsSetup;
  beforeAll(async () => {
    s = await createTeamsApp();
  });
  afterAll(() => s.close());

  const post = async (payload: string, type = 'application/json') => {
    const token = await s.teams.sign({ serviceUrl: s.teams.serviceUrl, now: s.t.clock.now() });
    const res = await s.t.app.inject({
      method: 'POST',
      url: '/api/teams/messages',
      payload,
      headers: { 'content-type': type, authorization: `Bearer ${token}` },
    });
    await s.t.app.ctx.services.teams.settled();
    return res;
  };

  it('answers each with a 4xx in the error shape, and calls Teams for none', async () => {
    for (const [body, type] of [
      ['not json', 'application/json'],
      ['[1,2]', 'application/json'],
      ['"text"', 'application/json'],
      ['{}', 'application/json'],
      [JSON.stringify(messageFrom(s, 'aad-x', { text: 'coffee' })), 'text/plain'],
    ] as const) {
      const res = await post(body, type);
      expect(res.statusCode, body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, body).toBeLessThan(500);
      expect(res.json<{ message: string }>().message, body).toBeTruthy();
    }
    // Signed, of a shape Teams never sends (ids of the wrong type): acknowledged (202), nothing done.
    const odd = { ...messageFrom(s, 'aad-x'), from: { id: 42 }, conversation: { id: ['x'] }, value: 'x' };
    expect((await post(JSON.stringify(odd))).statusCode).toBe(202);
    expect(s.teams.calls).toEqual([]);
    expect(await s.t.app.ctx.db.selectFrom('orders').selectAll().execute()).toEqual([]);
  });

  it('refuses a body over the limit with 413', async () => {
    const huge = JSON.stringify(messageFrom(s, 'aad-x', { text: 'x'.repeat(300 * 1024) }));
    expect((await post(huge)).statusCode).toBe(413);
  });
});
