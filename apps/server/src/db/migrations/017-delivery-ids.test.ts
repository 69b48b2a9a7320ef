import type { Order } from '@cafe/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { baristaPatch, cafeOrderBody, createOrderingApp, placeOrder } from '../../test-support/order-fixtures';
import { startWebhookReceiver, type ReceivedRequest } from '../../test-support/receivers';
import type { TestApp } from '../../test-support/test-app';
import { rowsOf, upgradeFrom, type Upgrade } from '../../test-support/upgrade-fixtures';
import { EVENT_WAIT_MS } from '../../test-support/waits';

/** The release before delivery ids: every migration up to this one. */
const PREVIOUS_RELEASE = '015-counter-day';
const SECRET = 'delivery-id-test-webhook-secret-0123';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A message as the release before wrote it to the outbox (no delivery id: the row number was used). */
const payload = (orderId: number, userId: number) =>
  JSON.stringify({
    event: 'done',
    language: 'en',
    recipient: { id: userId, email: 'somchai@example.com', name: 'Somchai' },
    order: {
      orderId,
      drink: 'Latte',
      status: 'done',
      siteId: 1,
      siteName: 'Head office',
      counter: 'cafe',
      rejectNote: null,
      pickupAt: null,
    },
    message: { title: 'Your drink is ready', text: 'Latte is ready', path: '/statusOrder' },
    createdAt: '2026-11-19T02:30:00.000Z',
  });

/**
 * Migration 017 on a database the release before wrote: each outbox row gets a random delivery id
 * of its own, and the webhook and e-mail carry it (not the row number, which repeats after a
 * restore or in a second deployment, so a receiver dropping repeats by it dropped new messages).
 */
describe('migration 017: delivery ids, on a database written by the release before', () => {
  let upgrade: Upgrade;
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  const refused: ReceivedRequest[] = [];
  beforeAll(async () => {
    // The receiver is down for the first attempt, then takes the message.
    receiver = await startWebhookReceiver(SECRET, {
      answer: (request) => {
        if (refused.length > 0) return null;
        refused.push(request);
        return { status: 503 };
      },
    });
    upgrade = await upgradeFrom(PREVIOUS_RELEASE, [], {
      env: {
        PUBLIC_URL: 'https://cafe.example.com',
        WEBHOOK_URL: `${receiver.url}/hook`,
        WEBHOOK_SECRET: SECRET,
        OUTBOX_RETRY_BASE_MS: '50',
      },
      extra: async (db, written) => {
        const at = '2026-11-19T02:30:00.000Z';
        const row = (channel: string, status: string, target: string) => sql`insert into notification_outbox
            (user_id, order_id, channel, event, target, payload, status, attempts, next_attempt_at, created_at)
          values (${written.user}, ${written.order}, ${channel}, 'done', ${target}, ${payload(written.order, written.user)},
            ${status}, ${status === 'pending' ? 0 : 1}, ${at}, ${at})`;
        await row('email', 'sent', 'somchai@example.com').execute(db);
        await row('email', 'failed', 'somchai@example.com').execute(db);
        await row('webhook', 'pending', '').execute(db);
      },
    });
    ({ t } = upgrade);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('keeps every outbox row and gives each a random delivery id of its own', async () => {
    // Every row the release before wrote is kept with the values it had, in the columns it had
    // (the outbox's new column, and any a later migration adds, aside).
    for (const table of upgrade.tables) {
      const before = upgrade.before[table] ?? [];
      const columns = Object.keys(before[0] ?? {});
      const kept = (await rowsOf(upgrade.db(), table))
        .map((row) => Object.fromEntries(columns.map((column) => [column, row[column]])))
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
      expect(kept, table).toEqual(before);
    }
    const rows = await rowsOf(upgrade.db(), 'notification_outbox');
    expect(rows).toHaveLength(3);
    const ids = rows.map((row) => String(row.delivery_id));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(3);
  });

  it('refuses two rows with the same delivery id', async () => {
    const [first] = await rowsOf(upgrade.db(), 'notification_outbox');
    await expect(
      sql`insert into notification_outbox (user_id, channel, event, target, payload, next_attempt_at, created_at, delivery_id)
        values (${first?.user_id}, 'email', 'done', '', '{}', '2026-11-19T02:30:00.000Z', '2026-11-19T02:30:00.000Z',
          ${first?.delivery_id})`.execute(upgrade.db()),
    ).rejects.toThrow();
  });

  it('sends a message written before the upgrade with its delivery id, the same on the retry', async () => {
    const rows = await rowsOf(upgrade.db(), 'notification_outbox');
    const pending = rows.find((row) => row.status === 'pending');
    await vi.waitFor(
      async () => {
        await t.app.ctx.services.notifications.deliverDue();
        expect(receiver.accepted).toHaveLength(1);
      },
      { timeout: EVENT_WAIT_MS, interval: 50 },
    );
    expect(refused).toHaveLength(1);
    expect(refused[0]?.headers['x-cafe-delivery']).toBe(pending?.delivery_id);
    expect(receiver.accepted[0]?.headers['x-cafe-delivery']).toBe(pending?.delivery_id);
    expect(receiver.payloads()[0]).toMatchObject({ id: pending?.delivery_id, order: { id: upgrade.written.order } });
  });
});

/**
 * Two deployments (or one restored from a backup) number their outbox rows alike: the messages
 * they send still carry different delivery ids, so a receiver that drops repeats keeps both.
 */
describe('delivery ids across deployments', () => {
  it('differ for the same row number in two databases', async () => {
    const receiver = await startWebhookReceiver(SECRET);
    const apps: TestApp[] = [];
    try {
      for (let i = 0; i < 2; i++) {
        const { t, menu, image } = await createOrderingApp({
          clockNow: '2026-11-18T10:00:00+07:00',
          env: { PUBLIC_URL: 'https://cafe.example.com', WEBHOOK_URL: `${receiver.url}/hook`, WEBHOOK_SECRET: SECRET },
        });
        apps.push(t);
        const person = await t.createUser();
        const barista = await t.createUser({ role: 'barista' });
        expect((await t.request('PUT', '/api/user/notifications', person, { webhook: true })).statusCode).toBe(200);
        const placed = await placeOrder(t, person, cafeOrderBody(menu.latte, image));
        const order = placed.json<Order>();
        expect((await baristaPatch(t, barista, order.id, { status: 'in-progress' })).statusCode).toBe(200);
        expect((await baristaPatch(t, barista, order.id, { status: 'done' })).statusCode).toBe(200);
        const rows = await t.app.ctx.db.selectFrom('notification_outbox').select('id').execute();
        expect(rows.map((row) => row.id)).toEqual([1]);
        await t.app.ctx.services.notifications.deliverDue();
      }
      const ids = receiver.accepted.map((request) => String(request.headers['x-cafe-delivery']));
      expect(ids).toHaveLength(2);
      expect(ids[0]).not.toBe(ids[1]);
      expect(receiver.payloads().map((body) => body.id)).toEqual(ids);
    } finally {
      for (const t of apps) await t.close();
      await receiver.close();
    }
  });
});
