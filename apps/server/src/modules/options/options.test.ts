import type {
  Category,
  ErrorBody,
  ItemOptionGroupsBody,
  MenuOptionGroup,
  OptionGroup,
  Order,
  PopularOptionRow,
  QueuedOrder,
  Site,
} from '@cafe/shared';
import { clockTimeText } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { say } from '../../lib/people-texts';
import {
  baristaPatch,
  cafeOrderBody,
  createOrderingApp,
  placeOrder,
  type SeededMenu,
} from '../../test-support/order-fixtures';
import { FIRST_SITE_ID, connectClient, nextEvent, type TestApp, type TestUser } from '../../test-support/test-app';

/** A Tuesday, 10:00 in Bangkok. */
const TUESDAY_MORNING = '2026-03-03T03:00:00.000Z';

describe('drink options', () => {
  let t: TestApp;
  let menu: SeededMenu;
  let image: string;
  let admin: TestUser;
  let barista: TestUser;
  let size: OptionGroup;
  let milk: OptionGroup;
  let syrups: OptionGroup;
  let second: Site;
  let secondBarista: TestUser;

  const choice = (group: OptionGroup, name: string): number => {
    const found = group.choices.find((c) => c.name === name);
    if (!found) throw new Error(`no choice ${name} in ${group.name}`);
    return found.id;
  };
  const createGroup = async (body: Record<string, unknown>): Promise<OptionGroup> => {
    const res = await t.request('POST', '/api/option-groups', barista, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<OptionGroup>();
  };
  const latteGroups = async (siteId = FIRST_SITE_ID): Promise<MenuOptionGroup[] | undefined> => {
    const categories = (await t.request('GET', `/api/category?siteId=${siteId}`)).json<Category[]>();
    return categories.flatMap((c) => c.menu).find((m) => m.id === menu.latte)?.optionGroups;
  };
  const order = async (extra: Record<string, unknown>, who?: TestUser) =>
    placeOrder(t, who ?? (await t.createUser()), cafeOrderBody(menu.latte, image, extra));
  const messageOf = (res: { json: <T>() => T }) => res.json<ErrorBody>().message;

  beforeAll(async () => {
    ({ t, menu, image } = await createOrderingApp({ clockNow: TUESDAY_MORNING }));
    admin = await t.createUser({ role: 'admin' });
    barista = await t.createUser({ role: 'barista' });
    size = await createGroup({
      name: 'Size',
      minChoices: 1,
      maxChoices: 1,
      choices: [{ name: 'Regular', isDefault: true }, { name: 'Large' }],
    });
    milk = await createGroup({
      name: 'Milk',
      minChoices: 1,
      maxChoices: 1,
      choices: [{ name: 'Whole', isDefault: true }, { name: 'Oat' }, { name: 'Soy' }],
    });
    syrups = await createGroup({
      name: 'Syrups',
      minChoices: 0,
      maxChoices: 2,
      maxQuantity: 3,
      choices: [{ name: 'Vanilla' }, { name: 'Caramel' }, { name: 'Hazelnut' }],
    });
    const attached = await t.request('PUT', `/api/menu/${menu.latte}/options`, barista, {
      groups: [{ groupId: size.id }, { groupId: milk.id }, { groupId: syrups.id }],
    });
    expect(attached.statusCode, attached.body).toBe(200);
    second = (
      await t.request('POST', '/api/sites', admin, {
        name: 'Tower B',
        latitude: 13.75,
        longitude: 100.54,
        radiusKm: 1,
        timeZone: 'Asia/Bangkok',
      })
    ).json<Site>();
    secondBarista = await t.createUser({ role: 'barista', site: second.id });
    expect((await t.request('PATCH', '/api/cafe-status/cafe-open', secondBarista)).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  describe('managing groups', () => {
    it('lists the groups with their choices in order, for baristas and admins only', async () => {
      const list = await t.request('GET', '/api/option-groups', admin);
      expect(list.statusCode).toBe(200);
      expect(list.json<OptionGroup[]>().map((g) => g.name)).toEqual(['Size', 'Milk', 'Syrups']);
      expect(list.json<OptionGroup[]>()[1]).toMatchObject({
        minChoices: 1,
        maxChoices: 1,
        maxQuantity: 1,
        choices: [
          { name: 'Whole', isDefault: true },
          { name: 'Oat', isDefault: false },
          { name: 'Soy', isDefault: false },
        ],
      });
      expect((await t.request('GET', '/api/option-groups', await t.createUser())).statusCode).toBe(403);
      const valid = { name: 'Extras', minChoices: 0, maxChoices: 1, choices: [{ name: 'Shot' }] };
      expect((await t.request('POST', '/api/option-groups', await t.createUser(), valid)).statusCode).toBe(403);
    });

    it('refuses groups whose numbers do not fit, naming the field', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ name: 'A', minChoices: 2, maxChoices: 1, choices: [{ name: 'x' }, { name: 'y' }] }, 'minChoices'],
        [{ name: 'A', minChoices: 0, maxChoices: 0, choices: [{ name: 'x' }] }, 'maxChoices'],
        [{ name: 'A', minChoices: 0, maxChoices: 3, choices: [{ name: 'x' }] }, 'maxChoices'],
        [
          {
            name: 'A',
            minChoices: 1,
            maxChoices: 1,
            choices: [
              { name: 'x', isDefault: true },
              { name: 'y', isDefault: true },
            ],
          },
          'choices',
        ],
        [{ name: 'A', minChoices: 0, maxChoices: 1, choices: [{ name: 'Oat' }, { name: 'oat ' }] }, 'choices'],
        [{ name: 'size', minChoices: 0, maxChoices: 1, choices: [{ name: 'x' }] }, 'name'],
        [{ name: 'A', minChoices: 0, maxChoices: 1, choices: [] }, 'choices'],
      ];
      for (const [body, field] of cases) {
        const res = await t.request('POST', '/api/option-groups', barista, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(messageOf(res), JSON.stringify(body)).toContain(field);
      }
      const names = (await t.request('GET', '/api/option-groups', barista)).json<OptionGroup[]>().map((g) => g.name);
      expect(names).toEqual(['Size', 'Milk', 'Syrups']);
    });

    it("edits a group as a whole, keeps the orders' names, and deletes it from every item", async () => {
      const temp = await createGroup({
        name: 'Ice',
        minChoices: 0,
        maxChoices: 1,
        choices: [{ name: 'Less ice' }, { name: 'No ice' }],
      });
      await t.request('PUT', `/api/menu/${menu.thaiTea}/options`, barista, { groups: [{ groupId: temp.id }] });
      const placed = await placeOrder(
        t,
        await t.createUser(),
        cafeOrderBody(menu.thaiTea, image, { options: [{ choiceId: choice(temp, 'No ice') }] }),
      );
      expect(placed.statusCode, placed.body).toBe(201);

      const edited = await t.request('PUT', `/api/option-groups/${temp.id}`, barista, {
        name: 'Ice level',
        minChoices: 0,
        maxChoices: 1,
        choices: [{ id: choice(temp, 'Less ice'), name: 'Light ice' }, { name: 'Extra ice' }],
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json<OptionGroup>()).toMatchObject({
        id: temp.id,
        name: 'Ice level',
        choices: [
          { id: choice(temp, 'Less ice'), name: 'Light ice' },
          { name: 'Extra ice', isDefault: false },
        ],
      });
      const kept = await t.request('GET', `/api/order/${placed.json<Order>().id}`, barista);
      expect(kept.json<Order>().options).toEqual([
        {
          groupId: temp.id,
          group: 'Ice',
          choiceId: choice(temp, 'No ice'),
          choice: 'No ice',
          quantity: 1,
          isDefault: false,
        },
      ]);

      const removed = await t.request('DELETE', `/api/option-groups/${temp.id}`, barista);
      expect(removed.statusCode).toBe(204);
      const items = await t.request('GET', `/api/menu/${menu.thaiTea}/options`, barista);
      expect(items.json<ItemOptionGroupsBody>()).toEqual({ groups: [] });
      expect((await t.request('PUT', `/api/option-groups/${temp.id}`, barista, edited.json())).statusCode).toBe(404);
      const again = await t.request('GET', `/api/order/${placed.json<Order>().id}`, barista);
      expect(again.json<Order>().options?.[0]).toMatchObject({ group: 'Ice', choice: 'No ice' });
    });

    it('attaches groups to an item in order with its own minimum, maximum and defaults', async () => {
      const bad = await t.request('PUT', `/api/menu/${menu.latte}/options`, barista, {
        groups: [{ groupId: size.id, defaultChoiceIds: [choice(milk, 'Oat')] }],
      });
      expect(bad.statusCode).toBe(400);
      expect(messageOf(bad)).toContain('defaultChoiceIds');
      const tooMany = await t.request('PUT', `/api/menu/${menu.latte}/options`, barista, {
        groups: [{ groupId: syrups.id, maxChoices: 4 }],
      });
      expect(tooMany.statusCode).toBe(400);
      expect(messageOf(tooMany)).toContain('Syrups: maxChoices');
      expect((await latteGroups())?.map((g) => g.name)).toEqual(['Size', 'Milk', 'Syrups']);

      const espresso = (
        await t.request('POST', '/api/menu', barista, { name: 'Flat White', category_id: menu.coffee })
      ).json<{ id: number }>();
      const set = await t.request('PUT', `/api/menu/${espresso.id}/options`, barista, {
        groups: [
          { groupId: milk.id, minChoices: 0, defaultChoiceIds: [choice(milk, 'Oat')] },
          { groupId: size.id, defaultChoiceIds: [choice(size, 'Large')] },
        ],
      });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json<ItemOptionGroupsBody>()).toEqual({
        groups: [
          { groupId: milk.id, minChoices: 0, defaultChoiceIds: [choice(milk, 'Oat')] },
          { groupId: size.id, defaultChoiceIds: [choice(size, 'Large')] },
        ],
      });
      const categories = (await t.request('GET', '/api/category')).json<Category[]>();
      const listed = categories.flatMap((c) => c.menu).find((m) => m.id === espresso.id)?.optionGroups;
      expect(listed?.map((g) => [g.name, g.minChoices, g.maxChoices])).toEqual([
        ['Milk', 0, 1],
        ['Size', 1, 1],
      ]);
      expect(listed?.[0]?.choices.filter((c) => c.isDefault).map((c) => c.name)).toEqual(['Oat']);
      expect(listed?.[1]?.choices.filter((c) => c.isDefault).map((c) => c.name)).toEqual(['Large']);
      // An item without groups lists none.
      expect(categories.flatMap((c) => c.menu).find((m) => m.id === menu.thaiTea)).not.toHaveProperty('optionGroups');
    });
  });

  describe('ordering with options', () => {
    it('takes the defaults when a client sends no options, and keeps them on the order', async () => {
      const res = await order({});
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<Order>().options).toEqual([
        {
          groupId: size.id,
          group: 'Size',
          choiceId: choice(size, 'Regular'),
          choice: 'Regular',
          quantity: 1,
          isDefault: true,
        },
        {
          groupId: milk.id,
          group: 'Milk',
          choiceId: choice(milk, 'Whole'),
          choice: 'Whole',
          quantity: 1,
          isDefault: true,
        },
      ]);
    });

    it('keeps exactly what was chosen, in the group order, with quantities', async () => {
      const person = await t.createUser();
      const res = await order(
        {
          options: [
            { choiceId: choice(syrups, 'Vanilla'), quantity: 2 },
            { choiceId: choice(milk, 'Oat') },
            { choiceId: choice(size, 'Large') },
          ],
        },
        person,
      );
      expect(res.statusCode, res.body).toBe(201);
      const expected = [
        { group: 'Size', choice: 'Large', quantity: 1, isDefault: false },
        { group: 'Milk', choice: 'Oat', quantity: 1, isDefault: false },
        { group: 'Syrups', choice: 'Vanilla', quantity: 2, isDefault: false },
      ];
      expect(
        res
          .json<Order>()
          .options?.map(({ group, choice: c, quantity, isDefault }) => ({ group, choice: c, quantity, isDefault })),
      ).toEqual(expected);
      const id = res.json<Order>().id;
      // Every read of the order carries them: the order, the person's queue, the board, the history.
      const strip = (o: Order | undefined) =>
        o?.options?.map(({ group, choice: c, quantity, isDefault }) => ({ group, choice: c, quantity, isDefault }));
      expect(strip((await t.request('GET', `/api/order/${id}`, person)).json<Order>())).toEqual(expected);
      expect(
        strip((await t.request('GET', '/api/order/my-queue', person)).json<QueuedOrder[]>().find((o) => o.id === id)),
      ).toEqual(expected);
      expect(
        strip((await t.request('GET', '/api/order', barista)).json<QueuedOrder[]>().find((o) => o.id === id)),
      ).toEqual(expected);
      expect((await baristaPatch(t, barista, id, { status: 'in-progress' })).statusCode).toBe(200);
      const done = await baristaPatch(t, barista, id, { status: 'done' });
      expect(strip(done.json<Order>())).toEqual(expected);
      expect((await t.request('PATCH', `/api/order/${id}`, person, { status: 'picked' })).statusCode).toBe(200);
      const history = (await t.request('GET', '/api/order/history/user', person)).json<Order[]>();
      expect(strip(history.find((o) => o.id === id))).toEqual(expected);
    });

    it('refuses what breaks a rule with a 400 that names the group, and saves nothing', async () => {
      const toppings = await createGroup({
        name: 'Toppings',
        minChoices: 0,
        maxChoices: 1,
        choices: [{ name: 'Boba' }],
      });
      const before = await t.app.ctx.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst();
      const cases: [unknown[], string][] = [
        [[{ choiceId: choice(milk, 'Oat') }], 'Size: choose 1'],
        [
          [
            { choiceId: choice(size, 'Large') },
            { choiceId: choice(size, 'Regular') },
            { choiceId: choice(milk, 'Oat') },
          ],
          'Size: choose 1',
        ],
        [
          [
            { choiceId: choice(size, 'Large') },
            { choiceId: choice(milk, 'Oat') },
            { choiceId: choice(syrups, 'Vanilla') },
            { choiceId: choice(syrups, 'Caramel') },
            { choiceId: choice(syrups, 'Hazelnut') },
          ],
          'Syrups: choose at most 2',
        ],
        [
          [{ choiceId: choice(size, 'Large') }, { choiceId: choice(milk, 'Oat') }, { choiceId: choice(milk, 'Oat') }],
          'Milk: Oat is chosen twice',
        ],
        [
          [
            { choiceId: choice(size, 'Large') },
            { choiceId: choice(milk, 'Oat') },
            { choiceId: choice(syrups, 'Vanilla'), quantity: 4 },
          ],
          'Syrups: at most 3 of Vanilla',
        ],
        [
          [{ choiceId: choice(size, 'Large'), quantity: 2 }, { choiceId: choice(milk, 'Oat') }],
          'Size: Large is one choice',
        ],
        [[{ choiceId: 999_999 }], 'options: an option that does not exist (999999) is not an option of Latte'],
        // A choice of a group the item does not carry is named as people know it, not by its id.
        [[{ choiceId: choice(toppings, 'Boba') }], 'options: Boba (Toppings) is not an option of Latte'],
      ];
      for (const [options, message] of cases) {
        const res = await order({ options });
        expect(res.statusCode, message).toBe(400);
        const answer = res.json<ErrorBody>();
        expect(answer).toMatchObject({ code: 'VALIDATION' });
        expect(messageOf(res)).toContain(message);
        // The person reads it from its own people message: the same words in English, and in Thai.
        expect(answer.messageId, message).toMatch(/^people\.options\./);
        const english = say('en', { id: answer.messageId ?? '', values: answer.params });
        expect(answer.message.endsWith(english), message).toBe(true);
        expect(say('th', { id: answer.messageId ?? '', values: answer.params }), message).not.toBe(english);
      }
      const thai = await placeOrder(
        t,
        await t.createUser(),
        cafeOrderBody(menu.thaiTea, image, { options: [{ choiceId: choice(size, 'Large') }] }),
      );
      expect(thai.statusCode).toBe(400);
      expect(messageOf(thai)).toContain('Thai Tea has no options');
      const after = await t.app.ctx.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst();
      expect(after).toEqual(before);
    });

    it('supports "exactly N" through an item\'s own minimum and maximum', async () => {
      const duo = (
        await t.request('POST', '/api/menu', barista, { name: 'Duo Syrup Latte', category_id: menu.coffee })
      ).json<{ id: number }>();
      await t.request('PUT', `/api/menu/${duo.id}/options`, barista, {
        groups: [{ groupId: syrups.id, minChoices: 2, maxChoices: 2 }],
      });
      const one = await placeOrder(
        t,
        await t.createUser(),
        cafeOrderBody(duo.id, image, { options: [{ choiceId: choice(syrups, 'Vanilla') }] }),
      );
      expect(one.statusCode).toBe(400);
      expect(messageOf(one)).toContain('Syrups: choose 2');
      const two = await placeOrder(
        t,
        await t.createUser(),
        cafeOrderBody(duo.id, image, {
          options: [{ choiceId: choice(syrups, 'Vanilla') }, { choiceId: choice(syrups, 'Caramel'), quantity: 3 }],
        }),
      );
      expect(two.statusCode, two.body).toBe(201);
    });

    it('marks a choice sold out at one site, live on its phones, and refuses it there only', async () => {
      const base = await t.listen();
      const phone = await connectClient(base, (await t.createUser({ site: second.id })).token, second.id);
      try {
        const event = nextEvent(phone, 'menu');
        const res = await t.request(
          'PATCH',
          `/api/sites/${second.id}/option-choices/${choice(milk, 'Oat')}`,
          secondBarista,
          {
            soldOut: true,
          },
        );
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ id: choice(milk, 'Oat'), name: 'Oat', soldOut: true, soldOutUntil: null });
        expect(await event).toEqual({ kind: 'option-group', id: milk.id });
      } finally {
        phone.disconnect();
      }
      const oatAt = async (siteId: number) =>
        (await latteGroups(siteId))?.find((g) => g.name === 'Milk')?.choices.find((c) => c.name === 'Oat');
      expect(await oatAt(second.id)).toMatchObject({ soldOut: true });
      expect(await oatAt(FIRST_SITE_ID)).toMatchObject({ soldOut: false });

      const oat = [{ choiceId: choice(size, 'Regular') }, { choiceId: choice(milk, 'Oat') }];
      const refused = await order({ options: oat, siteId: second.id });
      expect(refused.statusCode).toBe(409);
      expect(refused.json<ErrorBody>()).toMatchObject({ code: 'MENU_UNAVAILABLE' });
      expect(messageOf(refused)).toContain('Oat (Milk) is sold out at Tower B');
      expect((await order({ options: oat })).statusCode).toBe(201);

      // A barista of another site may not change it; an admin may.
      const other = await t.request('PATCH', `/api/sites/${second.id}/option-choices/${choice(milk, 'Oat')}`, barista, {
        soldOut: false,
      });
      expect(other.statusCode).toBe(403);
      // Sold out until a time: the refusal says until when, on the site's clock.
      const until = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
      const timed = await t.request('PATCH', `/api/sites/${second.id}/option-choices/${choice(milk, 'Oat')}`, admin, {
        soldOut: true,
        soldOutUntil: until,
      });
      expect(timed.statusCode, timed.body).toBe(200);
      const refusedUntil = await order({ options: oat, siteId: second.id });
      expect(messageOf(refusedUntil)).toBe(
        `Oat (Milk) is sold out at Tower B until ${clockTimeText(new Date(until), second.timeZone)}. Please choose another.`,
      );
      const back = await t.request('PATCH', `/api/sites/${second.id}/option-choices/${choice(milk, 'Oat')}`, admin, {
        soldOut: false,
      });
      expect(back.statusCode).toBe(200);
      expect((await order({ options: oat, siteId: second.id })).statusCode).toBe(201);
    });

    it('carries options on walk-up orders', async () => {
      const res = await t.request('POST', '/api/order/walk-up', barista, {
        menu_id: menu.latte,
        type: 'hot',
        sweetness: 50,
        guestName: 'Visitor',
        options: [{ choiceId: choice(size, 'Large') }, { choiceId: choice(milk, 'Soy') }],
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<Order>().options?.map((o) => o.choice)).toEqual(['Large', 'Soy']);
    });

    it('makes options part of the Idempotency-Key only when they are given', async () => {
      const person = await t.createUser();
      const key = 'options-key-1';
      const send = (extra: Record<string, unknown>) =>
        t.app.inject({
          method: 'POST',
          url: '/api/order',
          headers: { ...person.auth, 'idempotency-key': key },
          payload: cafeOrderBody(menu.latte, image, extra),
        });
      const first = await send({ options: [{ choiceId: choice(size, 'Large') }, { choiceId: choice(milk, 'Oat') }] });
      expect(first.statusCode).toBe(201);
      const again = await send({ options: [{ choiceId: choice(milk, 'Oat') }, { choiceId: choice(size, 'Large') }] });
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      const other = await send({ options: [{ choiceId: choice(size, 'Regular') }, { choiceId: choice(milk, 'Oat') }] });
      expect(other.statusCode).toBe(422);
    });

    it('ranks the most chosen options of served orders', async () => {
      const res = await t.request('GET', '/api/stats/popular-options?startDate=2026-03-01&endDate=2026-03-31', admin);
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json<PopularOptionRow[]>();
      // Only the order that was done and picked up counts.
      expect(rows).toEqual(
        expect.arrayContaining([
          { group: 'Syrups', choice: 'Vanilla', totalOrder: 1, totalQuantity: 2 },
          { group: 'Milk', choice: 'Oat', totalOrder: 1, totalQuantity: 1 },
        ]),
      );
      expect(rows.every((r) => r.totalOrder === 1)).toBe(true);
    });
  });
});
