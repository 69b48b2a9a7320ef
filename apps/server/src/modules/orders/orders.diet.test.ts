import type {
  AuditPage,
  Category,
  ErrorBody,
  Me,
  Menu,
  OptionGroup,
  Order,
  QueuedOrder,
  UserSearchResult,
} from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cafeOrderBody, createOrderingApp, placeOrder, type SeededMenu } from '../../test-support/order-fixtures';
import { FIRST_SITE_ID, type TestApp, type TestUser } from '../../test-support/test-app';

/** A Tuesday, 10:00 in Bangkok: the cafe takes orders. */
const TUESDAY_MORNING = '2026-03-03T03:00:00.000Z';

/**
 * What you cannot drink (issue 32, docs/allergens.md): baristas tag items and choices from the
 * fixed list (anything else 400, every change in the audit log), a person says what they avoid,
 * and each order records what of it the drink contains, for the barista's ticket.
 */
describe('allergen and diet tags', () => {
  let t: TestApp;
  let menu: SeededMenu;
  let image: string;
  let admin: TestUser;
  let barista: TestUser;
  let milk: OptionGroup;

  const latte = async (): Promise<Menu | undefined> => {
    const categories = (await t.request('GET', `/api/category?siteId=${FIRST_SITE_ID}`)).json<Category[]>();
    return categories.flatMap((c) => c.menu).find((m) => m.id === menu.latte);
  };
  const choiceId = (name: string): number => {
    const found = milk.choices.find((c) => c.name === name);
    if (!found) throw new Error(`no choice ${name}`);
    return found.id;
  };
  const audit = async (action: string) =>
    (await t.request('GET', `/api/audit?action=${action}`, admin)).json<AuditPage>().entries;

  beforeAll(async () => {
    ({ t, menu, image } = await createOrderingApp({ clockNow: TUESDAY_MORNING }));
    admin = await t.createUser({ role: 'admin' });
    barista = await t.createUser({ role: 'barista' });
    const created = await t.request('POST', '/api/option-groups', barista, {
      name: 'Milk',
      minChoices: 1,
      maxChoices: 1,
      choices: [
        { name: 'Whole', isDefault: true, tags: ['milk'] },
        { name: 'Oat', tags: ['gluten', 'vegan'] },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    milk = created.json<OptionGroup>();
    const attached = await t.request('PUT', `/api/menu/${menu.latte}/options`, barista, {
      groups: [{ groupId: milk.id }],
    });
    expect(attached.statusCode, attached.body).toBe(200);
  });
  afterAll(() => t.close());

  describe('tags of items and choices', () => {
    it('refuses a tag not on the list with 400 naming it, and changes nothing', async () => {
      const item = await t.request('PATCH', `/api/menu/${menu.latte}`, barista, { tags: ['caffeine', 'bacon'] });
      expect(item.statusCode).toBe(400);
      expect(item.json<ErrorBody>().message).toContain('"bacon" is not a tag of the list');
      const twice = await t.request('PATCH', `/api/menu/${menu.latte}`, barista, { tags: ['milk', 'milk'] });
      expect(twice.statusCode).toBe(400);
      const created = await t.request('POST', '/api/menu', barista, {
        name: 'Peanut shake',
        category_id: menu.coffee,
        tags: ['Peanuts'],
      });
      expect(created.statusCode).toBe(400);
      const group = await t.request('PUT', `/api/option-groups/${milk.id}`, barista, {
        name: 'Milk',
        minChoices: 1,
        maxChoices: 1,
        choices: [{ id: choiceId('Whole'), name: 'Whole', isDefault: true, tags: ['lactose'] }],
      });
      expect(group.statusCode).toBe(400);
      expect((await latte())?.tags).toEqual([]);
    });

    it("sets an item's tags, in the list's order, shown on the menu and the item", async () => {
      const res = await t.request('PATCH', `/api/menu/${menu.latte}`, barista, { tags: ['caffeine', 'milk'] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Menu>().tags).toEqual(['milk', 'caffeine']);
      expect((await latte())?.tags).toEqual(['milk', 'caffeine']);
      expect((await t.request('GET', `/api/menu/${menu.latte}`)).json<Menu>().tags).toEqual(['milk', 'caffeine']);
      // A new item without tags has none.
      const created = await t.request('POST', '/api/menu', barista, { name: 'Water', category_id: menu.coffee });
      expect(created.json<Menu>().tags).toEqual([]);
    });

    it("shows each choice's tags in the option groups and the menu, a PUT without tags keeping them", async () => {
      const groups = (await t.request('GET', '/api/option-groups', barista)).json<OptionGroup[]>();
      expect(groups.find((g) => g.id === milk.id)?.choices.map((c) => [c.name, c.tags])).toEqual([
        ['Whole', ['milk']],
        ['Oat', ['gluten', 'vegan']],
      ]);
      // A client that knows nothing of tags edits the group: the choices keep theirs.
      const res = await t.request('PUT', `/api/option-groups/${milk.id}`, barista, {
        name: 'Milk',
        minChoices: 1,
        maxChoices: 1,
        choices: [
          { id: choiceId('Whole'), name: 'Whole milk', isDefault: true },
          { id: choiceId('Oat'), name: 'Oat' },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<OptionGroup>().choices.map((c) => c.tags)).toEqual([['milk'], ['gluten', 'vegan']]);
      const onMenu = (await latte())?.optionGroups?.[0]?.choices.map((c) => [c.name, c.tags]);
      expect(onMenu).toEqual([
        ['Whole milk', ['milk']],
        ['Oat', ['gluten', 'vegan']],
      ]);
    });

    it('puts every tag change in the audit log, before and after', async () => {
      const items = await audit('menu.item.update');
      expect(items[0]).toMatchObject({
        actor: { id: barista.id },
        target: { type: 'menu-item', id: String(menu.latte) },
        before: { tags: [] },
        after: { tags: ['milk', 'caffeine'] },
      });
      const created = await audit('options.group.create');
      expect(created[0]?.after).toMatchObject({
        choices: [
          { name: 'Whole', tags: ['milk'] },
          { name: 'Oat', tags: ['gluten', 'vegan'] },
        ],
      });
      const tagged = await t.request('PUT', `/api/option-groups/${milk.id}`, barista, {
        name: 'Milk',
        minChoices: 1,
        maxChoices: 1,
        choices: [
          { id: choiceId('Whole'), name: 'Whole milk', isDefault: true, tags: ['milk', 'soy'] },
          { id: choiceId('Oat'), name: 'Oat' },
        ],
      });
      expect(tagged.statusCode, tagged.body).toBe(200);
      const updated = await audit('options.group.update');
      expect(updated[0]).toMatchObject({
        before: { choices: [{ name: 'Whole milk', tags: ['milk'] }, { name: 'Oat' }] },
        after: { choices: [{ name: 'Whole milk', tags: ['milk', 'soy'] }, { name: 'Oat' }] },
      });
    });
  });

  describe("what a person avoids, and the order's warnings", () => {
    it('keeps what the person avoids on their profile; 400 for a tag not on the list', async () => {
      const person = await t.createUser();
      expect((await t.request('GET', '/api/user/me', person)).json<Me>().avoids).toEqual([]);
      const bad = await t.request('PUT', '/api/user/me/avoids', person, { avoids: ['milk', 'gluten-free'] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<ErrorBody>().message).toContain('"gluten-free" is not a tag of the list');
      const res = await t.request('PUT', '/api/user/me/avoids', person, { avoids: ['peanuts', 'milk'], consent: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ avoids: ['milk', 'peanuts'] });
      expect((await t.request('GET', '/api/user/me', person)).json<Me>().avoids).toEqual(['milk', 'peanuts']);
      expect((await t.request('PUT', '/api/user/me/avoids', undefined, { avoids: [] })).statusCode).toBe(401);
    });

    it('records on the order what it avoids and what of it the drink as ordered contains', async () => {
      const person = await t.createUser();
      await t.request('PUT', '/api/user/me/avoids', person, { avoids: ['milk', 'gluten', 'peanuts'], consent: true });
      // The defaults: whole milk, on a latte tagged milk and caffeine. Placed once the person confirmed it.
      const res = await placeOrder(t, person, cafeOrderBody(menu.latte, image, { dietConfirmed: true }));
      expect(res.statusCode, res.body).toBe(201);
      const order = res.json<Order>();
      expect(order).toMatchObject({ avoids: ['gluten', 'milk', 'peanuts'], dietWarnings: ['milk'] });
      // Oat adds gluten; the item's milk stays.
      const oat = await placeOrder(
        t,
        person,
        cafeOrderBody(menu.latte, image, { options: [{ choiceId: choiceId('Oat') }], dietConfirmed: true }),
      );
      expect(oat.json<Order>().dietWarnings).toEqual(['gluten', 'milk']);
      // The barista's board shows them.
      const board = (await t.request('GET', '/api/order?status=ordered', barista)).json<QueuedOrder[]>();
      expect(board.find((o) => o.id === order.id)).toMatchObject({ dietWarnings: ['milk'] });
      expect((await t.request('GET', `/api/order/${order.id}`, person)).json<Order>().dietWarnings).toEqual(['milk']);
      // Changing the profile later does not rewrite the order.
      await t.request('PUT', '/api/user/me/avoids', person, { avoids: [] });
      expect((await t.request('GET', `/api/order/${order.id}`, person)).json<Order>()).toMatchObject({
        avoids: ['gluten', 'milk', 'peanuts'],
        dietWarnings: ['milk'],
      });
    });

    it('records none for a person who avoids nothing, and for a drink without what they avoid', async () => {
      const res = await placeOrder(t, await t.createUser(), cafeOrderBody(menu.thaiTea, image));
      expect(res.json<Order>()).toMatchObject({ avoids: [], dietWarnings: [] });
      const vegan = await t.createUser();
      await t.request('PUT', '/api/user/me/avoids', vegan, { avoids: ['vegan'], consent: true });
      await t.request('PATCH', `/api/menu/${menu.thaiTea}`, barista, { tags: ['vegan', 'caffeine'] });
      const tea = await placeOrder(t, vegan, cafeOrderBody(menu.thaiTea, image));
      expect(tea.json<Order>()).toMatchObject({ avoids: ['vegan'], dietWarnings: [] });
      const milky = await placeOrder(t, vegan, cafeOrderBody(menu.latte, image, { dietConfirmed: true }));
      expect(milky.json<Order>().dietWarnings).toEqual(['vegan']);
    });

    it("records the walk-up's person's warnings, and none for a guest", async () => {
      const person = await t.createUser({ name: 'Walker Milkless' });
      await t.request('PUT', '/api/user/me/avoids', person, { avoids: ['milk'], consent: true });
      // The walk-up dialog finds the person with what they avoid.
      const found = (await t.request('GET', '/api/user/search?q=milkless', barista)).json<UserSearchResult[]>();
      expect(found).toEqual([expect.objectContaining({ id: person.id, avoids: ['milk'] })]);
      const walkUp = (who: Record<string, unknown>) =>
        t.request('POST', '/api/order/walk-up', barista, { menu_id: menu.latte, type: 'hot', sweetness: 50, ...who });
      // The barista asked them: "Walker knows what it contains. Place it anyway."
      const forPerson = await walkUp({ userId: person.id, dietConfirmed: true });
      expect(forPerson.statusCode, forPerson.body).toBe(201);
      expect(forPerson.json<Order>()).toMatchObject({ avoids: ['milk'], dietWarnings: ['milk'] });
      const forGuest = await walkUp({ guestName: 'Visitor' });
      expect(forGuest.json<Order>()).toMatchObject({ avoids: [], dietWarnings: [] });
    });
  });
});
