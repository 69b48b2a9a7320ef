import { MESSAGES, type ErrorBody, type TokenPair } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../users/users.repository';
import { createTestApp, type TestApp } from '../../test-support/test-app';

let counter = 0;
function uniqueEmail(domain = 'example.com'): string {
  counter += 1;
  return `person${counter}-${Date.now().toString(36)}@${domain}`;
}

describe('auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const register = (body: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body as object });
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/v2/login', payload: { email, password } });
  const refresh = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken } });
  const me = (accessToken: string) =>
    t.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${accessToken}` } });

  describe('POST /api/auth/register', () => {
    it('creates a user with role user and lets them sign in', async () => {
      const email = uniqueEmail();
      const res = await register({ name: 'New Person', email: `  ${email.toUpperCase()} `, password: 'long-enough-1' });
      expect(res.statusCode).toBe(201);
      const { id, ...user } = res.json<{ id: unknown }>();
      expect(typeof id).toBe('number');
      expect(user).toEqual({ name: 'New Person', email, role: 'user', isAvailable: 'available', team: null });
      expect(JSON.stringify(user)).not.toMatch(/password|hash/i);

      const signIn = await login(email, 'long-enough-1');
      expect(signIn.statusCode).toBe(200);
    });

    it('refuses a known e-mail with 409 EMAIL_TAKEN, whatever its case', async () => {
      const email = uniqueEmail();
      expect((await register({ name: 'First', email, password: 'correct horse battery' })).statusCode).toBe(201);
      const again = await register({ name: 'Second', email: email.toUpperCase(), password: 'kettle orbit lantern 42' });
      expect(again.statusCode).toBe(409);
      expect(again.json<ErrorBody>()).toMatchObject({ statusCode: 409, code: 'EMAIL_TAKEN', error: 'Conflict' });
    });

    it('lets only one of two simultaneous registrations with the same e-mail through', async () => {
      const email = uniqueEmail();
      const results = await Promise.all([
        register({ name: 'Racer One', email, password: 'correct horse battery' }),
        register({ name: 'Racer Two', email, password: 'correct horse battery' }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(results.find((r) => r.statusCode === 409)?.json<ErrorBody>().code).toBe('EMAIL_TAKEN');
    });

    it('turns the database unique violation into "taken" rather than a failure', async () => {
      // The path a registration takes when a concurrent one commits between its check and its insert.
      const user = await t.createUser();
      const now = new Date().toISOString();
      const duplicate = await insertUser(t.app.ctx.db, {
        name: 'Duplicate',
        email: user.email,
        password_hash: 'x',
        role: 'user',
        created_at: now,
        updated_at: now,
      });
      expect(duplicate).toBeNull();
    });

    it('refuses an e-mail outside the company domain with 403 EMAIL_DOMAIN', async () => {
      const res = await register({
        name: 'Outsider',
        email: uniqueEmail('gmail.com'),
        password: 'correct horse battery',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json<ErrorBody>()).toMatchObject({
        code: 'EMAIL_DOMAIN',
        message: MESSAGES.emailDomain('example.com'),
      });
      expect(res.json<ErrorBody>().message).toBe('only accept @example.com');
    });

    it('names the field of an invalid body', async () => {
      const noEmail = await register({ name: 'No Mail', password: 'correct horse battery' });
      expect(noEmail.statusCode).toBe(400);
      expect(noEmail.json<ErrorBody>().code).toBe('VALIDATION');
      expect(noEmail.json<ErrorBody>().message).toMatch(/email/);

      const badEmail = await register({ name: 'Bad Mail', email: 'not-an-email', password: 'correct horse battery' });
      expect(badEmail.statusCode).toBe(400);
      expect(badEmail.json<ErrorBody>().message).toMatch(/email/);

      const longName = await register({
        name: 'x'.repeat(21),
        email: uniqueEmail(),
        password: 'correct horse battery',
      });
      expect(longName.statusCode).toBe(400);
      expect(longName.json<ErrorBody>().message).toMatch(/^name/);

      const blankName = await register({ name: '   ', email: uniqueEmail(), password: 'correct horse battery' });
      expect(blankName.statusCode).toBe(400);
      expect(blankName.json<ErrorBody>().message).toContain(MESSAGES.nameEmpty);
    });

    it('refuses a password shorter than 8 characters', async () => {
      const res = await register({ name: 'Short Pw', email: uniqueEmail(), password: 'short' });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>()).toMatchObject({ code: 'VALIDATION' });
      expect(res.json<ErrorBody>().message).toMatch(/password.*at least 8/);
    });
  });

  describe('POST /api/auth/v2/login', () => {
    it('returns a token pair whose access token identifies the user', async () => {
      const user = await t.createUser({ name: 'Signer' });
      const res = await login(user.email, user.password);
      expect(res.statusCode).toBe(200);
      const pair = res.json<TokenPair>();
      expect(Object.keys(pair).sort()).toEqual(['accessToken', 'refreshToken']);
      expect(typeof pair.accessToken).toBe('string');
      expect(typeof pair.refreshToken).toBe('string');
      const profile = await me(pair.accessToken);
      expect(profile.statusCode).toBe(200);
      expect(profile.json()).toEqual({
        id: user.id,
        email: user.email,
        name: 'Signer',
        role: 'user',
        homeSiteId: null,
        staffSiteIds: [],
        avoids: [],
        healthConsent: { given: false, version: null, givenAt: null, withdrawnAt: null },
        avoidsAwaitingConsent: [],
      });
    });

    it('stores only a hash of the refresh token', async () => {
      const user = await t.createUser();
      const pair = (await login(user.email, user.password)).json<TokenPair>();
      const rows = await t.app.ctx.db
        .selectFrom('refresh_tokens')
        .select('token_hash')
        .where('user_id', '=', user.id)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.token_hash).not.toBe(pair.refreshToken);
    });

    it('answers a wrong password with 401 and the sign-in message', async () => {
      const user = await t.createUser();
      const res = await login(user.email, 'wrong-password');
      expect(res.statusCode).toBe(401);
      expect(res.json<ErrorBody>()).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Email or Password incorrect.' });
    });

    it('answers an unknown e-mail exactly like a wrong password', async () => {
      const res = await login(uniqueEmail(), 'password-123');
      expect(res.statusCode).toBe(401);
      expect(res.json<ErrorBody>()).toMatchObject({ code: 'UNAUTHENTICATED', message: MESSAGES.loginFailed });
    });

    it('refuses an e-mail outside the company domain with 403 EMAIL_DOMAIN', async () => {
      const res = await login(uniqueEmail('other.org'), 'password-123');
      expect(res.statusCode).toBe(403);
      expect(res.json<ErrorBody>()).toMatchObject({ code: 'EMAIL_DOMAIN', message: 'only accept @example.com' });
    });

    it('names the field of an invalid body', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/v2/login', payload: { email: uniqueEmail() } });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>()).toMatchObject({ code: 'VALIDATION' });
      expect(res.json<ErrorBody>().message).toMatch(/password/);
    });

    it('marks the user push-active again', async () => {
      const user = await t.createUser();
      await t.app.ctx.db.updateTable('users').set({ push_status: 'INACTIVE' }).where('id', '=', user.id).execute();
      expect((await login(user.email, user.password)).statusCode).toBe(200);
      const row = await t.app.ctx.db
        .selectFrom('users')
        .select('push_status')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row.push_status).toBe('ACTIVE');
    });
  });

  describe('POST /api/auth/refresh-token', () => {
    it('rotates: a new pair comes back and the old refresh token stops working', async () => {
      const user = await t.createUser();
      const first = (await login(user.email, user.password)).json<TokenPair>();

      const rotated = await refresh(first.refreshToken);
      expect(rotated.statusCode).toBe(200);
      const second = rotated.json<TokenPair>();
      expect(second.refreshToken).not.toBe(first.refreshToken);
      expect((await me(second.accessToken)).json()).toMatchObject({ id: user.id });

      const replay = await refresh(first.refreshToken);
      expect(replay.statusCode).toBe(401);
      expect(replay.json<ErrorBody>().code).toBe('UNAUTHENTICATED');
    });

    it('treats a rotated token presented again as theft and ends the whole session', async () => {
      const user = await t.createUser();
      const first = (await login(user.email, user.password)).json<TokenPair>();
      const second = (await refresh(first.refreshToken)).json<TokenPair>();
      const third = (await refresh(second.refreshToken)).json<TokenPair>();

      expect((await refresh(first.refreshToken)).statusCode).toBe(401);
      // The newest token of that session is revoked too.
      const newest = await refresh(third.refreshToken);
      expect(newest.statusCode).toBe(401);
      expect(newest.json<ErrorBody>().code).toBe('UNAUTHENTICATED');
    });

    it('leaves the sessions of other sign-ins alone when one session is revoked', async () => {
      const user = await t.createUser();
      const phone = (await login(user.email, user.password)).json<TokenPair>();
      const laptop = (await login(user.email, user.password)).json<TokenPair>();
      await refresh(phone.refreshToken);
      expect((await refresh(phone.refreshToken)).statusCode).toBe(401);
      expect((await refresh(laptop.refreshToken)).statusCode).toBe(200);
    });

    it('lets only one of two simultaneous uses of the same token through', async () => {
      const user = await t.createUser();
      const pair = (await login(user.email, user.password)).json<TokenPair>();
      const results = await Promise.all([refresh(pair.refreshToken), refresh(pair.refreshToken)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    });

    it('refuses an unknown token with 401', async () => {
      const res = await refresh('no-such-token');
      expect(res.statusCode).toBe(401);
      expect(res.json<ErrorBody>().code).toBe('UNAUTHENTICATED');
    });

    it('refuses a missing token with 400 naming the field', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: {} });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().message).toMatch(/refreshToken/);
    });
  });

  describe('POST /api/auth/logout', () => {
    it('answers 204 and the refresh token stops working', async () => {
      const user = await t.createUser();
      const pair = (await login(user.email, user.password)).json<TokenPair>();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { authorization: `Bearer ${pair.accessToken}` },
        payload: { refreshToken: pair.refreshToken },
      });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect((await refresh(pair.refreshToken)).statusCode).toBe(401);
    });

    it("does not end someone else's session", async () => {
      const victim = await t.createUser();
      const other = await t.createUser();
      const pair = (await login(victim.email, victim.password)).json<TokenPair>();
      const res = await t.request('POST', '/api/auth/logout', other, { refreshToken: pair.refreshToken });
      expect(res.statusCode).toBe(204);
      expect((await refresh(pair.refreshToken)).statusCode).toBe(200);
    });

    it('needs a signed-in user', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: 'x' } });
      expect(res.statusCode).toBe(401);
      expect(res.json<ErrorBody>().code).toBe('UNAUTHENTICATED');
    });
  });

  it('documents every auth endpoint in OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { tags?: string[]; security?: unknown[] }>>;
    }>();
    for (const path of ['/api/auth/register', '/api/auth/v2/login', '/api/auth/refresh-token', '/api/auth/logout']) {
      expect(doc.paths[path]?.post?.tags).toEqual(['auth']);
    }
    expect(doc.paths['/api/auth/logout']?.post?.security).toEqual([{ bearerAuth: [] }]);
  });
});

describe('auth: refresh token lifetime', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { REFRESH_TOKEN_TTL: '60' } });
  });
  afterAll(() => t.close());

  it('refuses an expired refresh token with 401', async () => {
    const user = await t.createUser();
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/v2/login',
      payload: { email: user.email, password: user.password },
    });
    const { refreshToken } = signIn.json<TokenPair>();
    t.clock.advance(61_000);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken } });
    expect(res.statusCode).toBe(401);
    expect(res.json<ErrorBody>().code).toBe('UNAUTHENTICATED');
  });
});

describe('auth: rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const badLogin = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/v2/login', payload: { email, password: 'not-the-password' } });

  it('answers the 11th sign-in attempt for one e-mail from one address with 429 RATE_LIMITED', async () => {
    const user = await t.createUser();
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await badLogin(user.email)).statusCode).toBe(401);
    }
    const eleventh = await badLogin(user.email);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json<ErrorBody>()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });

    // Another person signing in from the same address is not held up.
    const colleague = await t.createUser();
    expect((await badLogin(colleague.email)).statusCode).toBe(401);
  });
});

describe('auth: client addresses and body limits', () => {
  let t: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // inject() comes from 127.0.0.1: here that address is the one trusted proxy.
    proxied = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(async () => {
    await t.close();
    await proxied.close();
  });

  const guess = (app: TestApp, email: string, forwardedFor: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/auth/v2/login',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email, password: 'not-the-password' },
    });

  it('ignores a made-up X-Forwarded-For unless TRUST_PROXY names the sender', async () => {
    const user = await t.createUser();
    const codes: number[] = [];
    for (let attempt = 1; attempt <= 40; attempt += 1) {
      codes.push((await guess(t, user.email, `203.0.113.${attempt}`)).statusCode);
    }
    expect(codes.slice(0, 10).every((code) => code === 401)).toBe(true);
    expect(codes.slice(10).every((code) => code === 429)).toBe(true);
  });

  it('counts under the forwarded address when the sender is a trusted proxy', async () => {
    // Different accounts each time, so only the per-address limit (100 failures per 15 minutes) applies.
    for (let attempt = 1; attempt <= 100; attempt += 1) {
      expect((await guess(proxied, `nobody${attempt}@example.com`, '198.51.100.7')).statusCode).toBe(401);
    }
    expect((await guess(proxied, 'nobody101@example.com', '198.51.100.7')).statusCode).toBe(429);
    expect((await guess(proxied, 'nobody102@example.com', '198.51.100.8')).statusCode).toBe(401);
  });

  it('refuses a 7 MB body to an unauthenticated route with 413 in the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x@example.com', name: 'x'.repeat(7 * 1024 * 1024), password: 'pw' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json<ErrorBody>()).toMatchObject({ statusCode: 413 });
  });
});

describe('auth: rate limits switched off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
  });
  afterAll(() => t.close());

  it('keeps answering 401 past the limit', async () => {
    const user = await t.createUser();
    for (let attempt = 1; attempt <= 11; attempt += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/v2/login',
        payload: { email: user.email, password: 'not-the-password' },
      });
      expect(res.statusCode).toBe(401);
    }
  });
});
