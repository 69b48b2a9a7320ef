import { cafeClock, cafeDayOf, type BaristaHistoryPage, type ErrorBody, type Site } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMenu, type SeededMenu } from '../../test-support/order-fixtures';
import { FIRST_SITE_ID, createTestApp, type TestApp, type TestUser } from '../../test-support/test-app';

/** The barista history of one site: its orders and its day totals, never another site's. */
describe('GET /order/history/barista at a site', () => {
  let t: TestApp;
  let menu: SeededMenu;
  let admin: TestUser;
  let bangkokBarista: TestUser;
  let bothBarista: TestUser;
  let london: Site;
  const ids = { bangkok: [] as number[], london: [] as number[] };

  async function served(site: number, orderDate: string): Promise<number> {
    const placed = new Date(orderDate);
    const customer = await t.createUser();
    const row = await t.app.ctx.db
      .insertInto('orders')
      .values({
        user_id: customer.id,
        menu_id: menu.latte,
        category_for: 'cafe',
        site_id: site,
        cafe_day: cafeDayOf(placed, t.config.cafeTimezone),
        cafe_hour: cafeClock(placed, t.config.cafeTimezone).hour,
        status: 'done',
        type: 'hot',
        sweetness: 50,
        remark: '-',
        tumbler_image: '/api/images/t.webp',
        reject_note: '',
        order_date: orderDate,
        updated_at: orderDate,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const read = async (who: TestUser, query = ''): Promise<BaristaHistoryPage> => {
    const res = await t.request('GET', `/api/order/history/barista${query}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<BaristaHistoryPage>();
  };

  beforeAll(async () => {
    t = await createTestApp({ clockNow: '2026-03-06T05:00:00Z' });
    menu = await seedMenu(t);
    admin = await t.createUser({ role: 'admin' });
    const created = await t.request('POST', '/api/sites', admin, {
      name: 'London office',
      latitude: 51.5072,
      longitude: -0.1276,
      radiusKm: 0.5,
      timeZone: 'Asia/Bangkok',
    });
    expect(created.statusCode, created.body).toBe(201);
    london = created.json<Site>();
    bangkokBarista = await t.createUser({ role: 'barista' });
    bothBarista = await t.createUser({ role: 'barista' });
    const assigned = await t.request('PUT', `/api/sites/${london.id}/baristas`, admin, { userIds: [bothBarista.id] });
    expect(assigned.statusCode, assigned.body).toBe(200);
    // The same cafe day at both sites: each day total counts its own site's orders only.
    ids.bangkok.push(await served(FIRST_SITE_ID, '2026-03-05T02:10:00.000Z'));
    ids.london.push(await served(london.id, '2026-03-05T03:10:00.000Z'));
    ids.london.push(await served(london.id, '2026-03-05T04:10:00.000Z'));
    ids.bangkok.push(await served(FIRST_SITE_ID, '2026-03-05T05:10:00.000Z'));
  });
  afterAll(() => t.close());

  it("answers the barista's own site without siteId", async () => {
    const page = await read(bangkokBarista);
    expect(page.orders.map((o) => o.id)).toEqual([...ids.bangkok].reverse());
    expect(page.dayTotals).toEqual([{ day: '2026-03-05', totalOrder: 2 }]);
  });

  it('answers the site named by siteId, to its baristas and to admins', async () => {
    for (const who of [bothBarista, admin]) {
      const page = await read(who, `?siteId=${london.id}`);
      expect(page.orders.map((o) => o.id)).toEqual([...ids.london].reverse());
      expect(page.dayTotals).toEqual([{ day: '2026-03-05', totalOrder: 2 }]);
    }
    const first = await read(bothBarista, `?siteId=${FIRST_SITE_ID}`);
    expect(first.orders.map((o) => o.id)).toEqual([...ids.bangkok].reverse());
  });

  it('refuses a site that is not the barista’s with 403, and an unknown site with 404', async () => {
    const other = await t.request('GET', `/api/order/history/barista?siteId=${london.id}`, bangkokBarista);
    expect(other.statusCode).toBe(403);
    expect(other.json<ErrorBody>().code).toBe('FORBIDDEN');
    const unknown = await t.request('GET', '/api/order/history/barista?siteId=999', admin);
    expect(unknown.statusCode).toBe(404);
  });
});
