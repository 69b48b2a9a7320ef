import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OutboxHealth } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../test-support/free-port';
import { startWebhookReceiver } from '../../test-support/receivers';
import { openBarWithOneDrink, startServerProcess, type ServerProcess } from '../../test-support/server-process';
import { createPgDatabase } from '../../test-support/test-app';
import { EVENT_WAIT_MS } from '../../test-support/waits';

/**
 * A server process killed (SIGKILL) after it committed an order's move and before its
 * notification went out: the next process that starts on the same database delivers it, once.
 * The real server, from source in a process of its own, on SQLite or (TEST_DATABASE_URL) PostgreSQL.
 */

const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' };
const SECRET = 'crash-test-webhook-secret-0123456789';

describe('a server process killed between the commit and the delivery', () => {
  const workDir = mkdtempSync(path.join(tmpdir(), 'cafe-outbox-crash-'));
  let database: { url: string; drop: () => Promise<void> } | undefined;
  let server: ServerProcess | undefined;
  let hookPort = 0;

  const startServer = async () => {
    server = await startServerProcess({
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
      // The receiver is unavailable before the kill and asks for a pause of a second each time
      // (Retry-After): the next attempt is never further away than that, however late the kill
      // comes on a loaded machine (a doubling backoff grew with the delay); the message is given
      // up only after 50 of them.
      OUTBOX_RETRY_BASE_MS: '100',
      OUTBOX_MAX_ATTEMPTS: '50',
    });
    return server;
  };

  beforeAll(async () => {
    if (process.env.TEST_DATABASE_URL) database = await createPgDatabase(process.env.TEST_DATABASE_URL, 'cafe_crash');
    hookPort = await freePort();
    await startServer();
  });

  afterAll(async () => {
    await server?.kill();
    await database?.drop();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('delivers the notification after the restart, and only once', async () => {
    const { api, login } = server as ServerProcess;
    const adminToken = await login(ADMIN.email, ADMIN.password);
    const { baristaToken, itemId } = await openBarWithOneDrink(server as ServerProcess, adminToken);
    expect((await api('PUT', '/api/user/notifications', adminToken, { webhook: true })).status).toBe(200);

    const order = await api<{ id: number }>('POST', '/api/order', adminToken, {
      menu_id: itemId,
      tumblerImage: 'Mojito',
    });
    expect(order.status).toBe(201);
    expect(
      (await api('PATCH', `/api/order/barista/${order.body.id}`, baristaToken, { status: 'in-progress' })).status,
    ).toBe(200);
    // The receiver is unavailable (503, Retry-After: 1): the move commits, its notification cannot go out.
    const unavailable = await startWebhookReceiver(SECRET, {
      port: hookPort,
      answer: () => ({ status: 503, headers: { 'retry-after': '1' } }),
    });
    const done = await api('PATCH', `/api/order/barista/${order.body.id}`, baristaToken, { status: 'done' });
    expect(done.status).toBe(200);
    await vi.waitFor(
      async () => {
        const health = await api<OutboxHealth>('GET', '/api/notifications/outbox', adminToken);
        expect(health.body).toMatchObject({ pending: 1, lastError: { channel: 'webhook' } });
      },
      { timeout: EVENT_WAIT_MS, interval: 100 },
    );

    await server?.kill();
    await unavailable.close();
    const receiver = await startWebhookReceiver(SECRET, { port: hookPort });
    try {
      const restarted = await startServer();
      const token = await restarted.login(ADMIN.email, ADMIN.password);
      await vi.waitFor(
        async () => {
          const health = await restarted.api<OutboxHealth>('GET', '/api/notifications/outbox', token);
          expect(health.body).toMatchObject({ pending: 0, failed: 0 });
          expect(health.body.channels.find((c) => c.channel === 'webhook')?.sent).toBe(1);
        },
        // The next attempt is at most a second away (Retry-After), plus the start of the worker.
        { timeout: EVENT_WAIT_MS, interval: 100 },
      );
      expect(receiver.payloads()).toMatchObject([
        { type: 'order.done', order: { id: order.body.id, drink: 'Mojito', counter: 'bar' } },
      ]);
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });
});
