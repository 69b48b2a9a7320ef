import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Role } from '@cafe/shared';
import type { FastifyInstance, HTTPMethods, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/connection';
import { hashPassword } from '../src/lib/password';
import { iso } from '../src/lib/time';

/**
 * Server tests run on SQLite by default and on PostgreSQL when TEST_DATABASE_URL is set: each
 * test app then gets a database of its own, created here and dropped on close.
 */
const PG_URL = process.env.TEST_DATABASE_URL;

/** A clock the test can move. */
export class TestClock {
  private offset = 0;
  constructor(start?: Date | string) {
    if (start) this.set(start);
  }
  now(): Date {
    return new Date(Date.now() + this.offset);
  }
  set(instant: Date | string): void {
    this.offset = new Date(instant).getTime() - Date.now();
  }
  advance(ms: number): void {
    this.offset += ms;
  }
}

async function openTestDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (!PG_URL) return { handle: openDatabase({ sqliteFile: ':memory:' }), drop: async () => {} };
  const name = `cafe_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const handle = openDatabase({ databaseUrl: url.toString() });
  return {
    handle,
    drop: async () => {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  config: Config;
  close(): Promise<void>;
  /** Insert a user straight into the database and return it with a fresh access token. */
  createUser(options?: { role?: Role; name?: string; email?: string; password?: string }): Promise<TestUser>;
  /** Start listening on a random port (for socket tests); returns the base URL. */
  listen(): Promise<string>;
  /** A request through `inject` as `who` (anonymous without one), with an optional JSON body. */
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
  options: { clockNow?: string; env?: Record<string, string>; config?: Partial<Config> } = {},
): Promise<TestApp> {
  const { handle, drop } = await openTestDatabase();
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
      ...options.env,
    },
    options.config,
  );
  const clock = new TestClock(options.clockNow);
  const app = await buildApp({ config, database: handle, clock });
  await app.ready();
  let closed = false;

  return {
    app,
    clock,
    config,
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
          password_hash: await hashPassword(password),
          role,
          is_available: 'available',
          push_status: 'ACTIVE',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const token = await app.ctx.tokens.sign(row.id, role);
      return { id: row.id, name, email, role, password, token, auth: { authorization: `Bearer ${token}` } };
    },
    request(method, url, who, payload) {
      return app.inject({ method, url, headers: who?.auth, payload });
    },
    async listen() {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      return `http://127.0.0.1:${port}`;
    },
  };
}

/** Parse a JSON response body. */
export function json<T = unknown>(res: LightMyRequestResponse): T {
  return res.json<T>();
}

/** A connected Socket.IO client; resolves once connected. */
export async function connectClient(baseUrl: string, token?: string): Promise<Socket> {
  const socket = connectSocket(baseUrl, {
    path: '/api/socket.io',
    transports: ['websocket'],
    auth: token ? { token } : {},
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Wait for one event on a socket, failing after `ms`. */
export function nextEvent<T = unknown>(socket: Socket, event: string, ms = 3000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "${event}" event within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}
