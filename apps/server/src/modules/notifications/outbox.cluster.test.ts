import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { insertPerson, startProcesses } from '../../test-support/processes';
import { startWebhookReceiver } from '../../test-support/receivers';
import { EVENT_WAIT_MS } from '../../test-support/waits';

/**
 * Three server processes on one PostgreSQL database, each running the outbox worker: every
 * notification is delivered, and by one of them only. PostgreSQL only (vitest.config.ts).
 */
const SECRET = 'cluster-webhook-secret-0123456789';
const COUNT = 60;

describe('the outbox with several server processes', () => {
  let apps: FastifyInstance[] = [];
  let stop: (() => Promise<void>) | undefined;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

  beforeAll(async () => {
    receiver = await startWebhookReceiver(SECRET);
    ({ apps, stop } = await startProcesses(3, 'cafe_outbox', {
      env: { WEBHOOK_URL: `${receiver.url}/hook`, WEBHOOK_SECRET: SECRET, PUBLIC_URL: 'https://cafe.example.com' },
    }));
  });

  afterAll(async () => {
    await stop?.();
    await receiver.close();
  });

  it('delivers each notification exactly once', async () => {
    const [first] = apps as [FastifyInstance];
    const db = first.ctx.db;
    const at = new Date().toISOString();
    const { id: userId } = await insertPerson(apps, { name: 'Ada', role: 'user', at });
    const payload = (n: number) =>
      JSON.stringify({
        event: 'done',
        language: 'en',
        recipient: { id: userId, email: 'ada@example.com', name: 'Ada' },
        order: {
          orderId: n,
          drink: 'Latte',
          status: 'done',
          siteId: 1,
          siteName: 'Head office',
          siteTimeZone: 'Asia/Bangkok',
          counter: 'cafe',
          rejectNote: null,
          pickupAt: null,
        },
        message: { title: 'Your drink is ready', text: `Latte ${n}`, path: '/statusOrder' },
        createdAt: at,
      });
    await db
      .insertInto('notification_outbox')
      .values(
        Array.from({ length: COUNT }, (_, n) => ({
          user_id: userId,
          order_id: null,
          channel: 'webhook' as const,
          event: 'done',
          target: '',
          delivery_id: randomUUID(),
          payload: payload(n),
          next_attempt_at: at,
          created_at: at,
        })),
      )
      .execute();

    // Every process's worker starts at once and all race for the same rows.
    for (const app of apps) app.ctx.services.notifications.start();
    await vi.waitFor(
      async () => {
        const sent = await db
          .selectFrom('notification_outbox')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('status', '=', 'sent')
          .executeTakeFirstOrThrow();
        expect(Number(sent.n)).toBe(COUNT);
      },
      { timeout: EVENT_WAIT_MS, interval: 100 },
    );
    const ids = receiver.accepted.map((r) => String(r.headers['x-cafe-delivery']));
    expect(ids).toHaveLength(COUNT);
    expect(new Set(ids).size).toBe(COUNT);
    // Nothing was refused or sent again.
    expect(receiver.received).toHaveLength(COUNT);
  });
});
