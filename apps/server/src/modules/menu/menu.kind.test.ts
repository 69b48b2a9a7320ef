import type { AuditPage, Category, ErrorBody, Order } from '@cafe/shared';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadImage } from '../../test-support/image-fixtures';
import { cafeOrderBody, placeOrder, setShop } from '../../test-support/order-fixtures';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/test-app';

/*
 * A category's kind (coffee, tea, other): chosen by the barista, which the board's Coffee / Tea
 * filter follows whatever the category's name says (docs/decisions/0047-category-kind.md).
 */

/** A Wednesday morning in Bangkok: the cafe may take orders. */
const WEDNESDAY_10AM = '2026-11-18T10:00:00+07:00';

describe('category kind', () => {
  let t: TestApp;
  let barista: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ clockNow: WEDNESDAY_10AM });
    barista = await t.createUser({ role: 'barista' });
    admin = await t.createUser({ role: 'admin' });
  });
  afterAll(() => t.close());

  async function create(body: Record<string, unknown>): Promise<Category> {
    const res = await t.request('POST', '/api/category', barista, { categoryFor: 'cafe', ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Category>();
  }

  const kindInDb = async (id: number) =>
    (await t.app.ctx.db.selectFrom('categories').select('kind').where('id', '=', id).executeTakeFirstOrThrow()).kind;

  it('stores the kind chosen, whatever the name says, and answers it everywhere a category is read', async () => {
    // "Specials" in Thai: no coffee word in it, yet the barista files it under coffee.
    const specials = await create({ name: 'เมนูพิเศษ', kind: 'coffee' });
    expect(specials).toMatchObject({ name: 'เมนูพิเศษ', kind: 'coffee' });
    const misnamed = await create({ name: 'Coffee free', kind: 'other' });
    expect(misnamed.kind).toBe('other');

    expect(await kindInDb(specials.id)).toBe('coffee');
    const one = await t.request('GET', `/api/category/${specials.id}`);
    expect(one.json<Category>().kind).toBe('coffee');
    const listed = (await t.request('GET', '/api/category')).json<Category[]>();
    expect(listed.find((c) => c.id === specials.id)?.kind).toBe('coffee');
    expect(listed.find((c) => c.id === misnamed.id)?.kind).toBe('other');
    expect(listed.every((c) => ['coffee', 'tea', 'other'].includes(c.kind))).toBe(true);
  });

  it('files a category created without a kind by its name, in English or Thai', async () => {
    expect((await create({ name: 'Iced Coffee' })).kind).toBe('coffee');
    expect((await create({ name: 'กาแฟโบราณ' })).kind).toBe('coffee');
    expect((await create({ name: 'Milk Tea' })).kind).toBe('tea');
    expect((await create({ name: 'ชาไทย' })).kind).toBe('tea');
    expect((await create({ name: 'Smoothies' })).kind).toBe('other');
  });

  it('changes the kind on edit; an edit without it (a rename) leaves it as it was', async () => {
    const category = await create({ name: 'Tea', kind: 'tea' });
    const renamed = await t.request('PATCH', `/api/category/${category.id}`, barista, { name: 'Coffee corner' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<Category>()).toMatchObject({ name: 'Coffee corner', kind: 'tea' });

    const changed = await t.request('PATCH', `/api/category/${category.id}`, barista, { kind: 'coffee' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<Category>()).toMatchObject({ name: 'Coffee corner', kind: 'coffee' });
    expect(await kindInDb(category.id)).toBe('coffee');
  });

  it('refuses an unknown kind with a 400 that names the field, and changes nothing', async () => {
    for (const kind of ['juice', 'COFFEE', '', 3, null]) {
      const created = await t.request('POST', '/api/category', barista, { name: 'Juice', categoryFor: 'cafe', kind });
      expect(created.statusCode, JSON.stringify(kind)).toBe(400);
      expect(created.json<ErrorBody>().message).toMatch(/kind/);
    }
    const bad = await t.request('POST', '/api/category', barista, {
      name: 'Juice',
      categoryFor: 'cafe',
      kind: 'juice',
    });
    expect(bad.json<ErrorBody>().message).toBe('kind: kind must be coffee, tea or other');

    const category = await create({ name: 'Kept', kind: 'tea' });
    const patched = await t.request('PATCH', `/api/category/${category.id}`, barista, { kind: 'cocoa' });
    expect(patched.statusCode).toBe(400);
    expect(patched.json<ErrorBody>().message).toMatch(/kind/);
    expect(await kindInDb(category.id)).toBe('tea');
  });

  it('records the kind in the audit log: the one chosen on create, before and after on a change', async () => {
    const category = await create({ name: 'Audit kind', kind: 'other' });
    await t.request('PATCH', `/api/category/${category.id}`, barista, { kind: 'tea' });
    const page = (await t.request('GET', '/api/audit?action=menu.category', admin)).json<AuditPage>();
    const mine = page.entries.filter((e) => e.target?.id === String(category.id));
    expect(mine.find((e) => e.action === 'menu.category.create')?.after).toMatchObject({ kind: 'other' });
    const update = mine.find((e) => e.action === 'menu.category.update');
    expect(update?.before).toEqual({ kind: 'other' });
    expect(update?.after).toEqual({ kind: 'tea' });
  });
});

describe("an order's category kind", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ clockNow: WEDNESDAY_10AM });
  });
  afterAll(() => t.close());

  it('carries the kind of its category, as it is now, in the answer and the board list', async () => {
    const barista = await t.createUser({ role: 'barista' });
    const customer = await t.createUser();
    const category = (
      await t.request('POST', '/api/category', barista, { name: 'เมนูพิเศษ', categoryFor: 'cafe', kind: 'coffee' })
    ).json<Category>();
    const item = (await t.request('POST', '/api/menu', barista, { name: 'Dirty', category_id: category.id })).json<{
      id: number;
    }>();
    await setShop(t, { cafe: true, bar: false });
    const image = await uploadImage(t, customer);

    const placed = await placeOrder(t, customer, cafeOrderBody(item.id, image, { menu_name: 'Dirty' }));
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<Order>().menu.category).toEqual({
      id: category.id,
      name: 'เมนูพิเศษ',
      categoryFor: 'cafe',
      kind: 'coffee',
    });

    await t.request('PATCH', `/api/category/${category.id}`, barista, { kind: 'tea' });
    const board = (await t.request('GET', '/api/order?status=ordered', barista)).json<Order[]>();
    expect(board.find((o) => o.id === placed.json<Order>().id)?.menu.category.kind).toBe('tea');
  });
});
