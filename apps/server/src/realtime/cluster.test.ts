import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEventPayload } from '@cafe/shared';
import { FIRST_SITE_ID, connectClient, nextEvent, onNumberedLiveEvent } from '../test-support/test-app';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { insertPerson, startProcesses, untilRelaying } from '../test-support/processes';
import { statementsOf } from '../test-support/statements';
import { PROCESS_WAIT_MS, until } from '../test-support/waits';
import type { DatabaseHandle } from '../db/connection';
import { failAfter } from '../lib/deadline';
import { ROOMS } from './socket';

/**
 * Two server processes behind one address share a PostgreSQL database: a client connected to one
 * still gets the events the other emits. PostgreSQL only (SQLite is a single-process setup): the
 * vitest config includes this file when TEST_DATABASE_URL is set.
 */
describe('several server processes', () => {
  let apps: FastifyInstance[] = [];
  let pools: pg.Pool[] = [];
  let databases: DatabaseHandle[] = [];
  let stop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ apps, pools, databases, stop } = await startProcesses(2, 'cafe_cluster', { adapter: { carryAfterQuietMs: 0 } }));
  });

  afterAll(async () => {
    await stop?.();
  });

  it('delivers a cafe-status change made through one process to a client of the other', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const port = (first.server.address() as AddressInfo).port;
    const client = await connectClient(`http://127.0.0.1:${port}`);
    try {
      const received = nextEvent(client, 'cafe-status');
      second.ctx.events.shopStatus(FIRST_SITE_ID, { isCafeOpen: true, isBarOpen: false });
      expect(await received).toEqual({ isCafeOpen: true, isBarOpen: false });
    } finally {
      client.disconnect();
    }
  });

  it("gives this process's own clients an event at once, while its relay to the others still waits for the database", async () => {
    const [first] = apps as [FastifyInstance, FastifyInstance];
    const pool = pools[0] as pg.Pool;
    const port = (first.server.address() as AddressInfo).port;
    const client = await connectClient(`http://127.0.0.1:${port}`);
    // Every connection of the first process's pool taken, as a burst of placements takes them: the
    // relay (pg_notify) has to wait for one.
    const held: pg.PoolClient[] = [];
    try {
      const max = (pool.options as { max: number }).max;
      while (pool.totalCount < max || pool.idleCount > 0) held.push(await pool.connect());
      const received = nextEvent(client, 'cafe-status');
      first.ctx.events.shopStatus(FIRST_SITE_ID, { isCafeOpen: false, isBarOpen: true });
      expect(await received).toEqual({ isCafeOpen: false, isBarOpen: true });
      // Delivered here while the relay still waits (it leaves once the code that asked for it has
      // run, then waits for a connection): it did not hold the event back.
      await until(() => pool.waitingCount > 0, 'the relay waiting for a connection of the pool');
    } finally {
      for (const connection of held) connection.release();
      client.disconnect();
    }
  });

  it('gives a person connected to one process the queue moves of a site where the other took their order', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const person = await insertPerson(apps, { name: 'Queue Person', email: 'queue-person@example.com', role: 'user' });
    const port = (first.server.address() as AddressInfo).port;
    const client = await connectClient(`http://127.0.0.1:${port}`, await first.ctx.tokens.sign(person.id, 'user'));
    try {
      // The other process took the order: it joins the person's connections, wherever they are,
      // to the site's waiting room (one small message), and its queue events reach them there.
      second.ctx.events.waiting(person.id, FIRST_SITE_ID);
      await until(
        async () => (await first.io.in(ROOMS.waiting(FIRST_SITE_ID)).local.fetchSockets()).length > 0,
        "the person's connection in the site's waiting room",
        50,
      );
      const received = nextEvent(client, 'queue');
      const event = {
        siteId: FIRST_SITE_ID,
        categoryFor: 'cafe' as const,
        day: '2026-11-18',
        left: { id: 1, orderDate: '2026-11-18T03:00:00.000Z' },
        joined: null,
        wait: { secondsPerOrder: 180, inProgress: 1 },
      };
      second.ctx.events.queue(FIRST_SITE_ID, event);
      expect(await received).toMatchObject(event);
    } finally {
      client.disconnect();
    }
  });

  it("sends a site's event to the other process in the statement that numbers it, after the join asked for before it", async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const person = await insertPerson(apps, { name: 'Carried Person', email: 'carried@example.com', role: 'user' });
    const port = (first.server.address() as AddressInfo).port;
    const client = await connectClient(`http://127.0.0.1:${port}`, await first.ctx.tokens.sign(person.id, 'user'));
    const local = await connectClient(`http://127.0.0.1:${(second.server.address() as AddressInfo).port}`);
    try {
      const event = {
        siteId: FIRST_SITE_ID,
        categoryFor: 'bar' as const,
        day: '2026-11-19',
        left: null,
        joined: { id: 2, orderDate: '2026-11-19T03:00:00.000Z' },
        wait: { secondsPerOrder: 120, inProgress: 0 },
      };
      const numbered = <E extends 'queue' | 'cafe-status'>(socket: typeof client, name: E) =>
        new Promise<LiveEventPayload<E>>((resolve) => {
          const stop = onNumberedLiveEvent(socket, name, (payload) => {
            stop();
            resolve(payload);
          });
        });
      const received = numbered(client, 'queue');
      const atSecond = numbered(local, 'cafe-status');
      // The second process takes an order: the person's connections (on the first process) join
      // the site's waiting room, and the line's event follows at once. One statement carries both,
      // the join first: the event finds the person in the room.
      const sent = await statementsOf({ app: second, database: databases[1] as DatabaseHandle }, async () => {
        second.ctx.events.waiting(person.id, FIRST_SITE_ID);
        second.ctx.events.queue(FIRST_SITE_ID, event);
        second.ctx.events.shopStatus(FIRST_SITE_ID, { isCafeOpen: true, isBarOpen: true });
        await second.ctx.events.settled();
      });
      expect(sent, sent.join('\n')).toHaveLength(1);
      expect(sent[0]).toMatch(/^with checked as/);
      const heard = await received;
      expect(heard).toMatchObject(event);
      expect(typeof heard.seq).toBe('number');
      // The process's own clients get it once, with its number.
      expect(await atSecond).toMatchObject({ isCafeOpen: true, isBarOpen: true, seq: (heard.seq ?? 0) + 1 });
    } finally {
      client.disconnect();
      local.disconnect();
    }
  });

  it("sends an event too large for a notification apart, numbered, to both processes' clients", async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const there = await connectClient(`http://127.0.0.1:${(first.server.address() as AddressInfo).port}`);
    const here = await connectClient(`http://127.0.0.1:${(second.server.address() as AddressInfo).port}`);
    try {
      const large = { isCafeOpen: false, isBarOpen: false, note: 'x'.repeat(9_000) };
      const seen = { there: [] as unknown[], here: [] as unknown[] };
      there.on('cafe-status', (status) => seen.there.push(status));
      here.on('cafe-status', (status) => seen.here.push(status));
      second.ctx.events.shopStatus(FIRST_SITE_ID, large);
      const isLarge = (status: unknown) => (status as { note?: string }).note === large.note;
      await until(() => seen.there.some(isLarge) && seen.here.some(isLarge), 'the event at both processes');
      const heard = seen.there.filter(isLarge) as (typeof large & { seq?: number })[];
      expect(heard).toHaveLength(1);
      expect(typeof heard[0]?.seq).toBe('number');
      expect(seen.here.filter(isLarge)).toEqual(heard);
    } finally {
      there.disconnect();
      here.disconnect();
    }
  });

  it('relays a burst of events from one process to the other, every one, in the order they were numbered', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const port = (first.server.address() as AddressInfo).port;
    const client = await connectClient(`http://127.0.0.1:${port}`);
    try {
      const seen: { isCafeOpen: boolean; seq?: number }[] = [];
      client.on('cafe-status', (status) => seen.push(status));
      // Forty at once: the relays go in a few statements, not forty.
      for (let i = 0; i < 40; i += 1) {
        second.ctx.events.shopStatus(FIRST_SITE_ID, { isCafeOpen: i % 2 === 0, isBarOpen: false });
      }
      await until(() => seen.length >= 40, 'forty events relayed', 50);
      expect(seen).toHaveLength(40);
      expect(seen.map((s) => s.isCafeOpen)).toEqual(Array.from({ length: 40 }, (_, i) => i % 2 === 0));
      const numbers = seen.map((s) => s.seq ?? 0);
      expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    } finally {
      client.disconnect();
    }
  });

  it('listens on one connection however often the adapter starts listening again: each event once', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const database = (await pools[0]!.query<{ db: string }>('SELECT current_database() AS db')).rows[0]!.db;
    const listening = async () =>
      Number(
        (
          await pools[0]!.query<{ n: string }>(
            `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1 AND query LIKE 'LISTEN%'`,
            [database],
          )
        ).rows[0]!.n,
      );
    expect(await listening()).toBe(2);
    // One failure can make the adapter start its listening connection twice (a LISTEN that both
    // fails and ends its connection, on a loaded machine): here it starts twice at once.
    const adapter = first.io.of('/').adapter as unknown as { client: { initClient(): Promise<void> } };
    await Promise.all([adapter.client.initClient(), adapter.client.initClient()]);
    await untilRelaying(apps);
    // One listening connection a process, the ones it replaced ended.
    await until(async () => (await listening()) === 2, 'one listening connection a process', 100);

    const port = (first.server.address() as AddressInfo).port;
    const client = await connectClient(`http://127.0.0.1:${port}`);
    try {
      const seen: unknown[] = [];
      client.on('cafe-status', (status) => seen.push(status));
      for (let i = 0; i < 10; i += 1) {
        second.ctx.events.shopStatus(FIRST_SITE_ID, { isCafeOpen: i % 2 === 0, isBarOpen: true });
      }
      await until(() => seen.length >= 10, 'ten events relayed', 50);
      // A last one, relayed after the ten: when it is here, any second copy of the ten would be too.
      const last = nextEvent(client, 'cafe-status');
      second.ctx.events.shopStatus(FIRST_SITE_ID, { isCafeOpen: false, isBarOpen: false });
      await last;
      expect(seen).toHaveLength(11);
    } finally {
      client.disconnect();
    }
  });

  it('relays what one run of code asks for in one statement (a change and its join)', async () => {
    const [, second] = apps as [FastifyInstance, FastifyInstance];
    // The relays' statements of the second process, as its pool is asked them.
    const pool = pools[1] as unknown as { query: (text: unknown, values?: unknown) => unknown };
    const statements: string[] = [];
    const query = pool.query.bind(pool);
    pool.query = (text, values) => {
      if (typeof text === 'string' && text.startsWith('SELECT pg_notify')) statements.push(JSON.stringify(values));
      return query(text, values);
    };
    try {
      second.ctx.bus.publish('probe-first', 1);
      second.ctx.bus.publish('probe-second', 2);
      await until(() => statements.some((s) => s.includes('probe-second')), 'the second relay asked for');
      const first = statements.find((s) => s.includes('probe-first'));
      expect(first).toBeDefined();
      expect(first).toContain('probe-second');
    } finally {
      pool.query = query;
    }
  });

  it('keeps what each process holds in memory true when the other changes it: accounts, shop status, menu', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const insertUser = (email: string, role: 'admin' | 'user') => insertPerson(apps, { name: email, email, role });
    const admin = await insertUser('cache-admin@example.com', 'admin');
    const user = await insertUser('cache-user@example.com', 'user');
    const auth = async (id: number, role: 'admin' | 'user') => ({
      authorization: `Bearer ${await first.ctx.tokens.sign(id, role)}`,
    });
    const userAuth = await auth(user.id, 'user');

    // The second process reads the account, the shop status and the menu once (and keeps them).
    const me = () => second.inject({ method: 'GET', url: '/api/user/me', headers: userAuth });
    expect((await me()).json()).toMatchObject({ role: 'user' });
    const status = () => second.inject({ method: 'GET', url: '/api/cafe-status' });
    const before = (await status()).json<{ isCafeOpen: boolean }>();
    const menu = () => second.inject({ method: 'GET', url: '/api/category' });
    const menuBefore = await menu();

    // The first process changes all three.
    const patched = await first.inject({
      method: 'PATCH',
      url: `/api/user/${user.id}`,
      headers: await auth(admin.id, 'admin'),
      payload: { role: 'barista' },
    });
    expect(patched.statusCode).toBe(200);
    await first.ctx.services.shopStatus.set(FIRST_SITE_ID, before.isCafeOpen ? 'close-both' : 'cafe-open', admin.id);
    const adminUser = { id: admin.id, role: 'admin' as const, name: 'Cache Admin', email: '', homeSiteId: null };
    await first.ctx.services.menu.createCategory(adminUser, { name: 'Smoothies', categoryFor: 'cafe' });

    // The second process answers with the change, not with what it held.
    await until(async () => (await me()).json<{ role: string }>().role === 'barista', 'the new role', 100);
    await until(
      async () => (await status()).json<{ isCafeOpen: boolean }>().isCafeOpen !== before.isCafeOpen,
      'the new shop status',
      100,
    );
    await until(
      async () => {
        const answer = await menu();
        return answer.headers.etag !== menuBefore.headers.etag && answer.body.includes('Smoothies');
      },
      'the new menu',
      100,
    );
  });
  it("relays messages of every size around PostgreSQL's 8000-byte limit (one of exactly 8000 bytes was refused, with its batch)", async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const heard = new Set<string>();
    second.ctx.bus.subscribe('test.sizes', (key) => {
      if (typeof key === 'string') heard.add(key.slice(0, 8));
    });
    // One run of code: one batch of relays, each message a byte longer than the one before, past
    // the limit (a payload must be shorter than 8000 bytes) and past the adapter's own threshold.
    const sent: string[] = [];
    for (let size = 7_700; size <= 8_100; size += 1) {
      const key = `${String(size).padStart(8, '0')}${'x'.repeat(size)}`;
      sent.push(key.slice(0, 8));
      first.ctx.bus.publish('test.sizes', key);
    }
    await until(() => heard.size === sent.length, `every message heard (${heard.size} of ${sent.length})`);
    expect([...heard].sort()).toEqual(sent);
  });
});

describe('a process stopping while its adapter listens again', () => {
  it('stops: a listening connection asked for after the adapter closed is never taken from the pool', async () => {
    const { apps, databases, stop } = await startProcesses(1, 'cafe_cluster_stop');
    const [app] = apps as [FastifyInstance];
    const [database] = databases as [DatabaseHandle];
    try {
      const adapter = app.io.of('/').adapter as unknown as { client: { initClient(): Promise<void> } };
      await app.close();
      // A reconnection the adapter's close did not stop (an earlier timer of two, or one under way)
      // asks for a listening connection now: it kept the connection it got, and the pool's end
      // waited for it forever.
      void adapter.client.initClient();
      await failAfter(
        database.close(),
        PROCESS_WAIT_MS,
        `the database handle to close: still under way after ${PROCESS_WAIT_MS} ms`,
      );
      expect(database.pgPool!.totalCount).toBe(0);
    } finally {
      apps.length = 0;
      databases.length = 0;
      await stop();
    }
  });
});
