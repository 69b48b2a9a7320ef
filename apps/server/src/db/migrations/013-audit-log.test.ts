import type { AuditPage } from '@cafe/shared';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutLaterColumns } from '../../test-support/later-columns';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { CAFE, NOW, ZONE, rowsOf, tablesOf, writePreviousRelease, type Row } from '../../test-support/upgrade-fixtures';
import { migrateToLatest } from '../migrate';

/** The release before the audit log: every migration up to this one. */
const PREVIOUS_RELEASE = '012-notification-outbox';
const NEW_TABLES = ['audit_log'];

/** What the release with the notification outbox added: a person's channels, and a message sent. */
async function writeNotifications(db: Kysely<unknown>, user: number, order: number): Promise<void> {
  const at = '2026-11-19T02:30:00.000Z';
  await sql`insert into notification_preferences (user_id, language, push, slack, email, webhook, updated_at)
    values (${user}, 'th', 1, 0, 1, 0, ${at})`.execute(db);
  await sql`insert into notification_outbox (user_id, order_id, channel, event, target, payload, status, attempts,
      next_attempt_at, created_at, sent_at)
    values (${user}, ${order}, 'email', 'done', 'somchai@example.com', '{"event":"done"}', 'sent', 1, ${at}, ${at},
      ${at})`.execute(db);
}

describe('migration 013: the audit log, on a database written by the release before', () => {
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
        await writeNotifications(db, written.user, written.order);
        tables = await tablesOf(db, handle.dialect, NEW_TABLES);
        for (const table of tables) before[table] = await rowsOf(db, table);
      },
    });
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.db as unknown as Kysely<unknown>;

  it('keeps every row of every table as it was, the notifications too, and starts with an empty log', async () => {
    expect(tables).toEqual(
      expect.arrayContaining(['users', 'orders', 'sites', 'notification_outbox', 'notification_preferences']),
    );
    // Every table is still there (later releases add their own).
    expect(await tablesOf(db(), t.app.ctx.dialect, NEW_TABLES)).toEqual(expect.arrayContaining(tables));
    for (const table of tables) {
      expect(withoutLaterColumns(table, await rowsOf(db(), table)), table).toEqual(before[table]);
    }
    expect(before.notification_outbox).toHaveLength(1);
    for (const table of NEW_TABLES) expect(await rowsOf(db(), table), table).toEqual([]);
  });

  it("records an admin's change of a person of the release before, by their name then", async () => {
    const admin = await t.createUser({ role: 'admin', name: 'Ada Admin' });
    const patched = await t.request('PATCH', `/api/user/${written.user}`, admin, { role: 'barista' });
    expect(patched.statusCode, patched.body).toBe(200);
    const page = (await t.request('GET', '/api/audit', admin)).json<AuditPage>();
    expect(page.entries).toMatchObject([
      {
        action: 'user.role',
        actor: { id: admin.id, name: 'Ada Admin' },
        target: { type: 'user', id: String(written.user), name: 'Somchai' },
        before: { role: 'user' },
        after: { role: 'barista' },
      },
    ]);
  });
});
