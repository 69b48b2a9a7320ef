import { cafeDayOf, MESSAGES, type Category, type ErrorBody, type Menu } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iso } from '../../lib/time';
import {
  FIRST_SITE_ID,
  connectClient,
  createTestApp,
  nextEvent,
  type TestApp,
  type TestUser,
} from '../../test-support/test-app';

describe('menu and categories', () => {
  let t: TestApp;
  let barista: TestUser;
  let admin: TestUser;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    barista = await t.createUser({ role: 'barista' });
    admin = await t.createUser({ role: 'admin' });
    user = await t.createUser({ role: 'user' });
  });
  afterAll(() => t.close());

  async function createCategory(name: string, categoryFor: 'cafe' | 'bar' = 'cafe'): Promise<Category> {
    const res = await t.request('POST', '/api/category', barista, { name, categoryFor });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Category>();
  }

  async function createMenu(category_id: number, name: string, description?: string): Promise<Menu> {
    const res = await t.request(
      'POST',
      '/api/menu',
      barista,
      description === undefined ? { name, category_id } : { name, category_id, description },
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Menu>();
  }

  async function listCategories(query = ''): Promise<Category[]> {
    const res = await t.app.inject({ method: 'GET', url: `/api/category${query}` });
    expect(res.statusCode).toBe(200);
    return res.json<Category[]>();
  }

  /** A past order straight into the table: the ordering module is not needed to test menus. */
  async function insertPastOrder(menuId: number): Promise<number> {
    const placed = t.clock.now();
    const row = await t.app.ctx.db
      .insertInto('orders')
      .values({
        user_id: user.id,
        menu_id: menuId,
        category_for: 'cafe',
        cafe_day: cafeDayOf(placed, t.config.cafeTimezone),
        status: 'picked',
        type: 'hot',
        sweetness: 50,
        remark: '-',
        tumbler_image: '/api/images/x.jpg',
        reject_note: '',
        order_date: iso(placed),
        updated_at: iso(placed),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  describe('reading', () => {
    it('lists available categories in creation order, each with its available items by id, active or not', async () => {
      const coffee = await createCategory('Coffee');
      const cocktails = await createCategory('Cocktails', 'bar');
      const latte = await createMenu(coffee.id, 'Latte', 'Espresso with milk');
      const mocha = await createMenu(coffee.id, 'Mocha');
      const mojito = await createMenu(cocktails.id, 'Mojito');
      await t.request('PATCH', `/api/menu/${mocha.id}`, barista, { isActive: 'inactive' });

      const all = await listCategories();
      const mine = all.filter((c) => [coffee.id, cocktails.id].includes(c.id));
      expect(mine.map((c) => c.name)).toEqual(['Coffee', 'Cocktails']);
      expect(mine[0]).toEqual({
        id: coffee.id,
        name: 'Coffee',
        categoryFor: 'cafe',
        kind: 'coffee',
        isAvailable: 'available',
        menu: [
          {
            id: latte.id,
            name: 'Latte',
            description: 'Espresso with milk',
            category_id: coffee.id,
            isActive: 'active',
            isAvailable: 'available',
            tags: [],
            atSite: { siteId: FIRST_SITE_ID, available: true, soldOut: false, soldOutUntil: null },
          },
          {
            id: mocha.id,
            name: 'Mocha',
            description: '-',
            category_id: coffee.id,
            isActive: 'inactive',
            isAvailable: 'available',
            tags: [],
            atSite: { siteId: FIRST_SITE_ID, available: true, soldOut: false, soldOutUntil: null },
          },
        ],
      });

      const bar = await listCategories('?categoryFor=bar');
      expect(bar.every((c) => c.categoryFor === 'bar')).toBe(true);
      expect(bar.find((c) => c.id === cocktails.id)?.menu.map((m) => m.id)).toEqual([mojito.id]);
      expect((await listCategories('?categoryFor=cafe')).some((c) => c.id === cocktails.id)).toBe(false);

      const one = await t.app.inject({ method: 'GET', url: `/api/category/${coffee.id}` });
      expect(one.statusCode).toBe(200);
      expect(one.json<Category>().menu.map((m) => m.name)).toEqual(['Latte', 'Mocha']);

      const item = await t.app.inject({ method: 'GET', url: `/api/menu/${latte.id}` });
      expect(item.statusCode).toBe(200);
      expect(item.json<Menu>()).toEqual(latte);
    });

    it('needs no sign-in to read', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/category' });
      expect(res.statusCode).toBe(200);
    });

    it('answers 404 for unknown ids and 400 for ids that are not numbers', async () => {
      for (const url of ['/api/category/99999', '/api/menu/99999']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(404);
        expect(res.json<ErrorBody>().code).toBe('NOT_FOUND');
      }
      const bad = await t.app.inject({ method: 'GET', url: '/api/menu/abc' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<ErrorBody>().code).toBe('VALIDATION');
      const badFor = await t.app.inject({ method: 'GET', url: '/api/category?categoryFor=kitchen' });
      expect(badFor.statusCode).toBe(400);
      expect(badFor.json<ErrorBody>().message).toContain('categoryFor');
    });
  });

  describe('roles', () => {
    let category: Category;
    let item: Menu;
    beforeAll(async () => {
      category = await createCategory('Roles');
      item = await createMenu(category.id, 'Role Tea');
    });

    const writes = () => [
      { method: 'POST' as const, url: '/api/category', payload: { name: 'Nope', categoryFor: 'cafe' } },
      { method: 'PATCH' as const, url: `/api/category/${category.id}`, payload: { name: 'Nope' } },
      { method: 'PATCH' as const, url: `/api/category/${category.id}/unavailable`, payload: undefined },
      { method: 'POST' as const, url: '/api/menu', payload: { name: 'Nope', category_id: category.id } },
      { method: 'PATCH' as const, url: `/api/menu/${item.id}`, payload: { name: 'Nope' } },
    ];

    it('answers 401 without a token and with a bad one', async () => {
      for (const write of writes()) {
        const res = await t.app.inject(write);
        expect(res.statusCode, `${write.method} ${write.url}`).toBe(401);
        expect(res.json<ErrorBody>().code).toBe('UNAUTHENTICATED');
        const bad = await t.app.inject({ ...write, headers: { authorization: 'Bearer not-a-token' } });
        expect(bad.statusCode).toBe(401);
      }
    });

    it('answers 403 to users and admins: only baristas manage the menu', async () => {
      for (const who of [user, admin]) {
        for (const write of writes()) {
          const res = await t.app.inject({ ...write, headers: who.auth });
          expect(res.statusCode, `${who.role} ${write.method} ${write.url}`).toBe(403);
          expect(res.json<ErrorBody>().code).toBe('FORBIDDEN');
        }
      }
      // Nothing changed.
      const still = await t.app.inject({ method: 'GET', url: `/api/category/${category.id}` });
      expect(still.json<Category>()).toMatchObject({
        name: 'Roles',
        isAvailable: 'available',
        menu: [{ name: 'Role Tea' }],
      });
    });
  });

  describe('names and descriptions', () => {
    let category: Category;
    beforeAll(async () => {
      category = await createCategory('Names');
    });

    const badNames: [unknown, string][] = [
      ['', MESSAGES.nameNull],
      [undefined, MESSAGES.nameNull],
      [null, MESSAGES.nameNull],
      [' Latte', MESSAGES.nameLeadingSpace],
      ['Latte2', MESSAGES.nameLetters],
      ['Latte!', MESSAGES.nameLetters],
      ['A'.repeat(26), 'Input must be at most 25 characters.'],
    ];

    it.each(badNames)('refuses the category name %j with the shared message', async (name, message) => {
      const res = await t.request('POST', '/api/category', barista, { name, categoryFor: 'cafe' });
      expect(res.statusCode).toBe(400);
      const body = res.json<ErrorBody>();
      expect(body.code).toBe('VALIDATION');
      expect(body.message).toContain('name');
      expect(body.message).toContain(message);
    });

    it.each(badNames)('refuses the menu name %j with the shared message', async (name, message) => {
      const res = await t.request('POST', '/api/menu', barista, { name, category_id: category.id });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().message).toContain(message);
    });

    it('refuses bad names on edit too', async () => {
      const item = await createMenu(category.id, 'Edit Me');
      const menuRes = await t.request('PATCH', `/api/menu/${item.id}`, barista, { name: 'Bad1' });
      expect(menuRes.statusCode).toBe(400);
      expect(menuRes.json<ErrorBody>().message).toContain(MESSAGES.nameLetters);
      const catRes = await t.request('PATCH', `/api/category/${category.id}`, barista, { name: ' Bad' });
      expect(catRes.statusCode).toBe(400);
      expect(catRes.json<ErrorBody>().message).toContain(MESSAGES.nameLeadingSpace);
    });

    it('accepts Thai names, spaces inside, and exactly 25 letters', async () => {
      expect((await createCategory('ชาไทย')).name).toBe('ชาไทย');
      expect((await createMenu(category.id, 'Iced Lemon Tea')).name).toBe('Iced Lemon Tea');
      expect((await createMenu(category.id, 'B'.repeat(25))).name).toBe('B'.repeat(25));
    });

    it('refuses a bad categoryFor', async () => {
      const res = await t.request('POST', '/api/category', barista, { name: 'Kitchen', categoryFor: 'kitchen' });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().message).toContain('categoryFor');
    });

    it('stores a missing or empty description as "-" and keeps up to 50 characters', async () => {
      expect((await createMenu(category.id, 'No Desc')).description).toBe('-');
      expect((await createMenu(category.id, 'Empty Desc', '')).description).toBe('-');
      expect((await createMenu(category.id, 'Blank Desc', '   ')).description).toBe('-');
      const fifty = 'x'.repeat(50);
      const full = await createMenu(category.id, 'Full Desc', fifty);
      expect(full.description).toBe(fifty);

      const tooLong = await t.request('POST', '/api/menu', barista, {
        name: 'Long Desc',
        category_id: category.id,
        description: 'x'.repeat(51),
      });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json<ErrorBody>().message).toContain('description');

      const cleared = await t.request('PATCH', `/api/menu/${full.id}`, barista, { description: '' });
      expect(cleared.statusCode).toBe(200);
      expect(cleared.json<Menu>().description).toBe('-');
      const tooLongEdit = await t.request('PATCH', `/api/menu/${full.id}`, barista, { description: 'y'.repeat(51) });
      expect(tooLongEdit.statusCode).toBe(400);
    });
  });

  describe('management', () => {
    it('creates a category empty and an item active and available', async () => {
      const category = await createCategory('Smoothies', 'cafe');
      expect(category).toEqual({
        id: expect.any(Number) as number,
        name: 'Smoothies',
        categoryFor: 'cafe',
        kind: 'other',
        isAvailable: 'available',
        menu: [],
      });
      const item = await createMenu(category.id, 'Mango', 'Fresh mango');
      expect(item).toEqual({
        id: expect.any(Number) as number,
        name: 'Mango',
        description: 'Fresh mango',
        category_id: category.id,
        isActive: 'active',
        isAvailable: 'available',
        tags: [],
      });
    });

    it('edits a category and returns it with its menu', async () => {
      const category = await createCategory('Juice');
      await createMenu(category.id, 'Orange');
      const res = await t.request('PATCH', `/api/category/${category.id}`, barista, {
        name: 'Fresh Juice',
        categoryFor: 'bar',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<Category>()).toMatchObject({
        id: category.id,
        name: 'Fresh Juice',
        categoryFor: 'bar',
        isAvailable: 'available',
        menu: [{ name: 'Orange' }],
      });
      const unknown = await t.request('PATCH', '/api/category/99999', barista, { name: 'Ghost' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json<ErrorBody>().code).toBe('NOT_FOUND');
    });

    it('edits an item: name, description, active switch', async () => {
      const category = await createCategory('Edits');
      const item = await createMenu(category.id, 'Plain');
      const res = await t.request('PATCH', `/api/menu/${item.id}`, barista, {
        name: 'Fancy',
        description: 'Now with foam',
        isActive: 'inactive',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<Menu>()).toEqual({ ...item, name: 'Fancy', description: 'Now with foam', isActive: 'inactive' });
      const back = await t.request('PATCH', `/api/menu/${item.id}`, barista, { isActive: 'active' });
      expect(back.json<Menu>().isActive).toBe('active');
      const unknown = await t.request('PATCH', '/api/menu/99999', barista, { name: 'Ghost' });
      expect(unknown.statusCode).toBe(404);
    });

    it('refuses an item in an unknown or deleted category, naming the category', async () => {
      const unknown = await t.request('POST', '/api/menu', barista, { name: 'Lost', category_id: 99999 });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json<ErrorBody>()).toMatchObject({
        code: 'NOT_FOUND',
        message: expect.stringContaining('Category 99999') as string,
      });

      const gone = await createCategory('Gone Soon');
      await t.request('PATCH', `/api/category/${gone.id}/unavailable`, barista);
      const res = await t.request('POST', '/api/menu', barista, { name: 'Lost', category_id: gone.id });
      expect(res.statusCode).toBe(404);
      expect(res.json<ErrorBody>().message).toContain(`Category ${gone.id}`);
    });

    it('moves an item between categories, only into an available one', async () => {
      const from = await createCategory('Move From');
      const to = await createCategory('Move To');
      const deleted = await createCategory('Move Deleted');
      await t.request('PATCH', `/api/category/${deleted.id}/unavailable`, barista);
      const item = await createMenu(from.id, 'Traveller');

      const toDeleted = await t.request('PATCH', `/api/menu/${item.id}`, barista, { category_id: deleted.id });
      expect(toDeleted.statusCode).toBe(404);
      expect(toDeleted.json<ErrorBody>().message).toContain(`Category ${deleted.id}`);
      const toUnknown = await t.request('PATCH', `/api/menu/${item.id}`, barista, {
        category_id: 99999,
        name: 'Renamed',
      });
      expect(toUnknown.statusCode).toBe(404);
      // A refused move changes nothing, the name included.
      expect((await t.app.inject({ method: 'GET', url: `/api/menu/${item.id}` })).json<Menu>()).toEqual(item);

      const moved = await t.request('PATCH', `/api/menu/${item.id}`, barista, { category_id: String(to.id) });
      expect(moved.statusCode).toBe(200);
      expect(moved.json<Menu>().category_id).toBe(to.id);

      const categories = await listCategories();
      expect(categories.find((c) => c.id === from.id)?.menu).toEqual([]);
      expect(categories.find((c) => c.id === to.id)?.menu.map((m) => m.id)).toEqual([item.id]);
    });
  });

  describe('soft delete', () => {
    it('hides a deleted item everywhere but keeps its past orders', async () => {
      const category = await createCategory('Deleting');
      const keep = await createMenu(category.id, 'Keeper');
      const drop = await createMenu(category.id, 'Dropper');
      const orderId = await insertPastOrder(drop.id);

      const res = await t.request('PATCH', `/api/menu/${drop.id}`, barista, { isAvailable: 'unavailable' });
      expect(res.statusCode).toBe(200);
      expect(res.json<Menu>()).toEqual({ ...drop, isAvailable: 'unavailable' });

      expect((await listCategories()).find((c) => c.id === category.id)?.menu.map((m) => m.id)).toEqual([keep.id]);
      const one = await t.app.inject({ method: 'GET', url: `/api/category/${category.id}` });
      expect(one.json<Category>().menu.map((m) => m.id)).toEqual([keep.id]);
      const item = await t.app.inject({ method: 'GET', url: `/api/menu/${drop.id}` });
      expect(item.statusCode).toBe(404);
      expect(item.json<ErrorBody>().code).toBe('NOT_FOUND');

      const order = await t.app.ctx.db
        .selectFrom('orders')
        .select(['id', 'menu_id'])
        .where('id', '=', orderId)
        .executeTakeFirst();
      expect(order).toEqual({ id: orderId, menu_id: drop.id });
      const row = await t.app.ctx.db
        .selectFrom('menu_items')
        .select(['name', 'is_available'])
        .where('id', '=', drop.id)
        .executeTakeFirst();
      expect(row).toEqual({ name: 'Dropper', is_available: 'unavailable' });
    });

    it('deletes a category softly: answered as unavailable, hidden with its items, restorable', async () => {
      const category = await createCategory('Seasonal');
      const item = await createMenu(category.id, 'Pumpkin Latte');
      const orderId = await insertPastOrder(item.id);

      const res = await t.request('PATCH', `/api/category/${category.id}/unavailable`, barista);
      expect(res.statusCode).toBe(200);
      expect(res.json<Category>()).toMatchObject({
        id: category.id,
        name: 'Seasonal',
        categoryFor: 'cafe',
        isAvailable: 'unavailable',
      });

      expect((await listCategories()).some((c) => c.id === category.id)).toBe(false);
      expect((await t.app.inject({ method: 'GET', url: `/api/category/${category.id}` })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/menu/${item.id}` })).statusCode).toBe(404);
      expect(
        (await t.app.ctx.db.selectFrom('orders').select('menu_id').where('id', '=', orderId).executeTakeFirst())
          ?.menu_id,
      ).toBe(item.id);

      // Edit sends isAvailable "available": the category comes back with its items.
      const restored = await t.request('PATCH', `/api/category/${category.id}`, barista, { isAvailable: 'available' });
      expect(restored.statusCode).toBe(200);
      expect(restored.json<Category>()).toMatchObject({ isAvailable: 'available', menu: [{ id: item.id }] });
      expect((await t.app.inject({ method: 'GET', url: `/api/menu/${item.id}` })).statusCode).toBe(200);
    });

    it('accepts the delete call with a JSON content type and an empty body, and answers 404 for unknown ids', async () => {
      const category = await createCategory('Empty Body');
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/category/${category.id}/unavailable`,
        headers: { ...barista.auth, 'content-type': 'application/json' },
        payload: '',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Category>().isAvailable).toBe('unavailable');
      const withBody = await t.request('PATCH', `/api/category/${category.id}/unavailable`, barista, {});
      expect(withBody.statusCode).toBe(200);

      const unknown = await t.request('PATCH', '/api/category/99999/unavailable', barista);
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('live events', () => {
    it('tells every client, signed in or not, when an item or category changes', async () => {
      const base = await t.listen();
      const anonymous = await connectClient(base);
      const staff = await connectClient(base, barista.token);
      try {
        let anonymousEvent = nextEvent(anonymous, 'menu');
        const staffEvent = nextEvent(staff, 'menu');
        const category = await createCategory('Live');
        expect(await anonymousEvent).toEqual({ kind: 'category', id: category.id });
        expect(await staffEvent).toEqual({ kind: 'category', id: category.id });

        anonymousEvent = nextEvent(anonymous, 'menu');
        const item = await createMenu(category.id, 'Live Latte');
        expect(await anonymousEvent).toEqual({ kind: 'menu', id: item.id });

        anonymousEvent = nextEvent(anonymous, 'menu');
        await t.request('PATCH', `/api/menu/${item.id}`, barista, { isActive: 'inactive' });
        expect(await anonymousEvent).toEqual({ kind: 'menu', id: item.id });

        anonymousEvent = nextEvent(anonymous, 'menu');
        await t.request('PATCH', `/api/category/${category.id}/unavailable`, barista);
        expect(await anonymousEvent).toEqual({ kind: 'category', id: category.id });

        // A refused write says nothing.
        anonymousEvent = nextEvent(anonymous, 'menu', 300);
        await t.request('POST', '/api/menu', barista, { name: 'Bad1', category_id: category.id });
        await expect(anonymousEvent).rejects.toThrow(/no "menu" event/);
      } finally {
        anonymous.disconnect();
        staff.disconnect();
      }
    });
  });

  it('documents every menu route in OpenAPI, with bearer security on the writes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, Record<string, { tags?: string[]; security?: unknown[] }>> }>();
    const routes: [string, string, boolean][] = [
      ['/api/category', 'get', false],
      ['/api/category/{id}', 'get', false],
      ['/api/menu/{id}', 'get', false],
      ['/api/category', 'post', true],
      ['/api/category/{id}', 'patch', true],
      ['/api/category/{id}/unavailable', 'patch', true],
      ['/api/menu', 'post', true],
      ['/api/menu/{id}', 'patch', true],
    ];
    for (const [path, method, secured] of routes) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op?.tags).toEqual(['menu']);
      if (secured) expect(op?.security).toEqual([{ bearerAuth: [] }]);
    }
  });
});
