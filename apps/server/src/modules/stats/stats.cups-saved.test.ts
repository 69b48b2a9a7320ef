import {
  cafeClock,
  cafeDayOf,
  type CupsSavedStats,
  type ErrorBody,
  type MyCupsSaved,
  type OrderStatus,
  type Site,
} from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMenu, type SeededMenu } from '../../test-support/order-fixtures';
import { FIRST_SITE_ID, createTestApp, type TestApp, type TestUser } from '../../test-support/test-app';

/**
 * Cups saved (docs/cups-saved.md): drinks picked up in their owner's own tumbler. The first site is
 * in Bangkok (UTC+7) and runs the cafe and the bar; the second, in London (UTC+0 until 29 March),
 * runs the cafe only. 17:30 UTC on 28 February is already 1 March in Bangkok; 23:30 UTC on
 * 28 February is still February in London: each drink counts in its own site's month.
 */
describe('cups saved', () => {
  let t: TestApp;
  let menu: SeededMenu;
  let admin: TestUser;
  let barista: TestUser;
  let ann: TestUser;
  let ben: TestUser;
  let cat: TestUser;
  let london: Site;
  const zones = new Map<number, string>();

  async function order(
    site: number,
    who: TestUser,
    status: OrderStatus,
    placedAt: string,
    opts: { ownCup?: boolean; bar?: boolean; guest?: string } = {},
  ) {
    const placed = new Date(placedAt);
    const zone = zones.get(site) ?? 'UTC';
    await t.app.ctx.db
      .insertInto('orders')
      .values({
        user_id: who.id,
        menu_id: opts.bar ? menu.mojito : menu.latte,
        category_for: opts.bar ? 'bar' : 'cafe',
        site_id: site,
        cafe_day: cafeDayOf(placed, zone),
        cafe_hour: cafeClock(placed, zone).hour,
        status,
        type: 'hot',
        sweetness: 50,
        remark: '-',
        tumbler_image: opts.ownCup === false || opts.guest ? '' : '/api/images/t.jpg',
        reject_note: '',
        order_date: placed.toISOString(),
        updated_at: placed.toISOString(),
        walk_up: opts.guest ? 1 : 0,
        guest_name: opts.guest ?? null,
        own_cup: opts.ownCup === false ? 0 : 1,
      })
      .execute();
  }

  const setTeam = (who: TestUser, team: string | null) =>
    t.app.ctx.db.updateTable('users').set({ team }).where('id', '=', who.id).execute();

  beforeAll(async () => {
    t = await createTestApp({
      clockNow: '2026-03-04T05:00:00Z',
      env: { CUPS_WASTE_GRAMS: '12.5', CUPS_CO2_GRAMS: '41' },
    });
    menu = await seedMenu(t);
    admin = await t.createUser({ role: 'admin' });
    const created = await t.request('POST', '/api/sites', admin, {
      name: 'London office',
      latitude: 51.5072,
      longitude: -0.1276,
      radiusKm: 0.5,
      timeZone: 'Europe/London',
      venues: { cafe: true, bar: false },
    });
    expect(created.statusCode, created.body).toBe(201);
    london = created.json<Site>();
    zones.set(FIRST_SITE_ID, t.config.cafeTimezone).set(london.id, london.timeZone);
    expect(t.config.cafeTimezone).toBe('Asia/Bangkok');

    barista = await t.createUser({ role: 'barista', site: FIRST_SITE_ID });
    ann = await t.createUser({ site: FIRST_SITE_ID });
    ben = await t.createUser({ site: FIRST_SITE_ID });
    cat = await t.createUser({ site: london.id });
    await setTeam(ann, 'Sales');
    await setTeam(ben, 'Design');
    await setTeam(barista, 'Design');

    // Bangkok: 27 February, 1 March (17:30 UTC the day before), 2 and 3 March.
    await order(FIRST_SITE_ID, ann, 'picked', '2026-02-27T03:00:00Z');
    await order(FIRST_SITE_ID, ann, 'picked', '2026-02-28T17:30:00Z');
    await order(FIRST_SITE_ID, ben, 'picked', '2026-03-02T03:00:00Z');
    // A guest's walk-up in their own cup: stored as the barista's.
    await order(FIRST_SITE_ID, barista, 'picked', '2026-03-03T03:00:00Z', { guest: 'Visitor' });
    // London: 28 February (Bangkok's 1 March) and 2 March.
    await order(london.id, cat, 'picked', '2026-02-28T23:30:00Z');
    await order(london.id, cat, 'picked', '2026-03-02T09:00:00Z');

    // In their own cup, but not picked up: nothing saved.
    for (const status of [
      'ordered',
      'in-progress',
      'done',
      'cancel',
      'rejected',
      'uncollected',
      'scheduled',
    ] as const) {
      await order(FIRST_SITE_ID, ann, status, '2026-03-02T04:00:00Z');
    }
    // Picked up, in a disposable cup: nothing saved.
    await order(FIRST_SITE_ID, ann, 'picked', '2026-03-02T05:00:00Z', { ownCup: false });
    await order(FIRST_SITE_ID, ben, 'picked', '2026-03-02T11:00:00Z', { ownCup: false, bar: true });
  });
  afterAll(() => t.close());

  const SPRING = 'startDate=2026-02-01&endDate=2026-04-01';

  async function stats(query: string, who: TestUser = admin): Promise<CupsSavedStats> {
    const res = await t.request('GET', `/api/stats/cups-saved?${query}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CupsSavedStats>();
  }
  async function mine(who: TestUser): Promise<MyCupsSaved> {
    const res = await t.request('GET', '/api/order/cups-saved/user', who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<MyCupsSaved>();
  }

  it('counts only picked-up drinks served in their own cup, with the configured waste and CO2e', async () => {
    const all = await stats(SPRING);
    expect(all.cups).toBe(6);
    expect(all.factors).toEqual({ wasteGramsPerCup: 12.5, co2GramsPerCup: 41 });
    expect(all.wasteGrams).toBe(75);
    expect(all.co2Grams).toBe(246);
  });

  it('answers per site, each site named as it is now', async () => {
    expect((await stats(SPRING)).bySite).toEqual([
      { siteId: FIRST_SITE_ID, siteName: expect.any(String) as string, cups: 4 },
      { siteId: london.id, siteName: 'London office', cups: 2 },
    ]);
    const renamed = await t.request('PATCH', `/api/sites/${london.id}`, admin, { name: 'London HQ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const one = await stats(`${SPRING}&siteId=${london.id}`);
    expect(one).toMatchObject({ cups: 2, bySite: [{ siteId: london.id, siteName: 'London HQ', cups: 2 }] });
    expect(one.wasteGrams).toBe(25);
  });

  it("answers per month of each site's calendar, across the month's end", async () => {
    expect((await stats(SPRING)).byMonth).toEqual([
      { month: '2026-02', cups: 2 },
      { month: '2026-03', cups: 4 },
    ]);
    // 1 March: Bangkok's drink of 17:30 UTC on 28 February, not London's of 23:30 UTC.
    const firstOfMarch = await stats('startDate=2026-03-01&endDate=2026-03-02');
    expect(firstOfMarch).toMatchObject({ cups: 1, bySite: [{ siteId: FIRST_SITE_ID, cups: 1 }] });
    expect(firstOfMarch.byMonth).toEqual([{ month: '2026-03', cups: 1 }]);
  });

  it("answers per team of the drink's owner, a guest's walk-up under the barista's, no team last", async () => {
    expect((await stats(SPRING)).byTeam).toEqual([
      { team: 'Design', cups: 2 },
      { team: 'Sales', cups: 2 },
      { team: null, cups: 2 },
    ]);
    expect((await stats(`${SPRING}&siteId=${FIRST_SITE_ID}`)).byTeam).toEqual([
      { team: 'Design', cups: 2 },
      { team: 'Sales', cups: 2 },
    ]);
  });

  it('answers zeros and empty lists for a period, venue or site without any', async () => {
    const none = { cups: 0, wasteGrams: 0, co2Grams: 0, bySite: [], byMonth: [], byTeam: [] };
    expect(await stats('startDate=2026-01-01&endDate=2026-02-01')).toMatchObject(none);
    expect(await stats('startDate=2026-03-02&endDate=2026-03-02')).toMatchObject(none);
    expect(await stats(`${SPRING}&categoryFor=bar`)).toMatchObject(none);
  });

  it("gives a barista their own site's only, and refuses another's, a customer and no one", async () => {
    const own = await stats(SPRING, barista);
    expect(own).toMatchObject({ cups: 4, bySite: [{ siteId: FIRST_SITE_ID, cups: 4 }] });
    const other = await t.request('GET', `/api/stats/cups-saved?${SPRING}&siteId=${london.id}`, barista);
    expect(other.statusCode).toBe(403);
    expect((await t.request('GET', `/api/stats/cups-saved?${SPRING}`, ann)).statusCode).toBe(403);
    expect((await t.request('GET', `/api/stats/cups-saved?${SPRING}`)).statusCode).toBe(401);
  });

  it.each([
    ['startDate after endDate', 'startDate=2026-03-02&endDate=2026-03-01', 400],
    ['a date that is not one', 'startDate=2026-02-30x&endDate=2026-03-01', 400],
    ['no period', 'siteId=1', 400],
    ['a siteId that is not a number', `${SPRING}&siteId=abc`, 400],
    ['a venue that is not one', `${SPRING}&categoryFor=kitchen`, 400],
    ['an unknown site', `${SPRING}&siteId=999`, 404],
  ])('refuses %s', async (_what, query, status) => {
    const res = await t.request('GET', `/api/stats/cups-saved?${query}`, admin);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json<ErrorBody>().message).toEqual(expect.any(String));
  });

  it("gives each person their own: this month of their home site's clock, and all time", async () => {
    const factors = { wasteGramsPerCup: 12.5, co2GramsPerCup: 41 };
    // 4 March: Ann's 1 March counts this month in Bangkok, her 27 February only all time.
    expect(await mine(ann)).toEqual({ thisMonth: 1, allTime: 2, factors });
    expect(await mine(ben)).toEqual({ thisMonth: 1, allTime: 1, factors });
    expect(await mine(cat)).toEqual({ thisMonth: 1, allTime: 2, factors });
    // The guest's drink is nobody's own: not the barista's.
    expect(await mine(barista)).toEqual({ thisMonth: 0, allTime: 0, factors });
    expect((await mine(admin)).allTime).toBe(0);
    expect((await t.request('GET', '/api/order/cups-saved/user')).statusCode).toBe(401);
  });

  it("starts the month by the home site's clock: April in Bangkok is still March in London", async () => {
    const before = t.clock.now();
    t.clock.set('2026-03-31T20:00:00Z');
    // Signed in again at the new time: the tokens of 4 March have expired by then.
    const signedIn = async (who: TestUser): Promise<TestUser> => {
      const token = await t.app.ctx.tokens.sign(who.id, who.role);
      return { ...who, token, auth: { authorization: `Bearer ${token}` } };
    };
    try {
      expect(await mine(await signedIn(ann))).toMatchObject({ thisMonth: 0, allTime: 2 });
      expect(await mine(await signedIn(cat))).toMatchObject({ thisMonth: 1, allTime: 2 });
    } finally {
      t.clock.set(before);
    }
  });
});
