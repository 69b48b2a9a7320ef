import type { Order, QueuedOrder } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test-support/test-app';
import { rowsOf, upgradeFrom, type Upgrade } from '../../test-support/upgrade-fixtures';

/** The release before this one: one door to ordering. */
const PREVIOUS_RELEASE = '025-one-door';

/**
 * Migration 026 on a database the release before wrote: every row is kept, every order reads back
 * as it was with nobody making it, and an order from before can be taken as any other.
 */
describe('migration 026: who makes an order, on a database written by the release before', () => {
  let upgrade: Upgrade;
  let t: TestApp;
  beforeAll(async () => {
    upgrade = await upgradeFrom(PREVIOUS_RELEASE, []);
    ({ t } = upgrade);
  });
  afterAll(() => t.close());

  const headers = async (id: number, role: 'user' | 'barista') => ({
    authorization: `Bearer ${await t.app.ctx.tokens.sign(id, role)}`,
  });

  it('keeps every row; no order from before is claimed', async () => {
    await upgrade.expectRowsKept();
    const orders = await rowsOf(upgrade.db(), 'orders');
    expect(orders.length).toBe(3);
    expect(orders.map((o) => [o.claimed_by, o.claimed_at])).toEqual(orders.map(() => [null, null]));
  });

  it('reads an order from before back as it was, unclaimed, and lets a barista take it', async () => {
    const barista = await headers(upgrade.written.barista, 'barista');
    const read = await t.app.inject({ url: `/api/order/${upgrade.written.order}`, headers: barista });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<Order>()).toMatchObject({
      status: 'in-progress',
      user: { name: 'Somchai' },
      options: [{ group: 'Milk', choice: 'Oat', quantity: 1 }],
      claimedBy: null,
    });
    const board = await t.app.inject({ url: '/api/order?status=in-progress&startDate=2026-11-19', headers: barista });
    expect(board.statusCode, board.body).toBe(200);
    expect(board.json<QueuedOrder[]>().map((o) => o.claimedBy)).toEqual([null]);
    const taken = await t.app.inject({
      method: 'POST',
      url: `/api/order/barista/${upgrade.written.order}/claim`,
      headers: barista,
      payload: { claim: true },
    });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json<Order>().claimedBy).toEqual({ id: upgrade.written.barista, name: 'Bea Barista' });
  });
});
