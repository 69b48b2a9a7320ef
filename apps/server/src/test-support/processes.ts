import { DISPLAY_NAMESPACE, type Role } from '@cafe/shared';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type pg from 'pg';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/connection';
import { attachClusterAdapter, type ClusterIntervals } from '../realtime/cluster';
import { createPgDatabase, FIRST_SITE_ID, TestClock } from './test-app';
import { until } from './waits';

/** Server processes sharing one PostgreSQL database, each listening on a port of its own. */
export interface Processes {
  apps: FastifyInstance[];
  /** Each process's database pool, in the order of `apps`. */
  pools: pg.Pool[];
  /** Each process's database handle, in the order of `apps` (test-support/statements.ts counts what is sent). */
  databases: DatabaseHandle[];
  /** Stops every process, closes its pool and drops the database. */
  stop: () => Promise<void>;
}

/** A namespace's server-side messages between processes (serverSideEmit), whatever its events. */
interface ServerSideMessages {
  on(event: string, listener: (token: unknown) => void): unknown;
  off(event: string, listener: (token: unknown) => void): unknown;
  serverSideEmit(event: string, token: unknown): unknown;
}

const PROBE = 'test-probe';

/**
 * Resolves once each of `apps` hears what each other one sends through the database, on every
 * namespace: their adapters' LISTEN is in place. A process that starts listening ends its clients'
 * transport once (realtime/cluster.ts: they catch up), so a client must connect after this. Each
 * sends a probe again every 100 ms until it is heard.
 */
export async function untilRelaying(apps: readonly FastifyInstance[]): Promise<void> {
  for (const namespace of ['/', DISPLAY_NAMESPACE]) {
    const sides = apps.map((app) => app.io.of(namespace) as unknown as ServerSideMessages);
    for (const [i, from] of sides.entries()) {
      for (const [j, to] of sides.entries()) {
        if (i === j) continue;
        const token = `${namespace} ${i} -> ${j}`;
        let heard = false;
        const listener = (said: unknown) => {
          if (said === token) heard = true;
        };
        to.on(PROBE, listener);
        try {
          await until(
            () => {
              if (!heard) from.serverSideEmit(PROBE, token);
              return heard;
            },
            `process ${j + 1} hearing process ${i + 1} on ${namespace}`,
            100,
          );
        } finally {
          to.off(PROBE, listener);
        }
      }
    }
  }
  // The catch-up a process's LISTEN started runs on the event loop's next turn.
  await nextTurn();
}

/**
 * `count` server processes as a deployment runs them behind its proxy: one fresh database of their
 * own on the PostgreSQL server of TEST_DATABASE_URL (named after `name`), a pool and the live
 * events' cluster adapter each, listening on loopback and hearing each other (untilRelaying).
 * `env` adds to the test configuration.
 */
export async function startProcesses(
  count: number,
  name: string,
  options: {
    env?: Record<string, string>;
    clock?: TestClock;
    /** The cluster adapter's timings (attachClusterAdapter). */
    adapter?: ClusterIntervals;
  } = {},
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
      if (handle.pgPool) await attachClusterAdapter(app, handle.pgPool, options.adapter);
      await app.listen({ port: 0, host: '127.0.0.1' });
    }
    await untilRelaying(apps);
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  return { apps, pools: handles.map((handle) => handle.pgPool as pg.Pool), databases: handles, stop };
}

/**
 * A person written straight into the database the `apps` share (no password: they act by the
 * token answered here, signed by the first process). A barista works at `site` (the first site
 * unless given), and every process reads its sites again.
 */
export async function insertPerson(
  apps: readonly FastifyInstance[],
  person: { name: string; role: Role; email?: string; site?: number; at?: string },
): Promise<{ id: number; token: string; auth: { authorization: string } }> {
  const [first] = apps;
  if (!first) throw new Error('no process to write the person with');
  const at = person.at ?? new Date().toISOString();
  const { id } = await first.ctx.db
    .insertInto('users')
    .values({
      name: person.name,
      email: person.email ?? `${person.name.toLowerCase().replace(/ /g, '-')}@example.com`,
      password_hash: 'x',
      role: person.role,
      is_available: 'available',
      push_status: 'ACTIVE',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (person.role === 'barista') {
    await first.ctx.db
      .insertInto('site_baristas')
      .values({ site_id: person.site ?? FIRST_SITE_ID, user_id: id })
      .execute();
    // Written behind the services' backs: every process reads its sites again.
    for (const app of apps) app.ctx.bus.publish('sites', null);
  }
  const token = await first.ctx.tokens.sign(id, person.role);
  return { id, token, auth: { authorization: `Bearer ${token}` } };
}

/**
 * What a test of several processes orders: a latte on the first site's cafe menu, with the cafe
 * open, written straight into the database the `apps` share (every process reads it again).
 * Answers the item's id.
 */
export async function openCafeWithLatte(apps: readonly FastifyInstance[], at: string): Promise<number> {
  const [first] = apps;
  if (!first) throw new Error('no process to write the menu with');
  const db = first.ctx.db;
  const { id: category } = await db
    .insertInto('categories')
    .values({
      name: 'Coffee',
      category_for: 'cafe',
      is_available: 'available',
      sort_order: 0,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: latte } = await db
    .insertInto('menu_items')
    .values({
      category_id: category,
      name: 'Latte',
      description: '-',
      is_active: 'active',
      is_available: 'available',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('site_menu_items')
    .values({ site_id: FIRST_SITE_ID, item_id: latte, available: 1, sold_out: 0 })
    .execute();
  await db
    .updateTable('sites')
    .set({ is_cafe_open: 1, status_updated_at: at })
    .where('id', '=', FIRST_SITE_ID)
    .execute();
  for (const app of apps) app.ctx.bus.resync();
  return latte;
}

/** A tumbler photo of `uploaderId` in the shared database: its URL, as POST /order takes it. */
export async function insertTumblerPhoto(
  apps: readonly FastifyInstance[],
  uploaderId: number,
  at: string,
): Promise<string> {
  const [first] = apps;
  if (!first) throw new Error('no process to write the photo with');
  const sha = randomBytes(32).toString('hex');
  await first.ctx.db
    .insertInto('images')
    .values({
      name: `${sha}.webp`,
      sha256: sha,
      mime: 'image/webp',
      width: 1,
      height: 1,
      bytes: 3,
      data: Buffer.from('abc'),
      uploaded_by: uploaderId,
      created_at: at,
    })
    .execute();
  return `/api/images/${sha}.webp`;
}
