import { existsSync, readdirSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { failAfter } from '../lib/deadline';
import { loadConfig } from '../config';
import { attachClusterAdapter } from '../realtime/cluster';
import { dataUrl, pngImage } from '../test-support/image-fixtures';
import { startPgCluster, type PgCluster } from '../test-support/pg-cluster';
import {
  FIRST_SITE_ID,
  connectClient,
  nextDisconnect,
  onLiveEvent,
  TestClock,
  type LiveClient,
} from '../test-support/test-app';
import { EVENT_WAIT_MS } from '../test-support/waits';
import { openDatabase, type DatabaseHandle, type PgTimeouts } from './connection';

/**
 * The database going away under running server processes: a terminated backend, a stopped and
 * restarted server, a network cut. PostgreSQL only, on a private cluster of its own (the shared one
 * on 5432 is never touched); runs wherever the PostgreSQL server programs are installed (CI has them).
 */
const hasPostgresServer =
  Boolean(process.env.PG_BIN) ||
  (existsSync('/usr/lib/postgresql') &&
    readdirSync('/usr/lib/postgresql').some((v) => existsSync(path.join('/usr/lib/postgresql', v, 'bin', 'initdb'))));

/** A Monday morning in the cafe's zone: the cafe takes orders. */
const MONDAY_MORNING = '2026-11-23T02:00:00.000Z';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it returns true, failing after EVENT_WAIT_MS with `what`. */
async function eventually(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + EVENT_WAIT_MS;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${EVENT_WAIT_MS} ms`);
    await sleep(250);
  }
}

/** `work`, or a failure naming `what` if it has not settled after `ms` (a hang must fail, not stall). */
function settlesWithin<T>(what: string, ms: number, work: Promise<T>): Promise<T> {
  return failAfter(work, ms, `${what} still had no answer after ${ms} ms`);
}

interface Process {
  app: FastifyInstance;
  handle: DatabaseHandle;
  baseUrl: string;
}

function configFor() {
  return loadConfig({
    NODE_ENV: 'test',
    DEMO: 'on',
    LOCATION_CHECK: 'off',
    RATE_LIMIT: 'off',
    ADMIN_EMAIL: 'boss@example.com',
    ADMIN_PASSWORD: 'boss-password-1',
    JWT_SECRET: 'outage-secret-outage-secret',
    WEB_DIST: '/none',
    DATA_DIR: '/tmp/cafe-test-data',
  });
}

/** One server process on `url`: the app, its own pool, the live adapter, listening on a port. */
async function startProcess(url: string, options: { pgTimeouts?: Partial<PgTimeouts>; live?: boolean } = {}) {
  const handle = openDatabase({ databaseUrl: url, pgTimeouts: options.pgTimeouts });
  const app = await buildApp({ config: configFor(), database: handle, clock: new TestClock(MONDAY_MORNING) });
  if (options.live !== false && handle.pgPool) await attachClusterAdapter(app, handle.pgPool);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, handle, baseUrl: `http://127.0.0.1:${port}` } satisfies Process;
}

async function stopProcess(p: Process | undefined): Promise<void> {
  if (!p) return;
  await p.app.close();
  await p.handle.close();
}

async function signIn(app: FastifyInstance): Promise<{ authorization: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/v2/login',
    payload: { email: 'user@example.com', password: 'user-demo-1' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${res.json<{ accessToken: string }>().accessToken}` };
}

async function placeOrder(app: FastifyInstance, auth: { authorization: string }): Promise<number> {
  const upload = await app.inject({
    method: 'POST',
    url: '/api/upload/image',
    headers: auth,
    payload: { file: dataUrl(await pngImage(7)) },
  });
  expect(upload.statusCode, upload.body).toBe(201);
  const latte = await app.ctx.db
    .selectFrom('menu_items')
    .select('id')
    .where('name', '=', 'Latte')
    .executeTakeFirstOrThrow();
  const order = await app.inject({
    method: 'POST',
    url: '/api/order',
    headers: auth,
    payload: {
      menu_id: latte.id,
      menu_name: 'Latte',
      type: 'cold',
      sweetness: 50,
      remark: 'before the outage',
      tumblerImage: upload.json<{ url: string }>().url,
    },
  });
  expect(order.statusCode, order.body).toBe(201);
  return order.json<{ id: number }>().id;
}

/** An answer and how long it took (reported, not judged: the guards are the hangs' limits). */
async function timed<T>(work: Promise<T>): Promise<{ res: T; ms: number }> {
  const start = performance.now();
  const res = await work;
  return { res, ms: Math.round(performance.now() - start) };
}

/** The words of a request's 503 while the database is away (GET /ready has its own). */
const DATABASE_AWAY = 'The service is briefly unavailable (its database cannot be reached). Please try again shortly.';

/** What a client is told while the database is away. */
function expectUnavailable(res: LightMyRequestResponse): void {
  expect(res.statusCode, res.body).toBe(503);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.json()).toMatchObject({ statusCode: 503, code: 'INTERNAL', error: 'Service Unavailable' });
  expect(res.json<{ message: string }>().message).toMatch(/try again/i);
}

/**
 * A cafe-status change made on `from` reaches `client` (connected to another process): sent again
 * every half second until one arrives, since the adapter may still be listening again.
 *
 * The client comes back as the web app's does (apps/web/src/lib/live-connection.ts): a process
 * that listens again ends its clients' transport, and a handshake refused meanwhile (the database
 * not read in time on a loaded machine: UNAVAILABLE) is one Socket.IO does not try again by itself.
 * What the client met is in the failure's words.
 */
async function liveEventsFlow(from: Process, client: LiveClient): Promise<void> {
  let received = false;
  const met: string[] = [];
  const stop = onLiveEvent(client, 'cafe-status', () => (received = true));
  const refused = (error: Error & { data?: { code?: unknown } }) =>
    met.push(`refused: ${error.message} (${String(error.data?.code)})`);
  const dropped = (reason: string) => met.push(`disconnected: ${reason}`);
  client.on('connect_error', refused);
  client.on('disconnect', dropped);
  try {
    await eventually('a live event from the other process', async () => {
      if (client.connected) from.app.ctx.events.shopStatus(FIRST_SITE_ID, { isCafeOpen: true, isBarOpen: false });
      else if (!client.active) client.connect();
      await sleep(250);
      return received;
    }).catch((error: unknown) => {
      const state = `connected ${client.connected}, active ${client.active}; ${met.join('; ') || 'nothing met'}`;
      throw new Error(`${(error as Error).message} (the client: ${state})`);
    });
  } finally {
    stop();
    client.off('connect_error', refused);
    client.off('disconnect', dropped);
  }
}

/**
 * A TCP relay between a server process and PostgreSQL that can stop forwarding without closing
 * anything: what a network cut looks like from both ends (no reset, no answer).
 */
async function startFreezableProxy(targetPort: number) {
  let frozen = false;
  const sockets = new Set<net.Socket>();
  const links: { client: net.Socket; upstream: net.Socket }[] = [];
  const waiting: (() => void)[] = [];
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    const open = () => {
      if (client.destroyed) return;
      const upstream = net.connect(targetPort, '127.0.0.1');
      track(upstream);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.pipe(upstream);
      upstream.pipe(client);
      links.push({ client, upstream });
    };
    if (frozen) {
      client.pause();
      waiting.push(open);
    } else open();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    freeze() {
      if (frozen) return;
      frozen = true;
      for (const { client, upstream } of links) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    thaw() {
      if (!frozen) return;
      frozen = false;
      for (const { client, upstream } of links) {
        client.pipe(upstream);
        upstream.pipe(client);
      }
      for (const open of waiting.splice(0)) open();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.skipIf(!hasPostgresServer)('PostgreSQL outages', () => {
  let cluster: PgCluster;
  let databaseCount = 0;
  const freshDatabase = async () => {
    databaseCount += 1;
    const name = `outage_${databaseCount}`;
    await cluster.createDatabase(name);
    return cluster.url(name);
  };

  beforeAll(async () => {
    cluster = await startPgCluster();
  });
  afterAll(async () => {
    await cluster?.destroy();
  });

  it('lets two processes start together on an empty database (migrations and seed data once)', async () => {
    for (let round = 0; round < 3; round += 1) {
      const url = await freshDatabase();
      const started = await Promise.allSettled([
        startProcess(url, { live: false }),
        startProcess(url, { live: false }),
      ]);
      const processes = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      try {
        expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'started'))).toEqual([
          'started',
          'started',
        ]);
        // Read as start-up reads, without the requests' deadlines: what it left, on a busy machine too.
        const { users, categories } = await processes[0]!.handle.withoutDeadlines(async (db) => ({
          users: await db.selectFrom('users').select('email').orderBy('email').execute(),
          categories: await db.selectFrom('categories').select('name').execute(),
        }));
        expect(users.map((u) => u.email)).toEqual([
          'admin@example.com',
          'barista@example.com',
          'boss@example.com',
          // The opening hours' own account (migration 008).
          'opening-hours@system.invalid',
          'user@example.com',
        ]);
        expect(categories).toHaveLength(5);
      } finally {
        for (const p of processes) await stopProcess(p);
      }
    }
  });

  it("starts a second process while the first still seeds, however short the requests' deadlines", async () => {
    // The seed hashes the demo passwords under its lock: a process starting beside it waits longer
    // than a request may wait for a lock (a busy machine made that 2 s), and a loaded machine may
    // answer any statement later than a request's deadline (CI saw "Query read timeout" at start).
    // Start-up's statements are bound by none of them; here every request's deadline is 1-20 ms.
    const url = await freshDatabase();
    const short = { lockMs: 20, statementMs: 1, queryMs: 1 };
    const started = await Promise.allSettled([
      startProcess(url, { live: false, pgTimeouts: short }),
      startProcess(url, { live: false, pgTimeouts: short }),
    ]);
    const processes = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    try {
      expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'started'))).toEqual([
        'started',
        'started',
      ]);
      const categories = await processes[0]!.handle.withoutDeadlines((db) =>
        db.selectFrom('categories').select('name').execute(),
      );
      expect(categories).toHaveLength(5);
    } finally {
      for (const p of processes) await stopProcess(p);
    }
  });

  describe('two processes on one database', () => {
    let first: Process | undefined;
    let second: Process | undefined;
    let client: LiveClient | undefined;
    let clientOfSecond: LiveClient | undefined;

    beforeAll(async () => {
      const url = await freshDatabase();
      first = await startProcess(url);
      second = await startProcess(url);
      client = await connectClient(first.baseUrl);
      clientOfSecond = await connectClient(second.baseUrl);
    });
    afterAll(async () => {
      client?.disconnect();
      clientOfSecond?.disconnect();
      await stopProcess(first);
      await stopProcess(second);
    });

    it('keeps running when the listening connections are terminated, and live events resume', async () => {
      const [a, b, live, liveOfSecond] = [first!, second!, client!, clientOfSecond!];
      await liveEventsFlow(b, live);
      await liveEventsFlow(a, liveOfSecond);

      for (let cut = 0; cut < 3; cut += 1) {
        // Listening again, a process ends its clients' transport so that they reconnect and refetch.
        const caughtUp = [nextDisconnect(live), nextDisconnect(liveOfSecond)];
        expect(await cluster.terminateBackends({ queryLike: 'LISTEN%' })).toBeGreaterThanOrEqual(2);
        expect(await Promise.all(caughtUp)).toEqual(['transport close', 'transport close']);
        await liveEventsFlow(b, live);
        await liveEventsFlow(a, liveOfSecond);
      }
      // The broken listening connections went back to the pool: only the live one is checked out.
      await eventually('the pool to hold one checked-out connection', async () => {
        const pool = a.handle.pgPool!;
        return pool.totalCount - pool.idleCount === 1;
      });
      expect((await a.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    });

    it('keeps running when the database ends a connection it holds between two statements', async () => {
      const a = first!;
      const transaction = a.app.ctx.db.transaction().execute(async (trx) => {
        await sql`select 'held between two statements' as marker`.execute(trx);
        expect(await cluster.terminateBackends({ queryLike: '%held between two statements%' })).toBe(1);
        // The database's "terminating connection" reaches the idle, checked-out connection first.
        await sleep(500);
        await sql`select 1 as next_statement`.execute(trx);
      });
      await expect(transaction).rejects.toThrow(/terminat|not queryable/i);
      // The process is still here and the pool serves fresh connections.
      await eventually('the process to answer ready', async () => {
        return (await a.app.inject({ method: 'GET', url: '/api/ready' })).statusCode === 200;
      });
    });

    it('answers 503 with Retry-After while the database is stopped, and resumes by itself when it is back', async () => {
      const [a, b, live, liveOfSecond] = [first!, second!, client!, clientOfSecond!];
      const auth = await signIn(a.app);
      const orderId = await placeOrder(a.app, auth);

      await cluster.stop('fast');
      try {
        for (const p of [a, b]) {
          expectUnavailable(await p.app.inject({ method: 'GET', url: '/api/order/my-queue', headers: auth }));
          expectUnavailable(await p.app.inject({ method: 'GET', url: `/api/order/${orderId}`, headers: auth }));
          expectUnavailable(
            await p.app.inject({
              method: 'POST',
              url: '/api/auth/v2/login',
              payload: { email: 'user@example.com', password: 'user-demo-1' },
            }),
          );
          expectUnavailable(await p.app.inject({ method: 'GET', url: '/api/ready' }));
          // Liveness is the process, not the database: a supervisor must not restart it for this.
          const health = await p.app.inject({ method: 'GET', url: '/api/health' });
          expect(health.statusCode).toBe(200);
        }
      } finally {
        await cluster.start();
      }

      for (const p of [a, b]) {
        await eventually('ready again', async () => {
          return (await p.app.inject({ method: 'GET', url: '/api/ready' })).statusCode === 200;
        });
      }
      const order = await b.app.inject({ method: 'GET', url: `/api/order/${orderId}`, headers: auth });
      expect(order.statusCode, order.body).toBe(200);
      expect(order.json()).toMatchObject({ id: orderId, remark: 'before the outage', status: 'ordered' });
      // Both processes listen again. (One still connecting to listen when the processes stop keeps
      // a connection its pool waits for: on a loaded machine the stop hung.)
      await liveEventsFlow(b, live);
      await liveEventsFlow(a, liveOfSecond);
    });
  });

  describe('a database that refuses new connections (ALLOW_CONNECTIONS false)', () => {
    let name = '';
    let first: Process | undefined;
    let second: Process | undefined;
    let client: LiveClient | undefined;
    let clientOfSecond: LiveClient | undefined;

    beforeAll(async () => {
      const url = await freshDatabase();
      name = new URL(url).pathname.slice(1);
      first = await startProcess(url);
      second = await startProcess(url);
      client = await connectClient(first.baseUrl);
      clientOfSecond = await connectClient(second.baseUrl);
    });
    afterAll(async () => {
      await cluster.allowConnections(name, true);
      client?.disconnect();
      clientOfSecond?.disconnect();
      await stopProcess(first);
      await stopProcess(second);
    });

    it('answers 503 with Retry-After and the readable message on both processes, writes nothing, and works again once it accepts them', async () => {
      const [a, b] = [first!, second!];
      const auth = await signIn(a.app);
      await placeOrder(a.app, auth);
      // What the order tried while the database refuses needs: a photo and a drink of the menu.
      const upload = await a.app.inject({
        method: 'POST',
        url: '/api/upload/image',
        headers: auth,
        payload: { file: dataUrl(await pngImage(8)) },
      });
      expect(upload.statusCode, upload.body).toBe(201);
      const latte = await a.app.ctx.db
        .selectFrom('menu_items')
        .select('id')
        .where('name', '=', 'Latte')
        .executeTakeFirstOrThrow();
      const order = {
        method: 'POST',
        url: '/api/order',
        headers: auth,
        payload: {
          menu_id: latte.id,
          menu_name: 'Latte',
          type: 'hot',
          sweetness: 25,
          remark: 'while refused',
          tumblerImage: upload.json<{ url: string }>().url,
        },
      } as const;
      const orders = async () => (await a.app.ctx.db.selectFrom('orders').select('id').execute()).length;
      const ordersBefore = await orders();

      // As an administrator closes a database for maintenance: new connections are refused (55000)
      // and those open are ended, so every process's pool must open new ones.
      await cluster.allowConnections(name, false);
      try {
        expect(await cluster.terminateBackends({ database: name })).toBeGreaterThan(0);
        for (const p of [a, b]) {
          await eventually('the pool to let its ended connections go', async () => p.handle.pgPool!.idleCount === 0);
        }
        for (const p of [a, b]) {
          const answers = [
            // A public read, a signed-in read, a sign-in and a write.
            await p.app.inject({ method: 'GET', url: '/api/category' }),
            await p.app.inject({ method: 'GET', url: '/api/order/history/user', headers: auth }),
            await p.app.inject({
              method: 'POST',
              url: '/api/auth/v2/login',
              payload: { email: 'user@example.com', password: 'user-demo-1' },
            }),
            await p.app.inject(order),
          ];
          for (const res of answers) {
            expectUnavailable(res);
            expect(res.json<{ message: string }>().message).toBe(DATABASE_AWAY);
          }
          // As docs/api/operations.md says: not ready (503 with Retry-After), but alive.
          expectUnavailable(await p.app.inject({ method: 'GET', url: '/api/ready' }));
          const health = await p.app.inject({ method: 'GET', url: '/api/health' });
          expect(health.statusCode).toBe(200);
          expect(health.json()).toEqual({ status: 'ok' });
        }
      } finally {
        await cluster.allowConnections(name, true);
      }

      for (const p of [a, b]) {
        await eventually('ready again', async () => {
          return (await p.app.inject({ method: 'GET', url: '/api/ready' })).statusCode === 200;
        });
      }
      // Nothing of the refused order was written; sent again, it is placed, from either process.
      expect(await orders()).toBe(ordersBefore);
      const placed = await b.app.inject(order);
      expect(placed.statusCode, placed.body).toBe(201);
      expect(await orders()).toBe(ordersBefore + 1);
      for (const p of [a, b]) {
        expect((await p.app.inject({ method: 'GET', url: '/api/category' })).statusCode).toBe(200);
        const history = await p.app.inject({ method: 'GET', url: '/api/order/history/user', headers: auth });
        expect(history.statusCode, history.body).toBe(200);
      }
      // Both processes listen again (their listening connections were ended with the others): one
      // still connecting to listen when the processes stop keeps a connection its pool waits for,
      // and the stop hung on a loaded machine (as in "two processes on one database").
      await liveEventsFlow(b, client!);
      await liveEventsFlow(a, clientOfSecond!);
    });
  });

  describe('a database that stops answering (frozen with SIGSTOP)', () => {
    let p: Process | undefined;

    beforeAll(async () => {
      // The deadlines a deployment runs with (DEFAULT_PG_TIMEOUTS), not shortened ones.
      p = await startProcess(await freshDatabase(), { live: false });
    });
    afterAll(async () => {
      cluster.thaw();
      await stopProcess(p);
    });

    it('answers 503 with Retry-After within seconds while it is frozen, and recovers when it runs again', async () => {
      const app = p!.app;
      const auth = await signIn(app);
      const orderId = await placeOrder(app, auth);

      // Frozen for longer than any request may take. Each must be answered within its deadlines
      // (a query 3 s, a connection 4 s, a transaction's ROLLBACK once more), not when the
      // database runs again: the guard gives up long before the thaw, and before the 12 s a
      // client-side deadline used to be.
      const FROZEN_MS = 20_000;
      cluster.freeze();
      const thawed = sleep(FROZEN_MS).then(() => cluster.thaw());
      try {
        const answers = await settlesWithin(
          'requests while the database is frozen',
          10_000,
          Promise.all([
            // More than the pool's connections: some wait for one, some are stuck on one.
            ...Array.from({ length: 12 }, () =>
              timed(app.inject({ method: 'GET', url: '/api/order/history/user', headers: auth })),
            ),
            timed(app.inject({ method: 'GET', url: '/api/ready' })),
            timed(
              app.inject({
                method: 'POST',
                url: '/api/auth/v2/login',
                payload: { email: 'user@example.com', password: 'user-demo-1' },
              }),
            ),
          ]),
        );
        console.log(`frozen database: answered in ${answers.map((a) => a.ms).join(', ')} ms`);
        for (const { res } of answers) expectUnavailable(res);
      } finally {
        await thawed;
      }

      await eventually('answers again once the database runs', async () => {
        const res = await app.inject({ method: 'GET', url: '/api/order/history/user', headers: auth });
        return res.statusCode === 200;
      });
      // What was acknowledged before the freeze is all there.
      const order = await app.inject({ method: 'GET', url: `/api/order/${orderId}`, headers: auth });
      expect(order.statusCode, order.body).toBe(200);
      expect(order.json()).toMatchObject({ id: orderId, remark: 'before the outage', status: 'ordered' });
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    });
  });

  describe('a network cut to the database', () => {
    let proxy: Awaited<ReturnType<typeof startFreezableProxy>> | undefined;
    let p: Process | undefined;

    beforeAll(async () => {
      const url = new URL(await freshDatabase());
      proxy = await startFreezableProxy(Number(url.port));
      url.port = String(proxy.port);
      p = await startProcess(url.toString(), {
        live: false,
        pgTimeouts: { connectMs: 1_000, statementMs: 1_000, lockMs: 500, queryMs: 1_500 },
      });
    });
    afterAll(async () => {
      proxy?.thaw();
      await stopProcess(p);
      await proxy?.close();
    });

    it('answers 503 instead of hanging, and recovers when the network is back', async () => {
      const app = p!.app;
      const auth = await signIn(app);
      expect((await app.inject({ method: 'GET', url: '/api/order/my-queue', headers: auth })).statusCode).toBe(200);

      proxy!.freeze();
      try {
        // Several at once: more than the pool's idle connections, so new ones must be opened too.
        const answers = await settlesWithin(
          'requests during the cut',
          20_000,
          // (The history is read from the database every time; today's queue may come from memory.)
          Promise.all(
            Array.from({ length: 12 }, () =>
              app.inject({ method: 'GET', url: '/api/order/history/user', headers: auth }),
            ),
          ),
        );
        for (const res of answers) expectUnavailable(res);
        expectUnavailable(
          await settlesWithin('GET /api/ready', 20_000, app.inject({ method: 'GET', url: '/api/ready' })),
        );
      } finally {
        proxy!.thaw();
      }

      await eventually('answers again after the cut', async () => {
        const res = await app.inject({ method: 'GET', url: '/api/order/my-queue', headers: auth });
        return res.statusCode === 200;
      });
    });
  });
});
