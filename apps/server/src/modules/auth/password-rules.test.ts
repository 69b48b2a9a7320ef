import { LIMITS, type ErrorBody, type TokenPair } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { breachedPasswordCount, isBreachedPassword, passwordRefusal } from './password-policy';

/** A small seeded generator (mulberry32): the same "random" passwords on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Letters of both cases, digits and the symbols on every keyboard. */
const MIXED = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&*+-=?@^_~.';

function randomPasswords(count: number, length: number, seed: number): string[] {
  const next = seeded(seed);
  return Array.from({ length: count }, () =>
    Array.from({ length }, () => MIXED[Math.floor(next() * MIXED.length)] ?? 'x').join(''),
  );
}

const context = (email: string, name = 'Somchai Jaidee') => ({ email, name, words: ['example.com', 'cafe', 'coffee'] });

let counter = 0;
function uniqueEmail(local = 'person'): string {
  counter += 1;
  return `${local}${counter}-${Date.now().toString(36)}@example.com`;
}

/** ASVS 6.2.1 and 6.2.12: the minimum length is enough for a random password; guessable ones are refused. */
describe('the password rule', () => {
  it('accepts every one of 300 random passwords of the minimum length (8 characters)', async () => {
    const passwords = randomPasswords(300, LIMITS.passwordMin, 20261127);
    const refused: string[] = [];
    for (const password of passwords) {
      if ((await passwordRefusal(password, context('somchai.j@example.com'))) !== null) refused.push(password);
    }
    expect(refused).toEqual([]);
  });

  it('refuses guessable passwords, each with its reason', async () => {
    const who = context('somchai.j@example.com');
    const cases: [string, RegExp][] = [
      ['password1', /list of passwords leaked/],
      ['cafe2026', /your name, your e-mail address, the company, its sites or this app/],
      ['somchai.j1234', /your name, your e-mail address, the company, its sites or this app/],
      ['jaidee2026', /your name, your e-mail address, the company, its sites or this app/],
      ['example1234', /your name, your e-mail address, the company, its sites or this app/],
      ['kkkkkkkkkkkk', /too easy to guess/],
      ['qwertyuiop', /too easy to guess|leaked/],
    ];
    for (const [password, reason] of cases) {
      const refusal = await passwordRefusal(password, who);
      expect(refusal, password).not.toBeNull();
      expect(refusal?.code, password).toBe('WEAK_PASSWORD');
      expect(refusal?.message, password).toMatch(reason);
    }
  });

  it('ships a list of at least 10,000 breached passwords and refuses those of 8 characters or more', async () => {
    expect(breachedPasswordCount()).toBeGreaterThanOrEqual(10_000);
    // Common breached passwords the estimator alone rates strong enough: the list is what refuses them.
    for (const password of ['trustno1', 'letmein1', 'football1', 'sunshine', 'superman', '1q2w3e4r']) {
      expect(isBreachedPassword(password), password).toBe(true);
      const refusal = await passwordRefusal(password, context('someone@example.com'));
      expect(refusal?.text?.id, password).toBe('people.password.breached');
    }
    expect(isBreachedPassword('kq7#vLm2')).toBe(false);
  });
});

describe('passwords as the person types them', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const register = (email: string, password: string, name = 'Somchai Jaidee') =>
    t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { name, email, password } });
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/v2/login', payload: { email, password } });

  async function registered(password: string): Promise<string> {
    const email = uniqueEmail();
    const res = await register(email, password);
    expect(res.statusCode, `${password}: ${res.body}`).toBe(201);
    return email;
  }

  it('registers and signs in with a random password of 8 characters (kq7#vLm2)', async () => {
    const email = await registered('kq7#vLm2');
    expect((await login(email, 'kq7#vLm2')).statusCode).toBe(200);
  });

  it('refuses a breached password with 400 WEAK_PASSWORD saying why, in English and Thai', async () => {
    const res = await register(uniqueEmail(), 'sunshine');
    expect(res.statusCode).toBe(400);
    const body = res.json<ErrorBody>();
    expect(body).toMatchObject({ code: 'WEAK_PASSWORD', messageId: 'people.password.breached' });
    expect(body.message).toMatch(/leaked/);
    const thai = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'accept-language': 'th' },
      payload: { name: 'Somchai Jaidee', email: uniqueEmail(), password: 'sunshine' },
    });
    expect(thai.json<ErrorBody>().messageId).toBe('people.password.breached');
  });

  it("refuses the person's own e-mail with digits, naming it as the reason", async () => {
    const email = uniqueEmail('wanida.k');
    const local = email.slice(0, email.indexOf('@'));
    const res = await register(email, `${local}2026`, 'Wanida Kaewkla');
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>()).toMatchObject({ code: 'WEAK_PASSWORD', messageId: 'people.password.personal' });
  });

  // ASVS 6.2.5: no composition rule.
  it('takes a password of any composition (spaces, Thai, emoji) and signs in with it', async () => {
    for (const password of [
      '  spaces  inside  and  out  ',
      'กาแฟเย็นหวานน้อยครับ',
      '☕🍵🧋 morning brew 🥐',
      'Ünïcödé ñ ß ø 咖啡',
    ]) {
      const email = await registered(password);
      const res = await login(email, password);
      expect(res.statusCode, password).toBe(200);
    }
  });

  // ASVS 6.2.8: checked exactly as received.
  it('refuses the password in another case and with an added trailing space', async () => {
    const password = 'Lantern orbit Kettle 42';
    const email = await registered(password);
    expect((await login(email, password)).statusCode).toBe(200);
    for (const variant of [password.toLowerCase(), password.toUpperCase(), `${password} `, ` ${password}`]) {
      const res = await login(email, variant);
      expect(res.statusCode, JSON.stringify(variant)).toBe(401);
    }
  });

  // ASVS 6.2.9: long passphrases are welcome, to the last character.
  it('registers and signs in with passwords of 64 and 128 characters, every character counting', async () => {
    for (const length of [64, LIMITS.passwordMax]) {
      const password = randomPasswords(1, length, length)[0] ?? '';
      expect(password).toHaveLength(length);
      const email = await registered(password);
      expect((await login(email, password)).statusCode, `${length}`).toBe(200);
      // No truncation: the same password without its last character is another password.
      expect((await login(email, password.slice(0, -1))).statusCode, `${length}`).toBe(401);
    }
  });

  // ASVS 6.2.10: no expiry.
  it('signs in with a password set long ago (three years on the test clock)', async () => {
    t.clock.freeze();
    const email = await registered('teapot harbour violet 9');
    t.clock.advance(3 * 366 * 24 * 60 * 60 * 1000);
    const res = await login(email, 'teapot harbour violet 9');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TokenPair>().accessToken).toEqual(expect.any(String));
  });

  // ASVS 11.4.2: argon2id at OWASP's parameters.
  it("stores a new account's password as argon2id with m=19456, t=2, p=1", async () => {
    const email = await registered('copper willow drift 7');
    const row = await t.app.ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(row.password_hash).not.toContain('copper');
  });
});
