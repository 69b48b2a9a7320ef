import type { SessionList, SessionsEnded, TokenPair } from '@cafe/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectClient, createTestApp, nextDisconnect, type TestApp, type TestUser } from '../../test-support/test-app';

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** ASVS 7.5.2: a person sees their sessions and ends any or all of them, after proving it is them again. */
describe('sessions a person can see and end', () => {
  let t: TestApp;
  let person: TestUser;
  beforeEach(async () => {
    t = await createTestApp();
    t.clock.freeze();
    person = await t.createUser();
  });
  afterEach(() => t.close());

  async function signIn(userAgent: string, who: TestUser = person): Promise<TokenPair> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/v2/login',
      headers: { 'user-agent': userAgent },
      payload: { email: who.email, password: who.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TokenPair>();
  }
  const bearer = (pair: TokenPair | string) => ({
    authorization: `Bearer ${typeof pair === 'string' ? pair : pair.accessToken}`,
  });
  const list = (pair: TokenPair) => t.app.inject({ url: '/api/auth/sessions', headers: bearer(pair) });
  const refresh = (pair: TokenPair) =>
    t.request('POST', '/api/auth/refresh-token', undefined, { refreshToken: pair.refreshToken });
  const endOne = (pair: TokenPair, id: string, password?: string) =>
    t.request('POST', `/api/auth/sessions/${id}/end`, { auth: bearer(pair) } as TestUser, { password });
  const endOthers = (pair: TokenPair | string, password?: string) =>
    t.request('POST', '/api/auth/sessions/end-others', { auth: bearer(pair) } as TestUser, { password });

  it('lists one session per sign-in, with the device in plain words, its times, and this device marked', async () => {
    const phone = await signIn(CHROME_ANDROID);
    const signedInAt = t.clock.now().toISOString();
    t.clock.advance(60_000);
    const laptop = await signIn(FIREFOX_WINDOWS);
    t.clock.advance(60_000);
    const rotated = await refresh(phone);
    expect(rotated.statusCode).toBe(200);
    const res = await list(laptop);
    expect(res.statusCode).toBe(200);
    const body = res.json<SessionList>();
    expect(body.confirmWith).toBe('password');
    expect(body.sessions.map((s) => [s.device.label, s.current])).toEqual([
      ['Chrome on Android', false],
      ['Firefox on Windows', true],
    ]);
    const [phoneSession] = body.sessions;
    expect(phoneSession).toMatchObject({ createdAt: signedInAt, lastUsedAt: t.clock.now().toISOString() });
    // The phone, asking with its refreshed token, is "this device" in its own list.
    const fromPhone = (await list(rotated.json<TokenPair>())).json<SessionList>();
    expect(fromPhone.sessions.find((s) => s.current)?.device.label).toBe('Chrome on Android');
  });

  it('ends another session after the password: its next refresh is 401, and this device goes on', async () => {
    const phone = await signIn(SAFARI_IPHONE);
    const laptop = await signIn(FIREFOX_WINDOWS);
    const phoneId = (await list(laptop)).json<SessionList>().sessions.find((s) => !s.current)?.id ?? '';
    const wrong = await endOne(laptop, phoneId, 'not my password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD' });
    const missing = await endOne(laptop, phoneId);
    expect(missing.json()).toMatchObject({ code: 'WRONG_PASSWORD' });

    const ended = await endOne(laptop, phoneId, person.password);
    expect(ended.statusCode, ended.body).toBe(200);
    const answer = ended.json<SessionsEnded>();
    expect(answer.ended).toBe(1);
    expect((await refresh(phone)).statusCode).toBe(401);
    const me = await t.app.inject({ url: '/api/user/me', headers: bearer(answer.accessToken) });
    expect(me.statusCode).toBe(200);
    expect((await refresh(laptop)).statusCode).toBe(200);
    // Ended already: nothing of the caller's is live by that id.
    expect((await endOne({ ...laptop, accessToken: answer.accessToken }, phoneId, person.password)).statusCode).toBe(
      404,
    );
  });

  it("ends every other session but this device's", async () => {
    const phone = await signIn(CHROME_ANDROID);
    const tablet = await signIn(SAFARI_IPHONE);
    const laptop = await signIn(FIREFOX_WINDOWS);
    const res = await endOthers(laptop, person.password);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<SessionsEnded>();
    expect(answer.ended).toBe(2);
    expect((await refresh(phone)).statusCode).toBe(401);
    expect((await refresh(tablet)).statusCode).toBe(401);
    const left = (await list({ ...laptop, accessToken: answer.accessToken })).json<SessionList>();
    expect(left.sessions.map((s) => [s.device.label, s.current])).toEqual([['Firefox on Windows', true]]);
  });

  it('drops the live connection of every device of the person when a session ends', async () => {
    const phone = await signIn(CHROME_ANDROID);
    const laptop = await signIn(FIREFOX_WINDOWS);
    const socket = await connectClient(await t.listen(), phone.accessToken);
    try {
      const dropped = nextDisconnect(socket);
      expect((await endOthers(laptop, person.password)).statusCode).toBe(200);
      expect(await dropped).toBe('io server disconnect');
      // Its token is refused now, and it cannot refresh: the phone is signed out.
      const again = await t.app.inject({ url: '/api/user/me', headers: bearer(phone) });
      expect(again.statusCode).toBe(401);
      expect((await refresh(phone)).statusCode).toBe(401);
    } finally {
      socket.disconnect();
    }
  });

  it('does not end the session of someone else', async () => {
    const other = await t.createUser();
    const theirs = await signIn(CHROME_ANDROID, other);
    const theirId = (await list(theirs)).json<SessionList>().sessions[0]?.id ?? '';
    const mine = await signIn(FIREFOX_WINDOWS);
    const res = await endOne(mine, theirId, person.password);
    expect(res.statusCode).toBe(404);
    expect((await refresh(theirs)).statusCode).toBe(200);
  });

  it('asks an account without a password for a sign-in of the last 10 minutes instead', async () => {
    const email = `sso-${person.id}@${t.config.companyEmailDomain}`;
    const first = await t.app.ctx.services.auth.signInSingleSignOn({
      issuer: 'https://idp.example.com',
      subject: email,
      email,
      name: 'Sso Person',
    });
    t.clock.advance(60_000);
    const second = await t.app.ctx.services.auth.signInSingleSignOn({
      issuer: 'https://idp.example.com',
      subject: email,
      email,
      name: 'Sso Person',
    });
    const listed = (await list(second)).json<SessionList>();
    expect(listed.confirmWith).toBe('recent-sign-in');
    expect(listed.recentSignInUntil).toBe(new Date(t.clock.now().getTime() + 10 * 60_000).toISOString());
    expect(listed.sessions.map((s) => s.signInMethod)).toEqual(['sso', 'sso']);

    // The first device signed in 10.5 minutes ago: not recent enough.
    t.clock.advance(9.5 * 60_000);
    const stale = await endOthers(first);
    expect(stale.statusCode).toBe(403);
    expect(stale.json<{ message: string }>().message).toMatch(/sign in again/i);
    expect((await list(first)).json<SessionList>().recentSignInUntil).toBeNull();
    // The second signed in 9.5 minutes ago: it may.
    const fresh = await endOthers(second);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json<SessionsEnded>().ended).toBe(1);
    expect((await refresh(first)).statusCode).toBe(401);
  });
});
