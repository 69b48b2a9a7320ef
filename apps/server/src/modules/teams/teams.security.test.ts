import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_ID,
  callsTo,
  cardOf,
  createTeamsApp,
  messageFrom,
  sendActivity,
  teamsPerson,
  textOf,
  type TeamsSetup,
} from '../../test-support/teams-fixtures';

/**
 * The bot's endpoint against a local fake of the Bot Framework: only a token it signs, for this
 * bot, fresh, for the activity's serviceUrl and from the company's tenant is heard; a retried
 * activity is heard once. On SQLite and PostgreSQL (TEST_DATABASE_URL).
 */
describe('the Teams endpoint', () => {
  let s: TeamsSetup;
  beforeAll(async () => {
    s = await createTeamsApp();
  });
  afterAll(() => s.close());

  it('refuses with 401 anything not signed as the Bot Framework signs, and does nothing', async () => {
    await teamsPerson(s, 'aad-guard');
    const message = () => messageFrom(s, 'aad-guard', { text: 'coffee' });
    const cases: [string, Parameters<typeof sendActivity>[2]][] = [
      ['unsigned', { token: null }],
      ['not a JWT', { token: 'not-a-token' }],
      ['a wrong key', { sign: { wrongKey: true } }],
      ['another audience', { sign: { audience: '11111111-2222-3333-4444-555555555555' } }],
      ['another issuer', { sign: { issuer: 'https://sts.windows.net/someone/' } }],
      ['expired', { sign: { expiresIn: -120 } }],
      ['another serviceUrl', { sign: { serviceUrl: 'https://smba.example.invalid/teams/' } }],
    ];
    for (const [what, options] of cases) {
      const res = await sendActivity(s, message(), options);
      expect(res.statusCode, what).toBe(401);
      expect(res.json<{ code: string }>().code, what).toBe('UNAUTHENTICATED');
    }
    const otherTenant = await sendActivity(
      s,
      messageFrom(s, 'aad-guard', { text: 'coffee', tenant: '00000000-0000-0000-0000-000000000001' }),
    );
    expect(otherTenant.statusCode).toBe(401);
    expect(s.teams.calls).toEqual([]);
    expect(s.teams.state.tokensIssued).toBe(0);
    expect(await s.t.app.ctx.db.selectFrom('chat_links').selectAll().execute()).toEqual([]);
  });

  it('answers a signed activity at once (202) with the form, and a retried one (same id) not again', async () => {
    await teamsPerson(s, 'aad-signed');
    const activity = messageFrom(s, 'aad-signed', { text: 'coffee' });
    const res = await sendActivity(s, activity);
    expect(res.statusCode).toBe(202);
    expect(res.body).toBe('');
    const again = await sendActivity(s, activity);
    expect(again.statusCode).toBe(202);
    const posted = callsTo(s, 'aad-signed', 'POST');
    expect(posted).toHaveLength(1);
    expect(textOf(cardOf(posted[0]))).toContain('Order a drink');
    // The bot's own token: asked for once, with the app's id and secret.
    expect(s.teams.state.tokensIssued).toBe(1);
    expect(APP_ID).toMatch(/^[0-9a-f-]{36}$/);
  });
});
