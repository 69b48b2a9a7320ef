import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OutboxHealth } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../test-support/free-port';
import { startWebhookReceiver } from '../../test-support/receivers';
import { createPgDatabase } from '../../test-support/test-app';

/**
 * A server process killed (SIGKILL) after it committed an order's move and before its
 * notification went out: the next process that starts on the same database delivers it, once.
 * The real server, from source in a process of its own, on SQLite or (TEST_DATABASE_URL) PostgreSQL.
 */

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SERVER_ENTRY = path.join(serverRoot, 'src/server.ts');
const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' };
const SECRET = 'crash-test-webhook-secret-0123456789';

describe('a server process killed between the commit and the delivery', () => {
  const workDir = mkdtempSync(path.join(tmpdir(), 'cafe-outbox-crash-'));
  let database: { url: string; drop: () => Promise<void> } | undefined;
  let server: ChildProcess | undefined;
  let baseUrl = '';
  let serverLog = '';
  let hookPort = 0;

  async function startServer(): Promise<void> {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    serverLog = '';
    server = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
      cwd: serverRoot,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: workDir,
        ...(database ? { DATABASE_URL: database.url } : {}),
        WEB_DIST: path.join(workDir, 'no-web'),
        DEMO: 'off',
        JWT_SECRET: 'crash-test-secret-crash-test-secret',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        BAR_ONLINE_ORDERING: 'on',
        LOCATION_CHECK: 'off',
        RATE_LIMIT: 'off',
        OPENING_HOURS: 'off',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: 'https://cafe.example.com',
        WEBHOOK_URL: `http://127.0.0.1:${hookPort}/hook`,
        WEBHOOK_SECRET: SECRET,
        OUTBOX_RETRY_BASE_MS: '100',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const child = server;
    child.stdout?.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${serverLog}`);
      const ready = await fetch(`${baseUrl}/api/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) return;
      if (Date.now() > deadline) throw new Error(`server not ready within 60 s:\n${serverLog}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  async function kill(): Promise<void> {
    const child = server;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  async function api<T>(method: string, url: string, token?: string, body?: unknown) {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }

  async function login(email: string, password: string): Promise<string> {
    const res = await api<{ accessToken: string }>('POST', '/api/auth/v2/login', undefined, { email, password });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.accessToken;
  }

  beforeAll(async () => {
    if (process.env.TEST_DATABASE_URL) database = await createPgDatabase(process.env.TEST_DATABASE_URL, 'cafe_crash');
    hookPort = await freePort();
    await startServer();
  }, 90_000);

  afterAll(async () => {
    await kill();
    await database?.drop();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('delivers the notification after the restart, and only once', async () => {
    const adminToken = await login(ADMIN.email, ADMIN.password);
    const registered = await api<{ id: number }>('POST', '/api/auth/register', undefined, {
      name: 'Barista',
      email: 'barista@example.com',
      password: 'barista-password-1',
    });
    expect(registered.status).toBe(201);
    expect((await api('PATCH', `/api/user/${registered.body.id}`, adminToken, { role: 'barista' })).status).toBe(200);
    const baristaToken = await login('barista@example.com', 'barista-password-1');
    const category = await api<{ id: number }>('POST', '/api/category', baristaToken, {
      name: 'Cocktails',
      categoryFor: 'bar',
    });
    const item = await api<{ id: number }>('POST', '/api/menu', baristaToken, {
      name: 'Mojito',
      category_id: category.body.id,
    });
    expect(item.status).toBe(201);
    expect((await api('PATCH', '/api/cafe-status/bar-open', baristaToken)).status).toBe(200);
    expect((await api('PUT', '/api/user/notifications', adminToken, { webhook: true })).status).toBe(200);

    const order = await api<{ id: number }>('POST', '/api/order', adminToken, {
      menu_id: item.body.id,
      tumblerImage: 'Mojito',
    });
    expect(order.status).toBe(201);
    expect(
      (await api('PATCH', `/api/order/barista/${order.body.id}`, baristaToken, { status: 'in-progress' })).status,
    ).toBe(200);
    // The receiver is not up yet: the move commits, its notification cannot go out.
    const done = await api('PATCH', `/api/order/barista/${order.body.id}`, baristaToken, { status: 'done' });
    expect(done.status).toBe(200);
    await vi.waitFor(
      async () => {
        const health = await api<OutboxHealth>('GET', '/api/notifications/outbox', adminToken);
        expect(health.body).toMatchObject({ pending: 1, lastError: { channel: 'webhook' } });
      },
      { timeout: 30_000, interval: 100 },
    );

    await kill();
    const receiver = await startWebhookReceiver(SECRET, { port: hookPort });
    try {
      await startServer();
      const token = await login(ADMIN.email, ADMIN.password);
      await vi.waitFor(
        async () => {
          const health = await api<OutboxHealth>('GET', '/api/notifications/outbox', token);
          expect(health.body).toMatchObject({ pending: 0, failed: 0 });
          expect(health.body.channels.find((c) => c.channel === 'webhook')?.sent).toBe(1);
        },
        { timeout: 30_000, interval: 100 },
      );
      expect(receiver.payloads()).toMatchObject([
        { type: 'order.done', order: { id: order.body.id, drink: 'Mojito', counter: 'bar' } },
      ]);
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  }, 120_000);
});
