import { expect, test, type Browser, type Page } from './test';
import {
  AT_THE_CAFE,
  DEMO,
  apiLogin,
  cafeMenuOf,
  clearActiveOrders,
  loginViaUi,
  placeCafeOrderViaApi,
  registerUser,
  setShopStatus,
  signInWithTokens,
  uploadTinyPng,
  expectBoardLive,
} from './support';

/**
 * The barista workspace with two people at once: a barista at the counter tablet and a customer
 * on their phone, each in their own browser context. Nobody reloads: every change arrives live.
 */

test.describe.configure({ mode: 'serial' });

/** Display names are at most 20 characters; a stamp keeps the cards of this run apart. */
const uniqueName = (first: string) => `${first} ${Date.now().toString(36).slice(-6)}`;

async function openBaristaBoard(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1024, height: 1366 } });
  const page = await context.newPage();
  await loginViaUi(page, DEMO.barista.email, DEMO.barista.password);
  await expect(page).toHaveURL(/\/ordering$/);
  await expect(page.getByRole('heading', { name: 'Shop Status' })).toBeVisible();
  // Only once the live connection is up can the board promise to show new orders by itself.
  await expectBoardLive(page);
  return page;
}

async function openCustomer(
  browser: Browser,
  baseURL: string | undefined,
  tokens: { accessToken: string; refreshToken: string },
  path: string,
) {
  const context = await browser.newContext({ baseURL, ...AT_THE_CAFE, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signInWithTokens(page, tokens, path);
  return page;
}

test.afterAll(async ({ request }) => {
  await setShopStatus(request, 'cafe-open');
});

test('a new order reaches the board live; Do, Done, pick-up and history follow', async ({
  browser,
  baseURL,
  request,
}) => {
  await setShopStatus(request, 'cafe-open');
  const name = uniqueName('Bea');
  const customer = await registerUser(request, name);
  const tokens = await apiLogin(request, customer.email, customer.password);

  const board = await openBaristaBoard(browser, baseURL);
  const phone = await openCustomer(browser, baseURL, tokens, '/statusOrder');

  const menu = await cafeMenuOf(request, 'Coffee');
  const image = await uploadTinyPng(request, tokens.accessToken);
  await placeCafeOrderViaApi(request, tokens.accessToken, menu, image);

  // The board shows the new order without a reload, under Waiting Order.
  const waiting = board.getByRole('region', { name: 'Waiting Order' });
  const card = waiting.getByRole('article', { name: `${menu.name} for ${name}` });
  await expect(card).toBeVisible();
  await expect(card.getByText('Sweetness 50%')).toBeVisible();
  await expect(card.getByText('Hot')).toBeVisible();
  // With an order waiting, the shop status is shown, not offered.
  await expect(board.getByText('Cafe Open', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: 'Do', exact: true }).click();
  const inProgressCard = board
    .getByRole('region', { name: 'In Progress Order' })
    .getByRole('article', { name: `${menu.name} for ${name}` });
  await expect(inProgressCard).toBeVisible();
  await expect(card).toHaveCount(0);

  await inProgressCard.getByRole('button', { name: 'Done', exact: true }).click();
  await expect(board.getByRole('article', { name: `${menu.name} for ${name}` })).toHaveCount(0);

  // The customer's My orders page turns to Finished by itself.
  await expect(phone.getByText('Click "Pick Up" after take your cup')).toBeVisible();
  await phone.getByRole('button', { name: 'Pick Up' }).click();
  await expect(phone.getByText('Click "Pick Up" after take your cup')).toHaveCount(0);

  // Barista history: today's group lists the order as Done.
  await board.goto('/history');
  await expect(board.getByRole('heading', { name: 'History' })).toBeVisible();
  const entry = board.getByRole('listitem').filter({ hasText: name });
  await expect(entry).toContainText(menu.name);
  await expect(entry).toContainText('Done');
  await expect(board.getByText(/^Total Order: [1-9]\d*$/).first()).toBeVisible();

  await board.context().close();
  await phone.context().close();
});

test('a rejected order shows the reason in the customer history', async ({ browser, baseURL, request }) => {
  await setShopStatus(request, 'cafe-open');
  const name = uniqueName('Cid');
  const customer = await registerUser(request, name);
  const tokens = await apiLogin(request, customer.email, customer.password);

  const board = await openBaristaBoard(browser, baseURL);
  const menu = await cafeMenuOf(request, 'Tea');
  const image = await uploadTinyPng(request, tokens.accessToken);
  await placeCafeOrderViaApi(request, tokens.accessToken, menu, image);

  const card = board.getByRole('article', { name: `${menu.name} for ${name}` });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Cancel', exact: true }).click();

  const dialog = board.getByRole('dialog', { name: 'Cancel Order' });
  const submit = dialog.getByRole('button', { name: 'Cancel this order' });
  await expect(submit).toBeDisabled();
  await dialog.getByRole('radio', { name: 'Machine Failure' }).check();
  await submit.click();
  await expect(dialog).toHaveCount(0);
  await expect(card).toHaveCount(0);

  const phone = await openCustomer(browser, baseURL, tokens, '/ordered');
  const row = phone.getByText('Canceled By Barista');
  await expect(row).toBeVisible();
  await expect(phone.getByText('Machine Failure')).toBeVisible();

  await board.context().close();
  await phone.context().close();
});

test('closing the shop from the board sends a customer to the closed page live', async ({
  browser,
  baseURL,
  request,
}) => {
  await setShopStatus(request, 'cafe-open');
  await clearActiveOrders(request);
  const customer = await registerUser(request, uniqueName('Dot'));
  const tokens = await apiLogin(request, customer.email, customer.password);

  const board = await openBaristaBoard(browser, baseURL);
  const phone = await openCustomer(browser, baseURL, tokens, '/menuCafe');
  await expect(phone).toHaveURL(/\/menuCafe$/);

  const selector = board.getByRole('radiogroup', { name: 'Shop Status' });
  await expect(selector.getByRole('radio', { name: 'Cafe' })).toBeChecked();

  // Close keeps the shop as it was.
  await selector.getByRole('radio', { name: 'Close' }).click();
  let confirm = board.getByRole('alertdialog', { name: 'Close Cafe and Bar' });
  await expect(confirm.getByText('Click confirm to close cafe and bar')).toBeVisible();
  await confirm.getByRole('button', { name: 'Close' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(selector.getByRole('radio', { name: 'Cafe' })).toBeChecked();

  // Confirm closes it, and the customer is moved to the closed page without a reload.
  await selector.getByRole('radio', { name: 'Close' }).click();
  confirm = board.getByRole('alertdialog', { name: 'Close Cafe and Bar' });
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(board.getByText('Cafe and Bar are close')).toBeVisible();
  await expect(selector.getByRole('radio', { name: 'Close' })).toBeChecked();

  await expect(phone).toHaveURL(/\/close-all$/);
  await expect(phone.getByText('Sorry, both the cafe and bar are currently closed')).toBeVisible();

  // Open the cafe again from the board.
  await selector.getByRole('radio', { name: 'Cafe' }).click();
  confirm = board.getByRole('alertdialog', { name: 'Open Cafe' });
  await expect(confirm.getByText('Click confirm to open cafe')).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(board.getByText('No orders now,')).toBeVisible();

  await board.context().close();
  await phone.context().close();
});
