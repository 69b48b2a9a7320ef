import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/connection';
import { attachClusterAdapter } from './cluster';
import { connectClient, createPgDatabase, nextEvent, TestClock } from '../test-support/test-app';
import type { FastifyInstance } from 'fastify';

/**
 * Two server processes behind one address share a PostgreSQL database: a client connected to one
 * still gets the events the other emits. PostgreSQL only (SQLite is a single-process setup): the
 * vitest config includes this file when TEST_DATABASE_URL is set.
 */
describe('several server processes', () => {
  const handles: DatabaseHandle[] = [];
  const apps: FastifyInstance[] = [];
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const database = await createPgDatabase(process.env.TEST_DATABASE_URL ?? '', 'cafe_cluster');
    drop = database.drop;
    for (let i = 0; i < 2; i += 1) {
      const config = loadConfig({
        NODE_ENV: 'test',
        DEMO: 'off',
        JWT_SECRET: 'cluster-secret-cluster-secret',
        WEB_DIST: '/none',
        DATA_DIR: '/tmp/cafe-test-data',
      });
      const handle = openDatabase({ databaseUrl: database.url });
      handles.push(handle);
      const app = await buildApp({ config, database: handle, clock: new TestClock() });
      if (handle.pgPool) await attachClusterAdapter(app, handle.pgPool);
      await app.listen({ port: 0, host: '127.0.0.1' });
      apps.push(app);
    }
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const handle of handles) await handle.close();
    await drop?.();
  });

  it('delivers a cafe-status change made through one process to a client of the other', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const port = (first.server.address() as AddressInfo).port;
    const client = await connectClient(`http://127.0.0.1:${port}`);
    try {
      const received = nextEvent(client, 'cafe-status', 5000);
      // Give the adapter's LISTEN a moment to be in place on both sides.
      await new Promise((r) => setTimeout(r, 300));
      second.ctx.events.cafeStatus({ isCafeOpen: true, isBarOpen: false });
      expect(await received).toEqual({ isCafeOpen: true, isBarOpen: false });
    } finally {
      client.disconnect();
    }
  });
});
