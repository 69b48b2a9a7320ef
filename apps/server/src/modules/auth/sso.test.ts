import { MESSAGES, PublicSettingsSchema, type ErrorBody, type Me, type TokenPair } from '@cafe/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { signInAtProvider, startTestProvider, type TestProvider } from '../../test-support/oidc-test-provider';
import { createTestApp, type TestApp } from '../../test-support/test-app';

const PUBLIC_URL = 'http://cafe.test:8080';
const REDIRECT_URI = `${PUBLIC_URL}/login/sso`;

let counter = 0;
/** An e-mail no other test uses (the provider's login form takes it as the person's identity). */
function uniqueEmail(prefix = 'sso', domain = 'example.com'): string {
  counter += 1;
  return `${prefix}${counter}-${Date.now().toString(36)}@${domain}`;
}

/** The attempt cookie's `name=value`, from a Set-Cookie answer (`cafe_sso` over http outside production). */
function attemptCookieOf(res: LightMyRequestResponse, name = 'cafe_sso'): string {
  const header = res.headers['set-cookie'];
  const line = (Array.isArray(header) ? header : [header ?? '']).find((l) => l.startsWith(`${name}=`));
  if (!line) throw new Error('no attempt cookie');
  return line.split(';')[0] ?? '';
}

/** The cookie with one character of its signed payload changed (the signature left as it was). */
function tamperedPayload(cookie: string): string {
  const at = cookie.indexOf('.') + 5;
  return `${cookie.slice(0, at)}${cookie[at] === 'A' ? 'B' : 'A'}${cookie.slice(at + 1)}`;
}

describe('single sign-on (OpenID Connect)', () => {
  let provider: TestProvider;
  let t: TestApp;

  beforeAll(async () => {
    provider = await startTestProvider([REDIRECT_URI]);
    t = await createTestApp({
      env: {
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        OIDC_NAME: 'Test Identity',
        PUBLIC_URL,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  const start = () => t.app.inject({ method: 'POST', url: '/api/auth/sso/start' });
  const callback = (query: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sso/callback',
      payload: { query },
      headers: cookie ? { cookie } : {},
    });
  const me = (accessToken: string) =>
    t.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${accessToken}` } });

  /** Start, sign in at the provider as `login`, and hand its answer to the callback. */
  async function signIn(login: string): Promise<LightMyRequestResponse> {
    const started = await start();
    expect(started.statusCode, started.body).toBe(200);
    const { authorizationUrl } = started.json<{ authorizationUrl: string }>();
    const query = await signInAtProvider(authorizationUrl, REDIRECT_URI, login);
    return callback(query, attemptCookieOf(started));
  }

  it('offers the button in the settings, with its name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(PublicSettingsSchema.parse(res.json()).singleSignOn).toEqual({ name: 'Test Identity' });
  });

  it('starts with the provider URL (code flow, PKCE S256, state) and a signed httpOnly cookie', async () => {
    const res = await start();
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json<{ authorizationUrl: string }>().authorizationUrl);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe(provider.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    const cookie = String(res.headers['set-cookie']);
    // Over plain http outside production a browser refuses a Secure cookie and the __Host- prefix.
    expect(cookie).toMatch(/^cafe_sso=[^;]+; Path=\/; Max-Age=600; HttpOnly; SameSite=Strict$/);
    // The verifier never leaves the server in the clear: the cookie is a signed token, not the state.
    expect(cookie).not.toContain(url.searchParams.get('state'));
  });

  it('creates a user (role user, no password) at the first sign-in and signs into it the second time', async () => {
    const email = uniqueEmail('first.person');
    const first = await signIn(email);
    expect(first.statusCode, first.body).toBe(200);
    const pair = first.json<TokenPair>();
    expect(pair).toEqual({ accessToken: expect.any(String) as string, refreshToken: expect.any(String) as string });
    // The attempt is used once: the answer clears its cookie.
    expect(String(first.headers['set-cookie'])).toMatch(/^cafe_sso=; Path=\/; Max-Age=0;/);
    const profile = (await me(pair.accessToken)).json<Me>();
    expect(profile).toMatchObject({ email, role: 'user', name: expect.stringMatching(/^first person\d+/) as string });

    // The same token pair as a password sign-in: the refresh token works.
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refreshToken: pair.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);

    // No password: password sign-in fails for the account until it has one.
    const byPassword = await t.app.inject({
      method: 'POST',
      url: '/api/auth/v2/login',
      payload: { email, password: '!' },
    });
    expect(byPassword.statusCode).toBe(401);

    const second = await signIn(email.toUpperCase());
    expect(second.statusCode, second.body).toBe(200);
    const again = (await me(second.json<TokenPair>().accessToken)).json<Me>();
    expect(again.id).toBe(profile.id);
  });

  it('signs an existing account (any role) into itself', async () => {
    const barista = await t.createUser({ role: 'barista' });
    const res = await signIn(barista.email);
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(res.json<TokenPair>().accessToken)).json<Me>()).toMatchObject({ id: barista.id, role: 'barista' });
  });

  it('refuses an e-mail outside the company domain with the same alert as the password form', async () => {
    const email = uniqueEmail('outsider', 'gmail.com');
    const res = await signIn(email);
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorBody>()).toMatchObject({ code: 'EMAIL_DOMAIN', message: MESSAGES.emailDomain('example.com') });
    const created = await t.app.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    expect(created).toBeUndefined();
  });

  it('refuses an e-mail the provider has not verified', async () => {
    const email = uniqueEmail('unverified');
    const res = await signIn(email);
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorBody>()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    const created = await t.app.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    expect(created).toBeUndefined();
  });

  it('refuses a disabled account', async () => {
    const user = await t.createUser();
    await t.app.ctx.db.updateTable('users').set({ is_available: 'unavailable' }).where('id', '=', user.id).execute();
    const res = await signIn(user.email);
    expect(res.statusCode).toBe(401);
    expect(res.json<ErrorBody>().code).toBe('UNAUTHENTICATED');
  });

  it('refuses a tampered state, a tampered cookie, a missing cookie and a cookie used twice with 400 SSO_STATE', async () => {
    const started = await start();
    const cookie = attemptCookieOf(started);
    const query = await signInAtProvider(
      started.json<{ authorizationUrl: string }>().authorizationUrl,
      REDIRECT_URI,
      uniqueEmail(),
    );
    const params = new URLSearchParams(query);
    const tampered = new URLSearchParams(params);
    tampered.set('state', `${params.get('state') ?? ''}x`);

    const refusals = [
      await callback(`?${tampered.toString()}`, cookie),
      await callback(query, tamperedPayload(cookie)),
      await callback(query),
      // A cookie of another attempt (another browser's, say) with this answer.
      await callback(query, attemptCookieOf(await start())),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<ErrorBody>()).toMatchObject({
        code: 'SSO_STATE',
        message: expect.stringMatching(/sign in again/) as string,
      });
    }
    // The untouched answer still works once; the provider's code is good once only.
    expect((await callback(query, cookie)).statusCode).toBe(200);
    const replay = await callback(query, cookie);
    expect(replay.statusCode).toBe(401);
    expect(replay.json<ErrorBody>().code).toBe('SSO_REFUSED');
  });

  it('refuses an expired attempt', async () => {
    const started = await start();
    const query = await signInAtProvider(
      started.json<{ authorizationUrl: string }>().authorizationUrl,
      REDIRECT_URI,
      uniqueEmail(),
    );
    t.clock.advance(11 * 60 * 1000);
    try {
      const res = await callback(query, attemptCookieOf(started));
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().code).toBe('SSO_STATE');
    } finally {
      t.clock.advance(-11 * 60 * 1000);
    }
  });

  it('answers the provider refusing (access_denied) with 401 SSO_REFUSED', async () => {
    const started = await start();
    const state =
      new URL(started.json<{ authorizationUrl: string }>().authorizationUrl).searchParams.get('state') ?? '';
    const query = `?${new URLSearchParams({ error: 'access_denied', state, iss: provider.issuer }).toString()}`;
    const res = await callback(query, attemptCookieOf(started));
    expect(res.statusCode).toBe(401);
    expect(res.json<ErrorBody>()).toMatchObject({
      code: 'SSO_REFUSED',
      message: expect.stringMatching(/cancelled/) as string,
    });
  });

  it('answers a made-up code with 401 SSO_REFUSED', async () => {
    const started = await start();
    const state =
      new URL(started.json<{ authorizationUrl: string }>().authorizationUrl).searchParams.get('state') ?? '';
    const query = `?${new URLSearchParams({ code: 'made-up', state, iss: provider.issuer }).toString()}`;
    const res = await callback(query, attemptCookieOf(started));
    expect(res.statusCode).toBe(401);
    expect(res.json<ErrorBody>().code).toBe('SSO_REFUSED');
  });

  // ASVS 6.8.2 and 10.5.4: the ID token's signature and audience are checked, whatever the channel.
  it.each([
    ['signed by a key the provider does not publish', 'foreign-key'],
    ['unsigned (alg none)', 'alg-none'],
    ['issued for another client (aud)', 'other-audience'],
  ] as const)('refuses an ID token %s with 401 SSO_REFUSED and makes no account', async (_what, tamper) => {
    const email = uniqueEmail('tampered');
    provider.tamper = tamper;
    let res: LightMyRequestResponse;
    try {
      res = await signIn(email);
    } finally {
      provider.tamper = null;
    }
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json<ErrorBody>()).toMatchObject({
      code: 'SSO_REFUSED',
      message: expect.stringMatching(/did not confirm this sign-in/) as string,
    });
    const created = await t.app.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    expect(created).toBeUndefined();
    // The same person, the provider behaving again: signed in.
    expect((await signIn(email)).statusCode).toBe(200);
  });

  // ASVS 10.5.2: the person is their identity at the provider (issuer and sub), not their e-mail.
  describe('who the person is: the issuer and the sub', () => {
    const identities = (userId: number) =>
      t.app.ctx.db.selectFrom('sso_identities').select(['issuer', 'subject']).where('user_id', '=', userId).execute();

    it('records the issuer and the sub at the first sign-in, and links an existing account by its e-mail once', async () => {
      const user = await t.createUser();
      const first = await signIn(user.email);
      expect(first.statusCode, first.body).toBe(200);
      expect(await identities(user.id)).toEqual([{ issuer: provider.issuer, subject: user.email }]);
      // Again, as another spelling of the same identity: the same account, still one identity.
      const again = await signIn(user.email.toUpperCase());
      expect((await me(again.json<TokenPair>().accessToken)).json<Me>().id).toBe(user.id);
      expect(await identities(user.id)).toHaveLength(1);
    });

    it('keeps the new holder of a reassigned address out of the old account, saying why', async () => {
      const email = uniqueEmail('reassigned');
      const before = await signIn(email);
      expect(before.statusCode, before.body).toBe(200);
      const oldAccount = (await me(before.json<TokenPair>().accessToken)).json<Me>();

      // The company gives the address to someone new: another sub, the same verified e-mail.
      const newcomer = await signIn(`${email}#new-hire`);
      expect(newcomer.statusCode, newcomer.body).toBe(403);
      expect(newcomer.json<ErrorBody>()).toMatchObject({
        code: 'SSO_REFUSED',
        messageId: 'people.sso.otherIdentity',
        params: { email },
      });
      expect(newcomer.json<ErrorBody>().message).toMatch(/belongs to another person.*contact the team/);
      expect(newcomer.json()).not.toHaveProperty('accessToken');
      expect(await identities(oldAccount.id)).toEqual([{ issuer: provider.issuer, subject: email }]);

      // The old holder's identity still opens their account.
      const oldAgain = await signIn(email);
      expect((await me(oldAgain.json<TokenPair>().accessToken)).json<Me>().id).toBe(oldAccount.id);
    });

    it('follows the sub when the provider changes the e-mail address of the person', async () => {
      const email = uniqueEmail('renamed');
      const first = await signIn(email);
      const account = (await me(first.json<TokenPair>().accessToken)).json<Me>();
      // A made-up later state: the provider now sends another address for the same sub.
      await t.app.ctx.db
        .updateTable('sso_identities')
        .set({ subject: `${email}#renamed` })
        .where('user_id', '=', account.id)
        .execute();
      const later = await signIn(`${email}#renamed`);
      expect(later.statusCode, later.body).toBe(200);
      expect((await me(later.json<TokenPair>().accessToken)).json<Me>().id).toBe(account.id);
    });
  });

  it('never signs into a deleted account again: the next sign-in makes a new, empty one', async () => {
    const email = uniqueEmail('leaver');
    const first = await signIn(email);
    expect(first.statusCode, first.body).toBe(200);
    const { accessToken, refreshToken } = first.json<TokenPair>();
    const before = (await me(accessToken)).json<Me>();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/me',
      headers: { authorization: `Bearer ${accessToken}` },
      payload: { confirm: email },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await me(accessToken)).statusCode).toBe(401);
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken } });
    expect(refreshed.statusCode).toBe(401);

    const again = await signIn(email);
    expect(again.statusCode, again.body).toBe(200);
    const after = (await me(again.json<TokenPair>().accessToken)).json<Me>();
    expect(after.email).toBe(email);
    expect(after.id).not.toBe(before.id);
  });
});

describe('single sign-on without a reachable provider', () => {
  it('answers 503 SSO_UNAVAILABLE with a readable message', async () => {
    // A port that was free a moment ago: nothing listens there.
    const gone = await startTestProvider([REDIRECT_URI]);
    const issuer = gone.issuer;
    await gone.close();
    const t = await createTestApp({
      env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'office-cafe', OIDC_CLIENT_SECRET: 'x', PUBLIC_URL },
    });
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/sso/start' });
      expect(res.statusCode).toBe(503);
      expect(res.json<ErrorBody>()).toMatchObject({
        code: 'SSO_UNAVAILABLE',
        message: expect.stringMatching(/company account is not available right now.*try again/) as string,
      });
    } finally {
      await t.close();
    }
  });
});

// ASVS 3.3.1 and 3.3.3: in production the attempt cookie is a Secure __Host- cookie.
describe('single sign-on attempt cookie in production', () => {
  let provider: TestProvider;
  let t: TestApp;
  beforeAll(async () => {
    provider = await startTestProvider([REDIRECT_URI]);
    t = await createTestApp({
      env: {
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        PUBLIC_URL,
      },
      // Production, but the test provider speaks plain http (which a production config refuses).
      config: { nodeEnv: 'production' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  it('is set as __Host-cafe_sso: Secure, Path=/, no Domain, HttpOnly, SameSite=Strict; and read back by that name only', async () => {
    const started = await t.app.inject({ method: 'POST', url: '/api/auth/sso/start' });
    expect(started.statusCode, started.body).toBe(200);
    const header = String(started.headers['set-cookie']);
    expect(header).toMatch(/^__Host-cafe_sso=[^;]+; Path=\/; Max-Age=600; HttpOnly; SameSite=Strict; Secure$/);
    expect(header).not.toMatch(/Domain=/i);
    const cookie = attemptCookieOf(started, '__Host-cafe_sso');
    const query = await signInAtProvider(
      started.json<{ authorizationUrl: string }>().authorizationUrl,
      REDIRECT_URI,
      uniqueEmail('production'),
    );
    // The same value under the plain name is not the attempt's cookie.
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sso/callback',
      payload: { query },
      headers: { cookie: cookie.replace(/^__Host-cafe_sso=/, 'cafe_sso=') },
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json<ErrorBody>().code).toBe('SSO_STATE');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sso/callback',
      payload: { query },
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(String(res.headers['set-cookie'])).toBe(
      '__Host-cafe_sso=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict; Secure',
    );
  });
});

// ASVS 10.5.3: a provider whose metadata names another issuer is not the one configured.
describe('single sign-on with a provider posing as another issuer', () => {
  it('answers 503 SSO_UNAVAILABLE and sends no one to it', async () => {
    const impostor = await startTestProvider([REDIRECT_URI], { metadataIssuer: 'https://id.example.com' });
    const t = await createTestApp({
      env: {
        OIDC_ISSUER: impostor.issuer,
        OIDC_CLIENT_ID: impostor.clientId,
        OIDC_CLIENT_SECRET: impostor.clientSecret,
        PUBLIC_URL,
      },
    });
    try {
      const metadata = await fetch(`${impostor.issuer}/.well-known/openid-configuration`);
      expect((await metadata.json()) as object).toMatchObject({ issuer: 'https://id.example.com' });
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/sso/start' });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json<ErrorBody>().code).toBe('SSO_UNAVAILABLE');
      expect(res.json()).not.toHaveProperty('authorizationUrl');
      expect(res.headers['set-cookie']).toBeUndefined();
    } finally {
      await t.close();
      await impostor.close();
    }
  });
});

describe('single sign-on not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('hides the button and answers 404 on its routes', async () => {
    const settings = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(PublicSettingsSchema.parse(settings.json()).singleSignOn).toBeNull();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sso/start' });
    expect(res.statusCode).toBe(404);
    const cb = await t.app.inject({ method: 'POST', url: '/api/auth/sso/callback', payload: { query: '?code=x' } });
    expect(cb.statusCode).toBe(404);
  });
});

describe('single sign-on configuration', () => {
  const base = { NODE_ENV: 'test', JWT_SECRET: 'test-secret-test-secret-test-secret', DATA_DIR: '/tmp/cafe-test-data' };

  it('needs the client id and the public URL with the issuer, and gives the redirect URI', () => {
    expect(() => loadConfig({ ...base, OIDC_ISSUER: 'https://id.example.com' })).toThrow(/OIDC_CLIENT_ID/);
    expect(() => loadConfig({ ...base, OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'c' })).toThrow(
      /PUBLIC_URL/,
    );
    expect(() => loadConfig({ ...base, OIDC_CLIENT_ID: 'c' })).toThrow(/OIDC_ISSUER/);
    const config = loadConfig({
      ...base,
      OIDC_ISSUER: 'https://id.example.com',
      OIDC_CLIENT_ID: 'c',
      PUBLIC_URL: 'https://cafe.example.com',
    });
    expect(config.singleSignOn).toEqual({
      issuer: 'https://id.example.com',
      clientId: 'c',
      clientSecret: undefined,
      name: 'company account',
      redirectUri: 'https://cafe.example.com/login/sso',
    });
    expect(loadConfig({ ...base, OIDC_ISSUER: '' }).singleSignOn).toBeNull();
  });

  it('refuses a plain http issuer in production', () => {
    expect(() =>
      loadConfig({
        ...base,
        NODE_ENV: 'production',
        JWT_SECRET: 'a'.repeat(40),
        OIDC_ISSUER: 'http://id.example.com',
        OIDC_CLIENT_ID: 'c',
        PUBLIC_URL: 'https://cafe.example.com',
      }),
    ).toThrow(/https/);
  });
});
