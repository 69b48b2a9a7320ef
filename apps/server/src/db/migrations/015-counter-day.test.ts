import type { Category, Order } from '@cafe/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test-support/test-app';
import { rowsOf, upgradeFrom, type Row, type Upgrade } from '../../test-support/upgrade-fixtures';

/** The release before the counter's day: every migration up to this one. */
const PREVIOUS_RELEASE = '014-email-confirmation';
const NEW_TABLES = ['display_tokens'];

/** Categories as the release before wrote them, besides its "Coffee" (upgrade-fixtures.ts). */
const MORE_CATEGORIES: { name: string; categoryFor: 'cafe' | 'bar'; isAvailable: 'available' | 'unavailable' }[] = [
  { name: 'ชาไทย', categoryFor: 'cafe', isAvailable: 'available' },
  { name: 'กาแฟโบราณ', categoryFor: 'cafe', isAvailable: 'available' },
  { name: 'Smoothies', categoryFor: 'cafe', isAvailable: 'available' },
  { name: 'Cocktails', categoryFor: 'bar', isAvailable: 'available' },
  // Deleted (soft) before the upgrade: it is kept, and filed too, should it be restored.
  { name: 'Milk Tea', categoryFor: 'cafe', isAvailable: 'unavailable' },
];

/**
 * Migration 015 on a database the release before wrote: the categories' part. Every category is
 * kept as it was and gets the kind the board filed it under by its name (English or Thai words).
 */
describe('migration 015: the counter day, on a database written by the release before (categories)', () => {
  let upgrade: Upgrade;
  let t: TestApp;
  beforeAll(async () => {
    upgrade = await upgradeFrom(PREVIOUS_RELEASE, NEW_TABLES, {
      extra: async (db) => {
        const at = '2026-11-19T02:00:00.000Z';
        for (const [i, c] of MORE_CATEGORIES.entries()) {
          await sql`insert into categories (name, category_for, is_available, sort_order, created_at, updated_at)
            values (${c.name}, ${c.categoryFor}, ${c.isAvailable}, ${i + 1}, ${at}, ${at})`.execute(db);
        }
      },
    });
    ({ t } = upgrade);
  });
  afterAll(() => t.close());

  const withoutKind = (rows: Row[]) => rows.map(({ kind: _kind, ...rest }) => rest);

  it('keeps every category row as it was, and files each by the words of its name', async () => {
    const after = await rowsOf(upgrade.db(), 'categories');
    expect(after).toHaveLength(1 + MORE_CATEGORIES.length);
    expect(withoutKind(after)).toEqual(upgrade.before.categories);
    expect(Object.fromEntries(after.map((row) => [row.name, row.kind]))).toEqual({
      Coffee: 'coffee',
      ชาไทย: 'tea',
      กาแฟโบราณ: 'coffee',
      Smoothies: 'other',
      Cocktails: 'other',
      'Milk Tea': 'tea',
    });
  });

  it('answers the kinds in the menu, and takes a new kind for a category from before', async () => {
    const res = await t.app.inject({ url: '/api/category' });
    expect(res.statusCode).toBe(200);
    const listed = res.json<Category[]>();
    expect(listed.map((c) => [c.name, c.kind])).toEqual([
      ['Coffee', 'coffee'],
      ['ชาไทย', 'tea'],
      ['กาแฟโบราณ', 'coffee'],
      ['Smoothies', 'other'],
      ['Cocktails', 'other'],
    ]);

    const smoothies = listed.find((c) => c.name === 'Smoothies');
    const barista = { authorization: `Bearer ${await t.app.ctx.tokens.sign(upgrade.written.barista, 'barista')}` };
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/category/${smoothies?.id ?? 0}`,
      headers: barista,
      payload: { kind: 'tea' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Category>()).toMatchObject({ name: 'Smoothies', kind: 'tea' });
  });

  it("gives an order from before its category's kind, so the board files it under Coffee", async () => {
    const owner = { authorization: `Bearer ${await t.app.ctx.tokens.sign(upgrade.written.user, 'user')}` };
    const res = await t.app.inject({ url: `/api/order/${upgrade.written.order}`, headers: owner });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Order>().menu.category).toMatchObject({ name: 'Coffee', kind: 'coffee' });
  });
});
