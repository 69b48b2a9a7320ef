import type { PasskeyOptions, SecondFactorPending, TokenPair, TotpSetup } from '@cafe/shared';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { relyingParty } from '../modules/auth/second-factor-core';
import { captureLog, type LogEntry } from '../test-support/log-capture';
import { softwarePasskey } from '../test-support/passkey-fake';
import { createTestApp, type TestApp, type TestUser } from '../test-support/test-app';

/**
 * What the server writes to its log (docs/security/logging.md): who did what when on each request
 * line, the security events, one line per error, and never a password or a token (ASVS 16.2, 16.3, 16.4.1).
 */
describe('the log', () => {
  const log = captureLog();
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;

  beforeAll(async () => {
    // debug: the request lines (production writes them at info, its level).
    t = await createTestApp({ env: { LOG_LEVEL: 'debug' }, logStream: log.stream });
    admin = await t.createUser({ role: 'admin' });
    user = await t.createUser({ role: 'user' });
  });
  afterAll(() => t.close());
  beforeEach(() => log.clear());

  const security = (event: string): LogEntry[] => log.entries().filter((entry) => entry.security === event);
  const requestId = (res: { headers: Record<string, unknown> }) => String(res.headers['x-request-id']);

  it('names the signed-in person, the route, the answer and the UTC time in each request line', async () => {
    const before = Date.now();
    const res = await t.request('GET', '/api/user/me', user);
    const after = Date.now();
    expect(res.statusCode).toBe(200);
    const lines = log.ofRequest(requestId(res)).filter((entry) => entry.msg === 'request');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ userId: user.id, method: 'GET', url: '/api/user/me', statusCode: 200 });
    // pino's time: milliseconds since the epoch, which is UTC whatever the server's time zone.
    expect(lines[0]!.time).toBeGreaterThanOrEqual(before);
    expect(lines[0]!.time).toBeLessThanOrEqual(after);
    expect(new Date(lines[0]!.time).toISOString()).toMatch(/Z$/);
  });

  it('logs password sign-ins, refused ones and refreshes as security events with the account, the method and the address', async () => {
    const good = await t.request('POST', '/api/auth/v2/login', undefined, {
      email: user.email,
      password: user.password,
    });
    expect(good.statusCode).toBe(200);
    const bad = await t.request('POST', '/api/auth/v2/login', undefined, {
      email: user.email,
      password: 'not-the-password',
    });
    expect(bad.statusCode).toBe(401);
    const refreshed = await t.request('POST', '/api/auth/refresh-token', undefined, {
      refreshToken: good.json<{ refreshToken: string }>().refreshToken,
    });
    expect(refreshed.statusCode).toBe(200);
    const replayed = await t.request('POST', '/api/auth/refresh-token', undefined, {
      refreshToken: good.json<{ refreshToken: string }>().refreshToken,
    });
    expect(replayed.statusCode).toBe(401);

    expect(security('sign-in')).toEqual([
      expect.objectContaining({
        reqId: requestId(good),
        method: 'password',
        account: user.email,
        userId: user.id,
        address: '127.0.0.1',
      }),
      expect.objectContaining({ reqId: requestId(refreshed), method: 'refresh', userId: user.id }),
    ]);
    expect(security('sign-in-failed')).toEqual([
      expect.objectContaining({
        reqId: requestId(bad),
        method: 'password',
        account: user.email,
        statusCode: 401,
        address: '127.0.0.1',
      }),
      expect.objectContaining({ reqId: requestId(replayed), method: 'refresh', statusCode: 401 }),
    ]);
  });

  it("logs the second factor's steps: the password right and the factor asked, a wrong and a right code, an unknown passkey and a passkey sign-in, never a code or a token", async () => {
    const person = await t.createUser();
    const codeAt = (secret: string, steps: number) =>
      new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
        timestamp: t.clock.now().getTime() + steps * 30_000,
      });
    // An authenticator app, confirmed by its first code, and a passkey.
    const setup = (await t.request('POST', '/api/auth/second-factors/totp/setup', person)).json<TotpSetup>();
    const confirm = { token: setup.token, code: codeAt(setup.secret, 0) };
    expect((await t.request('POST', '/api/auth/second-factors/totp', person, confirm)).statusCode).toBe(201);
    const rp = relyingParty(t.config);
    const passkey = softwarePasskey({ id: rp.id, origin: rp.origins[0] ?? '' });
    const enrol = (await t.request('POST', '/api/auth/second-factors/passkey/options', person)).json<PasskeyOptions>();
    const added = await t.request('POST', '/api/auth/second-factors/passkey', person, {
      token: enrol.token,
      passkey: passkey.register(enrol.options as { challenge: string }),
    });
    expect(added.statusCode, added.body).toBe(201);
    log.clear();

    const asked = await t.request('POST', '/api/auth/v2/login', undefined, {
      email: person.email,
      password: person.password,
    });
    expect(asked.statusCode).toBe(202);
    const pending = asked.json<SecondFactorPending>().secondFactor.token;
    // The next step's code: the one the app shows now took this step when it was confirmed.
    const code = codeAt(setup.secret, 1);
    const current = [-1, 0, 1, 2].map((steps) => codeAt(setup.secret, steps));
    const wrongCode = ['000000', '111111', '222222'].find((c) => !current.includes(c)) ?? '';
    const factorStep = (body: Record<string, unknown>) =>
      t.request('POST', '/api/auth/second-factor', undefined, { token: pending, ...body });
    const wrong = await factorStep({ code: wrongCode });
    expect(wrong.statusCode).toBe(401);
    const right = await factorStep({ code });
    expect(right.statusCode, right.body).toBe(200);

    const passkeySignIn = async (key: typeof passkey) => {
      const options = (await t.request('POST', '/api/auth/passkey/options')).json<PasskeyOptions>();
      const res = await t.request('POST', '/api/auth/passkey', undefined, {
        token: options.token,
        passkey: key.authenticate(options.options as { challenge: string }),
      });
      return { res, token: options.token };
    };
    const stranger = softwarePasskey({ id: rp.id, origin: rp.origins[0] ?? '' });
    const unknown = await passkeySignIn(stranger);
    expect(unknown.res.statusCode).toBe(401);
    const known = await passkeySignIn(passkey);
    expect(known.res.statusCode, known.res.body).toBe(200);

    const address = '127.0.0.1';
    expect(security('second-factor-asked')).toEqual([
      expect.objectContaining({ reqId: requestId(asked), method: 'password', account: person.email, address }),
    ]);
    expect(security('sign-in')).toEqual([
      expect.objectContaining({
        reqId: requestId(right),
        method: 'second-factor',
        factor: 'totp',
        userId: person.id,
        address,
      }),
      expect.objectContaining({ reqId: requestId(known.res), method: 'passkey', userId: person.id, address }),
    ]);
    expect(security('sign-in-failed')).toEqual([
      expect.objectContaining({
        reqId: requestId(wrong),
        method: 'second-factor',
        factor: 'totp',
        userId: person.id,
        statusCode: 401,
        address,
      }),
      expect.objectContaining({ reqId: requestId(unknown.res), method: 'passkey', statusCode: 401, address }),
    ]);
    // Never a code, a pending sign-in's token, the passkey's answer or a token pair (pino's time and
    // pid left out: a code's six digits could be part of them).
    const logged = JSON.stringify(log.entries().map(({ time: _time, pid: _pid, ...entry }) => entry));
    const pairs = [right, known.res].map((res) => res.json<TokenPair>());
    const secrets = [code, wrongCode, setup.secret, pending, unknown.token, known.token];
    for (const secret of [...secrets, ...pairs.flatMap((pair) => [pair.accessToken, pair.refreshToken])]) {
      expect(logged).not.toContain(secret);
    }
    expect(logged).not.toContain(passkey.id);
    expect(logged).not.toMatch(/signature|clientDataJSON|authenticatorData/);
  });

  it('logs each refused authorization (403) with the person and the route', async () => {
    const res = await t.request('GET', '/api/audit', user);
    expect(res.statusCode).toBe(403);
    expect(security('access-refused')).toEqual([
      expect.objectContaining({ reqId: requestId(res), userId: user.id, method: 'GET', route: '/api/audit' }),
    ]);
    expect((await t.request('GET', '/api/audit', admin)).statusCode).toBe(200);
    expect(security('access-refused')).toHaveLength(1);
  });

  it('logs refused tokens and rate-limit refusals', async () => {
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/user/me',
      headers: { authorization: `Bearer ${user.token.slice(0, -4)}AAAA` },
    });
    expect(forged.statusCode).toBe(401);
    expect(security('token-refused')).toEqual([
      expect.objectContaining({ reqId: requestId(forged), route: '/api/user/me', address: '127.0.0.1' }),
    ]);

    // Ten failed sign-ins for one account, then the limit refuses the eleventh (plugins/failure-limit.ts).
    const victim = await t.createUser();
    const answers = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      answers.push(
        await t.request('POST', '/api/auth/v2/login', undefined, { email: victim.email, password: 'guess' }),
      );
    }
    expect(answers.map((res) => res.statusCode)).toEqual([...Array<number>(10).fill(401), 429]);
    expect(security('rate-limited')).toEqual([
      expect.objectContaining({ reqId: requestId(answers[10]!), route: '/api/auth/v2/login', address: '127.0.0.1' }),
    ]);
  });

  it('writes one error line with the request id when a route throws', async () => {
    const spy = vi.spyOn(t.app.ctx.services.audit, 'list').mockRejectedValueOnce(new Error('a bug in the audit log'));
    try {
      const res = await t.request('GET', '/api/audit', admin);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ code: 'INTERNAL' });
      expect(res.body).not.toContain('a bug in the audit log');
      const errors = log.entries().filter((entry) => entry.level >= 50);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ reqId: requestId(res), msg: 'unhandled error' });
      expect(JSON.stringify(errors[0])).toContain('a bug in the audit log');
    } finally {
      spy.mockRestore();
    }
  });

  it('keeps a request whose path holds encoded CR/LF on one line of its own', async () => {
    const res = await t.request('GET', '/api/nothing%0D%0A{"level":60,"msg":"forged"}%0d%0aend', user);
    expect(res.statusCode).toBe(404);
    const lines = log
      .text()
      .split('\n')
      .filter((line) => line.trim() !== '');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ reqId: requestId(res), msg: 'request', statusCode: 404 });
    expect(log.entries().some((entry) => entry.msg === 'forged')).toBe(false);
  });

  it('finds neither a password nor any token in the log after signing up, signing in, refreshing and signing out', async () => {
    const password = 'a-secret-Passphrase-41';
    const email = `logged-${Date.now()}@${t.config.companyEmailDomain}`;
    const registered = await t.request('POST', '/api/auth/register', undefined, { name: 'Logged', email, password });
    expect(registered.statusCode).toBe(201);
    const signedIn = await t.request('POST', '/api/auth/v2/login', undefined, { email, password });
    expect(signedIn.statusCode).toBe(200);
    const first = signedIn.json<{ accessToken: string; refreshToken: string }>();
    const refreshed = await t.request('POST', '/api/auth/refresh-token', undefined, {
      refreshToken: first.refreshToken,
    });
    expect(refreshed.statusCode).toBe(200);
    const second = refreshed.json<{ accessToken: string; refreshToken: string }>();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user/me',
      headers: { authorization: `Bearer ${second.accessToken}` },
    });
    expect(me.statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${second.accessToken}` },
      payload: { refreshToken: second.refreshToken },
    });
    expect(out.statusCode).toBeLessThan(300);

    const text = log.text();
    expect(log.entries().length).toBeGreaterThanOrEqual(6);
    for (const secret of [password, first.accessToken, first.refreshToken, second.accessToken, second.refreshToken]) {
      expect(text).not.toContain(secret);
      // Nor a recognisable part of it (a token's signature, a password's middle).
      expect(text).not.toContain(secret.slice(-16));
    }
    expect(text).not.toMatch(/authorization|bearer/i);
  });

  it("finds no pickup screen's link token in the log, whether the screen sends it in the header or in an older link's address", async () => {
    const barista = await t.createUser({ role: 'barista' });
    const made = await t.request('POST', '/api/sites/1/displays', barista, { label: 'Counter TV' });
    expect(made.statusCode).toBe(201);
    const { token } = made.json<{ token: string }>();
    const byHeader = await t.app.inject({ method: 'GET', url: '/api/display', headers: { 'x-display-token': token } });
    expect(byHeader.statusCode).toBe(200);
    expect((await t.request('GET', `/api/display/${token}`)).statusCode).toBe(200);
    expect(log.entries().filter((entry) => entry.msg === 'request')).not.toHaveLength(0);
    expect(log.text()).not.toContain(token);
    expect(log.text()).toContain('/api/display/[redacted]');
  });
});
