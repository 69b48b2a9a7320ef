import type { TokenPair } from '@cafe/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestApp, type TestApp, type TestUser } from '../test-support/test-app';
import { createTokenSigner, keyIdOf } from './tokens';

const OLD_KEY = 'the-key-before-the-rotation-0123456789';
const NEW_KEY = 'the-key-after-the-rotation-9876543210';

const headerOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString()) as { kid?: string; alg?: string };

/** ASVS 11.2.2: the signing key changes without signing anyone out (docs/security/inventory.md, key management). */
describe('access-token signing keys', () => {
  it('names the key a token is signed with, and takes a token of the previous key only while it is kept', async () => {
    const now = () => new Date();
    const before = createTokenSigner(OLD_KEY, 900, now);
    const token = await before.sign(1, 'user');
    expect(headerOf(token)).toEqual({ alg: 'HS256', typ: 'JWT', kid: keyIdOf(OLD_KEY) });
    const rotated = createTokenSigner({ current: NEW_KEY, previous: OLD_KEY }, 900, now);
    expect((await rotated.verify(token))?.userId).toBe(1);
    expect(headerOf(await rotated.sign(1, 'user')).kid).toBe(keyIdOf(NEW_KEY));
    expect(keyIdOf(NEW_KEY)).not.toBe(keyIdOf(OLD_KEY));
    const previousDropped = createTokenSigner(NEW_KEY, 900, now);
    expect(await previousDropped.verify(token)).toBeNull();
  });

  describe('rotating JWT_SECRET on a running cafe', () => {
    let t: TestApp;
    let person: TestUser;
    let pair: TokenPair;
    const started: FastifyInstance[] = [];
    beforeAll(async () => {
      t = await createTestApp({ env: { JWT_SECRET: OLD_KEY } });
      person = await t.createUser();
      const login = await t.request('POST', '/api/auth/v2/login', undefined, {
        email: person.email,
        password: person.password,
      });
      pair = login.json<TokenPair>();
    });
    afterAll(async () => {
      for (const app of started) await app.close();
      await t.close();
    });

    /** The same cafe (database, clock) restarted with other keys. */
    async function restartWith(current: string, previous?: string): Promise<FastifyInstance> {
      const config = { ...t.config, jwtSecret: current, jwtPreviousSecret: previous };
      const app = await buildApp({ config, database: t.database, clock: t.clock });
      await app.ready();
      started.push(app);
      return app;
    }

    it('keeps everyone signed in: the old access token works, the session refreshes, new tokens carry the new key', async () => {
      expect(headerOf(pair.accessToken).kid).toBe(keyIdOf(OLD_KEY));
      const app = await restartWith(NEW_KEY, OLD_KEY);
      const me = await app.inject({ url: '/api/user/me', headers: { authorization: `Bearer ${pair.accessToken}` } });
      expect(me.statusCode).toBe(200);
      const refreshed = await app.inject({
        method: 'POST',
        url: '/api/auth/refresh-token',
        payload: { refreshToken: pair.refreshToken },
      });
      expect(refreshed.statusCode).toBe(200);
      const next = refreshed.json<TokenPair>();
      expect(headerOf(next.accessToken).kid).toBe(keyIdOf(NEW_KEY));
      const again = await app.inject({ url: '/api/user/me', headers: { authorization: `Bearer ${next.accessToken}` } });
      expect(again.statusCode).toBe(200);
    });

    it('refuses the old key’s tokens once the previous key is dropped (after they expired, or on compromise)', async () => {
      const app = await restartWith(NEW_KEY);
      const me = await app.inject({ url: '/api/user/me', headers: { authorization: `Bearer ${pair.accessToken}` } });
      expect(me.statusCode).toBe(401);
    });
  });
});
