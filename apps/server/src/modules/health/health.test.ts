import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DummyDriver,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
} from 'kysely';
import type { Database } from '../../db/types';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { EVENT_WAIT_MS } from '../../test-support/waits';
import { createHealthService } from './health.service';

describe('health and errors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers health and ready', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('answers ready with 503 in the error shape while the database does not answer', async () => {
    vi.spyOn(t.app.ctx.services.health, 'databaseAnswers').mockResolvedValueOnce(false);
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(Number(ready.headers['retry-after'])).toBeGreaterThan(0);
    expect(ready.json()).toMatchObject({ statusCode: 503, code: 'INTERNAL' });
  });

  it('gives up on a database that does not answer at all, rather than hanging', async () => {
    // A database whose connections never come: what a network cut looks like to the pool.
    class HangingDriver extends DummyDriver {
      override acquireConnection(): Promise<DatabaseConnection> {
        return new Promise(() => undefined);
      }
    }
    const db = new Kysely<Database>({
      dialect: {
        createAdapter: () => new SqliteAdapter(),
        createDriver: () => new HangingDriver(),
        createIntrospector: (k) => new SqliteIntrospector(k),
        createQueryCompiler: () => new SqliteQueryCompiler(),
      },
    });
    const health = createHealthService({ ...t.app.ctx, db });
    let timer: NodeJS.Timeout | undefined;
    const hung = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error('the readiness check never answered')), EVENT_WAIT_MS);
    });
    try {
      expect(await Promise.race([health.databaseAnswers(), hung])).toBe(false);
    } finally {
      clearTimeout(timer);
    }
  });

  it('answers unknown API routes with the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', error: 'Not Found' });
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveProperty('openapi');
  });
});
