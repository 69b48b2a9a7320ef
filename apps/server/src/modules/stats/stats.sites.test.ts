import {
  cafeClock,
  cafeDayOf,
  type ErrorBody,
  type OrdersByHourRow,
  type OrdersByWeekdayRow,
  type OrderStatus,
  type PopularMenuRow,
  type PreparationTime,
  type Site,
  type TimesByHourRow,
} from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMenu, type SeededMenu } from '../../test-support/order-fixtures';
import { FIRST_SITE_ID, createTestApp, type TestApp, type TestUser } from '../../test-support/test-app';

/**
 * Statistics of one site and of every site together (docs/decisions/0027-sites.md). The first site
 * is in Bangkok (UTC+7), the second in London (UTC+0 in early March): 23:30 UTC on Sunday 1 March
 * is still Sunday in London but Monday 06:30 in Bangkok, and each order counts on its own site's day.
 */
describe('statistics per site', () => {
  let t: TestApp;
  let menu: SeededMenu;
  let admin: TestUser;
  let bangkokBarista: TestUser;
  let londonBarista: TestUser;
  let bothBarista: TestUser;
  let london: Site;
  const zones = new Map<number, string>();

  /** An order placed at `site` at `placedAt`, its day and hour in the site's zone, as placing it records them. */
  async function order(
    site: number,
    item: number,
    status: OrderStatus,
    placedAt: string,
    times: { waitS?: number; prepS?: number; withoutHour?: boolean } = {},
  ) {
    const placed = new Date(placedAt);
    const zone = zones.get(site) ?? 'UTC';
    const customer = await t.createUser();
    await t.app.ctx.db
      .insertInto('orders')
      .values({
        user_id: customer.id,
        menu_id: item,
        category_for: item === menu.mojito ? 'bar' : 'cafe',
        site_id: site,
        cafe_day: cafeDayOf(placed, zone),
        cafe_hour: times.withoutHour ? null : cafeClock(placed, zone).hour,
        status,
        type: 'cold',
        sweetness: 50,
        remark: '-',
        tumbler_image: '/api/images/t.jpg',
        reject_note: '',
        order_date: placed.toISOString(),
        updated_at: placed.toISOString(),
        wait_ms: times.waitS === undefined ? null : times.waitS * 1000,
        prep_ms: times.prepS === undefined ? null : times.prepS * 1000,
      })
      .execute();
  }

  beforeAll(async () => {
    t = await createTestApp({ clockNow: '2026-03-04T05:00:00Z' });
    menu = await seedMenu(t);
    admin = await t.createUser({ role: 'admin' });
    const created = await t.request('POST', '/api/sites', admin, {
      name: 'London office',
      latitude: 51.5072,
      longitude: -0.1276,
      radiusKm: 0.5,
      timeZone: 'Europe/London',
    });
    expect(created.statusCode, created.body).toBe(201);
    london = created.json<Site>();
    zones.set(FIRST_SITE_ID, t.config.cafeTimezone).set(london.id, london.timeZone);
    expect(t.config.cafeTimezone).toBe('Asia/Bangkok');

    bangkokBarista = await t.createUser({ role: 'barista' });
    londonBarista = await t.createUser({ role: 'barista', site: london.id });
    bothBarista = await t.createUser({ role: 'barista' });
    const assigned = await t.request('PUT', `/api/sites/${london.id}/baristas`, admin, {
      userIds: [londonBarista.id, bothBarista.id],
    });
    expect(assigned.statusCode, assigned.body).toBe(200);

    // Bangkok, Monday 2 March 09:15 and 10:30.
    await order(FIRST_SITE_ID, menu.latte, 'done', '2026-03-02T02:15:00Z', { waitS: 30, prepS: 60 });
    await order(FIRST_SITE_ID, menu.thaiTea, 'picked', '2026-03-02T03:30:00Z', { waitS: 90, prepS: 120 });
    // London, Sunday 1 March 23:30 (Monday 06:30 in Bangkok).
    await order(london.id, menu.latte, 'done', '2026-03-01T23:30:00Z', { waitS: 10, prepS: 20 });
    // London, Monday 2 March 09:00, and 10:00 written without a cafe hour (by an older tool).
    await order(london.id, menu.latte, 'picked', '2026-03-02T09:00:00Z', { waitS: 300, prepS: 600 });
    await order(london.id, menu.latte, 'done', '2026-03-02T10:00:00Z', { withoutHour: true });
    // Not served: never counted anywhere.
    await order(london.id, menu.latte, 'rejected', '2026-03-02T11:00:00Z');
  });
  afterAll(() => t.close());

  const MONDAY = 'startDate=2026-03-02&endDate=2026-03-03';
  const SUNDAY = 'startDate=2026-03-01&endDate=2026-03-02';
  const WEEK = 'startDate=2026-02-23&endDate=2026-03-09';
  const site = (id: number) => `&siteId=${id}`;

  async function get<T>(path: string, who: TestUser): Promise<T> {
    const res = await t.request('GET', `/api${path}`, who);
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    return res.json<T>();
  }
  const total = async (query: string, who: TestUser) =>
    (await get<{ totalOrder: number }>(`/order/count/total?categoryFor=cafe&${query}`, who)).totalOrder;
  const busyHours = async (query: string, who: TestUser) =>
    Object.fromEntries(
      (await get<OrdersByHourRow[]>(`/stats/orders-by-hour?${query}`, who))
        .filter((r) => r.totalOrder > 0)
        .map((r) => [r.hour, r.totalOrder]),
    );

  it("answers one site's statistics on that site's days and hours", async () => {
    expect(await total(MONDAY + site(FIRST_SITE_ID), admin)).toBe(2);
    expect(await total(MONDAY + site(london.id), admin)).toBe(2);
    expect(await total(SUNDAY + site(london.id), admin)).toBe(1);
    expect(await total(SUNDAY + site(FIRST_SITE_ID), admin)).toBe(0);

    expect(await busyHours(MONDAY + site(FIRST_SITE_ID), admin)).toEqual({ 9: 1, 10: 1 });
    // The order without an hour is placed at 10:00 London time, not 17:00 Bangkok time.
    expect(await busyHours(MONDAY + site(london.id), admin)).toEqual({ 9: 1, 10: 1 });

    const ranking = await get<PopularMenuRow[]>(`/order/find/popular-menu?${MONDAY}${site(FIRST_SITE_ID)}`, admin);
    expect(ranking.map((r) => [r.Menu_name, r.totalOrder])).toEqual([
      ['Latte', 1],
      ['Thai Tea', 1],
    ]);
    const londonRanking = await get<PopularMenuRow[]>(`/order/find/popular-menu?${MONDAY}${site(london.id)}`, admin);
    expect(londonRanking.map((r) => [r.Menu_name, r.totalOrder])).toEqual([['Latte', 2]]);

    const weekdays = await get<OrdersByWeekdayRow[]>(`/stats/orders-by-weekday?${WEEK}${site(london.id)}`, admin);
    expect(weekdays.filter((r) => r.totalOrder > 0)).toEqual([
      { weekday: 0, totalOrder: 1 },
      { weekday: 1, totalOrder: 2 },
    ]);
    expect(await get<PreparationTime>(`/stats/preparation-time?${MONDAY}${site(FIRST_SITE_ID)}`, admin)).toEqual({
      averageSeconds: 90,
      samples: 2,
    });
    const times = await get<TimesByHourRow[]>(`/stats/times-by-hour?${MONDAY}${site(london.id)}`, admin);
    expect(times.filter((r) => r.samples > 0)).toEqual([
      { hour: 9, averageWaitSeconds: 300, averagePrepSeconds: 600, samples: 1 },
    ]);
  });

  it('answers an admin without siteId for every site together, each order on its own site’s day', async () => {
    expect(await total(MONDAY, admin)).toBe(4);
    expect(await total(SUNDAY, admin)).toBe(1);
    expect(await busyHours(MONDAY, admin)).toEqual({ 9: 2, 10: 2 });
    const weekdays = await get<OrdersByWeekdayRow[]>(`/stats/orders-by-weekday?${WEEK}`, admin);
    expect(weekdays.filter((r) => r.totalOrder > 0)).toEqual([
      { weekday: 0, totalOrder: 1 },
      { weekday: 1, totalOrder: 4 },
    ]);
    const ranking = await get<PopularMenuRow[]>(`/order/find/popular-menu?${MONDAY}`, admin);
    expect(ranking.map((r) => [r.Menu_name, r.totalOrder])).toEqual([
      ['Latte', 3],
      ['Thai Tea', 1],
    ]);
    expect(await get<PreparationTime>(`/stats/preparation-time?${MONDAY}`, admin)).toEqual({
      averageSeconds: 260,
      samples: 3,
    });
  });

  it('answers a barista without siteId for their own site only, and with siteId for one of theirs', async () => {
    expect(await total(MONDAY, bangkokBarista)).toBe(2);
    expect(await total(SUNDAY, bangkokBarista)).toBe(0);
    expect(await busyHours(MONDAY, bangkokBarista)).toEqual({ 9: 1, 10: 1 });
    expect(await total(SUNDAY, londonBarista)).toBe(1);
    expect(await busyHours(MONDAY, londonBarista)).toEqual({ 9: 1, 10: 1 });
    expect(await total(MONDAY + site(FIRST_SITE_ID), bangkokBarista)).toBe(2);
    // A barista of both sites: their home site (the first) without siteId, either one with it.
    expect(await total(SUNDAY, bothBarista)).toBe(0);
    expect(await total(SUNDAY + site(london.id), bothBarista)).toBe(1);
  });

  it("refuses a barista another site's statistics, on every endpoint", async () => {
    for (const path of [
      '/order/count/total?categoryFor=cafe&',
      '/order/find/popular-menu?',
      '/stats/orders-by-hour?',
      '/stats/orders-by-weekday?',
      '/stats/preparation-time?',
      '/stats/times-by-hour?',
    ]) {
      const res = await t.request('GET', `/api${path}${MONDAY}${site(london.id)}`, bangkokBarista);
      expect(res.statusCode, path).toBe(403);
      expect(res.json<ErrorBody>().code).toBe('FORBIDDEN');
      const back = await t.request('GET', `/api${path}${MONDAY}${site(FIRST_SITE_ID)}`, londonBarista);
      expect(back.statusCode, path).toBe(403);
    }
  });

  it('answers 404 for a site that does not exist, and 400 for a siteId that is no id', async () => {
    const missing = await t.request('GET', `/api/stats/orders-by-hour?${MONDAY}&siteId=9999`, admin);
    expect(missing.statusCode).toBe(404);
    const bad = await t.request('GET', `/api/stats/orders-by-hour?${MONDAY}&siteId=abc`, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().message).toContain('siteId');
  });
});
