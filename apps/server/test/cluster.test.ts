import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/connection';
import { attachClusterAdapter } from '../src/realtime/cluster';
import { connectClient, nextEvent, TestClock } from './helpers';
import type { FastifyInstance } from 'fastify';

/**
 * Two server processes behind one address share a PostgreSQL database: a client connected to one
 * still gets the events the other emits. PostgreSQL only (SQLite is a single-process setup): the
 * vitest config includes this file when TEST_DATABASE_URL is set.
 */
describe('several server processes', () => {
  const baseUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `cafe_cluster_${randomBytes(5).toString('hex')}`;
  const handles: DatabaseHandle[] = [];
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    for (let i = 0; i < 2; i += 1) {
      const config = loadConfig({
        NODE_ENV: 'test',
        DEMO: 'off',
        JWT_SECRET: 'cluster-secret-cluster-secret',
        WEB_DIST: '/none',
        DATA_DIR: '/tmp/cafe-test-data',
      });
      const handle = openDatabase({ databaseUrl: url.toString() });
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
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('delivers a cafe-status change made through one process to a client of the other', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const port = (first.server.address() as AddressInfo).port;
    const client = await connectClient(`http://127.0.0.1:${port}`);
    try {
      const received = nextEvent<{ isCafeOpen: boolean; isBarOpen: boolean }>(client, 'cafe-status', 5000);
      // Give the adapter's LISTEN a moment to be in place on both sides.
      await new Promise((r) => setTimeout(r, 300));
      second.ctx.events.cafeStatus({ isCafeOpen: true, isBarOpen: false });
      expect(await received).toEqual({ isCafeOpen: true, isBarOpen: false });
    } finally {
      client.disconnect();
    }
  });
});
