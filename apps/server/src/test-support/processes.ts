import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/connection';
import { attachClusterAdapter } from '../realtime/cluster';
import { createPgDatabase, TestClock } from './test-app';

/** Server processes sharing one PostgreSQL database, each listening on a port of its own. */
export interface Processes {
  apps: FastifyInstance[];
  /** Each process's database pool, in the order of `apps`. */
  pools: pg.Pool[];
  /** Stops every process, closes its pool and drops the database. */
  stop: () => Promise<void>;
}

/**
 * `count` server processes as a deployment runs them behind its proxy: one fresh database of their
 * own on the PostgreSQL server of TEST_DATABASE_URL (named after `name`), a pool and the live
 * events' cluster adapter each, listening on loopback. `env` adds to the test configuration.
 */
export async function startProcesses(
  count: number,
  name: string,
  options: { env?: Record<string, string>; clock?: TestClock } = {},
): Promise<Processes> {
  const database = await createPgDatabase(process.env.TEST_DATABASE_URL ?? '', name);
  const handles: DatabaseHandle[] = [];
  const apps: FastifyInstance[] = [];
  const stop = async () => {
    for (const app of apps) await app.close();
    for (const handle of handles) await handle.close();
    await database.drop();
  };
  try {
    for (let i = 0; i < count; i += 1) {
      const config = loadConfig({
        NODE_ENV: 'test',
        DEMO: 'off',
        JWT_SECRET: `${name}-secret-${name}-secret-${name}`,
        WEB_DIST: '/none',
        DATA_DIR: '/tmp/cafe-test-data',
        ...options.env,
      });
      const handle = openDatabase({ databaseUrl: database.url });
      handles.push(handle);
      const app = await buildApp({ config, database: handle, clock: options.clock ?? new TestClock() });
      apps.push(app);
      if (handle.pgPool) await attachClusterAdapter(app, handle.pgPool);
      await app.listen({ port: 0, host: '127.0.0.1' });
    }
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  return { apps, pools: handles.map((handle) => handle.pgPool as pg.Pool), stop };
}
