import type { ErrorBody, Me, TokenPair } from '@cafe/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAtProvider, startTestProvider, type TestProvider } from '../../test-support/oidc-test-provider';
import type { TestApp } from '../../test-support/test-app';
import { rowsOf, upgradeFrom, type Upgrade } from '../../test-support/upgrade-fixtures';

/**
 * The release before the identities at the provider. Migrations 028 and 029 come between it and
 * 030 in the release that ships 030: the upgrade runs them too, whatever they add.
 */
const PREVIOUS_RELEASE = '029-session-facts';
const REDIRECT_URI = 'http://cafe.test:8080/login/sso';
/** An account a single sign-on made before this release: no password, no identity recorded. */
const SSO_MADE = 'made.by.sso@example.com';

/**
 * Migration 030 on a database the release before wrote: every row is kept, no identity is
 * recorded, and an account from before is linked to its holder's identity at their next single
 * sign-on, by its e-mail, once.
 */
describe('migration 030: identities at the provider, on a database written by the release before', () => {
  let upgrade: Upgrade;
  let t: TestApp;
  let provider: TestProvider;
  beforeAll(async () => {
    provider = await startTestProvider([REDIRECT_URI]);
    upgrade = await upgradeFrom(PREVIOUS_RELEASE, ['sso_identities'], {
      env: {
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        PUBLIC_URL: 'http://cafe.test:8080',
      },
      extra: async (db) => {
        const at = '2026-11-19T02:00:00.000Z';
        await sql`insert into users (name, email, password_hash, role, home_site_id, created_at, updated_at)
          values ('Made By Sso', ${SSO_MADE}, '!', 'user', 1, ${at}, ${at})`.execute(db);
      },
    });
    ({ t } = upgrade);
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  async function signIn(login: string) {
    const started = await t.app.inject({ method: 'POST', url: '/api/auth/sso/start' });
    expect(started.statusCode, started.body).toBe(200);
    const cookie = String(started.headers['set-cookie']).split(';')[0] ?? '';
    const query = await signInAtProvider(
      started.json<{ authorizationUrl: string }>().authorizationUrl,
      REDIRECT_URI,
      login,
    );
    return t.app.inject({ method: 'POST', url: '/api/auth/sso/callback', payload: { query }, headers: { cookie } });
  }

  it('keeps every row of the release before; no identity is recorded yet', async () => {
    await upgrade.expectRowsKept();
    expect(await rowsOf(upgrade.db(), 'sso_identities')).toEqual([]);
  });

  it('links an account from before to its holder at their next sign-in, and keeps a later holder of the address out', async () => {
    const account = await t.app.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', SSO_MADE)
      .executeTakeFirstOrThrow();
    const res = await signIn(SSO_MADE);
    expect(res.statusCode, res.body).toBe(200);
    const me = await t.app.inject({
      url: '/api/user/me',
      headers: { authorization: `Bearer ${res.json<TokenPair>().accessToken}` },
    });
    expect(me.json<Me>()).toMatchObject({ id: account.id, email: SSO_MADE, name: 'Made By Sso' });
    expect(await rowsOf(upgrade.db(), 'sso_identities')).toEqual([
      { issuer: provider.issuer, subject: SSO_MADE, user_id: account.id, created_at: expect.any(String) as string },
    ]);

    const other = await signIn(`${SSO_MADE}#someone-else`);
    expect(other.statusCode).toBe(403);
    expect(other.json<ErrorBody>()).toMatchObject({ code: 'SSO_REFUSED', messageId: 'people.sso.otherIdentity' });
  });
});
