import type { NotificationSettings } from '@cafe/shared';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutLaterColumns } from '../../test-support/later-columns';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { CAFE, NOW, ZONE, rowsOf, tablesOf, writePreviousRelease, type Row } from '../../test-support/upgrade-fixtures';
import { migrateToLatest } from '../migrate';

/** The release before the notification outbox: every migration up to this one. */
const PREVIOUS_RELEASE = '011-options-and-pickup';
const NEW_TABLES = ['notification_outbox', 'notification_preferences'];

describe('migration 012: the notification outbox, on a database written by the release before', () => {
  let t: TestApp;
  let written: Awaited<ReturnType<typeof writePreviousRelease>>;
  let tables: string[] = [];
  const before: Record<string, Row[]> = {};

  beforeAll(async () => {
    t = await createTestApp({
      clockNow: NOW.toISOString(),
      env: { CAFE_TIMEZONE: ZONE, CAFE_LAT: String(CAFE.latitude), CAFE_LNG: String(CAFE.longitude) },
      beforeBuild: async (handle) => {
        const options = {
          cafeTimezone: ZONE,
          firstSite: { ...CAFE, timeZone: ZONE },
          withWritableSqliteSchema: handle.withWritableSqliteSchema,
        };
        await migrateToLatest(handle.db, handle.dialect, options, PREVIOUS_RELEASE);
        const db = handle.db as unknown as Kysely<unknown>;
        written = await writePreviousRelease(db);
        tables = await tablesOf(db, handle.dialect, NEW_TABLES);
        for (const table of tables) before[table] = await rowsOf(db, table);
      },
    });
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.db as unknown as Kysely<unknown>;
  const as = async (id: number, role: 'barista' | 'user') => ({
    authorization: `Bearer ${await t.app.ctx.tokens.sign(id, role)}`,
  });

  it('keeps every row of every table as it was, and starts with an empty outbox', async () => {
    expect(tables).toEqual(
      expect.arrayContaining(['users', 'orders', 'images', 'push_subscriptions', 'order_options']),
    );
    // Every table is still there (later releases add their own).
    expect(await tablesOf(db(), t.app.ctx.dialect, NEW_TABLES)).toEqual(expect.arrayContaining(tables));
    for (const table of tables)
      expect(withoutLaterColumns(table, await rowsOf(db(), table)), table).toEqual(before[table]);
    for (const table of NEW_TABLES) expect(await rowsOf(db(), table), table).toEqual([]);
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
