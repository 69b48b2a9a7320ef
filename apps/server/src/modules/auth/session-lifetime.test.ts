import type { SessionList, TokenPair } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/test-app';

const DAY_MS = 24 * 3_600_000;

/**
 * ASVS 7.3.2 and 7.6.1: a session ends at its absolute lifetime however often it is used, and a
 * session made by single sign-on ends sooner, so the identity provider is asked again. Measured on
 * the test clock (frozen: only the test moves it).
 */
describe('absolute session lifetime', () => {
  let t: TestApp;
  let person: TestUser;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        ABSOLUTE_SESSION_TTL: String(3 * 24 * 3600),
        REFRESH_TOKEN_TTL: String(2 * 24 * 3600),
        SSO_SESSION_TTL: '3600',
      },
    });
    t.clock.freeze();
    person = await t.createUser();
  });
  afterAll(() => t.close());

  async function signIn(): Promise<TokenPair> {
    const res = await t.request('POST', '/api/auth/v2/login', undefined, {
      email: person.email,
      password: person.password,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TokenPair>();
  }
  const refresh = (pair: TokenPair) =>
    t.request('POST', '/api/auth/refresh-token', undefined, { refreshToken: pair.refreshToken });

  it('refuses to refresh past ABSOLUTE_SESSION_TTL, however recently the session was used', async () => {
    let pair = await signIn();
    const listed = (
      await t.app.inject({ url: '/api/auth/sessions', headers: { authorization: `Bearer ${pair.accessToken}` } })
    ).json<SessionList>();
    expect(listed.sessions[0]?.endsAt).toBe(new Date(t.clock.now().getTime() + 3 * DAY_MS).toISOString());
    // Used every day: each refresh alone would last two days more.
    for (let day = 1; day <= 2; day += 1) {
      t.clock.advance(DAY_MS);
      const res = await refresh(pair);
      expect(res.statusCode, `day ${day}`).toBe(200);
      pair = res.json<TokenPair>();
    }
    t.clock.advance(DAY_MS - 1000);
    const lastMoment = await refresh(pair);
    expect(lastMoment.statusCode).toBe(200);
    pair = lastMoment.json<TokenPair>();
    t.clock.advance(1000);
    const past = await refresh(pair);
    expect(past.statusCode).toBe(401);
    expect(past.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    // Signing in again starts a new session.
    expect((await refresh(await signIn())).statusCode).toBe(200);
  });

  it('ends a session made by single sign-on after SSO_SESSION_TTL, and leaves a password session going', async () => {
    const email = `sso-${person.id}@${t.config.companyEmailDomain}`;
    let sso = await t.app.ctx.services.auth.signInSingleSignOn({
      issuer: 'https://idp.example.com',
      subject: email,
      email,
      name: 'Sso Person',
    });
    let password = await signIn();
    t.clock.advance(59 * 60_000);
    const early = await refresh(sso);
    expect(early.statusCode).toBe(200);
    sso = early.json<TokenPair>();
    password = (await refresh(password)).json<TokenPair>();
    t.clock.advance(60_000);
    expect((await refresh(sso)).statusCode).toBe(401);
    expect((await refresh(password)).statusCode).toBe(200);
  });
});
