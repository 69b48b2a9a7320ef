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

  it("gives every site the counter's defaults and every order from before no mark, no reminder", async () => {
    const sites = await rowsOf(upgrade.db(), 'sites');
    expect(sites.length).toBeGreaterThan(0);
    for (const site of sites) {
      expect(site).toMatchObject({
        tumbler_grace_seconds: 300,
        ready_reminder_seconds: 600,
        uncollected_after_seconds: 1800,
        display_names: 'first-initial',
      });
    }
    const orders = await rowsOf(upgrade.db(), 'orders');
    expect(orders.map((o) => [o.status, o.tumbler_missing_at, o.reminded_at]).sort()).toEqual([
      ['in-progress', null, null],
      ['picked', null, null],
      ['rejected', null, null],
    ]);
    // Drinks finished before the upgrade are not reminded of.
    const counter = await t.app.ctx.services.orders.counterDue(t.clock.now());
    expect(counter).toMatchObject({ expired: 0, reminded: 0 });
  });

  it('lets the counter mark the tumbler of an order from before, finish it, and mark it not collected later', async () => {
    const barista = { authorization: `Bearer ${await t.app.ctx.tokens.sign(upgrade.written.barista, 'barista')}` };
    const id = upgrade.written.order;
    t.clock.freeze();
    const marked = await t.app.inject({
      method: 'POST',
      url: `/api/order/barista/${id}/tumbler`,
      headers: barista,
      payload: { missing: true },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json<Order>().tumblerMissing).toBeDefined();
    const done = await t.app.inject({
      method: 'PATCH',
      url: `/api/order/barista/${id}`,
      headers: barista,
      payload: { status: 'done' },
    });
    expect(done.json<Order>()).toMatchObject({ status: 'done', doneAt: t.clock.now().toISOString() });
    expect(done.json<Order>().tumblerMissing).toBeUndefined();
    t.clock.set(new Date(t.clock.now().getTime() + 30 * 60_000).toISOString());
    const counter = await t.app.ctx.services.orders.counterDue(t.clock.now());
    expect(counter.reminded).toBe(1);
    // Signed in again at the new time (an access token lives a quarter of an hour).
    const again = { authorization: `Bearer ${await t.app.ctx.tokens.sign(upgrade.written.barista, 'barista')}` };
    const uncollected = await t.app.inject({
      method: 'PATCH',
      url: `/api/order/barista/${id}`,
      headers: again,
      payload: { status: 'uncollected' },
    });
    expect(uncollected.statusCode, uncollected.body).toBe(200);
    // The database takes the new status (the CHECK rule was widened in place on SQLite).
    const [row] = await rowsOf(upgrade.db(), 'orders').then((rows) => rows.filter((r) => r.id === id));
    expect(row).toMatchObject({ status: 'uncollected' });
  });
});
