import { expect, test, type Browser, type Page } from './test';
import {
  AT_THE_CAFE,
  DEMO,
  WIDE_DESKTOP,
  apiLogin,
  archiveOtherSites,
  bearer,
  cafeMenuOf,
  loginViaUi,
  placeCafeOrderViaApi,
  registerUser,
  serveOrderViaApi,
  setShopStatus,
  signInWithTokens,
  uploadTinyPng,
  expectBoardLive,
} from './support';

/**
 * A second site made in the app (issue 18, "Done when"): the demo admin adds it and staffs it with
 * a barista; a person of that site orders, and only that site's board gets the order; the cafe
 * dashboard counts each site and all of them. At the end the admin archives the site again, so
 * the specs after this one meet the company of one site they expect.
 */

/** Display names are at most 20 characters; a stamp keeps the people of this run apart. */
const stamp = () => Date.now().toString(36).slice(-6);

async function openBoard(browser: Browser, baseURL: string | undefined, email: string, password: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1024, height: 1366 } });
  const page = await context.newPage();
  await loginViaUi(page, email, password);
  await expect(page).toHaveURL(/\/ordering$/);
  // Only once the live connection is up can the board promise to show new orders by itself.
  await expectBoardLive(page);
  return page;
}

/** The number of the cafe dashboard's "Total orders" card (its second line; the third is the day). */
async function totalOrders(page: Page): Promise<number> {
  const value = page.getByRole('tabpanel').getByRole('group', { name: 'Total orders' }).getByRole('paragraph').nth(1);
  await expect(value).toHaveText(/^\d+$/);
  return Number(await value.textContent());
}

// Whatever happened above, the specs after this one meet a company of one site.
test.afterAll(async ({ request }) => {
  await archiveOtherSites(request);
});

test('an admin adds a site and its barista in the app; only that site gets its orders; the dashboards count each site', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  await setShopStatus(request, 'cafe-open');
  const admin = await apiLogin(request, DEMO.admin.email, DEMO.admin.password);
  const siteName = `Riverside ${stamp()}`;
  const [firstSite] = (await (await request.get('/api/sites')).json()) as { id: number; name: string }[];
  expect(firstSite).toBeTruthy();

  // Someone made a barista by an admin starts at their home site (the first one here).
  const baristaName = `Rita ${stamp()}`;
  const barista = await registerUser(request, baristaName);
  const baristaTokens = await apiLogin(request, barista.email, barista.password);
  const baristaId = (
    (await (await request.get('/api/user/me', { headers: bearer(baristaTokens.accessToken) })).json()) as {
      id: number;
    }
  ).id;
  const promoted = await request.patch(`/api/user/${baristaId}`, {
    headers: bearer(admin.accessToken),
    data: { role: 'barista' },
  });
  expect(promoted.status(), await promoted.text()).toBe(200);

  // The admin, standing at the new counter, adds it.
  const adminContext = await browser.newContext({ baseURL, ...AT_THE_CAFE, viewport: WIDE_DESKTOP });
  const adminPage = await adminContext.newPage();
  await signInWithTokens(adminPage, admin, '/sites-admin');
  await expect(adminPage.getByRole('heading', { name: 'Sites', level: 1 })).toBeVisible();
  await expect(adminPage.getByRole('heading', { name: firstSite!.name })).toBeVisible();
  await adminPage.getByRole('button', { name: 'New site' }).click();
  const form = adminPage.getByRole('dialog', { name: 'New site' });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription("Enter the site's name.");
  await form.getByRole('textbox', { name: 'Name' }).fill(siteName);
  await form.getByRole('button', { name: 'Use my position' }).click();
  await expect(form.getByRole('textbox', { name: 'Latitude' })).toHaveValue('13.746600');
  await expect(form.getByRole('textbox', { name: 'Longitude' })).toHaveValue('100.539300');
  await form.getByRole('combobox', { name: 'Time zone' }).selectOption('Asia/Bangkok');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(adminPage.getByText(`${siteName} was added. It starts closed.`)).toBeVisible();
  await expect(form).toBeHidden();
  const card = adminPage.getByRole('listitem').filter({ has: adminPage.getByRole('heading', { name: siteName }) });
  await expect(card.getByText('Closed')).toBeVisible();
  const site = ((await (await request.get('/api/sites')).json()) as { id: number; name: string }[]).find(
    (s) => s.name === siteName,
  )!;
  expect(site).toBeTruthy();

  // The barista moves there: added to the new site, taken off the first.
  await adminPage.getByRole('button', { name: `Baristas of ${siteName}` }).click();
  let staff = adminPage.getByRole('dialog', { name: `Baristas of ${siteName}` });
  await expect(staff.getByText('No barista works here yet.')).toBeVisible();
  await staff.getByRole('searchbox', { name: 'Find a person by name or e-mail' }).fill(baristaName);
  await staff.getByRole('button', { name: 'Find' }).click();
  await staff.getByRole('button', { name: `Add ${baristaName}` }).click();
  await expect(staff.getByRole('list', { name: 'Working here' }).getByText(baristaName)).toBeVisible();
  await staff.getByRole('button', { name: 'Close' }).click();
  await adminPage.getByRole('button', { name: `Baristas of ${firstSite!.name}` }).click();
  staff = adminPage.getByRole('dialog', { name: `Baristas of ${firstSite!.name}` });
  await staff.getByRole('button', { name: `Remove ${baristaName}` }).click();
  await expect(staff.getByRole('list', { name: 'Working here' }).getByText(baristaName)).toBeHidden();
  await expect(staff.getByRole('list', { name: 'Working here' }).getByText('Bea Barista')).toBeVisible();
  await staff.getByRole('button', { name: 'Close' }).click();

  const opened = await request.patch('/api/cafe-status/cafe-open', {
    headers: bearer(admin.accessToken),
    params: { siteId: site.id },
  });
  expect(opened.status(), await opened.text()).toBe(200);

  const newBoard = await openBoard(browser, baseURL, barista.email, barista.password);
  const firstBoard = await openBoard(browser, baseURL, DEMO.barista.email, DEMO.barista.password);

  // A person of the new site orders; only its board gets the order.
  const menu = await cafeMenuOf(request, 'Coffee');
  const there = await registerUser(request, `Nok ${stamp()}`);
  const thereTokens = await apiLogin(request, there.email, there.password);
  const home = await request.put('/api/user/home-site', {
    headers: bearer(thereTokens.accessToken),
    data: { siteId: site.id },
  });
  expect(home.status(), await home.text()).toBe(200);
  const thereOrder = await placeCafeOrderViaApi(
    request,
    thereTokens.accessToken,
    menu,
    await uploadTinyPng(request, thereTokens.accessToken),
  );
  const thereCard = `${menu.name} for ${there.name}`;
  await expect(
    newBoard.getByRole('region', { name: 'Waiting Order' }).getByRole('article', { name: thereCard }),
  ).toBeVisible();

  // A person of the first site orders after it: once the first board has that order, it would
  // have had the other one too.
  const here = await registerUser(request, `Lek ${stamp()}`);
  const hereTokens = await apiLogin(request, here.email, here.password);
  const hereOrder = await placeCafeOrderViaApi(
    request,
    hereTokens.accessToken,
    menu,
    await uploadTinyPng(request, hereTokens.accessToken),
  );
  const hereCard = `${menu.name} for ${here.name}`;
  await expect(firstBoard.getByRole('article', { name: hereCard })).toBeVisible();
  await expect(firstBoard.getByRole('article', { name: thereCard })).toHaveCount(0);
  // Read afresh, each board still has only its own site's order.
  await firstBoard.reload();
  await expect(firstBoard.getByRole('article', { name: hereCard })).toBeVisible();
  await expect(firstBoard.getByRole('article', { name: thereCard })).toHaveCount(0);
  await newBoard.reload();
  await expect(newBoard.getByRole('article', { name: thereCard })).toBeVisible();
  await expect(newBoard.getByRole('article', { name: hereCard })).toHaveCount(0);

  // Served at each counter, the dashboards count each site and both together.
  await serveOrderViaApi(request, (await apiLogin(request, barista.email, barista.password)).accessToken, thereOrder);
  const demoBarista = await apiLogin(request, DEMO.barista.email, DEMO.barista.password);
  await serveOrderViaApi(request, demoBarista.accessToken, hereOrder);
  await adminPage.goto('/dashboard-admin');
  const select = adminPage.getByRole('combobox', { name: 'Site', exact: true });
  const open = ((await (await request.get('/api/sites')).json()) as { name: string }[]).map((s) => s.name);
  expect(open).toEqual(expect.arrayContaining([firstSite!.name, siteName]));
  await expect(select.getByRole('option')).toHaveText(['All sites', ...open]);
  await expect(select).toHaveValue('all');
  const all = await totalOrders(adminPage);
  // Both served orders of this test are in it.
  expect(all).toBeGreaterThanOrEqual(2);
  await select.selectOption({ label: siteName });
  await expect.poll(() => totalOrders(adminPage)).toBe(1);
  await select.selectOption({ label: firstSite!.name });
  await expect.poll(() => totalOrders(adminPage)).toBeLessThan(all);
  expect(await totalOrders(adminPage)).toBeGreaterThanOrEqual(1);
  await select.selectOption({ label: 'All sites' });
  await expect.poll(() => totalOrders(adminPage)).toBe(all);

  // The order picked up, nothing is open there any more: the admin archives the site.
  const picked = await request.patch(`/api/order/${thereOrder}`, {
    headers: bearer(thereTokens.accessToken),
    data: { status: 'picked' },
  });
  expect(picked.status(), await picked.text()).toBe(200);
  await adminPage.goto('/sites-admin');
  await adminPage.getByRole('button', { name: `Archive ${siteName}` }).click();
  const question = adminPage.getByRole('alertdialog', { name: `Archive ${siteName}?` });
  await question.getByRole('button', { name: 'Archive' }).click();
  await expect(adminPage.getByText(`${siteName} was archived.`)).toBeVisible();
  await expect(adminPage.getByRole('heading', { name: siteName })).toBeHidden();

  await Promise.all([adminContext.close(), newBoard.context().close(), firstBoard.context().close()]);
});
