import type { Category, ErrorBody, MenuAtSite, Site } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cafeOrderBody, createOrderingApp, placeOrder, type SeededMenu } from '../../test-support/order-fixtures';
import { FIRST_SITE_ID, connectClient, nextEvent, type TestApp, type TestUser } from '../../test-support/test-app';

/** A Tuesday, 10:00 in Bangkok. */
const TUESDAY_MORNING = '2026-03-03T03:00:00.000Z';

describe('the menu at each site', () => {
  let t: TestApp;
  let menu: SeededMenu;
  let image: string;
  let admin: TestUser;
  let barista: TestUser;
  let second: Site;
  let secondBarista: TestUser;

  beforeAll(async () => {
    ({ t, menu, image } = await createOrderingApp({ clockNow: TUESDAY_MORNING }));
    admin = await t.createUser({ role: 'admin' });
    barista = await t.createUser({ role: 'barista' });
    const created = await t.request('POST', '/api/sites', admin, {
      name: 'Tower B',
      latitude: 13.75,
      longitude: 100.54,
      radiusKm: 1,
      timeZone: 'Asia/Bangkok',
    });
    second = created.json<Site>();
    secondBarista = await t.createUser({ role: 'barista', site: second.id });
    const opened = await t.request('PATCH', '/api/cafe-status/cafe-open', secondBarista);
    expect(opened.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const latteAt = async (siteId: number): Promise<MenuAtSite | undefined> => {
    const categories = (await t.request('GET', `/api/category?siteId=${siteId}`)).json<Category[]>();
    return categories.flatMap((c) => c.menu).find((m) => m.id === menu.latte)?.atSite;
  };

  it('writes a row for every site and item: a new site serves the whole catalogue', async () => {
    const rows = await t.app.ctx.db.selectFrom('site_menu_items').select(['site_id', 'item_id']).execute();
    const items = await t.app.ctx.db.selectFrom('menu_items').select('id').execute();
    expect(rows).toHaveLength(items.length * 2);
    expect(await latteAt(second.id)).toEqual({
      siteId: second.id,
      available: true,
      soldOut: false,
      soldOutUntil: null,
    });
  });

  it("marks an item sold out at one site only, live on that site's phones, until the time given", async () => {
    const base = await t.listen();
    const secondPhone = await connectClient(base, (await t.createUser({ site: second.id })).token);
    try {
      const event = nextEvent(secondPhone, 'menu');
      const res = await t.request('PATCH', `/api/sites/${second.id}/menu-items/${menu.latte}`, secondBarista, {
        soldOut: true,
        soldOutUntil: '2026-03-03T07:00:00.000Z',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        siteId: second.id,
        available: true,
        soldOut: true,
        soldOutUntil: '2026-03-03T07:00:00.000Z',
      });
      expect(await event).toEqual({ kind: 'menu', id: menu.latte });
    } finally {
      secondPhone.disconnect();
    }
    expect(await latteAt(second.id)).toMatchObject({ soldOut: true });
    expect(await latteAt(FIRST_SITE_ID)).toMatchObject({ soldOut: false });

    const person = await t.createUser({ site: second.id });
    const refused = await placeOrder(t, person, cafeOrderBody(menu.latte, image));
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorBody>()).toMatchObject({
      code: 'MENU_UNAVAILABLE',
      message: 'Latte is sold out at Tower B until 14:00. Please choose another drink.',
    });
    // The same drink at the first site is served.
    expect((await placeOrder(t, await t.createUser(), cafeOrderBody(menu.latte, image))).statusCode).toBe(201);

    // At 14:00 Bangkok time the sold-out is over by itself.
    t.clock.set('2026-03-03T07:00:01.000Z');
    try {
      t.app.ctx.bus.publish('site-menu', null);
      // Someone signed in now (the first person's token has expired by the clock).
      const later = await t.createUser({ site: second.id });
      expect((await placeOrder(t, later, cafeOrderBody(menu.latte, image))).statusCode).toBe(201);
    } finally {
      t.clock.set(TUESDAY_MORNING);
    }
  });

  it('takes an item off one site, and a barista of another site may not', async () => {
    const foreign = await t.request('PATCH', `/api/sites/${second.id}/menu-items/${menu.thaiTea}`, barista, {
      available: false,
    });
    expect(foreign.statusCode).toBe(403);
    const res = await t.request('PATCH', `/api/sites/${second.id}/menu-items/${menu.thaiTea}`, secondBarista, {
      available: false,
    });
    expect(res.json()).toMatchObject({ available: false });
    const refused = await placeOrder(
      t,
      await t.createUser({ site: second.id }),
      cafeOrderBody(menu.thaiTea, image, { menu_name: 'Thai Tea' }),
    );
    expect(refused.json<ErrorBody>()).toMatchObject({
      code: 'MENU_UNAVAILABLE',
      message: 'Thai Tea is not served at Tower B.',
    });
    const list = (await t.request('GET', `/api/sites/${second.id}/menu-items`)).json<
      (MenuAtSite & { menuId: number })[]
    >();
    expect(list.find((r) => r.menuId === menu.thaiTea)).toMatchObject({ available: false });
  });

  it('refuses a sold-out end in the past or without soldOut, with a readable 400', async () => {
    const past = await t.request('PATCH', `/api/sites/${second.id}/menu-items/${menu.latte}`, secondBarista, {
      soldOut: true,
      soldOutUntil: '2026-03-01T00:00:00.000Z',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json<ErrorBody>().message).toBe('soldOutUntil: must be in the future');
    const lone = await t.request('PATCH', `/api/sites/${second.id}/menu-items/${menu.latte}`, secondBarista, {
      available: true,
      soldOutUntil: '2026-03-04T00:00:00.000Z',
    });
    expect(lone.statusCode).toBe(400);
    expect(lone.json<ErrorBody>().message).toMatch(/^soldOutUntil: /);
  });

  it('gives a new item a row at every site', async () => {
    const created = await t.request('POST', '/api/menu', barista, { name: 'Flat White', category_id: menu.coffee });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: number }>().id;
    for (const siteId of [FIRST_SITE_ID, second.id]) {
      const list = (await t.request('GET', `/api/sites/${siteId}/menu-items`)).json<
        (MenuAtSite & { menuId: number })[]
      >();
      expect(list.find((r) => r.menuId === id)).toMatchObject({ available: true, soldOut: false });
    }
  });
});
