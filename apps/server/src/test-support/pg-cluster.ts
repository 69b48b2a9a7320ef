import { execFile, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  chownSync,
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './free-port';

/**
 * A private PostgreSQL cluster for tests that need to break the database (stop it, restart it,
 * cut its connections) without touching the shared one on port 5432 that other tests use. Data,
 * socket and log live in one temporary folder that `destroy()` removes.
 *
 * PostgreSQL refuses to run as root, and CI runs as root: there every command runs as the
 * `postgres` user (runuser) and the folder is handed to that user.
 */

const run = promisify(execFile);

/** The shared cluster's port; a private one never takes it. */
const SHARED_PORT = 5432;

export type StopMode = 'smart' | 'fast' | 'immediate';

export interface PgCluster {
  readonly port: number;
  /** The temporary folder (data directory, Unix socket, server log). */
  readonly dir: string;
  /** A connection URL for `database` (default `postgres`) as the superuser, over TCP on loopback. */
  url(database?: string): string;
  createDatabase(name: string): Promise<void>;
  /**
   * ALTER DATABASE ... WITH ALLOW_CONNECTIONS: with false, new connections to `name` are refused
   * ("database ... is not currently accepting connections", SQLSTATE 55000), as an administrator
   * does for maintenance; those already open stay (terminateBackends ends them).
   */
  allowConnections(name: string, allowed: boolean): Promise<void>;
  /** Whether the postmaster is running (as far as this helper started and stopped it). */
  readonly running: boolean;
  /** Starts the stopped cluster again on the same port with the same data. */
  start(): Promise<void>;
  /** fast: disconnect clients and shut down cleanly; immediate: like a crash (recovery on next start). */
  stop(mode?: StopMode): Promise<void>;
  restart(mode?: StopMode): Promise<void>;
  /**
   * Ends client connections as a failover or an administrator would (pg_terminate_backend):
   * all of them, or those of one database, or those whose current query matches `queryLike`
   * (SQL LIKE, e.g. 'LISTEN%'). Returns how many were ended.
   */
  terminateBackends(filter?: { database?: string; queryLike?: string }): Promise<number>;
  /**
   * Stops every process of the cluster with SIGSTOP (the postmaster and all its backends): a
   * database that stops answering without closing anything, as a stalled disk or a network
   * partition looks to a client. `thaw` lets it run on (SIGCONT).
   */
  freeze(): void;
  thaw(): void;
  /** The server log so far (for failure messages). */
  log(): string;
  /** Stops the cluster (immediately) and removes its folder. Safe to call twice. */
  destroy(): Promise<void>;
}

function findBinDir(): string {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv) return fromEnv;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(path.join(root, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) throw new Error(`No PostgreSQL server binaries under ${root} (set PG_BIN to the folder of initdb)`);
  return path.join(root, versions[0], 'bin');
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** The command line for a PostgreSQL tool: as user postgres when we are root. */
function asPostgres(binary: string, args: string[]): [string, string[]] {
  return isRoot() ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
}

function postgresIds(): { uid: number; gid: number } {
  const result = spawnSync('id', ['postgres'], { encoding: 'utf8' });
  const uid = /uid=(\d+)/.exec(result.stdout)?.[1];
  const gid = /gid=(\d+)/.exec(result.stdout)?.[1];
  if (result.status !== 0 || !uid || !gid) throw new Error('Running as root needs a "postgres" user for PostgreSQL');
  return { uid: Number(uid), gid: Number(gid) };
}

/** Clusters not yet destroyed: stopped on the way out even when a test run dies without cleaning up. */
const live = new Set<{ binDir: string; dataDir: string; dir: string }>();
let exitHookInstalled = false;
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const cluster of live) {
      const [command, args] = asPostgres(path.join(cluster.binDir, 'pg_ctl'), [
        '-D',
        cluster.dataDir,
        '-m',
        'immediate',
        '-w',
        'stop',
      ]);
      spawnSync(command, args, { stdio: 'ignore', timeout: 20_000 });
      rmSync(cluster.dir, { recursive: true, force: true });
    }
  });
}

export interface PgClusterOptions {
  port?: number;
  /**
   * TLS with this certificate and key (PEM files), TLS 1.3 only. Clients may still connect without
   * it (the cluster's pg_hba.conf trusts loopback), so the test's own connections need no CA; what
   * a client asks for (sslmode) decides.
   */
  ssl?: { certFile: string; keyFile: string };
}

export async function startPgCluster(options: PgClusterOptions = {}): Promise<PgCluster> {
  const binDir = findBinDir();
  const port = options.port ?? (await freePort());
  if (port === SHARED_PORT) throw new Error(`Port ${SHARED_PORT} belongs to the shared PostgreSQL`);
  const dir = mkdtempSync(path.join(tmpdir(), 'cafe-pg-'));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  const entry = { binDir, dataDir, dir };
  live.add(entry);
  installExitHook();
  if (isRoot()) {
    const { uid, gid } = postgresIds();
    chownSync(dir, uid, gid);
  }

  const tool = async (name: string, args: string[], timeoutMs = 90_000) => {
    const [command, commandArgs] = asPostgres(path.join(binDir, name), args);
    return run(command, commandArgs, { timeout: timeoutMs, encoding: 'utf8' });
  };
  const readLog = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');

  let running = false;
  const start = async () => {
    try {
      await tool('pg_ctl', ['-D', dataDir, '-l', logFile, '-w', '-t', '60', 'start']);
    } catch (error) {
      throw new Error(`PostgreSQL did not start: ${(error as Error).message}\n${readLog().slice(-2000)}`);
    }
    running = true;
  };
  const stop = async (mode: StopMode = 'fast') => {
    await tool('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '60', 'stop']);
    running = false;
  };

  try {
    await tool('initdb', [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--no-locale',
      '--no-sync',
      '--no-instructions',
    ]);
    // Written as the owner of the file would: appending keeps the file's owner (postgres).
    appendFileSync(
      path.join(dataDir, 'postgresql.conf'),
      [
        '',
        '# test cluster (apps/server/src/test-support/pg-cluster.ts)',
        `port = ${port}`,
        "listen_addresses = '127.0.0.1'",
        // Its own socket folder: the shared cluster's /var/run/postgresql is left alone.
        `unix_socket_directories = '${dir}'`,
        'max_connections = 200',
        // Speed over durability against power loss, which no test simulates. synchronous_commit
        // stays on: a process crash (stop -m immediate) must not lose an acknowledged commit.
        'fsync = off',
        'full_page_writes = off',
        "shared_buffers = '32MB'",
        ...(options.ssl ? ['ssl = on', "ssl_min_protocol_version = 'TLSv1.3'"] : []),
        '',
      ].join('\n'),
    );
    if (options.ssl) {
      // Where PostgreSQL looks by default, owned by its user with no access for others (it refuses
      // a key anyone else may read).
      for (const [from, to] of [
        [options.ssl.certFile, 'server.crt'],
        [options.ssl.keyFile, 'server.key'],
      ] as const) {
        const target = path.join(dataDir, to);
        copyFileSync(from, target);
        chmodSync(target, 0o600);
        if (isRoot()) chownSync(target, postgresIds().uid, postgresIds().gid);
      }
    }
    await start();
  } catch (error) {
    live.delete(entry);
    await tool('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const withClient = async <T>(database: string, work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: url(database) });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };

  let destroyed = false;
  let frozen = false;
  /** The postmaster (from its pid file) and every process it started, the postmaster first. */
  const clusterPids = (): number[] => {
    const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .filter((entry) => {
        try {
          // /proc/<pid>/stat: "pid (name) state ppid ..."; the name may hold spaces, not ")".
          const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
        } catch {
          return false; // gone meanwhile
        }
      })
      .map(Number);
    return [postmaster, ...children];
  };
  return {
    port,
    dir,
    url,
    get running() {
      return running;
    },
    async createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain database name: ${name}`);
      await withClient('postgres', (client) => client.query(`CREATE DATABASE ${name}`));
    },
    async allowConnections(name, allowed) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain database name: ${name}`);
      await withClient('postgres', (client) =>
        client.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS ${allowed ? 'true' : 'false'}`),
      );
    },
    start,
    stop,
    async restart(mode = 'fast') {
      await stop(mode);
      await start();
    },
    async terminateBackends(filter = {}) {
      return withClient('postgres', async (client) => {
        const result = await client.query<{ ended: number }>(
          `select count(*)::int as ended from (
             select pg_terminate_backend(pid) from pg_stat_activity
             where pid <> pg_backend_pid() and backend_type = 'client backend'
               and ($1::text is null or datname = $1) and ($2::text is null or query like $2)
           ) as t`,
          [filter.database ?? null, filter.queryLike ?? null],
        );
        return result.rows[0]?.ended ?? 0;
      });
    },
    freeze() {
      for (const pid of clusterPids()) process.kill(pid, 'SIGSTOP');
      frozen = true;
    },
    thaw() {
      if (!frozen) return;
      for (const pid of clusterPids().reverse()) process.kill(pid, 'SIGCONT');
      frozen = false;
    },
    log: readLog,
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      if (frozen) for (const pid of clusterPids()) process.kill(pid, 'SIGCONT');
      if (running) await stop('immediate').catch(() => undefined);
      live.delete(entry);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
