import { existsSync, readdirSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import Fastify, { type FastifyInstance } from 'fastify';
import { MESSAGES, type ErrorBody } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectFailure } from '../db/errors';
import { say } from '../lib/people-texts';
import { createSweep, probesAs, ROLES, type Sweep } from '../test-support/bad-input';
import { createTestApp, type TestApp, type TestUser } from '../test-support/test-app';
import { errorHandlerPlugin } from './error-handler';

const MODULES_URL = new URL('../modules/', import.meta.url);
const MODULES = readdirSync(MODULES_URL, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The bad-input sweep runs per area, beside each module (`<area>.bad-input.test.ts`). This checks
 * that the areas add up to the whole OpenAPI document: a new route is swept the day it is added.
 */
describe('bad input is swept on every operation', () => {
  let sweep: Sweep;
  beforeAll(async () => {
    sweep = await createSweep();
  });
  afterAll(() => sweep?.t.close());

  it('finds every operation in the OpenAPI document', () => {
    expect(sweep.endpoints.length).toBeGreaterThanOrEqual(33);
    expect(sweep.endpoints.some((e) => e.method === 'post' && e.path === '/api/order')).toBe(true);
  });

  it('tags every operation with one area that has its bad-input sweep beside its module', () => {
    const unswept = sweep.endpoints
      .filter((e) => {
        const area = e.op.tags?.length === 1 ? e.op.tags[0] : undefined;
        // Beside the module that answers it: an area may be one part of a module (push in notifications).
        return (
          !area || !MODULES.some((module) => existsSync(new URL(`${module}/${area}.bad-input.test.ts`, MODULES_URL)))
        );
      })
      .map((e) => `${e.method.toUpperCase()} ${e.path} (tags ${JSON.stringify(e.op.tags)})`);
    expect(unswept).toEqual([]);
  });

  it('sends more than 5000 probes over all the areas', () => {
    const probed = sweep.endpoints.reduce(
      (sum, e) => sum + ROLES.reduce((n, role) => n + probesAs(sweep, e, role).length, 0),
      0,
    );
    expect(probed).toBeGreaterThan(5000);
  });

  it('answers TRACE on every path of the document with 404 or 405, never echoing the request', async () => {
    const paths = [...new Set(sweep.endpoints.map((e) => e.path.replace(/\{[^}]+\}/g, '1')))];
    expect(paths.length).toBeGreaterThan(30);
    for (const url of paths) {
      const res = await sweep.t.app.inject({
        method: 'TRACE',
        url,
        headers: { authorization: 'Bearer echo-me-not', cookie: 'cafe_sso=echo-me-not' },
      });
      expect([404, 405], url).toContain(res.statusCode);
      expect(res.body, url).not.toContain('echo-me-not');
    }
  });
});

describe('a database that cannot be reached right now', () => {
  let app: FastifyInstance;
  let thrown: unknown;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    await app.register(errorHandlerPlugin);
    app.get('/fails', () => {
      throw thrown;
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const answerTo = async (error: unknown) => {
    thrown = error;
    return app.inject({ method: 'GET', url: '/fails' });
  };
  const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
  /** What the pool throws when PostgreSQL refuses to open a connection (db/connection.ts marks it). */
  const refusedOnConnect = (message: string, code: string) => connectFailure(withCode(message, code));

  it.each([
    ['the server refuses connections', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['the connection is reset', withCode('read ECONNRESET', 'ECONNRESET')],
    [
      'an administrator ends the session (57P01)',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    ['the server crashed (57P02)', withCode('terminating connection due to crash of another server process', '57P02')],
    ['the server is starting up (57P03)', withCode('the database system is starting up', '57P03')],
    ['a connection exception (08006)', withCode('connection failure', '08006')],
    [
      'the statement ran past statement_timeout (57014)',
      withCode('canceling statement due to statement timeout', '57014'),
    ],
    ['a lock wait ran past lock_timeout (55P03)', withCode('canceling statement due to lock timeout', '55P03')],
    ['the connection broke mid-query', new Error('Connection terminated unexpectedly')],
    ['no connection could be made in time', new Error('timeout exceeded when trying to connect')],
    ['no answer came in time', new Error('Query read timeout')],
    [
      'every address refused',
      Object.assign(new AggregateError([withCode('refused', 'ECONNREFUSED')]), { code: undefined }),
    ],
    ['a wrapped cause', new Error('could not read the caller', { cause: withCode('reset', 'ECONNRESET') })],
    ['SQLite is locked by another writer', new SQLite.SqliteError('database is locked', 'SQLITE_BUSY')],
    [
      'a standby ends the session of a database dropped on the primary (57P04)',
      withCode('terminating connection due to conflict with recovery', '57P04'),
    ],
    [
      'the database is closed to new connections (55000 on connect)',
      refusedOnConnect('database "cafe" is not currently accepting connections', '55000'),
    ],
    ['the database no longer exists (3D000 on connect)', refusedOnConnect('database "cafe" does not exist', '3D000')],
    [
      'CONNECT on the database was revoked (42501 on connect)',
      refusedOnConnect('permission denied for database "cafe"', '42501'),
    ],
    [
      'the password is not the one the database has now (28P01 on connect)',
      refusedOnConnect('password authentication failed for user "cafe"', '28P01'),
    ],
    [
      'the role may not log in now (28000 on connect)',
      refusedOnConnect('role "cafe" is not permitted to log in', '28000'),
    ],
  ])('answers 503 with Retry-After when %s', async (_when, error) => {
    const res = await answerTo(error);
    expect(res.statusCode).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      code: 'INTERNAL',
      message: expect.stringMatching(/try again/i) as unknown,
      // What a person reads: "try again", in their language (decision 0105).
      messageId: 'people.error.unavailable',
    });
  });

  it.each([
    ['a programming error', new TypeError('x is undefined')],
    ['a constraint violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a SQLite constraint', new SQLite.SqliteError('UNIQUE constraint failed', 'SQLITE_CONSTRAINT_UNIQUE')],
    // The codes a refused connection has, raised by a statement on an open one: a fault of ours.
    [
      'a statement out of its prerequisite state (55000)',
      withCode('currval of sequence "orders_id_seq" is not yet defined in this session', '55000'),
    ],
    ['a statement without its grant (42501)', withCode('permission denied for table orders', '42501')],
  ])('still answers 500 for %s', async (_what, error) => {
    const res = await answerTo(error);
    expect(res.statusCode).toBe(500);
    expect(res.headers['retry-after']).toBeUndefined();
  });
});

describe('a body too large for its route', () => {
  let t: TestApp;
  let user: TestUser;
  let barista: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await t.createUser();
    barista = await t.createUser({ role: 'barista' });
  });
  afterAll(() => t?.close());

  /** A JSON body of `bytes` bytes: one field of that much text, sent as `who`. */
  const tooLarge = (method: 'POST' | 'PUT', url: string, bytes: number, who?: TestUser) =>
    t.app.inject({
      method,
      url,
      headers: { 'content-type': 'application/json', ...who?.auth },
      payload: JSON.stringify({ note: 'x'.repeat(bytes) }),
    });

  it("answers 413 in its own words, in English and Thai, not the photo upload's", async () => {
    const MB = 1024 * 1024;
    const answers = {
      'POST /runs': await tooLarge('POST', '/api/runs', 3 * MB, user),
      'a claim': await tooLarge('POST', '/api/order/barista/1/claim', 3 * MB, barista),
      'POST /auth/second-factor': await tooLarge('POST', '/api/auth/second-factor', 3 * MB),
      'PUT /user/me/avoids': await tooLarge('PUT', '/api/user/me/avoids', 3 * MB, user),
      'a sign-in of 100 kB': await tooLarge('POST', '/api/auth/v2/login', 100 * 1024),
    };
    for (const [what, res] of Object.entries(answers)) {
      expect(res.statusCode, what).toBe(413);
      const body = res.json<ErrorBody>();
      expect(body, what).toMatchObject({
        statusCode: 413,
        error: 'Payload Too Large',
        code: 'PAYLOAD_TOO_LARGE',
        message: 'This request is too large to be accepted. Please send less and try again.',
        messageId: 'people.request.tooLarge',
      });
      expect(body.message, what).not.toMatch(/photo|5 MB/i);
      // What a client in Thai shows from the catalogue for it.
      expect(say('th', { id: body.messageId ?? '' }), what).toBe(
        'คำขอนี้มีขนาดใหญ่เกินกว่าที่รับได้ กรุณาส่งข้อมูลให้น้อยลงแล้วลองอีกครั้ง',
      );
    }
  });

  it('still answers a photo upload past its body limit with the photo words', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload/image',
      headers: { 'content-type': 'application/json', ...user.auth },
      payload: JSON.stringify({ file: `data:image/png;base64,${'A'.repeat(9 * 1024 * 1024)}` }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      code: 'PAYLOAD_TOO_LARGE',
      message: MESSAGES.uploadTooLarge,
      messageId: 'people.upload.tooLarge',
    });
    expect(say('th', { id: 'people.upload.tooLarge' })).toBe('ไฟล์ต้องเล็กกว่า 5 MB');
  });
});
