import type { Order } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test-support/test-app';
import { rowsOf, upgradeFrom, type Upgrade } from '../../test-support/upgrade-fixtures';

/** The last release before the moves took an Idempotency-Key (the migrations after it run too). */
const PREVIOUS_RELEASE = '015-counter-day';
const NEW_TABLES = ['request_keys'];

/**
 * Migration 019 on a database the release before wrote: every row is kept, the keys' table starts
 * empty, and an order from before is moved with a key once however often the tap is sent.
 */
describe('migration 019: request keys, on a database written by the release before', () => {
  let upgrade: Upgrade;
  let t: TestApp;
  beforeAll(async () => {
    upgrade = await upgradeFrom(PREVIOUS_RELEASE, NEW_TABLES);
    ({ t } = upgrade);
  });
  afterAll(() => t.close());

  it('keeps every row of the release before, with its values; the keys start empty', async () => {
    await upgrade.expectRowsKept();
    expect(await rowsOf(upgrade.db(), 'request_keys')).toEqual([]);
  });

  it('moves an order from before once with a key, the retry answered again', async () => {
    const token = await t.app.ctx.tokens.sign(upgrade.written.barista, 'barista');
    const done = () =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/order/barista/${upgrade.written.order}`,
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'after-upgrade' },
        payload: { status: 'done' },
      });
    const first = await done();
    expect(first.statusCode, first.body).toBe(200);
    const again = await done();
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<Order>()).toEqual(first.json<Order>());
    const moves = await t.app.ctx.db
      .selectFrom('order_status_history')
      .select('to_status')
      .where('order_id', '=', upgrade.written.order)
      .where('to_status', '=', 'done')
      .execute();
    expect(moves).toHaveLength(1);
  });
});
