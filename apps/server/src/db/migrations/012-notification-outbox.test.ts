import type { NotificationSettings } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test-support/test-app';
import { upgradeFrom, type Upgrade, type Written } from '../../test-support/upgrade-fixtures';

/** The release before the notification outbox: every migration up to this one. */
const PREVIOUS_RELEASE = '011-options-and-pickup';
const NEW_TABLES = ['notification_outbox', 'notification_preferences'];

describe('migration 012: the notification outbox, on a database written by the release before', () => {
  let upgrade: Upgrade;
  let t: TestApp;
  let written: Written;
  beforeAll(async () => {
    upgrade = await upgradeFrom(PREVIOUS_RELEASE, NEW_TABLES);
    ({ t, written } = upgrade);
  });
  afterAll(() => t.close());

  const as = async (id: number, role: 'barista' | 'user') => ({
    authorization: `Bearer ${await t.app.ctx.tokens.sign(id, role)}`,
  });

  it('keeps every row of every table as it was, and starts with an empty outbox', async () => {
    expect(upgrade.tables).toEqual(
      expect.arrayContaining(['users', 'orders', 'images', 'push_subscriptions', 'order_options']),
    );
    await upgrade.expectRowsKept();
  });

  it('gives a person of the release before the defaults, and tells their subscribed browser of a finished order', async () => {
    const settings = await t.app.inject({ url: '/api/user/notifications', headers: await as(written.user, 'user') });
    expect(settings.json<NotificationSettings>()).toMatchObject({
      language: 'en',
      channels: { push: { available: true, enabled: true } },
    });
    const done = await t.app.inject({
      method: 'PATCH',
      url: `/api/order/barista/${written.order}`,
      headers: await as(written.barista, 'barista'),
      payload: { status: 'done' },
    });
    expect(done.statusCode, done.body).toBe(200);
    const rows = await t.app.ctx.db.selectFrom('notification_outbox').selectAll().execute();
    expect(rows).toMatchObject([
      { user_id: written.user, order_id: written.order, channel: 'push', target: 'https://push.example.com/somchai' },
    ]);
    // The orders of the release before read as they were, with their options.
    const history = await t.app.inject({ url: '/api/order/history/user', headers: await as(written.user, 'user') });
    expect(history.statusCode, history.body).toBe(200);
    const orders = history.json<{ id: number; status: string; options?: unknown[] }[]>();
    expect(orders.map((o) => o.status).sort()).toEqual(['done', 'picked', 'rejected']);
  });
});
