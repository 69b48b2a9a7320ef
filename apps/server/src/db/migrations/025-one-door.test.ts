import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StandingOrder, Usual } from '@cafe/shared';
import type { TestApp, TestUser } from '../../test-support/test-app';
import { NOW, rowsOf, upgradeFrom, type Upgrade } from '../../test-support/upgrade-fixtures';

/** The release before this one: the Slack app. */
const PREVIOUS_RELEASE = '022-slack-app';

/**
 * Migration 025 on a database the release before wrote: every row is kept; a person who had no
 * usual saved gets the one they were shown (their latest picked-up online cafe drink, its options
 * too); a usual saved before stays as it was; standing orders from before keep their drink, days
 * and time, and confirmed nothing of their drink.
 */
describe('migration 025: one door to ordering, on a database written by the release before', () => {
  let upgrade: Upgrade;
  let t: TestApp;
  let saver = 0;
  let standingId = 0;
  const at = '2026-11-19T02:00:00.000Z';

  beforeAll(async () => {
    upgrade = await upgradeFrom(PREVIOUS_RELEASE, [], {
      extra: async (db, written) => {
        // Someone who saved a usual before, and a standing order of "my usual" of the person who did not.
        const { rows } = await sql<{ id: number }>`insert into users
            (name, email, password_hash, role, home_site_id, created_at, updated_at)
          values ('Saver', 'saver@example.com', 'x', 'user', 1, ${at}, ${at}) returning id`.execute(db);
        saver = Number(rows[0]?.id);
        const menu = await sql<{ id: number }>`select id from menu_items limit 1`.execute(db);
        const drink = JSON.stringify({ menu_id: Number(menu.rows[0]?.id), type: 'cold', sweetness: 25 });
        await sql`insert into usual_drinks (user_id, drink, updated_at) values (${saver}, ${drink}, ${at})`.execute(db);
        const standing = await sql<{ id: number }>`insert into standing_orders
            (user_id, site_id, drink, weekdays, time, created_at, updated_at)
          values (${written.user}, 1, null, '1,2,3,4,5', '09:30', ${at}, ${at}) returning id`.execute(db);
        standingId = Number(standing.rows[0]?.id);
      },
    });
    ({ t } = upgrade);
  });
  afterAll(() => t.close());

  const signedIn = async (id: number): Promise<TestUser> => {
    const token = await t.app.ctx.tokens.sign(id, 'user');
    return { id, role: 'user', email: '', name: '', token, auth: { authorization: `Bearer ${token}` } } as TestUser;
  };

  it('keeps every row of the release before', async () => {
    await upgrade.expectRowsKept();
  });

  it('saves the usual each person was shown, options and all, and keeps one saved before', async () => {
    const usuals = await rowsOf(upgrade.db(), 'usual_drinks');
    expect(usuals).toHaveLength(2);
    const somchai = await t.request('GET', '/api/me/usual', await signedIn(upgrade.written.user));
    expect(somchai.statusCode, somchai.body).toBe(200);
    const latest = await t.app.ctx.db
      .selectFrom('orders')
      .innerJoin('order_options', 'order_options.order_id', 'orders.id')
      .select(['orders.menu_id', 'order_options.choice_id'])
      .where('orders.user_id', '=', upgrade.written.user)
      .where('orders.status', '=', 'picked')
      .executeTakeFirstOrThrow();
    expect(somchai.json<Usual>()).toEqual({
      drink: { menu_id: latest.menu_id, type: 'hot', sweetness: 50, options: [{ choiceId: latest.choice_id }] },
      source: 'saved',
    });
    const kept = (await t.request('GET', '/api/me/usual', await signedIn(saver))).json<Usual>();
    expect(kept?.drink).toMatchObject({ type: 'cold', sweetness: 25 });
  });

  it('keeps a standing order from before, with the usual it was shown', async () => {
    t.clock.set(NOW.toISOString());
    const list = (await t.request('GET', '/api/standing-orders', await signedIn(upgrade.written.user))).json<
      StandingOrder[]
    >();
    expect(list).toEqual([
      expect.objectContaining({ id: standingId, drink: null, weekdays: [1, 2, 3, 4, 5], time: '09:30', paused: false }),
    ]);
  });
});
