import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../test-support/test-app';

/**
 * Access tokens signed with the server's own key but not valid now: an expired one, and one whose
 * `nbf` (not before) is still ahead. Both are refused with 401, by the server's clock (which tests
 * move; a deployment's is the real one).
 */
describe('access tokens signed with the real key', () => {
  let t: TestApp;
  let person: TestUser;
  let sign: (claims: Record<string, unknown>) => string;

  beforeAll(async () => {
    // A day ahead of the real clock: the server's clock, not the machine's, decides.
    t = await createTestApp({ clockNow: new Date(Date.now() + 24 * 3_600_000).toISOString() });
    person = await t.createUser();
    const signer = createSigner({ key: t.config.jwtSecret, algorithm: 'HS256', noTimestamp: true });
    sign = (claims) => signer({ sub: String(person.id), role: 'user', ...claims });
  });
  afterAll(() => t.close());

  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${token}` } });
  const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);

  it('refuses a token whose nbf lies in the future, like an expired one', async () => {
    const now = nowSeconds();
    const early = await me(sign({ iat: now, nbf: now + 600, exp: now + 900 }));
    expect(early.statusCode).toBe(401);
    const expired = await me(sign({ iat: now - 1000, exp: now - 100 }));
    expect(expired.statusCode).toBe(401);
    // Once its time has come, the same token is taken.
    const later = sign({ iat: now, nbf: now + 60, exp: now + 900 });
    expect((await me(later)).statusCode).toBe(401);
    t.clock.advance(61_000);
    expect((await me(later)).statusCode).toBe(200);
  });

  it("takes a token whose nbf has passed on the server's clock", async () => {
    const now = nowSeconds();
    const res = await me(sign({ iat: now - 10, nbf: now - 10, exp: now + 900 }));
    expect(res.statusCode, res.body).toBe(200);
  });
});
