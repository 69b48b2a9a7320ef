import type { Order } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { baristaPatch, cafeOrderBody, createOrderingApp, placeOrder } from '../../test-support/order-fixtures';
import { startWebhookReceiver } from '../../test-support/receivers';
import type { TestApp } from '../../test-support/test-app';
import { EVENT_WAIT_MS } from '../../test-support/waits';

/**
 * A process that crashed in the middle of a delivery leaves its row leased for two minutes. On
 * SQLite the process starting next is the only one using the file (docs/deploy.md): it frees
 * those rows at once and sends them, instead of waiting the lease out. The clock stands still
 * here, so the lease can never run out by itself: the message goes out only if it is freed.
 */
const SECRET = 'lease-test-webhook-secret-0123456789';
const GONE = 'gone-host:4242:deadbeef';

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the outbox after a crash, on SQLite', () => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  beforeAll(async () => {
    receiver = await startWebhookReceiver(SECRET);
    let menu: { latte: number };
    let image: string;
    ({ t, menu, image } = await createOrderingApp({
      clockNow: '2026-11-18T10:00:00+07:00',
      env: {
        PUBLIC_URL: 'https://cafe.example.com',
        WEBHOOK_URL: `${receiver.url}/hook`,
        WEBHOOK_SECRET: SECRET,
        OUTBOX_RETRY_BASE_MS: '50',
      },
    }));
    const person = await t.createUser();
    const barista = await t.createUser({ role: 'barista' });
    expect((await t.request('PUT', '/api/user/notifications', person, { webhook: true })).statusCode).toBe(200);
    const order = (await placeOrder(t, person, cafeOrderBody(menu.latte, image))).json<Order>();
    expect((await baristaPatch(t, barista, order.id, { status: 'in-progress' })).statusCode).toBe(200);
    expect((await baristaPatch(t, barista, order.id, { status: 'done' })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.app.ctx.services.notifications.stop();
    await t.close();
    await receiver.close();
  });

  it('sends the message a crashed process held as soon as the server starts, not after the lease', async () => {
    t.clock.freeze();
    const now = t.clock.now();
    // What the crashed process left: the row taken (one attempt counted), its lease two minutes long.
    await t.app.ctx.db
      .updateTable('notification_outbox')
      .set({
        leased_by: GONE,
        lease_until: new Date(now.getTime() + 2 * 60_000).toISOString(),
        attempts: 1,
        last_attempt_at: now.toISOString(),
      })
      .execute();
    // A pass of the worker leaves a held row alone (another process might be delivering it).
    await t.app.ctx.services.notifications.deliverDue();
    expect(receiver.accepted).toHaveLength(0);

    // The server starts its worker, as server.ts does on start.
    t.app.ctx.services.notifications.start();
    await vi.waitFor(() => expect(receiver.accepted).toHaveLength(1), { timeout: EVENT_WAIT_MS, interval: 50 });
    // The receiver has it before the worker has written down that it was sent: wait for that too.
    const rows = await vi.waitFor(
      async () => {
        const read = await t.app.ctx.db.selectFrom('notification_outbox').selectAll().execute();
        expect(read).toHaveLength(1);
        expect(read[0]).toMatchObject({ status: 'sent', attempts: 2, leased_by: null, lease_until: null });
        return read;
      },
      { timeout: EVENT_WAIT_MS, interval: 50 },
    );
    expect(receiver.accepted[0]?.headers['x-cafe-delivery']).toBe(rows[0]?.delivery_id);
    // The clock never moved: the lease did not run out, it was freed.
    expect(t.clock.now()).toEqual(now);
  });
});
