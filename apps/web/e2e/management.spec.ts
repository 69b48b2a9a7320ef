import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Browser, type Page } from './test';
import {
  DEMO,
  apiLogin,
  bearer,
  cafeMenuOf,
  letterStamp,
  loginViaUi,
  placeCafeOrderViaApi,
  registerUser,
  serveOrderViaApi,
  setShopStatus,
  uploadTinyPng,
  WIDE_DESKTOP,
  expectBoardLive,
} from './support';

test.use({
  geolocation: { latitude: 13.7466, longitude: 100.5393 },
  permissions: ['geolocation'],
  viewport: WIDE_DESKTOP,
});

interface ApiCategory {
  id: number;
  name: string;
  categoryFor: 'cafe' | 'bar';
  menu: { id: number; name: string; isActive: 'active' | 'inactive' }[];
}

async function categories(request: APIRequestContext): Promise<ApiCategory[]> {
  const res = await request.get('/api/category');
  expect(res.status()).toBe(200);
  return (await res.json()) as ApiCategory[];
}

/** A browser tab of its own (separate storage), signed in through the login dialog. */
async function signedInPage(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginViaUi(page, email, password);
  return page;
}

/** The barista adds a menu item through the Add Menu screen, starting on its category page. */
async function addItemOnCategoryPage(page: Page, name: string) {
  await page.getByRole('link', { name: 'New Menu' }).first().click();
  await expect(page.getByRole('heading', { name: 'Add Menu' })).toBeVisible();
  const add = page.getByRole('button', { name: 'Add', exact: true });
  await expect(add).toBeDisabled();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByLabel('Description (optional)').fill('Made in the browser test');
  await expect(add).toBeEnabled();
  await add.click();
}

test('a barista adds a category and an item, and switching an item inactive greys it out on an open cafe menu', async ({
  browser,
  request,
}) => {
  // About 20 s on a machine running the whole suite, several times that on a busy one.
  test.setTimeout(240_000);
  await setShopStatus(request, 'cafe-open');
  const stamp = letterStamp();
  const categoryName = `Smoothie ${stamp}`;
  const newItem = `Mango ${stamp}`;
  const coffeeItem = `Cortado ${stamp}`;

  // The barista: Menu Management -> Add category -> its page -> New Menu.
  const barista = await signedInPage(browser, DEMO.barista.email, DEMO.barista.password);
  await expect(barista).toHaveURL(/\/ordering$/);
  await barista.goto('/menuManagement');
  await expect(barista.getByRole('heading', { name: 'Menu Management' })).toBeVisible();
  // The cafe is open, so categories cannot be edited now.
  await expect(barista.getByRole('link', { name: 'Edit category Coffee' })).toHaveCount(0);
  await barista.getByRole('link', { name: 'Add category' }).click();
  await barista.getByRole('textbox', { name: 'Name', exact: true }).fill(categoryName);
  await barista.getByRole('radio', { name: 'Cafe' }).check();
  await barista.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(barista).toHaveURL(/\/menuManagement$/);

  await barista.getByRole('link', { name: new RegExp(categoryName) }).click();
  await expect(barista.getByRole('heading', { name: categoryName })).toBeVisible();
  await expect(barista.getByText('This category is empty')).toBeVisible();
  await addItemOnCategoryPage(barista, newItem);
  await expect(barista.getByRole('heading', { name: categoryName })).toBeVisible();
  const newItemSwitch = barista.getByRole('switch', { name: `${newItem} active` });
  await expect(newItemSwitch).toBeChecked();

  // Only the first three cafe categories are tabs on a customer's cafe menu, and the new
  // category is the fourth; so the live check on the customer's side uses an item the barista
  // adds to Coffee, the first tab. The new category's item is checked through the API.
  await newItemSwitch.click();
  await expect(newItemSwitch).not.toBeChecked();
  await expect(barista.getByText('Inactive')).toBeVisible();
  await expect
    .poll(
      async () =>
        (await categories(request)).find((c) => c.name === categoryName)?.menu.find((m) => m.name === newItem)
          ?.isActive,
    )
    .toBe('inactive');

  // A customer (a fresh account) keeps the cafe menu open in another browser.
  const customerAccount = await registerUser(request);
  const customer = await signedInPage(browser, customerAccount.email, customerAccount.password);
  await expect(customer).toHaveURL(/\/statusOrder$/);
  await customer.getByRole('link', { name: 'Menu' }).first().click();
  await expect(customer).toHaveURL(/\/menuCafe$/i);
  await expect(customer.getByRole('tab', { name: 'Coffee' })).toHaveAttribute('aria-selected', 'true');

  await barista.getByRole('link', { name: 'Menu Management' }).first().click();
  await barista.getByRole('link', { name: /^Coffee/ }).click();
  await addItemOnCategoryPage(barista, coffeeItem);
  const coffeeSwitch = barista.getByRole('switch', { name: `${coffeeItem} active` });
  await expect(coffeeSwitch).toBeChecked();

  // The new item appears on the customer's menu, orderable, without a reload ...
  const customerTile = customer.getByRole('button', { name: new RegExp(coffeeItem) });
  await expect(customerTile).toBeEnabled();

  // ... and greys out as soon as the barista switches it inactive.
  await coffeeSwitch.click();
  await expect(coffeeSwitch).not.toBeChecked();
  await expect(customerTile).toBeDisabled();

  // Clean up the shared demo menu: multi-select delete; it leaves the customer's menu too.
  await barista.getByRole('button', { name: 'Select' }).click();
  await barista.getByRole('checkbox', { name: `Select ${coffeeItem}` }).check();
  await barista.getByRole('button', { name: 'Delete Selected' }).click();
  await barista.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(barista.getByText(coffeeItem)).toHaveCount(0);
  await expect(customer.getByText(coffeeItem)).toHaveCount(0);
  await expect(barista.getByRole('switch', { name: /^Latte/ }).first()).toBeVisible();

  await barista.context().close();
  await customer.context().close();
});

test('the admin makes a fresh user a barista, whose next sign-in lands on the order board', async ({
  browser,
  request,
}) => {
  await setShopStatus(request, 'cafe-open');
  const stamp = letterStamp();
  const account = await registerUser(request, `Promoted ${stamp}`);

  const admin = await signedInPage(browser, DEMO.admin.email, DEMO.admin.password);
  await expect(admin).toHaveURL(/\/menuCafe-admin$/);
  await admin.goto('/userManagement');
  await expect(admin.getByRole('heading', { name: 'User Management' })).toBeVisible();
  // The admin's own row is on top and has no pencil.
  await expect(admin.getByRole('button', { name: /^Edit role of Demo Admin/i })).toHaveCount(0);

  await admin.getByRole('searchbox', { name: 'Search users' }).fill(account.email);
  await admin.getByRole('button', { name: `Edit role of ${account.name}` }).click();
  await admin.getByRole('combobox', { name: `Role of ${account.name}` }).selectOption({ label: 'Barista' });
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText(`${account.name} is now Barista`)).toBeVisible();
  await expect(admin.getByRole('button', { name: `Edit role of ${account.name}` })).toBeVisible();

  const promoted = await signedInPage(browser, account.email, account.password);
  await expect(promoted).toHaveURL(/\/ordering$/);

  await admin.context().close();
  await promoted.context().close();
});

test('the cafe dashboard ranks served orders, totals them and pages the ranking', async ({ page, request }) => {
  await setShopStatus(request, 'cafe-open');
  const baristaToken = (await apiLogin(request, DEMO.barista.email, DEMO.barista.password)).accessToken;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const tomorrow = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  const period = `startDate=${today}&endDate=${tomorrow}&categoryFor=cafe`;

  const readStats = async () => {
    const [total, ranking] = await Promise.all([
      request.get(`/api/order/count/total?${period}`, { headers: bearer(baristaToken) }),
      request.get(`/api/order/find/popular-menu?${period}`, { headers: bearer(baristaToken) }),
    ]);
    expect(total.status()).toBe(200);
    expect(ranking.status()).toBe(200);
    return {
      total: ((await total.json()) as { totalOrder: number }).totalOrder,
      ranking: (await ranking.json()) as { Menu_name: string; categoryName: string; totalOrder: number }[],
    };
  };
  const before = await readStats();

  // Eleven new items in a new cafe category, so the ranking has more than one page of 10.
  const stamp = letterStamp();
  const categoryName = `Ranked ${stamp}`;
  const created = await request.post('/api/category', {
    headers: bearer(baristaToken),
    data: { name: categoryName, categoryFor: 'cafe' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const categoryId = ((await created.json()) as { id: number }).id;
  const items: { id: number; name: string }[] = [];
  for (const letter of 'abcdefghijk') {
    const res = await request.post('/api/menu', {
      headers: bearer(baristaToken),
      data: { name: `Rank ${letter} ${stamp}`, category_id: categoryId },
    });
    expect(res.status(), await res.text()).toBe(201);
    items.push((await res.json()) as { id: number; name: string });
  }

  // The first item must top the list whatever other tests served today.
  const topCount = Math.max(3, (before.ranking[0]?.totalOrder ?? 0) + 1);
  const wanted = [...Array<{ id: number; name: string }>(topCount).fill(items[0]!), ...items.slice(1)];

  // Fresh customers (two cafe orders a day each) place the orders; the barista serves them.
  let served = 0;
  for (let i = 0; i < wanted.length; i += 2) {
    const account = await registerUser(request);
    const { accessToken } = await apiLogin(request, account.email, account.password);
    const image = await uploadTinyPng(request, accessToken);
    for (const item of wanted.slice(i, i + 2)) {
      const orderId = await placeCafeOrderViaApi(request, accessToken, item, image);
      await serveOrderViaApi(request, baristaToken, orderId);
      served += 1;
    }
  }
  const after = await readStats();
  expect(after.total).toBe(before.total + served);
  expect(after.ranking[0]).toMatchObject({ Menu_name: items[0]!.name, categoryName, totalOrder: topCount });
  expect(after.ranking.length).toBeGreaterThan(10);

  await loginViaUi(page, DEMO.barista.email, DEMO.barista.password);
  await expect(page).toHaveURL(/\/ordering$/);
  await page.goto('/dashboard-cafe');
  await expect(page.getByRole('heading', { name: 'Dashboard for Cafe' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Today' })).toHaveAttribute('aria-selected', 'true');

  const panel = page.getByRole('tabpanel');
  // The card reads: label, the number, the period.
  await expect(panel.getByRole('group', { name: 'Total orders' }).locator('p').nth(1)).toHaveText(String(after.total));
  await expect(panel.getByRole('heading', { name: 'Order amount of each menu (Max to min)' })).toBeVisible();

  const table = panel.getByRole('table').first();
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(11); // header + 10
  const topCells = rows.nth(1).getByRole('cell');
  await expect(topCells.nth(0)).toHaveText('1');
  await expect(topCells.nth(1)).toHaveText(items[0]!.name);
  await expect(topCells.nth(2)).toHaveText(categoryName);
  await expect(topCells.nth(3)).toHaveText(String(topCount));

  const pages = panel.getByRole('navigation', { name: 'Ranking pages' });
  const pageCount = Math.ceil(after.ranking.length / 10);
  await expect(pages.getByRole('button', { name: /^Page \d+$/ })).toHaveCount(pageCount);
  await expect(pages.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(rows.nth(1).getByRole('cell').first()).toHaveText('11');
  await expect(rows.nth(1).getByRole('cell').nth(1)).toHaveText(after.ranking[10]!.Menu_name);
  await pages.getByRole('button', { name: 'Page 1' }).click();
  await expect(rows.nth(1).getByRole('cell').first()).toHaveText('1');

  // The week and the month include today's orders too.
  await page.getByRole('tab', { name: 'This Week' }).click();
  await expect(page.getByRole('tabpanel').getByRole('table').first().getByRole('row').nth(1)).toContainText(
    items[0]!.name,
  );

  // The ranking downloads as CSV with the top row first.
  await page.getByRole('tab', { name: 'Today' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('tabpanel').getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`cafe-ranking-${today}-today.csv`);
  const text = await readFile(await download.path(), 'utf8');
  const lines = text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('Rank,Menu,Category,Venue,Orders');
  expect(lines[1]).toBe(`1,${items[0]!.name},${categoryName},cafe,${topCount}`);
  expect(lines).toHaveLength(after.ranking.length + 1);
});

test('an open dashboard and the barista history take in an order the moment it is served', async ({
  page,
  request,
}) => {
  await setShopStatus(request, 'cafe-open');
  const baristaToken = (await apiLogin(request, DEMO.barista.email, DEMO.barista.password)).accessToken;
  await loginViaUi(page, DEMO.barista.email, DEMO.barista.password);
  await expect(page).toHaveURL(/\/ordering$/);
  // Only once the live connection is up can a screen promise to follow changes by itself.
  await expectBoardLive(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Cafe Dashboard', exact: true }).click();

  const total = page.getByRole('tabpanel').getByRole('group', { name: 'Total orders' }).locator('p').nth(1);
  await expect(total).toHaveText(/^\d+$/);
  const before = Number(await total.textContent());
  const countsAsked: string[] = [];
  page.on('request', (req) => {
    if (/\/api\/(order\/count\/total|order\/find\/popular-menu|stats\/orders-by-)/.test(req.url())) {
      countsAsked.push(req.url());
    }
  });

  const customer = await registerUser(request, `Live ${letterStamp()}`);
  const { accessToken } = await apiLogin(request, customer.email, customer.password);
  const menu = await cafeMenuOf(request, 'Coffee');
  const orderId = await placeCafeOrderViaApi(request, accessToken, menu, await uploadTinyPng(request, accessToken));
  await serveOrderViaApi(request, baristaToken, orderId);

  // The number moves by itself, worked out from the live event: the counts are not asked for again.
  await expect(total).toHaveText(String(before + 1));
  expect(countsAsked).toEqual([]);

  // The history, read a page at a time, shows it on top of today's orders.
  await nav.getByRole('link', { name: 'History', exact: true }).click();
  const today = page.getByRole('region').first();
  await expect(today.getByRole('listitem').filter({ hasText: customer.name }).first()).toContainText(menu.name);
  const todayTotal = today.getByText(/^Total Order: \d+$/);
  const servedToday = Number((await todayTotal.textContent())?.replace(/\D/g, ''));
  const second = await placeCafeOrderViaApi(request, accessToken, menu, await uploadTinyPng(request, accessToken));
  await serveOrderViaApi(request, baristaToken, second);
  await expect(todayTotal).toHaveText(`Total Order: ${servedToday + 1}`);
  await expect(today.getByRole('listitem').filter({ hasText: customer.name })).toHaveCount(2);
});
