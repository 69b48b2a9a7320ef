import type { EmailConfirmationStatus, Order } from '@cafe/shared';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpReceiver } from '../../test-support/receivers';
import { withoutLaterColumns } from '../../test-support/later-columns';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { CAFE, NOW, ZONE, rowsOf, tablesOf, writePreviousRelease, type Row } from '../../test-support/upgrade-fixtures';
import { migrateToLatest } from '../migrate';

/** The release before e-mail confirmation: every migration up to this one. */
const PREVIOUS_RELEASE = '013-audit-log';
const NEW_TABLES = ['email_confirmations'];

/**
 * Migration 014 on a database the release before wrote, started with e-mail configured: every
 * account from before counts as confirmed and orders as it did.
 */
describe('migration 014: e-mail confirmation, on a database written by the release before', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let written: Awaited<ReturnType<typeof writePreviousRelease>>;
  let tables: string[] = [];
  const before: Record<string, Row[]> = {};

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({
      clockNow: NOW.toISOString(),
      env: {
        CAFE_TIMEZONE: ZONE,
        CAFE_LAT: String(CAFE.latitude),
        CAFE_LNG: String(CAFE.longitude),
        SMTP_URL: smtp.url,
        PUBLIC_URL: 'https://cafe.example.com',
      },
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
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const db = () => t.app.ctx.db as unknown as Kysely<unknown>;
  const as = async (id: number, role: 'barista' | 'user') => ({
    authorization: `Bearer ${await t.app.ctx.tokens.sign(id, role)}`,
  });

  it('keeps every row as it was; every account from before is confirmed', async () => {
    expect(await tablesOf(db(), t.app.ctx.dialect, NEW_TABLES)).toEqual(expect.arrayContaining(tables));
    for (const table of tables)
      expect(withoutLaterColumns(table, await rowsOf(db(), table)), table).toEqual(before[table]);
    const users = await rowsOf(db(), 'users');
    expect(users.length).toBeGreaterThan(0);
    expect(users.every((u) => u.email_unconfirmed === 0)).toBe(true);
    expect(await rowsOf(db(), 'email_confirmations')).toEqual([]);
  });

  it('lets a person from before read their orders and be told they need not confirm anything', async () => {
    const auth = await as(written.user, 'user');
    const state = await t.app.inject({ url: '/api/auth/email-confirmation', headers: auth });
    expect(state.json<EmailConfirmationStatus>()).toMatchObject({ required: true, confirmed: true });
    const history = await t.app.inject({ url: '/api/order/history/user', headers: auth });
    expect(history.statusCode).toBe(200);
    expect(
      history
        .json<Order[]>()
        .map((o) => o.status)
        .sort(),
    ).toEqual(['picked', 'rejected']);
    const open = await t.app.inject({ url: `/api/order/${written.order}`, headers: auth });
    expect(open.json<Order>()).toMatchObject({ id: written.order, status: 'in-progress' });
  });
});
