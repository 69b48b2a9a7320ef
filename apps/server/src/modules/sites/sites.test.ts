import type { ErrorBody, Site } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cafeOrderBody,
  collect,
  createOrderingApp,
  placeOrder,
  setShop,
  type SeededMenu,
} from '../../test-support/order-fixtures';
import { FIRST_SITE_ID, connectClient, nextEvent, type TestApp, type TestUser } from '../../test-support/test-app';

/** A Tuesday, 10:00 in Bangkok and 10:00 in Berlin are both inside the default hours. */
const TUESDAY_MORNING = '2026-03-03T03:00:00.000Z';
const SECOND_SITE = {
  name: 'Berlin office',
  latitude: 52.52,
  longitude: 13.405,
  radiusKm: 0.5,
  timeZone: 'Europe/Berlin',
};

describe('sites', () => {
  let t: TestApp;
  let menu: SeededMenu;
  let image: string;
  let admin: TestUser;
  let barista: TestUser;
  let second: Site;

  beforeAll(async () => {
    ({ t, menu, image } = await createOrderingApp({ clockNow: TUESDAY_MORNING }));
    admin = await t.createUser({ role: 'admin' });
    barista = await t.createUser({ role: 'barista' });
  });
  afterAll(() => t.close());

  describe('an admin manages them', () => {
    it('adds a site, closed, with the default hours of its venues', async () => {
      // Anyone's list of sites follows live, signed in or not.
      const visitor = await connectClient(await t.listen());
      const told = nextEvent(visitor, 'site');
      const res = await t.request('POST', '/api/sites', admin, { ...SECOND_SITE, venues: { cafe: true, bar: false } });
      expect(res.statusCode).toBe(201);
      second = res.json<Site>();
      try {
        expect(await told).toEqual(second);
      } finally {
        visitor.disconnect();
      }
      expect(second).toMatchObject({
        ...SECOND_SITE,
        venues: { cafe: true, bar: false },
        status: { isCafeOpen: false, isBarOpen: false },
        archived: false,
      });
      const schedule = await t.request('GET', `/api/schedule?siteId=${second.id}`);
      const weekly = schedule.json<{ weekly: { venue: string }[] }>().weekly;
      expect(weekly).toHaveLength(5);
      expect(weekly.every((p) => p.venue === 'cafe')).toBe(true);
      const list = await t.request('GET', '/api/sites');
      expect(list.json<Site[]>().map((s) => s.id)).toEqual([FIRST_SITE_ID, second.id]);
    });

    it.each([
      [{ timeZone: 'Mars/Olympus' }, /^timeZone: must be an IANA time zone/],
      [{ timeZone: '+07:00' }, /^timeZone: must be an IANA time zone/],
      [{ latitude: 91 }, /^latitude: must be between -90 and 90/],
      [{ longitude: -181 }, /^longitude: must be between -180 and 180/],
      [{ radiusKm: 0 }, /^radiusKm: must be more than 0 km/],
      [{ name: '   ' }, /^name: Site name cannot be empty/],
      [{ venues: { cafe: false, bar: false } }, /^venues: a site runs the cafe, the bar or both/],
    ])('refuses %j with a readable 400', async (change, message) => {
      const res = await t.request('POST', '/api/sites', admin, { ...SECOND_SITE, name: 'Another', ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().message).toMatch(message);
    });

    it('refuses a name another site has, in any case', async () => {
      const res = await t.request('POST', '/api/sites', admin, { ...SECOND_SITE, name: 'BERLIN OFFICE' });
      expect(res.statusCode).toBe(409);
      expect(res.json<ErrorBody>().code).toBe('SITE_NAME_TAKEN');
    });

    it('lets only admins add, change and archive sites and assign baristas', async () => {
      for (const who of [barista, await t.createUser()]) {
        expect((await t.request('POST', '/api/sites', who, { ...SECOND_SITE, name: 'Nope' })).statusCode).toBe(403);
        expect((await t.request('PATCH', `/api/sites/${second.id}`, who, { name: 'Nope' })).statusCode).toBe(403);
        expect((await t.request('POST', `/api/sites/${second.id}/archive`, who)).statusCode).toBe(403);
        expect(
          (await t.request('PUT', `/api/sites/${second.id}/baristas`, who, { userIds: [barista.id] })).statusCode,
        ).toBe(403);
      }
    });

    it('refuses to open a venue the site does not run', async () => {
      const res = await t.request('PATCH', `/api/cafe-status/bar-open?siteId=${second.id}`, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().message).toBe('Berlin office does not run a bar, so its bar cannot be opened.');
    });
  });

  describe('baristas work at their own sites', () => {
    let berlinBarista: TestUser;
    beforeAll(async () => {
      berlinBarista = await t.createUser({ role: 'barista', site: second.id });
      const res = await t.request('PUT', `/api/sites/${second.id}/baristas`, admin, { userIds: [berlinBarista.id] });
      expect(res.json()).toEqual([{ id: berlinBarista.id, name: berlinBarista.name, email: berlinBarista.email }]);
    });

    it('answers 403 to a barista acting on a site they are not assigned to', async () => {
      const status = await t.request('PATCH', `/api/cafe-status/cafe-open?siteId=${second.id}`, barista);
      expect(status.statusCode).toBe(403);
      expect(status.json<ErrorBody>().message).toMatch(/not a barista of Berlin office/);
      const board = await t.request('GET', `/api/order?siteId=${second.id}&status=ordered`, barista);
      expect(board.statusCode).toBe(403);
      const busy = await t.request('PATCH', `/api/ordering-status?siteId=${second.id}`, barista, { paused: true });
      expect(busy.statusCode).toBe(403);
    });

    it('names the counters each person runs in GET /user/me', async () => {
      const sitesOf = async (user: TestUser) =>
        (await t.request('GET', '/api/user/me', user)).json<{ staffSiteIds: number[] }>().staffSiteIds;
      expect(await sitesOf(admin)).toEqual([FIRST_SITE_ID, second.id]);
      expect(await sitesOf(barista)).toEqual([FIRST_SITE_ID]);
      expect(await sitesOf(berlinBarista)).toEqual([second.id]);
      expect(await sitesOf(await t.createUser())).toEqual([]);
    });

    it("gives a board that asks for another barista's site its own site's orders", async () => {
      const base = await t.listen();
      // A tablet that remembers the Berlin counter, used by a barista of the first site.
      const board = await connectClient(base, barista.token, second.id);
      try {
        const arrived = nextEvent(board, 'orders');
        const placed = await placeOrder(t, await t.createUser(), cafeOrderBody(menu.latte, image));
        expect(await arrived).toMatchObject({ id: placed.json<{ id: number }>().id });
      } finally {
        board.disconnect();
      }
    });

    it("acts on the barista's own site without a siteId", async () => {
      const visitor = await connectClient(await t.listen());
      const told = nextEvent(visitor, 'site');
      const res = await t.request('PATCH', '/api/cafe-status/cafe-open', berlinBarista);
      expect(res.statusCode).toBe(200);
      try {
        // The lists of sites show its status too.
        expect(await told).toMatchObject({ id: second.id, status: { isCafeOpen: true, isBarOpen: false } });
      } finally {
        visitor.disconnect();
      }
      expect((await t.request('GET', `/api/cafe-status?siteId=${second.id}`)).json()).toEqual({
        isCafeOpen: true,
        isBarOpen: false,
      });
      // The first site is as it was.
      expect((await t.request('GET', '/api/cafe-status')).json()).toEqual({ isCafeOpen: true, isBarOpen: false });
      await setShop(t, { cafe: false, bar: false });
      expect((await t.request('GET', '/api/cafe-status')).json()).toEqual({ isCafeOpen: false, isBarOpen: false });
      expect((await t.request('GET', `/api/cafe-status?siteId=${second.id}`)).json()).toEqual({
        isCafeOpen: true,
        isBarOpen: false,
      });
      await setShop(t, { cafe: true, bar: false });
    });

    it("delivers a site's orders to its board only", async () => {
      const base = await t.listen();
      const berlinBoard = await connectClient(base, berlinBarista.token);
      const firstBoard = await connectClient(base, barista.token);
      try {
        const seenByFirst = collect(firstBoard, 'orders');
        const person = await t.createUser({ site: second.id });
        const arrived = nextEvent(berlinBoard, 'orders');
        const placed = await placeOrder(t, person, cafeOrderBody(menu.latte, image));
        expect(placed.statusCode).toBe(201);
        const id = placed.json<{ id: number }>().id;
        expect(await arrived).toMatchObject({ id, userId: person.id });

        // An order at the first site afterwards reaches the first board: the Berlin one came before it, or never.
        const marker = nextEvent(firstBoard, 'orders');
        const local = await placeOrder(t, await t.createUser(), cafeOrderBody(menu.latte, image));
        expect(await marker).toMatchObject({ id: local.json<{ id: number }>().id });
        expect(seenByFirst.map((e) => e.id)).not.toContain(id);

        const board = await t.request('GET', `/api/order?status=ordered`, berlinBarista);
        expect(board.json<{ id: number }[]>().map((o) => o.id)).toEqual([id]);
      } finally {
        berlinBoard.disconnect();
        firstBoard.disconnect();
      }
    });

    it("refuses a barista's move on an order of another site", async () => {
      const person = await t.createUser({ site: second.id });
      const placed = await placeOrder(t, person, cafeOrderBody(menu.latte, image));
      const id = placed.json<{ id: number }>().id;
      const res = await t.request('PATCH', `/api/order/barista/${id}`, barista, { status: 'in-progress' });
      expect(res.statusCode).toBe(403);
      const own = await t.request('PATCH', `/api/order/barista/${id}`, berlinBarista, { status: 'in-progress' });
      expect(own.statusCode).toBe(200);
    });
  });

  describe('people order at their home site', () => {
    it('switches the home site and follows it', async () => {
      const person = await t.createUser();
      expect((await t.request('GET', '/api/user/me', person)).json()).toMatchObject({ homeSiteId: null });
      const res = await t.request('PUT', '/api/user/home-site', person, { siteId: second.id });
      expect(res.statusCode).toBe(200);
      expect((await t.request('GET', '/api/user/me', person)).json()).toMatchObject({ homeSiteId: second.id });
      const placed = await placeOrder(t, person, cafeOrderBody(menu.latte, image));
      expect(placed.statusCode).toBe(201);
      const row = await t.app.ctx.db
        .selectFrom('orders')
        .select(['site_id', 'cafe_day'])
        .where('id', '=', placed.json<{ id: number }>().id)
        .executeTakeFirstOrThrow();
      // 03:00 UTC is 04:00 in Berlin, on the same day.
      expect(row).toEqual({ site_id: second.id, cafe_day: '2026-03-03' });
    });

    it('keeps one daily limit across every site', async () => {
      const person = await t.createUser();
      expect((await placeOrder(t, person, cafeOrderBody(menu.latte, image))).statusCode).toBe(201);
      expect((await placeOrder(t, person, cafeOrderBody(menu.latte, image, { siteId: second.id }))).statusCode).toBe(
        201,
      );
      const third = await placeOrder(t, person, cafeOrderBody(menu.latte, image, { siteId: second.id }));
      expect(third.statusCode).toBe(409);
      expect(third.json<ErrorBody>().code).toBe('ORDER_LIMIT_REACHED');
    });

    it('refuses an order at an unknown site with 404', async () => {
      const res = await placeOrder(t, await t.createUser(), cafeOrderBody(menu.latte, image, { siteId: 9999 }));
      expect(res.statusCode).toBe(404);
      expect(res.json<ErrorBody>().message).toBe('Site 9999 was not found.');
    });

    it('suggests the site whose radius holds a position', async () => {
      const near = await t.request('GET', '/api/sites/nearest?latitude=52.521&longitude=13.404');
      expect(near.json()).toMatchObject({ id: second.id });
      const far = await t.request('GET', '/api/sites/nearest?latitude=0&longitude=0');
      expect(far.json()).toBeNull();
    });
  });

  describe('archiving', () => {
    it('is refused while orders are open there, then takes no more orders', async () => {
      const refused = await t.request('POST', `/api/sites/${second.id}/archive`, admin);
      expect(refused.statusCode).toBe(409);
      expect(refused.json<ErrorBody>()).toMatchObject({ code: 'SITE_HAS_OPEN_ORDERS' });
      expect(refused.json<ErrorBody>().message).toMatch(/^Berlin office still has \d+ orders? for later, waiting/);

      await t.app.ctx.db.updateTable('orders').set({ status: 'picked' }).where('site_id', '=', second.id).execute();
      // An order for later is open too.
      const [first] = await t.app.ctx.db.selectFrom('orders').select('id').where('site_id', '=', second.id).execute();
      await t.app.ctx.db.updateTable('orders').set({ status: 'scheduled' }).where('id', '=', first!.id).execute();
      const stillOpen = await t.request('POST', `/api/sites/${second.id}/archive`, admin);
      expect(stillOpen.statusCode).toBe(409);
      expect(stillOpen.json<ErrorBody>().message).toBe(
        'Berlin office still has 1 order for later, waiting, in progress or ready to pick up. Finish or reject it first.',
      );
      await t.app.ctx.db.updateTable('orders').set({ status: 'picked' }).where('id', '=', first!.id).execute();
      const archived = await t.request('POST', `/api/sites/${second.id}/archive`, admin);
      expect(archived.statusCode).toBe(200);
      expect(archived.json()).toMatchObject({ archived: true });

      const order = await placeOrder(t, await t.createUser(), cafeOrderBody(menu.latte, image, { siteId: second.id }));
      expect(order.statusCode).toBe(409);
      expect(order.json<ErrorBody>()).toMatchObject({
        code: 'SITE_ARCHIVED',
        message: 'Berlin office is archived and takes no orders. Choose another site.',
      });
      expect((await t.request('GET', '/api/sites')).json<Site[]>().map((s) => s.id)).toEqual([FIRST_SITE_ID]);
      const all = await t.request('GET', '/api/sites?archived=include', admin);
      expect(all.json<Site[]>().map((s) => s.id)).toEqual([FIRST_SITE_ID, second.id]);
    });

    it('refuses the last open site', async () => {
      const res = await t.request('POST', `/api/sites/${FIRST_SITE_ID}/archive`, admin);
      expect(res.statusCode).toBe(409);
    });
  });
});
