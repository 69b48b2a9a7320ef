import type { CafeStatus, ErrorBody, Site } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cafeOrderBody, createOrderingApp, placeOrder, type SeededMenu } from '../test-support/order-fixtures';
import { FIRST_SITE_ID, type TestApp, type TestUser } from '../test-support/test-app';

/** Monday 16 November 2026, 08:00 in Bangkok: before the default hours open the cafe at 09:00. */
const MONDAY_EARLY = '2026-11-16T08:00:00+07:00';
const MONDAY_OPENING = '2026-11-16T09:00:00+07:00';
const TUESDAY_OPENING = '2026-11-17T09:00:00+07:00';

/**
 * Where sites meet the rest: a site's life (new, staffed, archived) as the people who order there
 * and the opening hours see it.
 */
describe('sites where they meet ordering and the opening hours', () => {
  let t: TestApp;
  let menu: SeededMenu;
  let image: string;
  let admin: TestUser;

  const addSite = async (name: string, venues = { cafe: true, bar: false }): Promise<Site> => {
    const res = await t.request('POST', '/api/sites', admin, {
      name,
      latitude: 13.75,
      longitude: 100.54,
      radiusKm: 1,
      timeZone: 'Asia/Bangkok',
      venues,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Site>();
  };
  const statusOf = async (siteId: number) =>
    (await t.request('GET', `/api/cafe-status?siteId=${siteId}`)).json<CafeStatus>();

  beforeAll(async () => {
    ({ t, menu, image } = await createOrderingApp({
      clockNow: MONDAY_EARLY,
      // Tokens that outlive the days the test walks through.
      env: { ACCESS_TOKEN_TTL: String(30 * 24 * 3600) },
    }));
    admin = await t.createUser({ role: 'admin' });
  });
  afterAll(() => t.close());

  it('never opens a site with no barista by its hours; an admin opens it by hand', async () => {
    await t.createUser({ role: 'barista' }); // the first site has its barista
    await t.request('PATCH', '/api/cafe-status/close-both', admin);
    const empty = await addSite('Annex');
    t.clock.set(MONDAY_OPENING);
    await t.app.ctx.services.schedule.runDue(t.clock.now());
    expect(await statusOf(FIRST_SITE_ID)).toEqual({ isCafeOpen: true, isBarOpen: false });
    expect(await statusOf(empty.id)).toEqual({ isCafeOpen: false, isBarOpen: false });

    // Once a barista works there, the next opening opens it.
    const barista = await t.createUser({ role: 'barista', site: empty.id });
    expect(barista.role).toBe('barista');
    t.clock.set(TUESDAY_OPENING);
    await t.app.ctx.services.schedule.runDue(t.clock.now());
    expect(await statusOf(empty.id)).toEqual({ isCafeOpen: true, isBarOpen: false });

    const nobody = await addSite('Annex 2');
    const opened = await t.request('PATCH', `/api/cafe-status/cafe-open?siteId=${nobody.id}`, admin);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(await statusOf(nobody.id)).toEqual({ isCafeOpen: true, isBarOpen: false });
  });

  it('refuses to open a venue a site does not run, in words a person reads', async () => {
    const cafeOnly = await addSite('Cafe only');
    const res = await t.request('PATCH', `/api/cafe-status/bar-open?siteId=${cafeOnly.id}`, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().message).toBe('Cafe only does not run a bar, so its bar cannot be opened.');
    expect(await statusOf(cafeOnly.id)).toEqual({ isCafeOpen: false, isBarOpen: false });
  });

  it('asks a person whose home site was archived to choose another, instead of ordering elsewhere', async () => {
    const closing = await addSite('Closing soon');
    const person = await t.createUser({ site: closing.id });
    expect((await t.request('POST', `/api/sites/${closing.id}/archive`, admin)).statusCode).toBe(200);

    const res = await placeOrder(t, person, cafeOrderBody(menu.latte, image));
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>()).toMatchObject({
      code: 'SITE_ARCHIVED',
      message: 'Closing soon is archived and takes no orders. Choose another site.',
    });
    // The profile still names the archived site, so a screen can ask for another.
    expect((await t.request('GET', '/api/user/me', person)).json()).toMatchObject({ homeSiteId: closing.id });
    const orders = await t.app.ctx.db.selectFrom('orders').select('id').where('user_id', '=', person.id).execute();
    expect(orders).toEqual([]);

    // Choosing another site lets them order there.
    expect((await t.request('PUT', '/api/user/home-site', person, { siteId: FIRST_SITE_ID })).statusCode).toBe(200);
    const again = await placeOrder(t, person, cafeOrderBody(menu.latte, image));
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ site: { id: FIRST_SITE_ID } });
  });
});
