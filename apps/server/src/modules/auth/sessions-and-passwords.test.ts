import type { AuditPage, ErrorBody, TokenPair } from '@cafe/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/test-app';

const STRONG = 'correct horse battery';
const ANOTHER_STRONG = 'kettle orbit lantern 42';

/** Sessions end when the person says so (ASVS 7.4.1, 7.4.2), and passwords are hard to guess (6.2.4, 6.2.11). */
describe('sessions and passwords', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const me = (accessToken: string) =>
    t.app.inject({ url: '/api/user/me', headers: { authorization: `Bearer ${accessToken}` } });
  async function signIn(user: { email: string; password: string }): Promise<TokenPair> {
    const res = await t.request('POST', '/api/auth/v2/login', undefined, {
      email: user.email,
      password: user.password,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TokenPair>();
  }
  const logout = (pair: TokenPair) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${pair.accessToken}` },
      payload: { refreshToken: pair.refreshToken },
    });
  const refresh = (pair: TokenPair) =>
    t.request('POST', '/api/auth/refresh-token', undefined, { refreshToken: pair.refreshToken });

  describe('logout', () => {
    it('ends the access token at once, and asks the browser to clear its cache and cookies', async () => {
      const user = await t.createUser();
      const pair = await signIn(user);
      expect((await me(pair.accessToken)).statusCode).toBe(200);
      const out = await logout(pair);
      expect(out.statusCode).toBe(204);
      expect(out.headers['clear-site-data']).toContain('"cache"');
      expect(out.headers['clear-site-data']).toContain('"cookies"');
      const after = await me(pair.accessToken);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    });

    it('lets a sign-in in the same millisecond as the logout work, and keeps the old token refused', async () => {
      t.clock.freeze();
      const user = await t.createUser();
      const first = await signIn(user);
      expect((await logout(first)).statusCode).toBe(204);
      const second = await signIn(user);
      expect((await me(second.accessToken)).statusCode).toBe(200);
      expect((await me(first.accessToken)).statusCode).toBe(401);
      // Twice more, still in the same millisecond: each logout ends what came before it.
      expect((await logout(second)).statusCode).toBe(204);
      const third = await signIn(user);
      expect((await me(second.accessToken)).statusCode).toBe(401);
      expect((await me(third.accessToken)).statusCode).toBe(200);
    });

    it("lets the person's other device refresh silently and go on", async () => {
      const user = await t.createUser();
      const phone = await signIn(user);
      const laptop = await signIn(user);
      expect((await logout(phone)).statusCode).toBe(204);
      expect((await me(laptop.accessToken)).statusCode).toBe(401);
      const renewed = await refresh(laptop);
      expect(renewed.statusCode, renewed.body).toBe(200);
      expect((await me(renewed.json<TokenPair>().accessToken)).statusCode).toBe(200);
      expect((await refresh(phone)).statusCode).toBe(401);
    });
  });

  it('does not bring back the old access token of a disabled person enabled again', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const user = await t.createUser();
    const pair = await signIn(user);
    const disable = await t.request('PATCH', `/api/user/${user.id}`, admin, { isAvailable: 'unavailable' });
    expect(disable.statusCode, disable.body).toBe(200);
    expect((await me(pair.accessToken)).statusCode).toBe(401);
    const enable = await t.request('PATCH', `/api/user/${user.id}`, admin, { isAvailable: 'available' });
    expect(enable.statusCode, enable.body).toBe(200);
    expect((await me(pair.accessToken)).statusCode).toBe(401);
    expect((await me((await signIn(user)).accessToken)).statusCode).toBe(200);
  });

  describe('registration', () => {
    it.each([
      ['a common password', () => 'password'],
      ['digits in a row', () => '12345678'],
      ['the e-mail address itself', (email: string) => email],
      ["the company's name", () => 'example.com'],
    ])('refuses %s with WEAK_PASSWORD saying why', async (_what, password) => {
      const email = `ann.lee${Math.random().toString(36).slice(2, 6)}@example.com`;
      const res = await t.request('POST', '/api/auth/register', undefined, {
        name: 'Ann Lee',
        email,
        password: password(email),
      });
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json<{ code: string; message: string }>();
      expect(body.code).toBe('WEAK_PASSWORD');
      // Why: leaked elsewhere, made of the person's or the company's words, or guessed by the estimator.
      expect(body.message).toMatch(/leaked from other websites|made of your name|too easy to guess/);
    });

    it('takes a password that is hard to guess', async () => {
      const res = await t.request('POST', '/api/auth/register', undefined, {
        name: 'Ann Lee',
        email: 'ann.lee@example.com',
        password: STRONG,
      });
      expect(res.statusCode, res.body).toBe(201);
    });
  });

  describe('change of password', () => {
    let user: TestUser;
    beforeEach(async () => {
      user = await t.createUser();
    });
    const change = (accessToken: string, body: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/password',
        headers: { authorization: `Bearer ${accessToken}` },
        payload: body,
      });

    it('asks the current password, ends every other session, and keeps this device signed in', async () => {
      const here = await signIn(user);
      const elsewhere = await signIn(user);
      const wrong = await change(here.accessToken, { currentPassword: 'not-my-password', newPassword: STRONG });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD' });

      const res = await change(here.accessToken, { currentPassword: user.password, newPassword: STRONG });
      expect(res.statusCode, res.body).toBe(200);
      const fresh = res.json<TokenPair>();
      expect((await me(fresh.accessToken)).statusCode).toBe(200);
      expect((await refresh(fresh)).statusCode).toBe(200);
      // The other device: its access token and its refresh token both end.
      expect((await me(elsewhere.accessToken)).statusCode).toBe(401);
      expect((await refresh(elsewhere)).statusCode).toBe(401);
      // The old password no longer signs in; the new one does.
      const old = await t.request('POST', '/api/auth/v2/login', undefined, {
        email: user.email,
        password: user.password,
      });
      expect(old.statusCode).toBe(401);
      await signIn({ email: user.email, password: STRONG });
    });

    it('refuses a weak new password with the reason', async () => {
      const here = await signIn(user);
      const res = await change(here.accessToken, { currentPassword: user.password, newPassword: user.email });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'WEAK_PASSWORD' });
    });

    it('is in the audit log, without the password', async () => {
      const admin = await t.createUser({ role: 'admin' });
      const here = await signIn(user);
      expect(
        (await change(here.accessToken, { currentPassword: user.password, newPassword: ANOTHER_STRONG })).statusCode,
      ).toBe(200);
      const log = await t.request('GET', '/api/audit?action=user.password', admin);
      expect(log.statusCode, log.body).toBe(200);
      const entries = log.json<AuditPage>().entries;
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ action: 'user.password', target: { type: 'user', id: String(user.id) } });
      expect(log.body).not.toContain(ANOTHER_STRONG);
    });

    it('answers 409 NO_PASSWORD for an account that signs in with the company sign-in only', async () => {
      const sso = await t.app.ctx.services.auth.signInSingleSignOn({
        issuer: 'https://id.example.com',
        subject: 'sso-only',
        email: 'sso.only@example.com',
        name: 'Sso Only',
      });
      const res = await change(sso.accessToken, { currentPassword: 'anything', newPassword: STRONG });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'NO_PASSWORD' });
    });
  });

  it("refuses a site's name as a password, run together or spaced, in any case, as soon as an admin creates the site", async () => {
    const admin = await t.createUser({ role: 'admin' });
    const site = await t.request('POST', '/api/sites', admin, {
      name: 'Zentrovask Quillery',
      latitude: 13.75,
      longitude: 100.5,
      radiusKm: 0.5,
      timeZone: 'Asia/Bangkok',
    });
    expect(site.statusCode, site.body).toBe(201);
    const refusedAsPersonal = (res: { statusCode: number; json: <T>() => T }) => {
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>()).toMatchObject({ code: 'WEAK_PASSWORD', messageId: 'people.password.personal' });
      expect(res.json<ErrorBody>().message).toMatch(/made of your name, your e-mail address, the company, its sites/);
    };

    for (const password of ['ZentrovaskQuillery', 'zentrovask quillery', 'ZENTROVASKQUILLERY']) {
      const email = `kim.ra${Math.random().toString(36).slice(2, 6)}@example.com`;
      const res = await t.request('POST', '/api/auth/register', undefined, { name: 'Kim Ra', email, password });
      refusedAsPersonal(res);
    }

    const user = await t.createUser();
    const here = await signIn(user);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: { authorization: `Bearer ${here.accessToken}` },
      payload: { currentPassword: user.password, newPassword: 'ZentrovaskQuillery' },
    });
    refusedAsPersonal(change);
  });

  it('answers 404 to the reset routes when e-mail is not configured', async () => {
    const ask = await t.request('POST', '/api/auth/password-reset', undefined, { email: 'someone@example.com' });
    expect(ask.statusCode).toBe(404);
    expect(ask.json<{ message: string }>().message).toMatch(/not configured/);
    const confirm = await t.request('POST', '/api/auth/password-reset/confirm', undefined, {
      token: 'x'.repeat(43),
      password: STRONG,
    });
    expect(confirm.statusCode).toBe(404);
  });
});
