// The soak's deployment: a private PostgreSQL cluster (never the shared one on 5432), two processes
// of the built server on it and one data folder, as production runs them behind its proxy, each on
// a fixed port so that its clients reconnect to it after a restart. The servers' clocks are the
// script's: NODE_ENV=test with CLOCK_NOW, moved with PUT /api/test/clock on both processes.
import path from 'node:path';
import pg from 'pg';
import { startAppServer, freePort, rssMb } from '../app-server.mjs';
import { startPgCluster } from '../../../src/test-support/pg-cluster.ts';

export const METRICS_TOKEN = 'soak-metrics-token-0123456789';

/** `sim`: the script's clock, an instant that runs on in real time from the last time it was set. */
export function simClock(start) {
  let at = Date.parse(start);
  let setAt = Date.now();
  return {
    now: () => new Date(at + (Date.now() - setAt)),
    set(instant) {
      at = Date.parse(instant);
      setAt = Date.now();
    },
  };
}

/**
 * The script's own HTTP connections (global fetch) close after a second idle instead of the
 * server's keep-alive hint (72 s): at the end of a day the processes' sockets are then their
 * database connections and the live connections, not the simulated people's idle ones. Node's fetch
 * takes its dispatcher from undici's global symbol; the Agent is built from the one it made.
 */
export function shortKeepAlive() {
  const key = Symbol.for('undici.globalDispatcher.1');
  const current = globalThis[key];
  if (!current) throw new Error('no fetch dispatcher yet: call after the first fetch');
  globalThis[key] = new current.constructor({ keepAliveTimeout: 1000, keepAliveMaxTimeout: 1000 });
}

export async function startDeployment({ root, dataDir, clock, extraEnv, log }) {
  const cluster = await startPgCluster();
  await cluster.createDatabase('cafe');
  const databaseUrl = cluster.url('cafe');
  const ports = [await freePort(), await freePort()];
  const processes = [null, null];
  const starts = [0, 0];
  let env = extraEnv;

  const startOne = async (i) => {
    starts[i] += 1;
    processes[i] = await startAppServer({
      root,
      dataDir,
      databaseUrl,
      port: ports[i],
      logFile: path.join(dataDir, `server-${i + 1}.log`),
      extraEnv: { ...env, CLOCK_NOW: clock.now().toISOString(), METRICS_TOKEN, ACCESS_TOKEN_TTL: String(30 * 86400) },
    });
  };

  /** A fresh connection for each question: the cluster restarts under it. */
  const query = async (sql, params = []) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('error', () => {});
    await client.connect();
    try {
      return (await client.query(sql, params)).rows;
    } finally {
      await client.end().catch(() => {});
    }
  };

  const deployment = {
    cluster,
    databaseUrl,
    query,
    bases: ports.map((p) => `http://127.0.0.1:${p}`),
    get processes() {
      return processes;
    },
    starts,
    /** The first process alone (it migrates and writes the demo data), as at the first start. */
    async startFirst() {
      await startOne(0);
    },
    async startBoth(newEnv) {
      if (newEnv) env = { ...env, ...newEnv };
      for (const i of [0, 1]) if (!processes[i]) await startOne(i);
    },
    async stopAll() {
      await Promise.all(processes.map((p) => p?.stop()));
      processes[0] = processes[1] = null;
    },
    /** SIGTERM (a graceful stop, as a deploy does), then the same port again. */
    async restartProcess(i) {
      const t0 = Date.now();
      await processes[i].stop();
      processes[i] = null;
      await startOne(i);
      await deployment.setClock(clock.now().toISOString(), [i]);
      // The metrics' event-loop monitor starts with the first read: from now, not from the day's end.
      await deployment.measure().catch(() => {});
      log(`  process ${i + 1} restarted in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    },
    async restartDatabase() {
      const t0 = Date.now();
      await cluster.restart('fast');
      log(`  PostgreSQL restarted in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    },
    /** Moves the script's clock and every running process's to `instant` (each runs its timers at once). */
    async setClock(instant, which = [0, 1]) {
      clock.set(instant);
      for (const i of which) {
        if (!processes[i]) continue;
        const res = await fetch(`${deployment.bases[i]}/api/test/clock`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ now: clock.now().toISOString() }),
        });
        if (!res.ok) throw new Error(`PUT /api/test/clock on process ${i + 1}: ${res.status} ${await res.text()}`);
      }
    },
    /** What each process says of itself (GET /api/metrics) and what PostgreSQL counts. */
    async measure() {
      const out = [];
      for (const [i, p] of processes.entries()) {
        const res = await fetch(`${deployment.bases[i]}/api/metrics`, {
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        });
        const text = await res.text();
        const value = (name, labels = '') => {
          const m = new RegExp(`^${name}${labels.replace(/[{}]/g, '\\$&')} ([\\d.e+-]+)`, 'm').exec(text);
          return m ? Number(m[1]) : undefined;
        };
        const resources = {};
        for (const m of text.matchAll(/^nodejs_active_resources\{type="([^"]+)"\} (\d+)/gm))
          resources[m[1]] = Number(m[2]);
        out.push({
          process: i + 1,
          starts: starts[i],
          rssMb: rssMb(p.pid),
          heapUsedMb: Math.round((value('nodejs_heap_size_used_bytes') ?? 0) / 1e5) / 10,
          handles: value('nodejs_active_handles_total'),
          requests: value('nodejs_active_requests_total'),
          resources,
          resourcesTotal: value('nodejs_active_resources_total'),
          openFds: value('process_open_fds'),
          liveSockets: value('cafe_live_sockets'),
          loopP99Ms: Math.round((value('nodejs_eventloop_lag_p99_seconds') ?? 0) * 1e4) / 10,
          loopMaxMs: Math.round((value('nodejs_eventloop_lag_max_seconds') ?? 0) * 1e4) / 10,
          poolTotal: value('cafe_database_pool_connections', '{state="total"}'),
          // Checked out of the pool: what a leak holds. The idle ones come and go with the pool's
          // 10 s idle timeout and the background work (the outbox, the schedule), so a day's end
          // can read one more or one fewer without anything leaking.
          poolBusy:
            value('cafe_database_pool_connections', '{state="total"}') -
            value('cafe_database_pool_connections', '{state="idle"}'),
        });
      }
      const [{ count }] = await query(
        `SELECT count(*)::int AS count FROM pg_stat_activity
          WHERE datname = 'cafe' AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
      );
      // Listening connections of the live relay (LISTEN): one a process, whatever failed on the way.
      const [{ listening }] = await query(
        `SELECT count(*)::int AS listening FROM pg_stat_activity
          WHERE datname = 'cafe' AND backend_type = 'client backend' AND query LIKE 'LISTEN%'`,
      );
      return { processes: out, dbConnections: count, listening };
    },
    async destroy() {
      await deployment.stopAll().catch(() => {});
      await cluster.destroy();
    },
  };
  return deployment;
}
