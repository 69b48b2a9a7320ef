import { isFridayCafeCutoff } from '@cafe/shared';
import { cafeNow } from './cafe-clock';
import { expect, test, type APIRequestContext } from './test';
import {
  DEMO,
  WIDE_DESKTOP,
  apiLogin,
  archiveOtherSites,
  bearer,
  cafeMenuOf,
  loginViaUi,
  placeCafeOrderViaApi,
  registerUser,
  setShopStatus,
  signInWithTokens,
  uploadTinyPng,
} from './support';

/**
 * The screens read the site they are about (docs/decisions/0041-one-site-state-on-the-web.md): an
 * admin opens and closes any site's venues on the Sites screen; a barista switched to a second
 * site, in another zone and without a bar, sees that site's clock, venues and hours on the board
 * and the opening hours; the sold-out control of a company of one site says what it does and where.
 * At the end the second site is archived again, so the specs after this one meet one site.
 */

/** Display names are at most 20 characters; a stamp keeps the people and sites of this run apart. */
const stamp = () => Date.now().toString(36).slice(-6);

const TABLET = { width: 1024, height: 1366 };

/**
 * Another zone than the first site's (Bangkok) where the cafe takes orders now and for the next
 * half hour: the cafe menu closes at 12:00 on Fridays, so on a Friday afternoon in Berlin the annex
 * is in New York or Tokyo instead (one of the three is always before its Friday noon or past it).
 */
function annexZone(): string {
  const now = cafeNow();
  const soon = new Date(now.getTime() + 30 * 60_000);
  const zones = ['Europe/Berlin', 'America/New_York', 'Asia/Tokyo'];
  return zones.find((zone) => !isFridayCafeCutoff(now, zone) && !isFridayCafeCutoff(soon, zone)) ?? zones[0]!;
}

/** A site in another zone (Berlin unless told) that runs a cafe and no bar (closed, as every new site starts). */
async function annexSite(request: APIRequestContext, adminToken: string, timeZone = 'Europe/Berlin') {
  const name = `Annex ${stamp()}`;
  const created = await request.post('/api/sites', {
    headers: bearer(adminToken),
    data: {
      name,
      latitude: 13.7466,
      longitude: 100.5393,
      radiusKm: 0.5,
      timeZone,
      venues: { cafe: true, bar: false },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { id: number; name: string };
}

test.afterAll(async ({ request }) => {
  await archiveOtherSites(request);
});

test("an admin opens and closes a site's cafe on the Sites screen, where a site without a bar offers none", async ({
  browser,
  baseURL,
  request,
}) => {
  const admin = await apiLogin(request, DEMO.admin.email, DEMO.admin.password);
  const annex = await annexSite(request, admin.accessToken);
  try {
    const context = await browser.newContext({ baseURL, viewport: WIDE_DESKTOP });
    const page = await context.newPage();
    await signInWithTokens(page, admin, '/sites-admin');
    await expect(page.getByRole('heading', { name: 'Sites', level: 1 })).toBeVisible();
    const card = page.getByRole('list', { name: 'Sites' }).getByRole('listitem').filter({ hasText: annex.name });
    await expect(card).toContainText('Closed');
    const shop = card.getByRole('group', { name: `Shop status of ${annex.name}` });
    await expect(shop.getByRole('button')).toHaveCount(1);
    await expect(shop.getByRole('button', { name: `Open the bar at ${annex.name}` })).toHaveCount(0);

    await shop.getByRole('button', { name: `Open the cafe at ${annex.name}` }).click();
    const dialog = page.getByRole('alertdialog', { name: `Open the cafe at ${annex.name}` });
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toContainText('Cafe open');
    // The server has it so: any screen of the site reads it open.
    const opened = (await (await request.get(`/api/sites/${annex.id}`)).json()) as { status: unknown };
    expect(opened.status).toEqual({ isCafeOpen: true, isBarOpen: false });

    await shop.getByRole('button', { name: `Close ${annex.name}` }).click();
    await page
      .getByRole('alertdialog', { name: `Close ${annex.name}` })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await expect(card).toContainText('Closed');
    await context.close();
  } finally {
    await archiveOtherSites(request);
  }
});

test("a barista switched to a site in another zone without a bar sees that site's clock, venues and hours", async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  await setShopStatus(request, 'cafe-open');
  const admin = await apiLogin(request, DEMO.admin.email, DEMO.admin.password);
  const demoBarista = await apiLogin(request, DEMO.barista.email, DEMO.barista.password);
  const baristaId = (
    (await (await request.get('/api/user/me', { headers: bearer(demoBarista.accessToken) })).json()) as { id: number }
  ).id;
  const [firstSite] = (await (await request.get('/api/sites')).json()) as { id: number; timeZone: string }[];
  expect(firstSite).toBeTruthy();
  const zone = annexZone();
  const annex = await annexSite(request, admin.accessToken, zone);
  try {
    const opened = await request.patch('/api/cafe-status/cafe-open', {
      headers: bearer(admin.accessToken),
      params: { siteId: annex.id },
    });
    expect(opened.status(), await opened.text()).toBe(200);
    const firstStaff = (await (
      await request.get(`/api/sites/${firstSite!.id}/baristas`, { headers: bearer(admin.accessToken) })
    ).json()) as { id: number }[];
    for (const [siteId, userIds] of [
      [firstSite!.id, [...new Set([...firstStaff.map((b) => b.id), baristaId])]],
      [annex.id, [baristaId]],
    ] as const) {
      const staffed = await request.put(`/api/sites/${siteId}/baristas`, {
        headers: bearer(admin.accessToken),
        data: { userIds },
      });
      expect(staffed.status(), await staffed.text()).toBe(200);
    }

    // Someone at the annex orders a drink.
    const person = await registerUser(request, `Ute ${stamp()}`);
    const tokens = await apiLogin(request, person.email, person.password);
    const home = await request.put('/api/user/home-site', {
      headers: bearer(tokens.accessToken),
      data: { siteId: annex.id },
    });
    expect(home.status(), await home.text()).toBe(200);
    const menu = await cafeMenuOf(request, 'Coffee');
    const orderId = await placeCafeOrderViaApi(
      request,
      tokens.accessToken,
      menu,
      await uploadTinyPng(request, tokens.accessToken),
    );
    const { orderDate } = (await (
      await request.get(`/api/order/${orderId}`, { headers: bearer(tokens.accessToken) })
    ).json()) as { orderDate: string };
    const clock = (timeZone: string) =>
      new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(
        new Date(orderDate),
      );

    const context = await browser.newContext({ baseURL, viewport: TABLET });
    const tablet = await context.newPage();
    await loginViaUi(tablet, DEMO.barista.email, DEMO.barista.password);
    await expect(tablet).toHaveURL(/\/ordering$/);
    await tablet.getByRole('combobox', { name: 'Site', exact: true }).selectOption({ label: annex.name });

    // The ticket shows the annex's clock, not the first site's.
    const ticket = tablet.getByRole('article', { name: `${menu.name} for ${person.name}` });
    await expect(ticket).toBeVisible();
    await expect(ticket).toContainText(clock(zone));
    if (clock(firstSite!.timeZone) !== clock(zone)) {
      await expect(ticket).not.toContainText(clock(firstSite!.timeZone));
    }
    // The annex runs no bar: the shop status offers Cafe and Close only (once nothing waits).
    const rejected = await request.patch(`/api/order/barista/${orderId}`, {
      headers: bearer(demoBarista.accessToken),
      data: { status: 'rejected', reject_note: 'Machine Failure' },
    });
    expect(rejected.status(), await rejected.text()).toBe(200);
    await expect(ticket).toHaveCount(0);
    const selector = tablet.getByRole('radiogroup', { name: 'Shop Status' });
    await expect(selector.getByRole('radio', { name: 'Cafe' })).toBeChecked();
    await expect(selector.getByRole('radio', { name: 'Close' })).toBeVisible();
    await expect(selector.getByRole('radio', { name: 'Bar' })).toHaveCount(0);

    // Its opening hours: the annex's zone, and no bar.
    await tablet.goto('/opening-hours');
    await expect(tablet.getByRole('group', { name: 'Cafe hours' })).toBeVisible();
    await expect(tablet.getByText(new RegExp(`^Cafe time \\(${zone.replace('/', '\\/')}\\)`))).toBeVisible();
    await expect(tablet.getByRole('group', { name: 'Bar hours' })).toHaveCount(0);
    await context.close();
  } finally {
    // Orders are rejected by a barista of the site (an admin has no board); then the annex can go.
    const open = await request.get('/api/order', {
      headers: bearer(demoBarista.accessToken),
      params: { status: 'ordered,in-progress', siteId: annex.id },
    });
    for (const order of open.ok() ? ((await open.json()) as { id: number }[]) : []) {
      await request.patch(`/api/order/barista/${order.id}`, {
        headers: bearer(demoBarista.accessToken),
        data: { status: 'rejected', reject_note: 'The site is closing' },
      });
    }
    await archiveOtherSites(request);
  }
});

test('with one site, a barista still has the sold-out control, named for what it does and where', async ({
  browser,
  baseURL,
  request,
}) => {
  const [site] = (await (await request.get('/api/sites')).json()) as { id: number; name: string }[];
  expect(site).toBeTruthy();
  const categories = (await (await request.get('/api/category', { params: { categoryFor: 'cafe' } })).json()) as {
    id: number;
    name: string;
    menu: { id: number; name: string; isActive: string }[];
  }[];
  const category = categories.find((c) => c.name === 'Coffee')!;
  const item = category.menu.find((m) => m.isActive === 'active')!;
  const { accessToken } = await apiLogin(request, DEMO.barista.email, DEMO.barista.password);
  const context = await browser.newContext({ baseURL, viewport: TABLET });
  const page = await context.newPage();
  try {
    await loginViaUi(page, DEMO.barista.email, DEMO.barista.password);
    await expect(page).toHaveURL(/\/ordering$/);
    await page.goto(`/menuManagement/${encodeURIComponent(category.name)}/${category.id}`);
    await expect(page.getByRole('combobox', { name: 'Site', exact: true })).toHaveCount(0);
    const soldOut = page
      .getByRole('group', { name: `${item.name} at ${site!.name}` })
      .getByRole('switch', { name: `Sold out at ${site!.name}` });
    await expect(soldOut).not.toBeChecked();
    await soldOut.click();
    await expect(soldOut).toBeChecked();
    const atSite = (await (await request.get(`/api/sites/${site!.id}/menu-items`)).json()) as {
      menuId: number;
      soldOut: boolean;
    }[];
    expect(atSite.find((m) => m.menuId === item.id)?.soldOut).toBe(true);
  } finally {
    // Back on sale for the specs after this one.
    const back = await request.patch(`/api/sites/${site!.id}/menu-items/${item.id}`, {
      headers: bearer(accessToken),
      data: { soldOut: false },
    });
    expect(back.status(), await back.text()).toBe(200);
    await context.close();
  }
});
