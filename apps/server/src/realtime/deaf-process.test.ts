import { existsSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/connection';
import { startPgCluster, type PgCluster } from '../test-support/pg-cluster';
import { untilRelaying } from '../test-support/processes';
import { FIRST_SITE_ID, connectClient, nextDisconnect, TestClock, type LiveClient } from '../test-support/test-app';
import { until } from '../test-support/waits';
import { attachClusterAdapter } from './cluster';

/**
 * A server process that lost its listening connection (a database restart, a failover) does not
 * hear the events the other processes send until it listens again, then ends its clients'
 * transport so that they catch up (docs/api/live-events.md). A phone catches up after the greatest
 * number it holds: had the deaf process given it an event of its own meanwhile, numbered after one
 * of the others' that it missed, the catch-up would skip that one. Found by the soak run (decision
 * 0084). PostgreSQL only, on a private cluster (its listening connections are ended).
 */
const hasPostgresServer =
  Boolean(process.env.PG_BIN) ||
  (existsSync('/usr/lib/postgresql') &&
    readdirSync('/usr/lib/postgresql').some((v) => existsSync(path.join('/usr/lib/postgresql', v, 'bin', 'initdb'))));

interface Process {
  app: FastifyInstance;
  handle: DatabaseHandle;
  baseUrl: string;
}

/**
 * Holds a process's adapter when it connects to LISTEN again, so the test decides how long the
 * process stays deaf (the adapter's own delay, one to three seconds, is no bound on a busy machine).
 */
class ListenGate {
  /** Connections asked for while held. */
  attempts = 0;
  private held: Promise<void> | undefined;
  private open: () => void = () => undefined;

  hold(): void {
    this.held = new Promise<void>((resolve) => {
      this.open = resolve;
    });
  }

  release(): void {
    this.held = undefined;
    this.open();
  }

  /** The pool the adapter gets: the process's own, whose `connect` (only LISTEN uses it) waits while held. */
  pool(pool: pg.Pool): pg.Pool {
    return new Proxy(pool, {
      get: (target, prop) => {
        if (prop === 'connect')
          return async () => {
            if (this.held) {
              this.attempts += 1;
              await this.held;
            }
            return target.connect();
          };
        const value: unknown = Reflect.get(target, prop);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  }
}

async function startProcess(url: string, gate?: ListenGate): Promise<Process> {
  const handle = openDatabase({ databaseUrl: url });
  const config = loadConfig({
    NODE_ENV: 'test',
    DEMO: 'off',
    RATE_LIMIT: 'off',
    JWT_SECRET: 'deaf-process-secret-deaf-process',
    WEB_DIST: '/none',
    DATA_DIR: '/tmp/cafe-test-data',
  });
  const app = await buildApp({ config, database: handle, clock: new TestClock() });
  if (handle.pgPool) await attachClusterAdapter(app, gate ? gate.pool(handle.pgPool) : handle.pgPool);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, handle, baseUrl: `http://127.0.0.1:${port}` };
}

describe.skipIf(!hasPostgresServer)('a server process deaf to the others for a moment', () => {
  let cluster: PgCluster | undefined;
  const processes: Process[] = [];
  const gate = new ListenGate();

  beforeAll(async () => {
    cluster = await startPgCluster();
    await cluster.createDatabase('deaf');
    // One after the other: the first migrates the database.
    processes.push(await startProcess(cluster.url('deaf'), gate));
    processes.push(await startProcess(cluster.url('deaf')));
    await untilRelaying(processes.map((p) => p.app));
  });
  afterAll(async () => {
    for (const p of processes) {
      await p.app.close();
      await p.handle.close();
    }
    await cluster?.destroy();
  });

  it("gives a phone every event of its site after a catch-up from the last number it holds, the other process's missed one too", async () => {
    const [deaf, other] = processes as [Process, Process];
    const held = new Set<number>();
    const hellos: number[] = [];
    /** The greatest number the phone holds when it is connected again: where its catch-up starts. */
    let lastApplied = 0;
    // Listening before it connects: the first `hello` may come in the same read as the connection.
    const phone: LiveClient = await connectClient(deaf.baseUrl, undefined, undefined, (socket) =>
      socket.onAny((name: string, payload: { seq?: unknown } | undefined) => {
        if (typeof payload?.seq !== 'number') return;
        if (name === 'hello') {
          hellos.push(payload.seq);
          if (hellos.length === 2) lastApplied = Math.max(hellos[0]!, ...held);
        } else held.add(payload.seq);
      }),
    );
    const siteNumber = async () =>
      Number(
        (
          await deaf.app.ctx.db
            .selectFrom('live_sequences')
            .select('seq')
            .where('site_id', '=', FIRST_SITE_ID)
            .executeTakeFirst()
        )?.seq ?? 0,
      );
    try {
      await until(() => hellos.length === 1, 'the first hello');
      const transportEnded = nextDisconnect(phone);
      gate.hold();
      expect(await cluster!.terminateBackends({ queryLike: 'LISTEN%' })).toBeGreaterThanOrEqual(2);
      // Deaf for sure: it knows its connection broke and waits to listen again until released.
      await until(() => gate.attempts > 0, 'the deaf process asking to listen again');
      const before = await siteNumber();
      other.app.ctx.events.shopStatus(FIRST_SITE_ID, { isCafeOpen: true, isBarOpen: false });
      await until(async () => (await siteNumber()) === before + 1, "the other process's event numbered");
      deaf.app.ctx.events.shopStatus(FIRST_SITE_ID, { isCafeOpen: false, isBarOpen: false });
      await until(async () => (await siteNumber()) === before + 2, "the deaf process's own event numbered");
      gate.release();

      // Listening again, the process ends the phone's transport; the phone reconnects (hello) and
      // asks for what came after the greatest number it holds, as docs/api/live-events.md says.
      expect(await transportEnded).toBe('transport close');
      await until(() => hellos.length === 2, 'the hello of the reconnect');
      const res = await deaf.app.inject({ url: `/api/live/missed?siteId=${FIRST_SITE_ID}&after=${lastApplied}` });
      expect(res.statusCode, res.body).toBe(200);
      for (const event of res.json<{ events: { seq: number }[] }>().events) held.add(event.seq);

      expect([before + 1, before + 2].filter((seq) => !held.has(seq))).toEqual([]);
    } finally {
      gate.release();
      phone.disconnect();
    }
  });
});
