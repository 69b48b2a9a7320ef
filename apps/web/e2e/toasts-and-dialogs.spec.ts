import { expect, test, type Browser, type Locator, type Page } from './test';
import {
  AT_THE_CAFE,
  DEMO,
  apiLogin,
  cafeMenuOf,
  clearActiveOrders,
  expectAccessible,
  loginViaUi,
  placeCafeOrderViaApi,
  registerUser,
  setShopStatus,
  uploadTinyPng,
} from './support';

/**
 * The accessibility check (axe-core) while the passing things are on screen: each kind of toast
 * (information, success, error), the board's undo bar with its button, and the dialogs.
 * A toast goes by itself after a few seconds; the pointer rests on it while it is checked, which
 * holds it (as it holds it for a person reading it), and it must still be there after the check.
 */

test.describe.configure({ mode: 'serial' });

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 1024, height: 768 };

async function signedIn(
  browser: Browser,
  baseURL: string | undefined,
  viewport: typeof PHONE,
  email: string,
  password: string,
) {
  const context = await browser.newContext({ baseURL, viewport, ...AT_THE_CAFE });
  const page = await context.newPage();
  await loginViaUi(page, email, password);
  return page;
}

/** Checks the page while `toast` is shown, and that the check did see it. */
async function expectAccessibleWithToast(page: Page, toast: Locator, screen: string) {
  await expect(toast).toBeVisible();
  await toast.hover();
  await expectAccessible(page, screen);
  await expect(toast).toBeVisible();
}

test.afterAll(async ({ request }) => {
  await clearActiveOrders(request);
  await setShopStatus(request, 'cafe-open');
});

test('the information toast on a phone', async ({ browser, baseURL, request }) => {
  await clearActiveOrders(request);
  await setShopStatus(request, 'bar-open');
  try {
    const person = await registerUser(request, 'Toast Reader');
    const page = await signedIn(browser, baseURL, PHONE, person.email, person.password);
    await expect(page).toHaveURL(/\/order_bar$/);
    const rules = page.getByRole('dialog', { name: 'Before you order at the bar' });
    await expect(rules).toBeVisible();
    await expectAccessible(page, 'the bar rules dialog');
    await rules.getByRole('button', { name: 'I understand' }).click();
    await expect(rules).toBeHidden();

    await setShopStatus(request, 'cafe-open');
    await expect(page.getByRole('heading', { name: 'Cafe Menu' })).toBeVisible();
    const toast = page.getByRole('listitem').filter({ hasText: 'The bar is closed now, so here is the cafe menu.' });
    await expectAccessibleWithToast(page, toast, 'the cafe menu with the information toast');
    await page.context().close();
  } finally {
    await setShopStatus(request, 'cafe-open');
  }
});

test("the board's success and undo toasts and its dialog on the counter tablet", async ({
  browser,
  baseURL,
  request,
}) => {
  await clearActiveOrders(request);
  await setShopStatus(request, 'cafe-open');
  const person = await registerUser(request, 'Toast Drinker');
  const tokens = await apiLogin(request, person.email, person.password);
  const menu = await cafeMenuOf(request, 'Coffee');
  await placeCafeOrderViaApi(request, tokens.accessToken, menu, await uploadTinyPng(request, tokens.accessToken));
  await placeCafeOrderViaApi(request, tokens.accessToken, menu, await uploadTinyPng(request, tokens.accessToken));

  const board = await signedIn(browser, baseURL, TABLET, DEMO.barista.email, DEMO.barista.password);
  await expect(board).toHaveURL(/\/ordering$/);
  const cards = board.getByRole('article', { name: `${menu.name} for ${person.name}` });
  await expect(cards).toHaveCount(2);

  // Success: online orders paused (and resumed at once, so nothing else is held up).
  await board.getByRole('button', { name: 'Pause online orders' }).click();
  const paused = board.getByRole('listitem').filter({ hasText: 'Online orders paused' });
  try {
    await expectAccessibleWithToast(board, paused, 'the board with a success toast');
  } finally {
    await board.mouse.move(0, 0);
    await board.getByRole('button', { name: 'Resume online orders' }).click();
  }
  await expect(board.getByRole('listitem').filter({ hasText: 'Online orders resumed' })).toBeVisible();

  // The undo bar, with its button, after a move.
  await cards.first().getByRole('button', { name: 'Do', exact: true }).click();
  await expect(board.getByRole('region', { name: 'Undo' }).getByRole('button', { name: /^Undo / })).toBeVisible();
  await expectAccessible(board, 'the board with the undo bar');

  // The reject dialog, with a reason chosen.
  await board.mouse.move(0, 0);
  const waiting = board.getByRole('region', { name: 'Waiting Order' }).getByRole('article').first();
  await waiting.getByRole('button', { name: 'Cancel', exact: true }).click();
  const dialog = board.getByRole('dialog', { name: 'Cancel Order' });
  await dialog.getByRole('radio', { name: 'Machine Failure' }).check();
  await expectAccessible(board, 'the board with the reject dialog');
  await board.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await board.context().close();
});

test('the error toast when the server cannot take a change', async ({ browser, baseURL }) => {
  const page = await signedIn(browser, baseURL, TABLET, DEMO.barista.email, DEMO.barista.password);
  await expect(page).toHaveURL(/\/ordering$/);
  // The server is away for this one call: the form's change is not taken and the toast says so.
  await page.route('**/api/category', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({
            statusCode: 503,
            code: 'UNAVAILABLE',
            error: 'Service Unavailable',
            message: 'The database is not available right now. Please try again.',
          }),
        })
      : route.fallback(),
  );
  await page.goto('/add-category');
  await expect(page.getByRole('heading', { name: 'Add Category' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Toasted');
  await page.getByRole('radio', { name: 'Cafe' }).check();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const toast = page.getByRole('listitem').filter({ hasText: 'The database is not available right now' });
  await expectAccessibleWithToast(page, toast, 'a form with an error toast');
  await expect(page).toHaveURL(/\/add-category$/);
  await page.context().close();
});
