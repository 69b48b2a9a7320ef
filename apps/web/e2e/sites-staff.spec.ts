import { expect, test, type APIRequestContext, type Browser } from './test';
import {
  DEMO,
  apiLogin,
  archiveOtherSites,
  bearer,
  cafeMenuOf,
  loginViaUi,
  placeCafeOrderViaApi,
  registerUser,
  setShopStatus,
  uploadTinyPng,
  expectBoardLive,
} from './support';

/**
 * A barista of two sites (issue 18, "Baristas"): the demo barista works at the first site and at
 * a second one made for this spec. The counter tablet switched to the second site shows that
 * site's orders, live; a board left at the first site never does. At the end the second site is
 * archived again, so the specs after this one meet the company of one site they expect.
 */

/** Display names are at most 20 characters; a stamp keeps the people of this run apart. */
const stamp = () => Date.now().toString(36).slice(-6);

const TABLET = { width: 1024, height: 1366 };

async function openBoard(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, viewport: TABLET });
  const page = await context.newPage();
  await loginViaUi(page, DEMO.barista.email, DEMO.barista.password);
  await expect(page).toHaveURL(/\/ordering$/);
  // Only once the live connection is up can the board promise to show new orders by itself.
  await expectBoardLive(page);
  return page;
}

/** A new person whose home site is `siteId`, with a token to order with. */
async function personOf(request: APIRequestContext, siteId: number, name: string) {
  const person = await registerUser(request, name);
  const tokens = await apiLogin(request, person.email, person.password);
  const home = await request.put('/api/user/home-site', { headers: bearer(tokens.accessToken), data: { siteId } });
  expect(home.status(), await home.text()).toBe(200);
  return { ...person, tokens };
}

// Whatever happened above, the specs after this one meet a company of one site.
test.afterAll(async ({ request }) => {
  await archiveOtherSites(request);
});

test('a barista of two sites switches the board to the second site; a board left on the first never shows its orders', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  await setShopStatus(request, 'cafe-open');
  const admin = await apiLogin(request, DEMO.admin.email, DEMO.admin.password);
  const demoBarista = await apiLogin(request, DEMO.barista.email, DEMO.barista.password);
  const baristaId = (
    (await (await request.get('/api/user/me', { headers: bearer(demoBarista.accessToken) })).json()) as { id: number }
  ).id;
  const [firstSite] = (await (await request.get('/api/sites')).json()) as { id: number; name: string }[];
  expect(firstSite).toBeTruthy();

  const siteName = `Tower ${stamp()}`;
  const created = await request.post('/api/sites', {
    headers: bearer(admin.accessToken),
    data: { name: siteName, latitude: 13.7466, longitude: 100.5393, radiusKm: 0.5, timeZone: 'Asia/Bangkok' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const second = (await created.json()) as { id: number; name: string };
  const placed: number[] = [];

  try {
    const opened = await request.patch('/api/cafe-status/cafe-open', {
      headers: bearer(admin.accessToken),
      params: { siteId: second.id },
    });
    expect(opened.status(), await opened.text()).toBe(200);
    // The demo barista works at both: the first site keeps the baristas it has.
    const firstStaff = (await (
      await request.get(`/api/sites/${firstSite!.id}/baristas`, { headers: bearer(admin.accessToken) })
    ).json()) as { id: number }[];
    const keep = await request.put(`/api/sites/${firstSite!.id}/baristas`, {
      headers: bearer(admin.accessToken),
      data: { userIds: [...new Set([...firstStaff.map((b) => b.id), baristaId])] },
    });
    expect(keep.status(), await keep.text()).toBe(200);
    const staffed = await request.put(`/api/sites/${second.id}/baristas`, {
      headers: bearer(admin.accessToken),
      data: { userIds: [baristaId] },
    });
    expect(staffed.status(), await staffed.text()).toBe(200);

    const tablet = await openBoard(browser, baseURL);
    const counter = await openBoard(browser, baseURL);
    for (const board of [tablet, counter]) {
      await expect(board.getByRole('combobox', { name: 'Site', exact: true })).toHaveValue(String(firstSite!.id));
    }

    const menu = await cafeMenuOf(request, 'Coffee');
    const order = async (person: { tokens: { accessToken: string } }) => {
      const id = await placeCafeOrderViaApi(
        request,
        person.tokens.accessToken,
        menu,
        await uploadTinyPng(request, person.tokens.accessToken),
      );
      placed.push(id);
    };

    // A person of the second site orders, then one of the first: once a board has the later
    // order, it would have had the earlier one too.
    const there = await personOf(request, second.id, `Nok ${stamp()}`);
    await order(there);
    const here = await personOf(request, firstSite!.id, `Lek ${stamp()}`);
    await order(here);
    const thereCard = `${menu.name} for ${there.name}`;
    const hereCard = `${menu.name} for ${here.name}`;
    for (const board of [tablet, counter]) {
      await expect(board.getByRole('article', { name: hereCard })).toBeVisible();
      await expect(board.getByRole('article', { name: thereCard })).toHaveCount(0);
    }

    // The tablet switches to the second site: its order, not the first site's.
    await tablet.getByRole('combobox', { name: 'Site', exact: true }).selectOption({ label: siteName });
    const waiting = tablet.getByRole('region', { name: 'Waiting Order' });
    await expect(waiting.getByRole('article', { name: thereCard })).toBeVisible();
    await expect(tablet.getByRole('article', { name: hereCard })).toHaveCount(0);
    await expect(tablet.getByRole('status').filter({ hasText: /^Live$/ })).toBeVisible();

    // Live at the second site: a new order there reaches the tablet by itself.
    const later = await personOf(request, second.id, `Pim ${stamp()}`);
    await order(later);
    await expect(waiting.getByRole('article', { name: `${menu.name} for ${later.name}` })).toBeVisible();
    // And the board left at the first site: its next order arrives, the second site's never did.
    const next = await personOf(request, firstSite!.id, `Ton ${stamp()}`);
    await order(next);
    await expect(counter.getByRole('article', { name: `${menu.name} for ${next.name}` })).toBeVisible();
    await expect(counter.getByRole('article', { name: thereCard })).toHaveCount(0);
    await expect(counter.getByRole('article', { name: `${menu.name} for ${later.name}` })).toHaveCount(0);
    await expect(counter.getByRole('combobox', { name: 'Site', exact: true })).toHaveValue(String(firstSite!.id));

    // The tablet remembers its site when the page is opened again.
    await tablet.reload();
    await expect(tablet.getByRole('combobox', { name: 'Site', exact: true })).toHaveValue(String(second.id));
    await expect(tablet.getByRole('article', { name: thereCard })).toBeVisible();

    await Promise.all([tablet.context().close(), counter.context().close()]);
  } finally {
    // Nothing left open at either site, the second site's staff let go and the site archived.
    for (const id of placed) {
      await request.patch(`/api/order/barista/${id}`, {
        headers: bearer(demoBarista.accessToken),
        data: { status: 'rejected', reject_note: 'The shop is closing' },
      });
    }
    await request.put(`/api/sites/${second.id}/baristas`, {
      headers: bearer(admin.accessToken),
      data: { userIds: [] },
    });
    const archived = await request.post(`/api/sites/${second.id}/archive`, { headers: bearer(admin.accessToken) });
    expect(archived.status(), await archived.text()).toBe(200);
  }
});
