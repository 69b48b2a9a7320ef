import {
  cafeClock,
  cafeDayOf,
  type ErrorBody,
  type OrdersByHourRow,
  type OrderStatus,
  type PopularMenuRow,
  type PreparationTime,
  type Site,
  type TimesByHourRow,
  type UncollectedPersonRow,
  type UncollectedStats,
} from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMenu, type SeededMenu } from '../../test-support/order-fixtures';
import { FIRST_SITE_ID, createTestApp, type TestApp, type TestUser } from '../../test-support/test-app';

/**
 * Drinks nobody collected (status `uncollected`), counted apart from the served ones
 * (docs/decisions/0050-uncollected-statistics.md). Three sites: Bangkok (UTC+7, the first),
 * London (UTC+0 in early March) and an old office (UTC) archived after its orders. 23:30 UTC on
 * Sunday 1 March is Sunday in London and Monday in Bangkok; each order counts on its own site's day.
 */
describe('statistics of uncollected drinks', () => {
  let t: TestApp;
  let menu: SeededMenu;
  let admin: TestUser;
  let bangkokBarista: TestUser;
  let londonBarista: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let london: Site;
  let old: Site;
  let bangkokName: string;
  const zones = new Map<number, string>();

  /** An order of `who` placed at `site` at `placedAt`, its day and hour in the site's zone, as placing it records them. */
  async function order(
    who: TestUser,
    site: number,
    item: number,
    status: OrderStatus,
    placedAt: string,
    extra: { waitS?: number; prepS?: number; guest?: string } = {},
  ) {
    const placed = new Date(placedAt);
    const zone = zones.get(site) ?? 'UTC';
    await t.app.ctx.db
      .insertInto('orders')
      .values({
        user_id: who.id,
        menu_id: item,
        category_for: item === menu.mojito ? 'bar' : 'cafe',
        site_id: site,
        cafe_day: cafeDayOf(placed, zone),
        cafe_hour: cafeClock(placed, zone).hour,
        status,
        type: 'cold',
        sweetness: 50,
        remark: '-',
        tumbler_image: extra.guest ? '-' : '/api/images/t.jpg',
        reject_note: '',
        order_date: placed.toISOString(),
        updated_at: placed.toISOString(),
        wait_ms: extra.waitS === undefined ? null : extra.waitS * 1000,
        prep_ms: extra.prepS === undefined ? null : extra.prepS * 1000,
        walk_up: extra.guest ? 1 : 0,
        guest_name: extra.guest ?? null,
      })
      .execute();
  }

  beforeAll(async () => {
    t = await createTestApp({ clockNow: '2026-03-04T05:00:00Z' });
    menu = await seedMenu(t);
    admin = await t.createUser({ role: 'admin' });
    const site = async (name: string, timeZone: string) => {
      const created = await t.request('POST', '/api/sites', admin, {
        name,
        latitude: 51.5072,
        longitude: -0.1276,
        radiusKm: 0.5,
        timeZone,
      });
      expect(created.statusCode, created.body).toBe(201);
      const made = created.json<Site>();
      zones.set(made.id, made.timeZone);
      return made;
    };
    london = await site('London office', 'Europe/London');
    old = await site('Old office', 'UTC');
    zones.set(FIRST_SITE_ID, t.config.cafeTimezone);
    bangkokName = (await t.request('GET', `/api/sites/${FIRST_SITE_ID}`)).json<Site>().name;
    expect(t.config.cafeTimezone).toBe('Asia/Bangkok');

    bangkokBarista = await t.createUser({ role: 'barista' });
    londonBarista = await t.createUser({ role: 'barista', site: london.id });
    alice = await t.createUser({ name: 'Alice' });
    bob = await t.createUser({ name: 'Bob' });
    carol = await t.createUser({ name: 'Carol' });

    const left = { waitS: 600, prepS: 600 };
    // Bangkok, Monday 2 March: three served at 10:xx, four cafe drinks and one bar drink left at other hours.
    await order(alice, FIRST_SITE_ID, menu.latte, 'done', '2026-03-02T03:00:00Z', { waitS: 30, prepS: 60 });
    await order(bob, FIRST_SITE_ID, menu.thaiTea, 'picked', '2026-03-02T03:10:00Z', { waitS: 90, prepS: 120 });
    await order(bob, FIRST_SITE_ID, menu.thaiTea, 'picked', '2026-03-02T03:20:00Z', { waitS: 90, prepS: 120 });
    await order(alice, FIRST_SITE_ID, menu.latte, 'uncollected', '2026-03-02T02:15:00Z', left);
    await order(alice, FIRST_SITE_ID, menu.latte, 'uncollected', '2026-03-02T04:00:00Z', left);
    await order(bob, FIRST_SITE_ID, menu.latte, 'uncollected', '2026-03-02T02:30:00Z', left);
    // A guest's walk-up drink: the barista's row with the guest's name, counted for the site, nobody's.
    await order(bangkokBarista, FIRST_SITE_ID, menu.latte, 'uncollected', '2026-03-02T08:40:00Z', { guest: 'Walk-in' });
    await order(bob, FIRST_SITE_ID, menu.mojito, 'uncollected', '2026-03-02T11:30:00Z');
    await order(carol, FIRST_SITE_ID, menu.latte, 'rejected', '2026-03-02T05:00:00Z');
    // Bangkok, Tuesday 3 March.
    await order(carol, FIRST_SITE_ID, menu.latte, 'uncollected', '2026-03-03T02:00:00Z');
    // London, Sunday 1 March 23:30 (Monday in Bangkok), then Monday 2 March.
    await order(bob, london.id, menu.latte, 'uncollected', '2026-03-01T23:30:00Z');
    await order(carol, london.id, menu.latte, 'uncollected', '2026-03-02T09:00:00Z');
    await order(carol, london.id, menu.latte, 'done', '2026-03-02T10:00:00Z');
    // The old office, Monday 2 March, archived since.
    await order(alice, old.id, menu.latte, 'uncollected', '2026-03-02T12:00:00Z');
    const archived = await t.request('POST', `/api/sites/${old.id}/archive`, admin);
    expect(archived.statusCode, archived.body).toBe(200);
  });
  afterAll(() => t.close());

  const MONDAY = 'startDate=2026-03-02&endDate=2026-03-03';
  const SUNDAY = 'startDate=2026-03-01&endDate=2026-03-02';
  const WEEK = 'startDate=2026-02-23&endDate=2026-03-09';
  const siteQ = (id: number) => `&siteId=${id}`;

  async function get<T>(path: string, who: TestUser): Promise<T> {
    const res = await t.request('GET', `/api${path}`, who);
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    return res.json<T>();
  }
  const counts = (query: string, who: TestUser) => get<UncollectedStats>(`/stats/uncollected?${query}`, who);
  const people = async (query: string, who: TestUser = admin) =>
    (await get<UncollectedPersonRow[]>(`/stats/uncollected/people?${query}`, who)).map((p) => [
      p.name,
      p.uncollected,
      p.served,
    ]);

  it('counts every site together for an admin, per site, an archived site for the period it had orders', async () => {
    const all = await counts(MONDAY, admin);
    expect(all).toEqual({
      total: 7,
      served: 4,
      bySite: [
        { siteId: FIRST_SITE_ID, name: bangkokName, archived: false, uncollected: 5, served: 3 },
        { siteId: london.id, name: 'London office', archived: false, uncollected: 1, served: 1 },
        { siteId: old.id, name: 'Old office', archived: true, uncollected: 1, served: 0 },
      ],
    });
    // Sunday: London's order of 23:30 UTC; the archived site had none, so it is not listed.
    const sunday = await counts(SUNDAY, admin);
    expect(sunday.total).toBe(1);
    expect(sunday.bySite.map((s) => [s.siteId, s.uncollected])).toEqual([
      [FIRST_SITE_ID, 0],
      [london.id, 1],
    ]);
    expect((await counts(WEEK, admin)).total).toBe(9);
  });

  it('counts one site, one venue, on that site’s days', async () => {
    expect(await counts(MONDAY + siteQ(FIRST_SITE_ID), admin)).toEqual({
      total: 5,
      served: 3,
      bySite: [{ siteId: FIRST_SITE_ID, name: bangkokName, archived: false, uncollected: 5, served: 3 }],
    });
    expect((await counts(`${MONDAY}${siteQ(FIRST_SITE_ID)}&categoryFor=cafe`, admin)).total).toBe(4);
    expect((await counts(`${MONDAY}${siteQ(FIRST_SITE_ID)}&categoryFor=bar`, admin)).total).toBe(1);
    expect((await counts(SUNDAY + siteQ(FIRST_SITE_ID), admin)).total).toBe(0);
    expect((await counts(SUNDAY + siteQ(london.id), admin)).total).toBe(1);
    expect((await counts(MONDAY + siteQ(london.id), admin)).total).toBe(1);
  });

  it("answers a barista their own site's count, and refuses another site's", async () => {
    const own = await counts(MONDAY, bangkokBarista);
    expect(own.bySite.map((s) => s.siteId)).toEqual([FIRST_SITE_ID]);
    expect(own.total).toBe(5);
    expect((await counts(SUNDAY, londonBarista)).total).toBe(1);
    const other = await t.request('GET', `/api/stats/uncollected?${MONDAY}${siteQ(london.id)}`, bangkokBarista);
    expect(other.statusCode).toBe(403);
    expect(other.json<ErrorBody>().code).toBe('FORBIDDEN');
  });

  it('never counts an uncollected drink as served: total, ranking, hours, weekdays, times', async () => {
    const q = `${MONDAY}${siteQ(FIRST_SITE_ID)}`;
    expect(await get<{ totalOrder: number }>(`/order/count/total?categoryFor=cafe&${q}`, admin)).toEqual({
      totalOrder: 3,
    });
    const ranking = await get<PopularMenuRow[]>(`/order/find/popular-menu?${q}`, admin);
    expect(ranking.map((r) => [r.Menu_name, r.totalOrder])).toEqual([
      ['Thai Tea', 2],
      ['Latte', 1],
    ]);
    const hours = await get<OrdersByHourRow[]>(`/stats/orders-by-hour?${q}`, admin);
    expect(hours.filter((r) => r.totalOrder > 0)).toEqual([{ hour: 10, totalOrder: 3 }]);
    const weekdays = await get<{ weekday: number; totalOrder: number }[]>(`/stats/orders-by-weekday?${q}`, admin);
    expect(weekdays.filter((r) => r.totalOrder > 0)).toEqual([{ weekday: 1, totalOrder: 3 }]);
    expect(await get<PreparationTime>(`/stats/preparation-time?${q}`, admin)).toEqual({
      averageSeconds: 100,
      samples: 3,
    });
    const times = await get<TimesByHourRow[]>(`/stats/times-by-hour?${q}`, admin);
    expect(times.filter((r) => r.samples > 0).map((r) => [r.hour, r.samples])).toEqual([[10, 3]]);
  });

  it('lists who left the most drinks, most first, ties by name, with their served orders', async () => {
    // Every site together, the archived one included; the guest's drink is nobody's.
    expect(await people(MONDAY)).toEqual([
      ['Alice', 3, 1],
      ['Bob', 2, 2],
      ['Carol', 1, 1],
    ]);
    expect(await people(`${MONDAY}&categoryFor=cafe`)).toEqual([
      ['Alice', 3, 1],
      ['Bob', 1, 2],
      ['Carol', 1, 1],
    ]);
    expect(await people(MONDAY + siteQ(london.id))).toEqual([['Carol', 1, 1]]);
    expect(await people(SUNDAY + siteQ(FIRST_SITE_ID))).toEqual([]);
    expect(await people(WEEK)).toEqual([
      ['Alice', 3, 1],
      ['Bob', 3, 2],
      ['Carol', 2, 1],
    ]);
    expect(await people(`${WEEK}&limit=2`)).toEqual([
      ['Alice', 3, 1],
      ['Bob', 3, 2],
    ]);
    const rows = await get<UncollectedPersonRow[]>(`/stats/uncollected/people?${MONDAY}&limit=50`, admin);
    expect(rows[0]).toEqual({ userId: alice.id, name: 'Alice', uncollected: 3, served: 1 });
    expect(rows.map((r) => r.userId)).toEqual([alice.id, bob.id, carol.id]);
  });

  it('keeps the people list to admins: baristas and users 403, no token 401', async () => {
    for (const who of [bangkokBarista, londonBarista, alice]) {
      for (const query of [MONDAY, MONDAY + siteQ(FIRST_SITE_ID)]) {
        const res = await t.request('GET', `/api/stats/uncollected/people?${query}`, who);
        expect(res.statusCode, who.name).toBe(403);
        expect(res.json<ErrorBody>().code).toBe('FORBIDDEN');
      }
    }
    const user = await t.request('GET', `/api/stats/uncollected?${MONDAY}`, alice);
    expect(user.statusCode).toBe(403);
    for (const path of ['/api/stats/uncollected', '/api/stats/uncollected/people']) {
      const anonymous = await t.request('GET', `${path}?${MONDAY}`);
      expect(anonymous.statusCode, path).toBe(401);
    }
  });

  it('answers bad input with a clear 400, an unknown site 404, an archived one 409', async () => {
    const expectStatus = async (path: string, status: number, words?: string) => {
      const res = await t.request('GET', `/api${path}`, admin);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(status);
      if (words) expect(res.json<ErrorBody>().message).toContain(words);
    };
    for (const path of ['/stats/uncollected', '/stats/uncollected/people']) {
      await expectStatus(`${path}?startDate=2026-03-03&endDate=2026-03-02`, 400, 'startDate');
      await expectStatus(`${path}?startDate=2026-02-30&endDate=2026-03-02`, 400, 'startDate');
      await expectStatus(`${path}?endDate=2026-03-02`, 400, 'startDate');
      await expectStatus(`${path}?${MONDAY}&siteId=abc`, 400, 'siteId');
      await expectStatus(`${path}?${MONDAY}&categoryFor=tea`, 400, 'categoryFor');
      await expectStatus(`${path}?${MONDAY}&siteId=9999`, 404);
      await expectStatus(`${path}?${MONDAY}${siteQ(old.id)}`, 409);
    }
    for (const limit of ['0', '51', 'x', '2.5', '-1']) {
      await expectStatus(`/stats/uncollected/people?${MONDAY}&limit=${limit}`, 400, 'limit');
    }
  });

  it('documents both routes in OpenAPI under stats with their answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { tags?: string[]; parameters?: { name: string }[]; responses?: object }>>;
    }>();
    const counted = doc.paths['/api/stats/uncollected']?.get;
    expect(counted?.tags).toEqual(['stats']);
    expect(JSON.stringify(counted?.responses)).toContain('bySite');
    const listed = doc.paths['/api/stats/uncollected/people']?.get;
    expect(listed?.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['startDate', 'siteId', 'limit']));
    expect(JSON.stringify(listed?.responses)).toContain('uncollected');
  });
});
