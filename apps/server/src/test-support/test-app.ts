import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  LIVE_EVENT_SCHEMAS,
  SEQUENCED_EVENTS,
  type ClientToServerEvents,
  type LiveEventName,
  type LiveEventPayload,
  type Role,
  type ServerToClientEvents,
} from '@cafe/shared';
import type { FastifyInstance, HTTPMethods, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { buildApp, runMigrations } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/connection';
import { hashPassword } from '../lib/password';
import { iso } from '../lib/time';
import { EVENT_WAIT_MS } from './waits';

/**
 * Server tests run on SQLite by default and on PostgreSQL when TEST_DATABASE_URL is set: each
 * test app then gets a database of its own, created here and dropped on close.
 */
const PG_URL = process.env.TEST_DATABASE_URL;

/** The site migration 009 makes from the configuration (every test app has it). */
export const FIRST_SITE_ID = 1;

/**
 * A test person's password hash: production's argon2id, computed once a process for each password
 * and shared by every test person with that password (most have the default one). A hash is about
 * 12-20 ms of CPU and the suite makes thousands of people; a shared hash verifies as any other.
 */
const passwordHashes = new Map<string, Promise<string>>();
function passwordHashOf(password: string): Promise<string> {
  let hashed = passwordHashes.get(password);
  if (!hashed) {
    hashed = hashPassword(password);
    passwordHashes.set(password, hashed);
    // A failed hash is not kept: the next person tries again.
    hashed.catch(() => passwordHashes.delete(password));
  }
  return hashed;
}

/** A clock the test can move; it runs on from where it was set, unless frozen. */
export class TestClock {
  private offset = 0;
  /** While frozen: the instant it shows, in epoch milliseconds. */
  private frozen: number | null = null;
  constructor(start?: Date | string) {
    if (start) this.set(start);
  }
  now(): Date {
    return new Date(this.frozen ?? Date.now() + this.offset);
  }
  set(instant: Date | string): void {
    if (this.frozen !== null) this.frozen = new Date(instant).getTime();
    else this.offset = new Date(instant).getTime() - Date.now();
  }
  advance(ms: number): void {
    if (this.frozen !== null) this.frozen += ms;
    else this.offset += ms;
  }
  /**
   * Stops the clock where it is: it moves only by `set` and `advance` from now on, so what a test
   * measures between two of its steps does not depend on how fast a loaded machine runs them.
   */
  freeze(): void {
    this.frozen = this.now().getTime();
  }
}

/** Runs one statement on the PostgreSQL server of `serverUrl` (creating and dropping databases). */
async function runOnServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The address of database `name` on the PostgreSQL server of `serverUrl`. */
function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Database `name` made for one test app: its address, and `drop` to remove it. */
function ownDatabase(serverUrl: string, name: string): { url: string; drop: () => Promise<void> } {
  return {
    url: databaseUrl(serverUrl, name),
    drop: () => runOnServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * A database of its own on the PostgreSQL server of `serverUrl`, so tests running at the same time
 * never share rows: its URL, and `drop` to remove it.
 */
export async function createPgDatabase(
  serverUrl: string,
  prefix = 'cafe_test',
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await runOnServer(serverUrl, `CREATE DATABASE ${name}`);
  return ownDatabase(serverUrl, name);
}

const MIGRATIONS_DIR = path.join(import.meta.dirname, '../db/migrations');
/** SQLSTATEs: no such database; a database of that name exists; the template is in use. */
const NO_DATABASE = '3D000';
const DATABASE_EXISTS = '42P04';
const TEMPLATE_IN_USE = '55006';
const templates = new Map<string, Promise<string>>();
/** The digest of the migrations' sources, read once a process (migrationsDigest). */
let migrationsSource: string | undefined;

/** One digest of every migration's file name and source: a changed migration gets a template of its own. */
function migrationsDigest(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_DIR).sort())
    if (!file.includes('.test.')) hash.update(file).update(readFileSync(path.join(MIGRATIONS_DIR, file)));
  return hash.digest('hex');
}

/**
 * A migrated database on the PostgreSQL server to copy for each test app (CREATE DATABASE ...
 * TEMPLATE): migrating an empty one took a test app 1.5-2 s, most of the PostgreSQL suite's time
 * between its tests (decision 0086). One per version of the migrations and per value of what they
 * read from the configuration, named after both, so a changed migration never reuses an old copy.
 * Whichever worker asks first builds it under a name of its own and renames it when it is whole;
 * a worker that loses that race drops its own.
 */
function migratedTemplate(serverUrl: string, config: Config): Promise<string> {
  migrationsSource ??= migrationsDigest();
  const name = `cafe_template_${createHash('sha256')
    .update(migrationsSource)
    .update(JSON.stringify([config.cafeTimezone, config.cafeLat, config.cafeLng, config.orderRadiusKm]))
    .digest('hex')
    .slice(0, 16)}`;
  let template = templates.get(name);
  if (!template) {
    template = (async () => {
      const building = `${name}_${randomBytes(4).toString('hex')}`;
      await runOnServer(serverUrl, `CREATE DATABASE ${building}`);
      const handle = openDatabase({ databaseUrl: databaseUrl(serverUrl, building) });
      try {
        await runMigrations(handle, config);
      } finally {
        await handle.close();
      }
      try {
        await runOnServer(serverUrl, `ALTER DATABASE ${building} RENAME TO ${name}`);
      } catch (error) {
        if ((error as { code?: string }).code !== DATABASE_EXISTS) throw error;
        await runOnServer(serverUrl, `DROP DATABASE IF EXISTS ${building}`);
      }
      return name;
    })();
    templates.set(name, template);
    template.catch(() => templates.delete(name));
  }
  return template;
}

/**
 * A database of its own for a test app, copied from the migrated template (the app finds nothing
 * to migrate); also for tests that open one database from several apps (`config`: theirs).
 */
export async function copyOfMigrated(
  serverUrl: string,
  config: Config,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `cafe_test_${randomBytes(6).toString('hex')}`;
  for (let attempt = 1; ; attempt += 1) {
    const template = await migratedTemplate(serverUrl, config);
    try {
      await runOnServer(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
      break;
    } catch (error) {
      const code = (error as { code?: string }).code;
      // Another run dropped it (no such database), or a copy was being made of it at that instant.
      if (attempt >= 5 || (code !== NO_DATABASE && code !== TEMPLATE_IN_USE)) throw error;
      if (code === NO_DATABASE) templates.clear();
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
  return ownDatabase(serverUrl, name);
}

/**
 * The test app's database: SQLite in memory, or on PostgreSQL a copy of the migrated template;
 * an empty one when the test writes an earlier release's data before the app migrates it.
 */
async function openTestDatabase(
  config: Config,
  empty: boolean,
): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (!PG_URL) return { handle: openDatabase({ sqliteFile: ':memory:' }), drop: async () => {} };
  const { url, drop } = empty ? await createPgDatabase(PG_URL) : await copyOfMigrated(PG_URL, config);
  return { handle: openDatabase({ databaseUrl: url }), drop };
}

export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  config: Config;
  /** The database the app runs on (test-support/statements.ts counts what is sent to it). */
  database: DatabaseHandle;
  close(): Promise<void>;
  /**
   * Insert a user straight into the database and return it with a fresh access token. `site` is
   * their home site (none when not given) and, for a barista, the site they work at (the first
   * site when not given).
   */
  createUser(options?: {
    role?: Role;
    name?: string;
    email?: string;
    password?: string;
    site?: number;
  }): Promise<TestUser>;
  /** Start listening on a random port (for socket tests); returns the base URL. */
  listen(): Promise<string>;
  /**
   * A request through `inject` as `who` (anonymous without one), with an optional JSON body,
   * answered once the live events it caused have left too: they are numbered after the answer (on
   * PostgreSQL a round trip later), and a test that then awaits the next event must not get these.
   */
  request(method: HTTPMethods, url: string, who?: TestUser, payload?: InjectPayload): Promise<LightMyRequestResponse>;
}

export interface TestUser {
  id: number;
  name: string;
  email: string;
  role: Role;
  password: string;
  token: string;
  auth: { authorization: string };
}

type InjectPayload = InjectOptions['payload'];

let userCounter = 0;

export async function createTestApp(
  options: {
    clockNow?: string;
    env?: Record<string, string>;
    config?: Partial<Config>;
    /** Runs on the new, empty database before the app is built (and migrates it): an upgrade test writes the data of an earlier release here. */
    beforeBuild?: (database: DatabaseHandle) => Promise<void>;
    /** Where the server's JSON log lines go (test-support/log-capture.ts); with LOG_LEVEL in `env`. */
    logStream?: { write(line: string): void };
  } = {},
): Promise<TestApp> {
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DEMO: 'off',
      LOCATION_CHECK: 'off',
      JWT_SECRET: 'test-secret-test-secret-test-secret',
      DATA_DIR: '/tmp/cafe-test-data',
      WEB_DIST: '/nonexistent',
      // Push deliveries go to a local test server, not a browser's push service.
      PUSH_ENDPOINT_HOSTS: 'any',
      // Tests move the clock themselves and run the opening hours with services.schedule.runDue.
      OPENING_HOURS: 'off',
      ...options.env,
    },
    options.config,
  );
  const { handle, drop } = await openTestDatabase(config, options.beforeBuild !== undefined);
  await options.beforeBuild?.(handle);
  const clock = new TestClock(options.clockNow);
  const app = await buildApp({ config, database: handle, clock, logStream: options.logStream });
  await app.ready();
  let closed = false;

  return {
    app,
    clock,
    config,
    database: handle,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await handle.close();
      await drop();
    },
    async createUser(opts = {}) {
      userCounter += 1;
      const role = opts.role ?? 'user';
      const name = opts.name ?? `${role} ${userCounter}`;
      const email = (
        opts.email ?? `${role}${userCounter}-${randomBytes(3).toString('hex')}@${config.companyEmailDomain}`
      ).toLowerCase();
      const password = opts.password ?? 'password-123';
      const now = iso(clock.now());
      const row = await app.ctx.db
        .insertInto('users')
        .values({
          name,
          email,
          password_hash: await passwordHashOf(password),
          role,
          is_available: 'available',
          push_status: 'ACTIVE',
          home_site_id: opts.site ?? null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (role === 'barista') {
        await app.ctx.db
          .insertInto('site_baristas')
          .values({ site_id: opts.site ?? FIRST_SITE_ID, user_id: row.id })
          .execute();
        // Written behind the services' backs: the sites' memory must be read again.
        app.ctx.bus.publish('sites', null);
      }
      const token = await app.ctx.tokens.sign(row.id, role);
      return { id: row.id, name, email, role, password, token, auth: { authorization: `Bearer ${token}` } };
    },
    async request(method, url, who, payload) {
      const answer = await app.inject({ method, url, headers: who?.auth, payload });
      await app.ctx.events.settled();
      return answer;
    },
    async listen() {
      // Listening once per app: a second call answers the same address.
      if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      return `${config.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
    },
  };
}

/** Parse a JSON response body. */
export function json<T = unknown>(res: LightMyRequestResponse): T {
  return res.json<T>();
}

/** A live-channel client, typed from the shared map of events like the server. */
export type LiveClient = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * A connected Socket.IO client; resolves once connected. `token` is what the handshake sends (a
 * test of bad input may send something other than a string).
 */
export async function connectClient(
  baseUrl: string,
  token?: unknown,
  siteId?: number,
  /** Called before the socket connects: a listener set here hears `hello`, which may arrive in the same read as the connection itself. */
  beforeConnect?: (socket: LiveClient) => void,
): Promise<LiveClient> {
  const socket: LiveClient = connectSocket(baseUrl, {
    path: '/api/socket.io',
    transports: ['websocket'],
    auth: { ...(token === undefined || token === '' ? {} : { token }), ...(siteId === undefined ? {} : { siteId }) },
    forceNew: true,
    autoConnect: false,
  });
  beforeConnect?.(socket);
  const connected = new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  socket.connect();
  await connected;
  return socket;
}

/** Rejects after `ms` unless `wait` settles first. */
function within<T>(what: string, ms: number, wait: (resolve: (value: T) => void) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${what} within ${ms} ms`)), ms);
    wait((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}

/**
 * A site's event without the site's sequence fields (`seq`, and the `siteId` the event did not
 * carry before them): the tests of each event compare its own fields; the numbers have tests of
 * their own (modules/live/live.test.ts, realtime/live-sequence.cluster.test.ts).
 */
function withoutSequence<E extends LiveEventName>(event: E, payload: LiveEventPayload<E>): LiveEventPayload<E> {
  if (!(SEQUENCED_EVENTS as readonly string[]).includes(event)) return payload;
  const { seq: _seq, ...rest } = payload as { seq?: number; siteId?: number };
  if (event !== 'queue') delete rest.siteId;
  return rest as LiveEventPayload<E>;
}

/**
 * Calls `handler` with every `event` the socket receives from now on, parsed with the event's
 * shared schema: every event a test sees is also checked against the contract. Returns the way
 * to stop listening.
 */
export function onLiveEvent<E extends LiveEventName>(
  socket: LiveClient,
  event: E,
  handler: (payload: LiveEventPayload<E>) => void,
): () => void {
  const listener = (name: string, payload: unknown) => {
    // TypeScript does not narrow a schema picked by a generic key; it is the schema of `event`.
    if (name === event)
      handler(withoutSequence(event, LIVE_EVENT_SCHEMAS[event].parse(payload) as LiveEventPayload<E>));
  };
  socket.onAny(listener);
  return () => socket.offAny(listener);
}

/**
 * As onLiveEvent, with the site's sequence fields kept (`siteId`, `seq`): for the tests of the
 * numbers themselves. onLiveEvent takes them out so that each event's own tests compare its fields.
 */
export function onNumberedLiveEvent<E extends LiveEventName>(
  socket: LiveClient,
  event: E,
  handler: (payload: LiveEventPayload<E>) => void,
): () => void {
  const listener = (name: string, payload: unknown) => {
    if (name === event) handler(LIVE_EVENT_SCHEMAS[event].parse(payload) as LiveEventPayload<E>);
  };
  socket.onAny(listener);
  return () => socket.offAny(listener);
}

/** Wait for one live event on a socket, failing after `ms`. */
export function nextEvent<E extends LiveEventName>(
  socket: LiveClient,
  event: E,
  ms = EVENT_WAIT_MS,
): Promise<LiveEventPayload<E>> {
  return within(`"${event}" event`, ms, (resolve) => {
    const stop = onLiveEvent(socket, event, (payload) => {
      stop();
      resolve(payload);
    });
  });
}

/** Wait for the socket to be disconnected, failing after `ms`; gives the reason. */
export function nextDisconnect(socket: LiveClient, ms = EVENT_WAIT_MS): Promise<string> {
  return within('disconnect', ms, (resolve) => socket.once('disconnect', resolve));
}
