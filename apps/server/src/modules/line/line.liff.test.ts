import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ErrorBody, TokenPair } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/test-app';
import { LINE_ISSUER } from './line.liff';

const LOGIN_CHANNEL_ID = '1650000000';
const LIFF_ID = '1650000000-AbCdEfGh';

/**
 * A fake of LINE's ID token check (`POST /oauth2/v2.1/verify`), checking what LINE checks: a form
 * body with a known `id_token` of this `client_id`, else 400 as LINE answers.
 */
async function startFakeVerify(clock: () => Date) {
  const tokens = new Map<string, { sub: string; name: string; aud?: string; iss?: string; expired?: boolean }>();
  const calls: URLSearchParams[] = [];
  let down = false;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      calls.push(form);
      const send = (status: number, answer: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer));
      };
      if (down) return send(500, { error: 'server_error' });
      const known = tokens.get(form.get('id_token') ?? '');
      const formOk = req.method === 'POST' && req.url === '/oauth2/v2.1/verify';
      const typeOk = req.headers['content-type'] === 'application/x-www-form-urlencoded';
      if (!formOk || !typeOk || !known || known.expired || form.get('client_id') !== (known.aud ?? LOGIN_CHANNEL_ID))
        return send(400, { error: 'invalid_request', error_description: 'Invalid IdToken.' });
      const now = Math.floor(clock().getTime() / 1000);
      send(200, {
        iss: known.iss ?? LINE_ISSUER,
        sub: known.sub,
        aud: known.aud ?? LOGIN_CHANNEL_ID,
        exp: now + 3600,
        iat: now,
        amr: ['linesso'],
        name: known.name,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tokens,
    calls,
    setDown: (value: boolean) => {
      down = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const LINE = {
  PUBLIC_URL: 'https://cafe.example.com',
  LINE_CHANNEL_SECRET: 'line-channel-secret-for-the-tests',
  LINE_CHANNEL_ACCESS_TOKEN: 'line-channel-access-token-for-the-tests',
};

describe('the LIFF page’s sign-in by a linked LINE account', () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeVerify>>;
  let person: TestUser;
  let barista: TestUser;
  let admin: TestUser;
  const clockNow = () => t.clock.now();

  beforeAll(async () => {
    fake = await startFakeVerify(clockNow);
    t = await createTestApp({
      env: { ...LINE, LINE_API_URL: fake.url, LINE_LOGIN_CHANNEL_ID: LOGIN_CHANNEL_ID, LINE_LIFF_ID: LIFF_ID },
    });
    person = await t.createUser({ name: 'Mali' });
    barista = await t.createUser({ role: 'barista' });
    admin = await t.createUser({ role: 'admin' });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const session = (idToken: string, device = 'Mozilla/5.0 (Linux; Android 14) Line/14.0.0') =>
    t.app.inject({
      method: 'POST',
      url: '/api/line/session',
      payload: { idToken },
      headers: { 'user-agent': device },
    });

  /** Links the LINE account `sub` to `who` the way a person does: the refusal's one-time link, opened signed in. */
  async function link(idToken: string, who: TestUser): Promise<void> {
    const refused = await session(idToken);
    expect(refused.statusCode, refused.body).toBe(403);
    const url = String(refused.json<ErrorBody>().params?.url);
    expect(url).toMatch(/^https:\/\/cafe\.example\.com\/line\/link\/[A-Za-z0-9_-]{40,}$/);
    const confirmed = await t.request('POST', `/api/chat/line/link-tokens/${url.split('/').pop()}`, who);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  }

  it('answers the LIFF app’s id', async () => {
    const res = await t.request('GET', '/api/line/liff');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ liffId: LIFF_ID });
  });

  it('tells a LINE account not linked yet its one-time link (403), then signs in the person it was linked to', async () => {
    fake.tokens.set('token-mali', { sub: 'U0123456789abcdef0123456789abcdef', name: 'Mali on LINE' });
    const refused = await session('token-mali');
    expect(refused.statusCode).toBe(403);
    const body = refused.json<ErrorBody>();
    expect(body).toMatchObject({ code: 'FORBIDDEN', messageId: 'people.line.link.notLinked' });
    expect(body.message).toContain('/line/link/');
    // What LINE was asked: the token, of the LINE Login channel.
    expect(fake.calls.at(-1)?.get('client_id')).toBe(LOGIN_CHANNEL_ID);
    expect(fake.calls.at(-1)?.get('id_token')).toBe('token-mali');

    await link('token-mali', person);
    const signedIn = await session('token-mali');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const pair = signedIn.json<TokenPair>();
    expect(typeof pair.accessToken).toBe('string');
    expect(typeof pair.refreshToken).toBe('string');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user/me',
      headers: { authorization: `Bearer ${pair.accessToken}` },
    });
    expect(me.json()).toMatchObject({ id: person.id, role: 'user' });
    // The session is one of the person's, signed in by LINE.
    const sessions = await t.app.inject({
      method: 'GET',
      url: '/api/auth/sessions',
      headers: { authorization: `Bearer ${pair.accessToken}` },
    });
    expect(sessions.body).toContain('"signInMethod":"line"');
  });

  it('refuses a token LINE refuses (bad, expired, of another channel) or answers oddly with 401', async () => {
    fake.tokens.set('token-expired', { sub: 'U0123456789abcdef0123456789abcdef', name: 'Mali', expired: true });
    fake.tokens.set('token-other-channel', { sub: 'U0123456789abcdef0123456789abcdef', name: 'Mali', aud: '999' });
    fake.tokens.set('token-other-issuer', {
      sub: 'U0123456789abcdef0123456789abcdef',
      name: 'Mali',
      iss: 'https://evil.example.com',
    });
    for (const token of ['token-unknown', 'token-expired', 'token-other-channel', 'token-other-issuer']) {
      const res = await session(token);
      expect(res.statusCode, token).toBe(401);
      expect(res.json<ErrorBody>().code).toBe('UNAUTHENTICATED');
    }
  });

  it('answers 503 while LINE cannot check the token', async () => {
    fake.setDown(true);
    try {
      const res = await session('token-mali');
      expect(res.statusCode).toBe(503);
      expect(res.json<ErrorBody>().message).toMatch(/LINE could not be reached/);
    } finally {
      fake.setDown(false);
    }
  });

  it('gives a staff account linked to LINE no session: they sign in with their password', async () => {
    fake.tokens.set('token-barista', { sub: 'U00000000000000000000000000000b01', name: 'Bea' });
    fake.tokens.set('token-admin', { sub: 'U00000000000000000000000000000a01', name: 'Ada' });
    await link('token-barista', barista);
    await link('token-admin', admin);
    for (const token of ['token-barista', 'token-admin']) {
      const res = await session(token);
      expect(res.statusCode, token).toBe(403);
      expect(res.json<ErrorBody>().message).toMatch(/sign in to the cafe with their password/);
    }
  });

  it('signs in no disabled account, and no unlinked one (a new one-time link)', async () => {
    const nok = await t.createUser({ name: 'Nok' });
    fake.tokens.set('token-nok', { sub: 'U00000000000000000000000000000c01', name: 'Nok' });
    await link('token-nok', nok);
    expect((await session('token-nok')).statusCode).toBe(200);
    expect((await t.request('DELETE', '/api/chat/line/link', nok)).statusCode).toBe(204);
    const unlinked = await session('token-nok');
    expect(unlinked.statusCode).toBe(403);
    expect(unlinked.json<ErrorBody>().messageId).toBe('people.line.link.revoked');

    await link('token-nok', nok);
    const disabled = await t.request('PATCH', `/api/user/${nok.id}`, admin, { isAvailable: 'unavailable' });
    expect(disabled.statusCode, disabled.body).toBe(200);
    const gone = await session('token-nok');
    expect([401, 403]).toContain(gone.statusCode);
    expect(gone.json<ErrorBody>().messageId).toBe('people.line.link.accountGone');
  });

  it('refuses a body without a token (400) and asks LINE nothing', async () => {
    const before = fake.calls.length;
    for (const payload of [{}, { idToken: '' }, { idToken: 42 }, { idToken: 'x'.repeat(5000) }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/line/session', payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(res.json<ErrorBody>().code).toBe('VALIDATION');
    }
    const raw: [string, string][] = [
      ['not json', 'application/json'],
      ['[1,2]', 'application/json'],
      ['id_token=abc', 'application/x-www-form-urlencoded'],
      ['abc', 'text/plain'],
    ];
    for (const [payload, type] of raw) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/line/session',
        payload,
        headers: { 'content-type': type },
      });
      expect(res.statusCode, `${type} ${payload}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${type} ${payload}`).toBeLessThan(500);
      expect(res.json<ErrorBody>().message).toBeTruthy();
    }
    expect(fake.calls.length).toBe(before);
  });
});

describe('the LIFF page’s sign-in while LINE or its LIFF app is not configured', () => {
  let plain: TestApp;
  let noLiff: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
    noLiff = await createTestApp({ env: LINE });
  });
  afterAll(async () => {
    await plain?.close();
    await noLiff?.close();
  });

  it('answers 404 to both routes', async () => {
    for (const t of [plain, noLiff]) {
      expect((await t.request('GET', '/api/line/liff')).statusCode).toBe(404);
      const res = await t.app.inject({ method: 'POST', url: '/api/line/session', payload: { idToken: 'abc' } });
      expect(res.statusCode).toBe(404);
      expect(res.json<ErrorBody>().code).toBe('NOT_FOUND');
    }
  });
});
