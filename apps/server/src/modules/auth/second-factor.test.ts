import type { AuditPage, FactorAdded, SecondFactorPending, SecondFactors, TokenPair, TotpSetup } from '@cafe/shared';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpReceiver } from '../../test-support/receivers';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/test-app';
import { newEmailLink } from './email-link';

/** The start of a 30-second step, plus five seconds: every code below belongs to this step. */
const AT = '2026-11-24T03:00:05.000Z';

/** The code an authenticator app with this secret shows at the test clock's instant (plus `steps` steps). */
function codeOf(t: TestApp, secret: string, steps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: t.clock.now().getTime() + steps * 30_000 });
}

/** A second factor for password accounts (ASVS 6.3.3). */
describe('second factor', () => {
  let t: TestApp;
  let user: TestUser;
  beforeEach(async () => {
    t = await createTestApp({ clockNow: AT });
    t.clock.freeze();
    user = await t.createUser();
  });
  afterEach(async () => {
    await t.close();
  });

  const signIn = (who: { email: string; password: string }) =>
    t.request('POST', '/api/auth/v2/login', undefined, { email: who.email, password: who.password });
  const factorStep = (body: Record<string, unknown>) => t.request('POST', '/api/auth/second-factor', undefined, body);

  /** Sets up an authenticator app for `who`: answers its secret and the recovery codes. */
  async function enrolTotp(who: TestUser): Promise<{ secret: string; added: FactorAdded }> {
    const setup = await t.request('POST', '/api/auth/second-factors/totp/setup', who);
    expect(setup.statusCode, setup.body).toBe(200);
    const { token, secret, uri } = setup.json<TotpSetup>();
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(uri).toContain(`secret=${secret}`);
    const res = await t.request('POST', '/api/auth/second-factors/totp', who, { token, code: codeOf(t, secret) });
    expect(res.statusCode, res.body).toBe(201);
    return { secret, added: res.json<FactorAdded>() };
  }

  async function pendingSignIn(who: TestUser): Promise<string> {
    const res = await signIn(who);
    expect(res.statusCode, res.body).toBe(202);
    const body = res.json<SecondFactorPending & Partial<TokenPair>>();
    expect(body.accessToken).toBeUndefined();
    expect(body.refreshToken).toBeUndefined();
    expect(body.secondFactor.methods).toEqual(['totp']);
    return body.secondFactor.token;
  }

  it('leaves the sign-in answer of an account without a factor as it was: the token pair', async () => {
    const res = await signIn(user);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json<TokenPair>()).sort()).toEqual(['accessToken', 'refreshToken']);
  });

  describe('an authenticator app', () => {
    it('is confirmed by its first code, and comes with ten recovery codes shown once', async () => {
      const setup = (await t.request('POST', '/api/auth/second-factors/totp/setup', user)).json<TotpSetup>();
      const wrong = await t.request('POST', '/api/auth/second-factors/totp', user, {
        token: setup.token,
        code: codeOf(t, setup.secret, 10),
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'SECOND_FACTOR_FAILED' });
      const right = await t.request('POST', '/api/auth/second-factors/totp', user, {
        token: setup.token,
        code: codeOf(t, setup.secret),
      });
      expect(right.statusCode).toBe(201);
      const added = right.json<FactorAdded>();
      expect(added.factor).toMatchObject({ kind: 'totp', name: 'Authenticator app' });
      expect(added.recoveryCodes).toHaveLength(10);
      const list = (await t.request('GET', '/api/auth/second-factors', user)).json<SecondFactors>();
      expect(list).toMatchObject({ recoveryCodesLeft: 10, required: false, hasPassword: true });
      expect(JSON.stringify(list)).not.toContain(setup.secret);
      expect(JSON.stringify(list)).not.toContain(added.recoveryCodes?.[0]);
    });

    it('makes the password step answer 202 without tokens; the code then gives the token pair', async () => {
      const { secret } = await enrolTotp(user);
      t.clock.advance(30_000);
      const token = await pendingSignIn(user);
      const res = await factorStep({ token, code: codeOf(t, secret) });
      expect(res.statusCode, res.body).toBe(200);
      const pair = res.json<TokenPair>();
      const me = await t.app.inject({ url: '/api/user/me', headers: { authorization: `Bearer ${pair.accessToken}` } });
      expect(me.json()).toMatchObject({ id: user.id });
    });

    it('refuses a wrong code, and a code used once already in the same 30 seconds', async () => {
      const { secret } = await enrolTotp(user);
      t.clock.advance(30_000);
      const code = codeOf(t, secret);
      const first = await pendingSignIn(user);
      const wrong = await factorStep({ token: first, code: code === '000000' ? '111111' : '000000' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({ code: 'SECOND_FACTOR_FAILED' });
      expect((await factorStep({ token: first, code })).statusCode).toBe(200);
      const second = await pendingSignIn(user);
      const replayed = await factorStep({ token: second, code });
      expect(replayed.statusCode).toBe(401);
      expect(replayed.json()).toMatchObject({ code: 'SECOND_FACTOR_FAILED' });
    });

    it('does not take the code that confirmed the app for a sign-in', async () => {
      const { secret } = await enrolTotp(user);
      const token = await pendingSignIn(user);
      expect((await factorStep({ token, code: codeOf(t, secret) })).statusCode).toBe(401);
    });

    it('refuses a code of a step long past: a code lives 30 seconds (one step either side for a clock a little off)', async () => {
      const { secret } = await enrolTotp(user);
      t.clock.advance(120_000);
      const token = await pendingSignIn(user);
      expect((await factorStep({ token, code: codeOf(t, secret, -3) })).statusCode).toBe(401);
      expect((await factorStep({ token, code: codeOf(t, secret, -1) })).statusCode).toBe(200);
    });

    it('ends a pending sign-in after five wrong codes, and after five minutes', async () => {
      const { secret } = await enrolTotp(user);
      t.clock.advance(30_000);
      const token = await pendingSignIn(user);
      for (let i = 0; i < 5; i += 1) expect((await factorStep({ token, code: '000001' })).statusCode).toBe(401);
      const after = await factorStep({ token, code: codeOf(t, secret) });
      expect(after.statusCode).toBe(401);
      expect(after.json()).toMatchObject({ code: 'UNAUTHENTICATED' });

      const late = await pendingSignIn(user);
      t.clock.advance(5 * 60_000 + 1000);
      expect((await factorStep({ token: late, code: codeOf(t, secret) })).json()).toMatchObject({
        code: 'UNAUTHENTICATED',
      });
    });
  });

  it('refuses the factor step without the pending token, or with one made up', async () => {
    const { secret } = await enrolTotp(user);
    t.clock.advance(30_000);
    const missing = await factorStep({ code: codeOf(t, secret) });
    expect(missing.statusCode).toBe(400);
    const madeUp = await factorStep({ token: 'x'.repeat(43), code: codeOf(t, secret) });
    expect(madeUp.statusCode).toBe(401);
    expect(madeUp.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  describe('recovery codes', () => {
    it('are ten different codes of 24 random letters and digits (120 bits), none stored as given', async () => {
      const { added } = await enrolTotp(user);
      const codes = added.recoveryCodes ?? [];
      expect(new Set(codes).size).toBe(10);
      for (const code of codes) expect(code).toMatch(/^[a-z2-7]{6}(-[a-z2-7]{6}){3}$/);
      const stored = await t.app.ctx.db.selectFrom('recovery_codes').select('code_hash').execute();
      expect(stored).toHaveLength(10);
      for (const { code_hash } of stored) {
        expect(code_hash).toMatch(/^[0-9a-f]{64}$/);
        expect(codes.map((c) => c.replace(/-/g, ''))).not.toContain(code_hash);
      }
    });

    it('stand in for the factor once each', async () => {
      const { added } = await enrolTotp(user);
      const code = added.recoveryCodes?.[0] ?? '';
      const first = await factorStep({ token: await pendingSignIn(user), recoveryCode: code.toUpperCase() });
      expect(first.statusCode, first.body).toBe(200);
      const again = await factorStep({ token: await pendingSignIn(user), recoveryCode: code });
      expect(again.statusCode).toBe(401);
      expect(again.json()).toMatchObject({ code: 'SECOND_FACTOR_FAILED' });
      const list = (await t.request('GET', '/api/auth/second-factors', user)).json<SecondFactors>();
      expect(list.recoveryCodesLeft).toBe(9);
    });

    it('are new when asked with the password; the earlier ones stop working', async () => {
      const { added } = await enrolTotp(user);
      const wrong = await t.request('POST', '/api/auth/recovery-codes', user, { password: 'not-it' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD' });
      const res = await t.request('POST', '/api/auth/recovery-codes', user, { password: user.password });
      expect(res.statusCode).toBe(200);
      const fresh = res.json<{ recoveryCodes: string[] }>().recoveryCodes;
      expect(fresh).toHaveLength(10);
      const old = await factorStep({ token: await pendingSignIn(user), recoveryCode: added.recoveryCodes?.[1] });
      expect(old.statusCode).toBe(401);
      expect((await factorStep({ token: await pendingSignIn(user), recoveryCode: fresh[0] })).statusCode).toBe(200);
    });
  });

  it('removes a factor only with the password; without one, sign-in gives the token pair again', async () => {
    const { added } = await enrolTotp(user);
    const url = `/api/auth/second-factors/${added.factor.id}`;
    const wrong = await t.request('DELETE', url, user, { password: 'not-it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD' });
    expect((await t.request('DELETE', url, user, {})).statusCode).toBe(400);
    expect((await t.request('DELETE', url, user, { password: user.password })).statusCode).toBe(204);
    expect((await signIn(user)).statusCode).toBe(200);
    const list = (await t.request('GET', '/api/auth/second-factors', user)).json<SecondFactors>();
    expect(list).toMatchObject({ factors: [], recoveryCodesLeft: 0 });
  });

  it('records adding and removing a factor and using a recovery code in the audit log, without secrets', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const { secret, added } = await enrolTotp(user);
    await factorStep({ token: await pendingSignIn(user), recoveryCode: added.recoveryCodes?.[0] });
    await t.request('DELETE', `/api/auth/second-factors/${added.factor.id}`, user, { password: user.password });
    const log = await t.request('GET', '/api/audit?action=user', admin);
    const actions = log.json<AuditPage>().entries.map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['user.second-factor.add', 'user.recovery-code.use', 'user.second-factor.remove']),
    );
    expect(log.body).not.toContain(secret);
    expect(log.body).not.toContain(added.recoveryCodes?.[0]);
  });

  it('has nothing to set up for a single sign-on account (409 NO_PASSWORD)', async () => {
    const sso = await t.app.ctx.services.auth.signInSingleSignOn({
      issuer: 'https://idp.example.com',
      subject: 'sso.person@example.com',
      email: 'sso.person@example.com',
      name: 'Sso Person',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/second-factors/totp/setup',
      headers: { authorization: `Bearer ${sso.accessToken}` },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'NO_PASSWORD' });
  });

  describe('required of baristas and admins', () => {
    it('refuses a barista without a factor everything but enrolling, until they enrol one', async () => {
      const admin = await t.createUser({ role: 'admin' });
      const barista = await t.createUser({ role: 'barista' });
      expect((await t.request('GET', '/api/order', barista)).statusCode).toBe(200);
      const set = await t.request('PUT', '/api/auth/second-factor-policy', admin, { requiredForStaff: true });
      expect(set.statusCode, set.body).toBe(200);

      // The public reads and their own profile still answer: the profile is where they enrol.
      expect((await t.request('GET', '/api/cafe-status', barista)).statusCode).toBe(200);
      expect((await t.request('GET', '/api/user/me', barista)).statusCode).toBe(200);
      expect((await t.request('GET', '/api/user/notifications', barista)).statusCode).toBe(200);
      const refused = await t.request('GET', '/api/order', barista);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'SECOND_FACTOR_MISSING' });
      // The admin who set it is under it too.
      expect((await t.request('GET', '/api/audit', admin)).statusCode).toBe(403);
      // A customer is not asked.
      expect((await t.request('GET', '/api/order/history/user', user)).statusCode).toBe(200);
      const list = (await t.request('GET', '/api/auth/second-factors', barista)).json<SecondFactors>();
      expect(list.required).toBe(true);

      await enrolTotp(barista);
      expect((await t.request('GET', '/api/order', barista)).statusCode).toBe(200);
    });

    it('does not ask it of a single sign-on admin: their provider handles it', async () => {
      const admin = await t.createUser({ role: 'admin' });
      await enrolTotp(admin);
      await t.request('PUT', '/api/auth/second-factor-policy', admin, { requiredForStaff: true });
      await t.app.ctx.services.auth.signInSingleSignOn({
        issuer: 'https://idp.example.com',
        subject: 'sso.admin@example.com',
        email: 'sso.admin@example.com',
        name: 'Sso Admin',
      });
      const id = (await t.app.ctx.services.users.findActiveByEmail('sso.admin@example.com'))?.id ?? 0;
      const made = await t.app.inject({
        method: 'PATCH',
        url: `/api/user/${id}`,
        headers: { authorization: `Bearer ${await t.app.ctx.tokens.sign(admin.id, 'admin')}` },
        payload: { role: 'admin' },
      });
      expect(made.statusCode, made.body).toBe(200);
      const pair = await t.app.ctx.services.auth.signInSingleSignOn({
        issuer: 'https://idp.example.com',
        subject: 'sso.admin@example.com',
        email: 'sso.admin@example.com',
        name: 'Sso Admin',
      });
      const res = await t.app.inject({ url: '/api/audit', headers: { authorization: `Bearer ${pair.accessToken}` } });
      expect(res.statusCode).toBe(200);
    });

    it('is an admin setting: a barista cannot change it', async () => {
      const barista = await t.createUser({ role: 'barista' });
      expect(
        (await t.request('PUT', '/api/auth/second-factor-policy', barista, { requiredForStaff: true })).statusCode,
      ).toBe(403);
    });
  });
});

/** A password reset sets a new password; it does not take the second factor away (ASVS 6.4.3). */
describe('second factor and a password reset', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({
      clockNow: AT,
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Office Cafe <cafe@example.com>', PUBLIC_URL: 'https://cafe.example.com' },
    });
    t.clock.freeze();
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('still asks the factor after the password was reset by a link', async () => {
    const user = await t.createUser();
    const setup = (await t.request('POST', '/api/auth/second-factors/totp/setup', user)).json<TotpSetup>();
    const added = await t.request('POST', '/api/auth/second-factors/totp', user, {
      token: setup.token,
      code: codeOf(t, setup.secret),
    });
    expect(added.statusCode).toBe(201);
    const link = newEmailLink(t.clock.now(), 30);
    await t.app.ctx.db
      .insertInto('password_resets')
      .values({ user_id: user.id, ...link.row })
      .execute();
    const reset = await t.request('POST', '/api/auth/password-reset/confirm', undefined, {
      token: link.token,
      password: 'kettle orbit lantern 42',
    });
    expect(reset.statusCode, reset.body).toBe(204);
    const res = await t.request('POST', '/api/auth/v2/login', undefined, {
      email: user.email,
      password: 'kettle orbit lantern 42',
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).not.toHaveProperty('accessToken');
  });
});
