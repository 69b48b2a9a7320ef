import type { Order, StandingOrder, Usual } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test-support/test-app';
import { rowsOf, upgradeFrom, type Upgrade } from '../../test-support/upgrade-fixtures';

/** The last release before the usual and standing orders (the migrations after it run too). */
const PREVIOUS_RELEASE = '019-request-keys';
const NEW_TABLES = ['usual_drinks', 'standing_orders', 'standing_order_runs'];

/**
 * Migration 021 on a database the release before wrote: every row is kept, the new tables start
 * empty, a person from before has their last picked-up drink as their usual, and a standing order
 * they set places its day from their order history's tumbler photo.
 */
describe('migration 021: standing orders, on a database written by the release before', () => {
  let upgrade: Upgrade;
  let t: TestApp;
  beforeAll(async () => {
    upgrade = await upgradeFrom(PREVIOUS_RELEASE, NEW_TABLES);
    ({ t } = upgrade);
  });
  afterAll(() => t.close());

  it('keeps every row of the release before, with its values; the new tables start empty', async () => {
    await upgrade.expectRowsKept();
    for (const table of ['standing_orders', 'standing_order_runs']) {
      expect(await rowsOf(upgrade.db(), table), table).toEqual([]);
    }
    // Migration 025 saved the usual the person was shown: their last picked-up drink.
    expect(await rowsOf(upgrade.db(), 'usual_drinks')).toEqual([
      expect.objectContaining({ user_id: upgrade.written.user }),
    ]);
  });

  it("gives a person from before their last picked-up drink as the usual, and places their standing order's day", async () => {
    const token = await t.app.ctx.tokens.sign(upgrade.written.user, 'user');
    const auth = { authorization: `Bearer ${token}` };
    const usual = await t.app.inject({ method: 'GET', url: '/api/me/usual', headers: auth });
    expect(usual.json<Usual>()).toMatchObject({ source: 'saved', drink: { type: 'hot', sweetness: 50 } });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/me/usual',
      headers: auth,
      payload: { menu_id: usual.json<NonNullable<Usual>>().drink.menu_id, type: 'cold', sweetness: 25 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/standing-orders',
      headers: auth,
      payload: { siteId: 1, weekdays: [1], time: '10:00' },
    });
    expect(set.statusCode, set.body).toBe(201);
    // Monday 23 November 2026, midnight in Bangkok.
    t.clock.set('2026-11-22T17:00:00.000Z');
    expect((await t.app.ctx.services.standing.runDue(t.clock.now())).placed).toBe(1);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/standing-orders',
      headers: { authorization: `Bearer ${await t.app.ctx.tokens.sign(upgrade.written.user, 'user')}` },
    });
    const [standing] = list.json<StandingOrder[]>();
    expect(standing?.lastRun).toMatchObject({ day: '2026-11-23', outcome: 'placed' });
    const order = await t.app.ctx.services.orders.get(
      (await t.app.ctx.services.users.findActive(upgrade.written.user))!,
      standing?.lastRun?.orderId ?? 0,
    );
    expect(order).toMatchObject<Partial<Order>>({ status: 'scheduled', type: 'cold', sweetness: 25 });
  });
});
