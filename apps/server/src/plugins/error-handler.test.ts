import { existsSync, readdirSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSweep, probesAs, ROLES, type Sweep } from '../test-support/bad-input';
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
  ])('answers 503 with Retry-After when %s', async (_when, error) => {
    const res = await answerTo(error);
    expect(res.statusCode).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      code: 'INTERNAL',
      message: expect.stringMatching(/try again/i) as unknown,
    });
  });

  it.each([
    ['a programming error', new TypeError('x is undefined')],
    ['a constraint violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a SQLite constraint', new SQLite.SqliteError('UNIQUE constraint failed', 'SQLITE_CONSTRAINT_UNIQUE')],
  ])('still answers 500 for %s', async (_what, error) => {
    const res = await answerTo(error);
    expect(res.statusCode).toBe(500);
    expect(res.headers['retry-after']).toBeUndefined();
  });
});
