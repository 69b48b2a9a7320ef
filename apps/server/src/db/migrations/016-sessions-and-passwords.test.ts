import type { TokenPair } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test-support/test-app';
import { rowsOf, upgradeFrom, type Upgrade } from '../../test-support/upgrade-fixtures';

/** The last release before sessions and passwords (the migrations after 016 run too). */
const PREVIOUS_RELEASE = '015-counter-day';
const NEW_TABLES = ['password_resets'];

/**
 * Migration 016 on a database the release before wrote: every row is kept, no account has a
 * "tokens valid after" instant (their tokens keep working), and the people from before sign in,
 * sign out and change their password (their old one, 'password-123', was set before the policy).
 */
describe('migration 016: sessions and passwords, on a database written by the release before', () => {
  let upgrade: Upgrade;
  let t: TestApp;
  beforeAll(async () => {
    upgrade = await upgradeFrom(PREVIOUS_RELEASE, NEW_TABLES);
    ({ t } = upgrade);
  });
  afterAll(() => t.close());

  it('keeps every row of the release before; no account has an instant, and no reset link exists', async () => {
    await upgrade.expectRowsKept();
    const users = await rowsOf(upgrade.db(), 'users');
    expect(users.map((user) => user.tokens_valid_after)).toEqual(users.map(() => null));
    expect(await rowsOf(upgrade.db(), 'password_resets')).toEqual([]);
  });

  it('takes a token of before, ends it at logout, and changes the password of a person from before', async () => {
    const old = await t.app.ctx.tokens.sign(upgrade.written.user, 'user');
    const me = (token: string) => t.app.inject({ url: '/api/user/me', headers: { authorization: `Bearer ${token}` } });
    expect((await me(old)).statusCode).toBe(200);
    const login = await t.request('POST', '/api/auth/v2/login', undefined, {
      email: 'somchai@example.com',
      password: 'password-123',
    });
    expect(login.statusCode, login.body).toBe(200);
    const pair = login.json<TokenPair>();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${pair.accessToken}` },
      payload: { refreshToken: pair.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    expect((await me(old)).statusCode).toBe(401);

    const again = (
      await t.request('POST', '/api/auth/v2/login', undefined, {
        email: 'somchai@example.com',
        password: 'password-123',
      })
    ).json<TokenPair>();
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: { authorization: `Bearer ${again.accessToken}` },
      payload: { currentPassword: 'password-123', newPassword: 'kettle orbit lantern 42' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await me(changed.json<TokenPair>().accessToken)).statusCode).toBe(200);
  });
});
