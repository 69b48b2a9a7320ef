import { createHmac } from 'node:crypto';
import type { TokenPair } from '@cafe/shared';
import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/test-app';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * ASVS 9.1.1, 9.1.2 and 9.2.2: an access token is taken only with the server's own signature, made
 * with the one algorithm allowed, and only an access token opens the API; each refusal is the
 * client's 401. Every forgery is tried on an admin-only route as a person whose role is user.
 */
describe('tokens that are not genuine access tokens', () => {
  let t: TestApp;
  let person: TestUser;
  let pair: TokenPair;
  beforeAll(async () => {
    t = await createTestApp();
    person = await t.createUser();
    const login = await t.request('POST', '/api/auth/v2/login', undefined, {
      email: person.email,
      password: person.password,
    });
    pair = login.json<TokenPair>();
  });
  afterAll(() => t.close());

  const asBearer = (token: string, url = '/api/user') =>
    t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
  const partsOf = (token: string) => {
    const [header = '', payload = '', signature = ''] = token.split('.');
    return {
      header: JSON.parse(Buffer.from(header, 'base64url').toString()) as Record<string, unknown>,
      payload: JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>,
      signature,
    };
  };

  it('takes the genuine token (403 on the admin route, 200 on its own profile)', async () => {
    expect((await asBearer(pair.accessToken)).statusCode).toBe(403);
    expect((await asBearer(pair.accessToken, '/api/user/me')).statusCode).toBe(200);
  });

  it('refuses a payload changed to role admin, re-signed with another key or keeping the old signature', async () => {
    const { header, payload, signature } = partsOf(pair.accessToken);
    const admin = { ...payload, role: 'admin' };
    const otherKey = createSigner({
      key: 'someone-elses-key-someone-elses-key',
      algorithm: 'HS256',
      noTimestamp: true,
    });
    const reSigned = otherKey(admin);
    const spliced = `${base64url(header)}.${base64url(admin)}.${signature}`;
    for (const token of [reSigned, spliced]) {
      const res = await asBearer(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
  });

  it('refuses the token with its signature stripped', async () => {
    const [header, payload] = pair.accessToken.split('.');
    expect((await asBearer(`${header}.${payload}.`)).statusCode).toBe(401);
    expect((await asBearer(`${header}.${payload}`)).statusCode).toBe(401);
  });

  it('refuses alg none, and HS512 even with the server’s own key', async () => {
    const { payload } = partsOf(pair.accessToken);
    const none = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ ...payload, role: 'admin' })}.`;
    const hs512 = createSigner({ key: t.config.jwtSecret, algorithm: 'HS512', noTimestamp: true })(payload);
    for (const token of [none, hs512]) {
      expect((await asBearer(token)).statusCode).toBe(401);
      expect((await asBearer(token, '/api/user/me')).statusCode).toBe(401);
    }
  });

  it('refuses a refresh token and a single sign-on attempt cookie presented as access tokens', async () => {
    expect((await asBearer(pair.refreshToken, '/api/user/me')).statusCode).toBe(401);
    // What the attempt cookie holds, signed with the cookie's own key, even with an account's claims.
    const cookieKey = createHmac('sha256', t.config.jwtSecret).update('cafe single sign-on attempt').digest();
    const exp = Math.floor(t.clock.now().getTime() / 1000) + 600;
    const attempt = createSigner({ key: cookieKey, algorithm: 'HS256', noTimestamp: true })({
      state: 'state',
      verifier: 'verifier',
      exp,
      sub: String(person.id),
      role: 'admin',
    });
    expect((await asBearer(attempt, '/api/user/me')).statusCode).toBe(401);
    expect((await asBearer(attempt)).statusCode).toBe(401);
  });

  it('refuses an access token presented as a refresh token', async () => {
    const res = await t.request('POST', '/api/auth/refresh-token', undefined, { refreshToken: pair.accessToken });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
