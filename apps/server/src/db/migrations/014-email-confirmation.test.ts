import type { EmailConfirmationStatus, Order } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpReceiver } from '../../test-support/receivers';
import type { TestApp } from '../../test-support/test-app';
import { rowsOf, upgradeFrom, type Upgrade, type Written } from '../../test-support/upgrade-fixtures';

/** The release before e-mail confirmation: every migration up to this one. */
const PREVIOUS_RELEASE = '013-audit-log';
const NEW_TABLES = ['email_confirmations'];

/**
 * Migration 014 on a database the release before wrote, started with e-mail configured: every
 * account from before counts as confirmed and orders as it did.
 */
describe('migration 014: e-mail confirmation, on a database written by the release before', () => {
  let upgrade: Upgrade;
  let t: TestApp;
  let written: Written;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    upgrade = await upgradeFrom(PREVIOUS_RELEASE, NEW_TABLES, {
      env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://cafe.example.com' },
    });
    ({ t, written } = upgrade);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const db = () => upgrade.db();
  const as = async (id: number, role: 'barista' | 'user') => ({
    authorization: `Bearer ${await t.app.ctx.tokens.sign(id, role)}`,
  });

  it('keeps every row as it was; every account from before is confirmed', async () => {
    await upgrade.expectRowsKept();
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
