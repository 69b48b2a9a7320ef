import crypto, { createHash } from 'node:crypto';
import { syncBuiltinESMExports } from 'node:module';
import type { FactorAdded, TotpSetup } from '@cafe/shared';
import { Secret, TOTP } from 'otpauth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/test-app';

/** The start of a 30-second step, plus five seconds. */
const AT = '2026-11-24T03:00:05.000Z';

/**
 * Where the secrets of the second factor come from (ASVS 6.5.3, 6.5.2, 6.5.4): every byte of an
 * authenticator app's seed and of a recovery code is one node:crypto's randomBytes (the operating
 * system's CSPRNG) handed out while the person enrolled, and the database keeps a recovery code only
 * as its sha256. Node's built-in module is watched in place (syncBuiltinESMExports passes the watch
 * to the server's named imports and to otpauth's), for the one request only.
 */
describe('the secrets of the second factor', () => {
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

  /** Runs `step` while node:crypto's randomBytes is watched: answers its result and every buffer it handed out. */
  async function drawnDuring<T>(step: () => Promise<T>): Promise<{ result: T; drawn: Buffer[] }> {
    const drawn: Buffer[] = [];
    const original = crypto.randomBytes;
    const watched = vi.spyOn(crypto, 'randomBytes').mockImplementation((size: number) => {
      const bytes = original(size);
      drawn.push(Buffer.from(bytes));
      return bytes;
    });
    syncBuiltinESMExports();
    try {
      return { result: await step(), drawn };
    } finally {
      watched.mockRestore();
      syncBuiltinESMExports();
    }
  }

  const codeOf = (secret: string) =>
    new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
      timestamp: t.clock.now().getTime(),
    });

  it("makes each authenticator app's seed of 20 bytes (160 bits) from node:crypto's randomBytes, and keeps that seed", async () => {
    const { result: setup, drawn } = await drawnDuring(async () => {
      const res = await t.request('POST', '/api/auth/second-factors/totp/setup', user);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<TotpSetup>();
    });
    const seed = Buffer.from(Secret.fromBase32(setup.secret).bytes);
    expect(seed).toHaveLength(20);
    expect(drawn.filter((bytes) => bytes.equals(seed))).toHaveLength(1);

    const added = await t.request('POST', '/api/auth/second-factors/totp', user, {
      token: setup.token,
      code: codeOf(setup.secret),
    });
    expect(added.statusCode, added.body).toBe(201);
    const stored = await t.app.ctx.db.selectFrom('second_factors').select('totp_secret').execute();
    expect(stored).toEqual([{ totp_secret: setup.secret }]);

    // Two set-ups never hand out the same seed.
    const again = (await t.request('POST', '/api/auth/second-factors/totp/setup', user)).json<TotpSetup>();
    expect(again.secret).not.toBe(setup.secret);
  });

  it("makes each recovery code of 24 bytes of node:crypto's randomBytes, five bits of each (120 bits), and stores only its sha256", async () => {
    const setup = (await t.request('POST', '/api/auth/second-factors/totp/setup', user)).json<TotpSetup>();
    const { result: added, drawn } = await drawnDuring(async () => {
      const res = await t.request('POST', '/api/auth/second-factors/totp', user, {
        token: setup.token,
        code: codeOf(setup.secret),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<FactorAdded>();
    });
    const codes = added.recoveryCodes ?? [];
    expect(codes).toHaveLength(10);

    // Each code is one draw of 24 bytes, a character from the low five bits of each: 24 x 5 = 120
    // bits, uniform (32 divides 256), over the 112 bits ASVS 6.5.2 asks of a secret kept as a plain hash.
    const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
    const fromDraws = drawn
      .filter((bytes) => bytes.length === 24)
      .map((bytes) => [...bytes].map((b) => alphabet[b & 31]).join(''));
    expect(codes.map((code) => code.replace(/-/g, ''))).toEqual(fromDraws);

    // The database holds each code only as its sha256, and no column of it holds a code.
    const rows = await t.app.ctx.db.selectFrom('recovery_codes').selectAll().execute();
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    expect(rows.map((row) => row.code_hash).sort()).toEqual(codes.map((code) => sha256(code.replace(/-/g, ''))).sort());
    const everything = JSON.stringify([
      rows,
      await t.app.ctx.db.selectFrom('second_factors').selectAll().execute(),
      await t.app.ctx.db.selectFrom('second_factor_challenges').selectAll().execute(),
      await t.app.ctx.db.selectFrom('audit_log').selectAll().execute(),
    ]);
    for (const code of codes) {
      expect(everything).not.toContain(code);
      expect(everything).not.toContain(code.replace(/-/g, ''));
    }
  });
});
