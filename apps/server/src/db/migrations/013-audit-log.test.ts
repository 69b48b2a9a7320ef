import type { AuditPage } from '@cafe/shared';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test-support/test-app';
import { upgradeFrom, type Upgrade, type Written } from '../../test-support/upgrade-fixtures';

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
  let upgrade: Upgrade;
  let t: TestApp;
  let written: Written;
  beforeAll(async () => {
    upgrade = await upgradeFrom(PREVIOUS_RELEASE, NEW_TABLES, {
      extra: (db, written) => writeNotifications(db, written.user, written.order),
    });
    ({ t, written } = upgrade);
  });
  afterAll(() => t.close());

  it('keeps every row of every table as it was, the notifications too, and starts with an empty log', async () => {
    expect(upgrade.tables).toEqual(
      expect.arrayContaining(['users', 'orders', 'sites', 'notification_outbox', 'notification_preferences']),
    );
    expect(upgrade.before.notification_outbox).toHaveLength(1);
    await upgrade.expectRowsKept();
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
