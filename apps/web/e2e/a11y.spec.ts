import { expect, test, type APIRequestContext, type Browser } from './test';
import {
  AT_THE_CAFE,
  DEMO,
  apiLogin,
  bearer,
  cafeMenuOf,
  clearActiveOrders,
  expectAccessible,
  placeCafeOrderViaApi,
  recordAuditedChange,
  registerUser,
  serveOrderViaApi,
  setShopStatus,
  signInWithTokens,
  TINY_PNG_DATA_URL,
  uploadTinyPng,
} from './support';

/**
 * An automated accessibility check (axe-core) of the main screens on a phone, in the daytime cafe
 * theme and in the evening bar theme: no serious or critical violation (contrast, names of
 * buttons, links, images and fields, dialog titles, ARIA use). Manual review covers the rest.
 */

test.describe.configure({ mode: 'serial' });

const PHONE = { width: 390, height: 844 };
type Tokens = { accessToken: string; refreshToken: string };

async function phonePage(browser: Browser, baseURL: string | undefined, tokens?: Tokens, path = '/login') {
  const context = await browser.newContext({ baseURL, viewport: PHONE, ...AT_THE_CAFE });
  const page = await context.newPage();
  if (tokens) await signInWithTokens(page, tokens, path);
  else await page.goto(path);
  return page;
}

async function customerWithOrders(request: APIRequestContext, baristaToken: string) {
  const customer = await registerUser(request, 'Axe Customer');
  const tokens = await apiLogin(request, customer.email, customer.password);
  const image = await uploadTinyPng(request, tokens.accessToken);
  const coffee = await cafeMenuOf(request, 'Coffee');
  const tea = await cafeMenuOf(request, 'Tea');
  // One finished (waiting for pick-up), one in progress: with a second customer's waiting order
  // below, My Order shows the three steps of the status bar.
  const done = await placeCafeOrderViaApi(request, tokens.accessToken, coffee, image);
  await serveOrderViaApi(request, baristaToken, done);
  const making = await placeCafeOrderViaApi(request, tokens.accessToken, tea, image);
  const res = await request.patch(`/api/order/barista/${making}`, {
    headers: bearer(baristaToken),
    data: { status: 'in-progress' },
  });
  expect(res.status(), await res.text()).toBe(200);

  const other = await registerUser(request, 'Axe Waiting');
  const otherTokens = await apiLogin(request, other.email, other.password);
  await placeCafeOrderViaApi(
    request,
    otherTokens.accessToken,
    coffee,
    await uploadTinyPng(request, otherTokens.accessToken),
  );
  return { tokens, otherTokens, coffee };
}

test.afterAll(async ({ request }) => {
  await clearActiveOrders(request);
  await setShopStatus(request, 'cafe-open');
});

test('sign-in, registration and the public menu', async ({ browser, baseURL, request }) => {
  await clearActiveOrders(request);
  await setShopStatus(request, 'cafe-open');
  const page = await phonePage(browser, baseURL);
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
  await expectAccessible(page, '/login');
  await page.getByRole('button', { name: 'Login' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
  await expectAccessible(page, 'the login dialog');

  await page.goto('/create');
  await expect(page.getByRole('heading', { name: 'Create New Account' })).toBeVisible();
  await expectAccessible(page, '/create');

  await page.goto('/privacy');
  await expect(page.getByRole('table', { name: 'What the cafe keeps, why, and for how long' })).toBeVisible();
  await expectAccessible(page, '/privacy');

  await page.goto('/');
  await expect(page.getByRole('tab').first()).toBeVisible();
  await expectAccessible(page, 'the public cafe menu');
  await page.context().close();
});

test('the customer screens in the cafe theme', async ({ browser, baseURL, request }) => {
  test.setTimeout(180_000);
  const baristaToken = (await apiLogin(request, DEMO.barista.email, DEMO.barista.password)).accessToken;
  const { tokens, otherTokens, coffee } = await customerWithOrders(request, baristaToken);

  const page = await phonePage(browser, baseURL, tokens, '/statusOrder');
  await expect(page.getByRole('button', { name: 'Pick Up' })).toBeVisible();
  await expect(page.getByText('The barista is making your drink.')).toBeVisible();
  await expectAccessible(page, 'My Order (done and in progress)');

  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await expectAccessible(page, 'the hamburger menu');
  await page.keyboard.press('Escape');

  await page.goto('/menuCafe');
  await expect(page.getByRole('tab').first()).toBeVisible();
  await expectAccessible(page, '/menuCafe');

  await page.goto('/ordered');
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  await expectAccessible(page, '/ordered');

  await page.goto('/team-credit');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, '/team-credit');

  await page.goto('/unauthorized');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, '/unauthorized');
  await page.context().close();

  // The waiting customer: the queue card, the cancel dialog, the order form and its summary.
  const waiting = await phonePage(browser, baseURL, otherTokens, '/statusOrder');
  await expect(waiting.getByRole('button', { name: 'Cancel', exact: true })).toBeVisible();
  await expectAccessible(waiting, 'My Order (waiting)');
  await waiting.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(waiting.getByRole('alertdialog')).toBeVisible();
  await expectAccessible(waiting, 'the cancel dialog');
  await waiting.getByRole('button', { name: 'Close' }).click();

  await waiting.goto(`/form/${encodeURIComponent(coffee.name)}/${coffee.id}`);
  await expect(waiting.getByRole('heading', { name: coffee.name })).toBeVisible();
  await expectAccessible(waiting, 'the cafe order form');
  await waiting.getByRole('button', { name: /Next/ }).click();
  await expect(waiting.getByText('please check your order')).toBeVisible();
  await expectAccessible(waiting, 'the order form with its errors');

  await waiting.getByRole('radio', { name: 'Cold' }).click();
  await waiting.getByRole('radio', { name: '50%', exact: true }).click();
  await waiting.getByRole('button', { name: 'Upload a photo' }).click();
  await waiting.getByLabel('Choose a photo').setInputFiles({
    name: 'tumbler.png',
    mimeType: 'image/png',
    buffer: Buffer.from(TINY_PNG_DATA_URL.split(',')[1]!, 'base64'),
  });
  await expect(waiting.getByRole('img', { name: 'Your tumbler' })).toBeVisible();
  await waiting.getByRole('button', { name: /Next/ }).click();
  await expect(waiting.getByRole('dialog', { name: 'Your order' })).toBeVisible();
  await expectAccessible(waiting, 'the order summary');
  await waiting.context().close();
});

// The staff screens take three tests: in one, their accessibility checks outlast a test's time on a busy machine.
test('the order board and its reject dialog', async ({ browser, baseURL, request }) => {
  const barista = await apiLogin(request, DEMO.barista.email, DEMO.barista.password);
  const page = await phonePage(browser, baseURL, barista, '/ordering');
  await expect(page.getByRole('heading', { name: 'Waiting Order' })).toBeVisible();
  await expectAccessible(page, 'the order board');
  await page.getByRole('button', { name: 'Cancel', exact: true }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'the reject dialog');
  await page.keyboard.press('Escape');
  await page.context().close();
});

test("the barista's history, menu management and dashboard", async ({ browser, baseURL, request }) => {
  const barista = await apiLogin(request, DEMO.barista.email, DEMO.barista.password);
  const page = await phonePage(browser, baseURL, barista, '/history');
  for (const [path, heading] of [
    ['/history', 'History'],
    ['/menuManagement', 'Menu Management'],
    ['/add-category', 'Add Category'],
    ['/dashboard-cafe', 'Dashboard for Cafe'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expectAccessible(page, path);
  }

  await page.goto('/menuManagement');
  await page
    .getByRole('link', { name: /Coffee/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Coffee', level: 1 })).toBeVisible();
  await expect(page.getByRole('switch').first()).toBeVisible();
  await expectAccessible(page, 'a category page');
  await page
    .getByRole('link', { name: /^Edit menu/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Edit Menu' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).not.toHaveValue('');
  await expectAccessible(page, 'the edit menu form');
  await page.context().close();
});

test('the admin screens', async ({ browser, baseURL, request }) => {
  const admin = await apiLogin(request, DEMO.admin.email, DEMO.admin.password);
  const adminPage = await phonePage(browser, baseURL, admin, '/userManagement');
  await expect(adminPage.getByRole('heading', { name: 'User Management' })).toBeVisible();
  await expect(adminPage.getByRole('button', { name: /^Edit role of/ }).first()).toBeVisible();
  await expectAccessible(adminPage, '/userManagement');
  await adminPage
    .getByRole('button', { name: /^Delete account of/ })
    .first()
    .click();
  await expect(adminPage.getByRole('alertdialog', { name: /^Delete the account of/ })).toBeVisible();
  await expectAccessible(adminPage, "the question before deleting someone's account");
  await adminPage.getByRole('button', { name: 'Keep account' }).click();

  await adminPage.goto('/sites-admin');
  await expect(adminPage.getByRole('heading', { name: 'Sites', level: 1 })).toBeVisible();
  await expect(adminPage.getByRole('button', { name: /^Baristas of/ }).first()).toBeVisible();
  await expectAccessible(adminPage, '/sites-admin');
  await adminPage.getByRole('button', { name: 'New site' }).click();
  const form = adminPage.getByRole('dialog', { name: 'New site' });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText("Enter the site's name.")).toBeVisible();
  await expectAccessible(adminPage, 'the new site form, with its checks');
  await form.getByRole('button', { name: 'Cancel', exact: true }).click();

  // On a phone the outbox's channels are cards.
  await adminPage.goto('/notifications-admin');
  await expect(adminPage.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await expect(adminPage.getByRole('list', { name: "Each channel's outbox" })).toBeVisible();
  await expectAccessible(adminPage, '/notifications-admin');

  // On a phone the audit log's entries are cards.
  await recordAuditedChange(request, admin.accessToken);
  await adminPage.goto('/audit-admin');
  await expect(adminPage.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  await expect(adminPage.getByRole('list', { name: 'Recorded changes, newest first' })).toBeVisible();
  await expectAccessible(adminPage, '/audit-admin');

  await adminPage.goto('/profile');
  await expect(adminPage.getByRole('group', { name: 'Tell me my drink is ready by' })).toBeVisible();
  await expectAccessible(adminPage, '/profile');
  await adminPage.getByRole('button', { name: 'Delete my account' }).click();
  await expect(adminPage.getByRole('alertdialog', { name: 'Delete your account?' })).toBeVisible();
  await expectAccessible(adminPage, "the question before deleting one's own account");
  await adminPage.getByRole('button', { name: 'Keep my account' }).click();
  await adminPage.context().close();
});

test('the evening bar theme for a customer', async ({ browser, baseURL, request }) => {
  await clearActiveOrders(request);
  await setShopStatus(request, 'bar-open');
  const customer = await registerUser(request, 'Axe Evening');
  const tokens = await apiLogin(request, customer.email, customer.password);

  const page = await phonePage(browser, baseURL, tokens, '/order_bar');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'bar');
  const rules = page.getByRole('dialog', { name: 'Before you order at the bar' });
  await expect(rules).toBeVisible();
  await expectAccessible(page, 'the bar notice');
  await rules.getByRole('button', { name: 'I understand' }).click();
  await expect(page.getByRole('tab').first()).toBeVisible();
  await expectAccessible(page, '/order_bar');

  for (const [path, heading] of [
    ['/statusOrder', 'My Order'],
    ['/ordered', 'History'],
    ['/privacy', 'Privacy'],
    ['/team-credit', null],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'bar');
    await expect(
      heading ? page.getByRole('heading', { name: heading }) : page.getByRole('heading', { level: 1 }),
    ).toBeVisible();
    await expectAccessible(page, `${path} (bar theme)`);
  }
  await page.context().close();
});

// Apart from the customer's evening screens: together their checks outlast a test's time on a busy machine.
test('the evening bar theme for a visitor and the board, then the closed shop', async ({
  browser,
  baseURL,
  request,
}) => {
  await setShopStatus(request, 'bar-open');
  const customer = await registerUser(request, 'Axe Closed');
  const tokens = await apiLogin(request, customer.email, customer.password);
  const visitor = await phonePage(browser, baseURL, undefined, '/login');
  await expect(visitor.locator('html')).toHaveAttribute('data-theme', 'bar');
  await expect(visitor.getByRole('heading', { name: /Welcome/ })).toBeVisible();
  await expectAccessible(visitor, '/login (bar theme)');
  await visitor.context().close();

  const barista = await apiLogin(request, DEMO.barista.email, DEMO.barista.password);
  const board = await phonePage(browser, baseURL, barista, '/ordering');
  await expect(board.getByText('Take order at the bar only')).toBeVisible();
  await expectAccessible(board, 'the order board in bar mode');

  await setShopStatus(request, 'close-both');
  await expect(board.getByText('Cafe and Bar are close')).toBeVisible();
  await expectAccessible(board, 'the order board while closed');
  await board.context().close();

  const closed = await phonePage(browser, baseURL, tokens, '/close-all');
  await expect(
    closed.getByRole('heading', { name: 'Sorry, both the cafe and bar are currently closed' }),
  ).toBeVisible();
  await expectAccessible(closed, '/close-all');
  await closed.context().close();
  await setShopStatus(request, 'cafe-open');
});
