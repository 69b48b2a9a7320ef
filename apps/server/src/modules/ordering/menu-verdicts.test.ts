import type { ErrorBody, MenuItemVerdict, MenuVerdicts, Site } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cafeOrderBody,
  createOrderingApp,
  placeOrder,
  setShop,
  type SeededMenu,
} from '../../test-support/order-fixtures';
import { FIRST_SITE_ID, type TestApp, type TestUser } from '../../test-support/test-app';

/*
 * GET /menu/verdicts: the door's menuFor as the web reads it (docs/decisions/0108). A Wednesday
 * morning in Bangkok: the first site's cafe open, its bar closed.
 */
describe('GET /menu/verdicts', () => {
  let t: TestApp;
  let menu: SeededMenu;
  let image: string;
  let barista: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    ({ t, menu, image } = await createOrderingApp());
    barista = await t.createUser({ role: 'barista' });
    admin = await t.createUser({ role: 'admin' });
  });
  afterAll(() => t.close());

  async function verdicts(who: TestUser | undefined, query = 'venue=cafe'): Promise<MenuVerdicts> {
    const res = await t.request('GET', `/api/menu/verdicts?${query}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<MenuVerdicts>();
  }
  const itemOf = (answer: MenuVerdicts, menuId: number): MenuItemVerdict => {
    const found = answer.items.find((i) => i.menuId === menuId);
    if (!found) throw new Error(`item ${menuId} is not in the answer`);
    return found;
  };
  /** What POST /order answers for the drink, now. */
  async function placed(who: TestUser, menuId: number) {
    return placeOrder(t, who, cafeOrderBody(menuId, image));
  }
  const ok = async (method: 'PATCH' | 'POST' | 'PUT', url: string, who: TestUser, body?: Record<string, unknown>) => {
    const res = await t.request(method, url, who, body);
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res;
  };

  it("lists the venue's listed items, each refused as POST /order would refuse it", async () => {
    const who = await t.createUser();
    const answer = await verdicts(who);
    expect(answer.siteId).toBe(FIRST_SITE_ID);
    // The deleted item and the deleted category's are not listed; the inactive one is, refused.
    expect(answer.items.map((i) => i.menuId).sort((a, b) => a - b)).toEqual(
      [menu.latte, menu.thaiTea, menu.inactive].sort((a, b) => a - b),
    );
    expect(answer.venue).toEqual({ now: null, later: null });
    expect(itemOf(answer, menu.latte)).toEqual({
      menuId: menu.latte,
      now: null,
      later: null,
      conflicts: [],
      untagged: false,
    });
    const refused = await placed(who, menu.inactive);
    expect(refused.statusCode).toBe(409);
    const mocha = itemOf(answer, menu.inactive);
    expect(mocha.now).toEqual(refused.json<ErrorBody>());
    expect(mocha.now).toMatchObject({ code: 'MENU_UNAVAILABLE', messageId: 'people.refusal.itemInactive' });
    expect(mocha.later).toMatchObject({ code: 'MENU_UNAVAILABLE' });
  });

  it('says a sold-out drink with its message id and values, for now and for later', async () => {
    const who = await t.createUser();
    await ok('PATCH', `/api/sites/${FIRST_SITE_ID}/menu-items/${menu.thaiTea}`, barista, { soldOut: true });
    try {
      const tea = itemOf(await verdicts(who), menu.thaiTea);
      const refused = await placed(who, menu.thaiTea);
      expect(tea.now).toEqual(refused.json<ErrorBody>());
      expect(tea.now).toMatchObject({
        statusCode: 409,
        code: 'MENU_UNAVAILABLE',
        messageId: 'people.refusal.soldOut',
        params: { item: 'Thai Tea' },
      });
      expect(tea.later).toEqual(tea.now);
    } finally {
      await ok('PATCH', `/api/sites/${FIRST_SITE_ID}/menu-items/${menu.thaiTea}`, barista, { soldOut: false });
    }
    expect(itemOf(await verdicts(who), menu.thaiTea).now).toBeNull();
  });

  it('refuses every drink for now while orders are paused or the cafe is closed, none for later', async () => {
    const who = await t.createUser();
    await ok('PATCH', '/api/ordering-status', barista, { paused: true });
    try {
      const paused = await verdicts(who);
      expect(paused.venue.now).toMatchObject({ code: 'ORDERS_PAUSED', messageId: 'people.refusal.pausedManual' });
      expect(paused.venue.later).toBeNull();
      expect(itemOf(paused, menu.latte).now).toEqual((await placed(who, menu.latte)).json<ErrorBody>());
      expect(itemOf(paused, menu.latte).later).toBeNull();
    } finally {
      await ok('PATCH', '/api/ordering-status', barista, { paused: false });
    }
    await setShop(t, { cafe: false, bar: false });
    try {
      const closed = await verdicts(who);
      expect(closed.venue.now).toMatchObject({ code: 'CAFE_CLOSED', messageId: 'people.refusal.cafeClosed' });
      expect(closed.venue.later).toBeNull();
      expect(itemOf(closed, menu.latte)).toMatchObject({ now: { code: 'CAFE_CLOSED' }, later: null });
    } finally {
      await setShop(t, { cafe: true, bar: false });
    }
    const bar = await verdicts(who, 'venue=bar');
    expect(bar.venue.now).toMatchObject({ code: 'BAR_CLOSED' });
    expect(bar.items.map((i) => i.menuId)).toEqual([menu.mojito]);
  });

  it("counts the person's daily limit for now", async () => {
    const who = await t.createUser();
    for (let i = 0; i < 2; i += 1) expect((await placed(who, menu.latte)).statusCode).toBe(201);
    const answer = await verdicts(who);
    expect(answer.venue.now).toMatchObject({ code: 'ORDER_LIMIT_REACHED', messageId: 'people.refusal.orderLimit' });
    expect(itemOf(answer, menu.thaiTea).now).toEqual((await placed(who, menu.thaiTea)).json<ErrorBody>());
    expect(itemOf(answer, menu.thaiTea).later).toBeNull();
  });

  it('marks what the person avoids, and "not tagged" where nobody said what a drink contains', async () => {
    await ok('PATCH', `/api/menu/${menu.latte}`, barista, { tags: ['milk', 'caffeine'] });
    const who = await t.createUser();
    await ok('PUT', '/api/user/me/avoids', who, { avoids: ['milk'], consent: true });
    const answer = await verdicts(who);
    expect(itemOf(answer, menu.latte)).toMatchObject({ conflicts: ['milk'], untagged: false, now: null });
    expect(itemOf(answer, menu.thaiTea)).toMatchObject({ conflicts: [], untagged: true });
    // Someone who avoids nothing is told nothing.
    expect(itemOf(await verdicts(await t.createUser()), menu.thaiTea)).toMatchObject({ untagged: false });
  });

  it("answers a visitor with the default site's menu, as anyone may order from it", async () => {
    const answer = await verdicts(undefined);
    expect(answer.siteId).toBe(FIRST_SITE_ID);
    expect(itemOf(answer, menu.latte)).toEqual({
      menuId: menu.latte,
      now: null,
      later: null,
      conflicts: [],
      untagged: false,
    });
  });

  it('answers for the site asked, and refuses a home site that was archived', async () => {
    const tower = (
      await ok('POST', '/api/sites', admin, {
        name: 'Tower B',
        latitude: 13.75,
        longitude: 100.54,
        radiusKm: 1,
        timeZone: 'Asia/Bangkok',
      })
    ).json<Site>();
    const who = await t.createUser({ site: tower.id });
    // A new site opens closed.
    const atTower = await verdicts(who, `venue=cafe&siteId=${tower.id}`);
    expect(atTower.siteId).toBe(tower.id);
    expect(atTower.venue.now).toMatchObject({ code: 'CAFE_CLOSED' });
    expect((await verdicts(who)).siteId).toBe(tower.id);

    await ok('POST', `/api/sites/${tower.id}/archive`, admin);
    const archived = await t.request('GET', '/api/menu/verdicts?venue=cafe', who);
    expect(archived.statusCode).toBe(409);
    expect(archived.json<ErrorBody>()).toMatchObject({
      code: 'SITE_ARCHIVED',
      messageId: 'people.refusal.siteArchived',
      params: { site: 'Tower B' },
    });
    // Another site may still be asked for.
    expect((await verdicts(who, `venue=cafe&siteId=${FIRST_SITE_ID}`)).venue.now).toBeNull();
  });

  it('refuses what is not a venue or a site', async () => {
    const who = await t.createUser();
    const kitchen = await t.request('GET', '/api/menu/verdicts?venue=kitchen', who);
    expect(kitchen.statusCode).toBe(400);
    expect((await t.request('GET', '/api/menu/verdicts', who)).statusCode).toBe(400);
    expect((await t.request('GET', '/api/menu/verdicts?venue=cafe&siteId=9999', who)).statusCode).toBe(404);
  });
});
