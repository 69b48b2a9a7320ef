import type { Order } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test-support/test-app';
import { NOW, rowsOf, upgradeFrom, type Upgrade } from '../../test-support/upgrade-fixtures';

/** The release before the promise was stored. */
const PREVIOUS_RELEASE = '032-runs-and-cups';

/**
 * Migration 033 on a database the release before wrote: every row reads back as it was, no order
 * from before carries a promise or was told late, and the late notice tells nobody of one (nothing
 * was stored of what they were told).
 */
describe('migration 033: the promise stored, on a database written by the release before', () => {
  let upgrade: Upgrade;
  let t: TestApp;
  beforeAll(async () => {
    upgrade = await upgradeFrom(PREVIOUS_RELEASE, []);
    ({ t } = upgrade);
  });
  afterAll(() => t.close());

  it('keeps every row; no order from before was promised or told late', async () => {
    await upgrade.expectRowsKept();
    const orders = await rowsOf(upgrade.db(), 'orders');
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.every((o) => o.promised_ready_at === null && o.late_told_at === null)).toBe(true);
  });

  it('reads the order in progress from before without a promise, and tells nobody it is late', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const order = await t.request('GET', `/api/order/${upgrade.written.order}`, admin);
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json<Order>()).toMatchObject({ id: upgrade.written.order, status: 'in-progress' });
    expect(order.json<Order>()).not.toHaveProperty('promisedReadyAt');
    // Long past any time it could have been promised: still nobody is told.
    const late = await t.app.ctx.services.orders.lateDue(new Date(NOW.getTime() + 3600_000));
    expect(late).toEqual({ toldLate: 0 });
  });
});
