import type { Category, Me, OptionGroup, Order } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test-support/test-app';
import { rowsOf, upgradeFrom, type Upgrade } from '../../test-support/upgrade-fixtures';

/** The last release before the diet tags (the migrations after it run too). */
const PREVIOUS_RELEASE = '019-request-keys';

/**
 * Migration 020 on a database the release before wrote: every row is kept; items, choices, people
 * and orders from before read as untagged, avoiding nothing, warned of nothing; and they take tags
 * and warnings from then on.
 */
describe('migration 020: diet tags, on a database written by the release before', () => {
  let upgrade: Upgrade;
  let t: TestApp;
  beforeAll(async () => {
    upgrade = await upgradeFrom(PREVIOUS_RELEASE, []);
    ({ t } = upgrade);
  });
  afterAll(() => t.close());

  it('keeps every row of the release before, each reading no tags, no avoids and no warnings', async () => {
    await upgrade.expectRowsKept();
    const db = upgrade.db();
    for (const [table, column] of [
      ['menu_items', 'tags'],
      ['option_choices', 'tags'],
      ['users', 'avoids'],
      ['orders', 'owner_avoids'],
      ['orders', 'diet_warnings'],
    ] as const) {
      const rows = await rowsOf(db, table);
      expect(rows.length, table).toBeGreaterThan(0);
      expect(new Set(rows.map((row) => row[column])), `${table}.${column}`).toEqual(new Set(['[]']));
    }
  });

  it('answers the items, choices, people and orders from before with empty lists, and tags them after', async () => {
    const { user, barista, order } = upgrade.written;
    const userToken = await t.app.ctx.tokens.sign(user, 'user');
    const baristaToken = await t.app.ctx.tokens.sign(barista, 'barista');
    const get = (url: string, token: string) =>
      t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const old = (await get(`/api/order/${order}`, baristaToken)).json<Order>();
    expect(old).toMatchObject({ avoids: [], dietWarnings: [] });
    const categories = (await get('/api/category?siteId=1', userToken)).json<Category[]>();
    const latte = categories.flatMap((c) => c.menu).find((m) => m.name === 'Latte');
    expect(latte?.tags).toEqual([]);
    const groups = (await get('/api/option-groups', baristaToken)).json<OptionGroup[]>();
    expect(groups.flatMap((g) => g.choices.map((c) => c.tags))).toEqual([[]]);
    expect((await get('/api/user/me', userToken)).json<Me>().avoids).toEqual([]);

    const tagged = await t.app.inject({
      method: 'PATCH',
      url: `/api/menu/${latte?.id}`,
      headers: { authorization: `Bearer ${baristaToken}` },
      payload: { tags: ['milk'] },
    });
    expect(tagged.statusCode, tagged.body).toBe(200);
    const avoids = await t.app.inject({
      method: 'PUT',
      url: '/api/user/me/avoids',
      headers: { authorization: `Bearer ${userToken}` },
      // Kept with the person's consent (migration 024, docs/decisions/0068-health-data-consent.md).
      payload: { avoids: ['milk'], consent: true },
    });
    expect(avoids.statusCode, avoids.body).toBe(200);
    expect((await get('/api/user/me', userToken)).json<Me>().avoids).toEqual(['milk']);
    // An order from before is not rewritten by what its owner says now.
    expect((await get(`/api/order/${order}`, baristaToken)).json<Order>().dietWarnings).toEqual([]);
  });
});
