import type { AuditPage, SecondFactors, TokenPair, TotpSetup } from '@cafe/shared';
import { Secret, TOTP } from 'otpauth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { captureLog } from '../../test-support/log-capture';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/test-app';

/** The start of a 30-second step, plus five seconds: every code below belongs to this step. */
const AT = '2026-11-24T03:00:05.000Z';

function codeOf(t: TestApp, secret: string): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: t.clock.now().getTime() });
}

/** An admin resets the second factors of a person who lost one (ASVS 6.4.4). */
describe('an admin resets the second factors of a person who lost one', () => {
  const log = captureLog();
  let t: TestApp;
  let admin: TestUser;
  let barista: TestUser;
  beforeEach(async () => {
    log.clear();
    t = await createTestApp({ clockNow: AT, env: { LOG_LEVEL: 'warn' }, logStream: log.stream });
    t.clock.freeze();
    admin = await t.createUser({ role: 'admin' });
    barista = await t.createUser({ role: 'barista' });
  });
  afterEach(async () => {
    await t.close();
  });

  const signIn = (who: TestUser) =>
    t.request('POST', '/api/auth/v2/login', undefined, { email: who.email, password: who.password });
  const reset = (id: number, who?: TestUser) => t.request('DELETE', `/api/user/${id}/second-factors`, who);

  /** An authenticator app and its ten recovery codes for `who`. */
  async function enrolTotp(who: TestUser): Promise<void> {
    const setup = (await t.request('POST', '/api/auth/second-factors/totp/setup', who)).json<TotpSetup>();
    const added = await t.request('POST', '/api/auth/second-factors/totp', who, {
      token: setup.token,
      code: codeOf(t, setup.secret),
    });
    expect(added.statusCode, added.body).toBe(201);
  }

  it('removes the app and recovery codes, ends the sessions, and records who did it', async () => {
    const before = await signIn(barista);
    expect(before.statusCode).toBe(200);
    const { refreshToken } = before.json<TokenPair>();
    await enrolTotp(barista);
    expect((await signIn(barista)).statusCode).toBe(202);

    const res = await reset(barista.id, admin);
    expect(res.statusCode, res.body).toBe(204);
    // A security event beside the audit entry: who reset whose factors, from where.
    const events = log.entries().filter((entry) => entry.security === 'second-factors-reset');
    expect(events).toEqual([expect.objectContaining({ userId: admin.id, targetUserId: barista.id })]);

    // Every session ended: the refresh token and the access token of before are refused.
    const refreshed = await t.request('POST', '/api/auth/refresh-token', undefined, { refreshToken });
    expect(refreshed.statusCode).toBe(401);
    expect((await t.request('GET', '/api/user/me', barista)).statusCode).toBe(401);
    // The password alone signs in again, and nothing of the factors is left.
    const after = await signIn(barista);
    expect(after.statusCode, after.body).toBe(200);
    const pair = after.json<TokenPair>();
    const factors = await t.app.inject({
      url: '/api/auth/second-factors',
      headers: { authorization: `Bearer ${pair.accessToken}` },
    });
    expect(factors.json<SecondFactors>()).toMatchObject({ factors: [], recoveryCodesLeft: 0, required: false });

    const audit = await t.request('GET', '/api/audit?action=user.second-factor.reset', admin);
    const [entry] = audit.json<AuditPage>().entries;
    expect(entry).toMatchObject({
      action: 'user.second-factor.reset',
      actor: { id: admin.id, name: admin.name },
      target: { type: 'user', id: String(barista.id) },
      before: { passkeys: 0, authenticatorApps: 1 },
    });
  });

  it('asks the person to set up a factor at their next sign-in while staff must have one', async () => {
    await enrolTotp(admin);
    const policy = await t.request('PUT', '/api/auth/second-factor-policy', admin, { requiredForStaff: true });
    expect(policy.statusCode, policy.body).toBe(200);
    await enrolTotp(barista);

    expect((await reset(barista.id, admin)).statusCode).toBe(204);

    const after = await signIn(barista);
    expect(after.statusCode, after.body).toBe(200);
    const headers = { authorization: `Bearer ${after.json<TokenPair>().accessToken}` };
    const orders = await t.app.inject({ url: '/api/order', headers });
    expect(orders.statusCode).toBe(403);
    expect(orders.json()).toMatchObject({ code: 'SECOND_FACTOR_MISSING' });
    const factors = await t.app.inject({ url: '/api/auth/second-factors', headers });
    expect(factors.json<SecondFactors>()).toMatchObject({ factors: [], required: true });
  });

  it('is for admins only: 401 without a token, 403 for a customer or barista', async () => {
    const user = await t.createUser();
    expect((await reset(user.id)).statusCode).toBe(401);
    expect((await reset(barista.id, user)).statusCode).toBe(403);
    expect((await reset(user.id, barista)).statusCode).toBe(403);
  });

  it('answers 404 for no such person', async () => {
    const res = await reset(999_999, admin);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses the admin their own account, as a change of their own role is', async () => {
    await enrolTotp(admin);
    const res = await reset(admin.id, admin);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You cannot reset your own second factors. Remove them in your profile, or ask another admin.',
    });
    expect((await signIn(admin)).statusCode).toBe(202);
  });

  it('answers 204 for a person without factors too', async () => {
    expect((await reset(barista.id, admin)).statusCode).toBe(204);
    expect((await reset(barista.id, admin)).statusCode).toBe(204);
    expect((await signIn(barista)).statusCode).toBe(200);
  });
});
