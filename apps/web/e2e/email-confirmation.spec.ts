import { MESSAGES } from '@cafe/shared';
import { expect, test, type Page } from './test';
import {
  AT_THE_CAFE,
  TINY_PNG_FILE,
  apiLogin,
  bearer,
  cafeMenuOf,
  confirmsEmail,
  expectAccessible,
  setShopStatus,
  uploadTinyPng,
} from './support';
import { confirmationLinkOf, openMailbox, waitForMail } from './mailbox';

/**
 * Confirming an e-mail address (docs/api.md "Confirming an e-mail address"), on the first cafe
 * server, whose company has a mail server: the mailbox of this worker (mailbox.ts). A new person
 * registers on a phone, is told where the link went, signs in and is told again above the menu;
 * an order is refused until the link is opened. Asking for a new link ends the first one; the new
 * one confirms the address, and the banner is gone from the menu.
 */

test.use({ ...AT_THE_CAFE, viewport: { width: 390, height: 844 } });

test.beforeAll(async ({ request }) => {
  await setShopStatus(request, 'cafe-open');
  await openMailbox();
});

/** The banner over the signed-in screens, by its text. */
const banner = (page: Page, email: string) =>
  page.getByRole('region', { name: `Confirm your e-mail address to order: we sent a link to ${email}.` });

/** The confirm screen's outcome (its live region). */
const outcome = (page: Page) => page.getByRole('main').getByRole('status');

/** Chooses a latte on the cafe menu and sends the form as far as the order. */
async function tryToOrder(page: Page) {
  await page.getByRole('button', { name: /^Latte\b/ }).click();
  await page.getByRole('radio', { name: 'Hot' }).click();
  await page.getByRole('radio', { name: '50%', exact: true }).click();
  await page.getByRole('button', { name: 'Upload a photo' }).click();
  await page.getByLabel('Choose a photo').setInputFiles(TINY_PNG_FILE);
  await expect(page.getByRole('img', { name: 'Your tumbler' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('dialog', { name: 'Your order' }).getByRole('button', { name: 'Place order' }).click();
}

test('a new person confirms their address from the mail before they can order', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  expect(await confirmsEmail(request), 'the first cafe server confirms e-mail addresses').toBe(true);
  const email = `confirm-${Date.now().toString(36)}@example.com`;
  const password = 'secret-pass-1';

  // Registering: told where the link went, on the sign-in screen.
  await page.goto('/create');
  await page.getByLabel('Name').fill('Kanya Confirm');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create new user' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status').filter({ hasText: 'Check your e-mail' })).toHaveText(
    `Check your e-mail: we sent a link to ${email}. Open it within 24 hours to start ordering.`,
  );
  await expect(page.getByText('create succeed, you can logging in now')).toHaveCount(0);
  const first = await waitForMail(email);
  expect(first.subject).toBe('Confirm your e-mail address for the cafe');
  expect(confirmationLinkOf(first).startsWith(`${baseURL}/confirm-email#token=`)).toBe(true);

  // Signed in: the banner says the same above the screens.
  await page.getByRole('button', { name: 'Login' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/statusOrder$/);
  await expect(banner(page, email)).toBeVisible();
  await page.goto('/menuCafe');
  await expect(banner(page, email)).toBeVisible();
  await expectAccessible(page, 'the cafe menu with the confirmation banner');

  // An order is refused, saying why.
  const refusal = `Confirm your e-mail address first: open the link we sent to ${email}.`;
  await tryToOrder(page);
  await expect(page.getByText(MESSAGES.orderFailedTitle)).toBeVisible();
  await expect(page.getByText(refusal)).toBeVisible();
  // The server says the same to any client.
  const tokens = await apiLogin(request, email, password);
  const menu = await cafeMenuOf(request, 'Coffee');
  const order = await request.post('/api/order', {
    headers: bearer(tokens.accessToken),
    data: {
      menu_id: menu.id,
      menu_name: menu.name,
      type: 'hot',
      sweetness: 50,
      remark: '-',
      tumblerImage: await uploadTinyPng(request, tokens.accessToken),
      latitude: AT_THE_CAFE.geolocation.latitude,
      longitude: AT_THE_CAFE.geolocation.longitude,
    },
  });
  expect(order.status()).toBe(403);
  expect(await order.json()).toMatchObject({ code: 'EMAIL_NOT_CONFIRMED', message: refusal });

  // A new link: the toast says so, and the first link stops working.
  await page.goto('/menuCafe');
  await banner(page, email).getByRole('button', { name: 'Send the link again' }).click();
  await expect(page.getByText(`A new link is on its way to ${email}. Earlier links no longer work.`)).toBeVisible();
  const second = await waitForMail(email, { nth: 2 });

  await page.goto(confirmationLinkOf(first));
  await expect(outcome(page)).toContainText('This link did not work');
  await expect(outcome(page)).toContainText(
    'This confirmation link is not valid, or it was used already. Sign in to ask for a new one.',
  );
  await expectAccessible(page, '/confirm-email (a replaced link)');

  // The new link confirms the address.
  await page.goto(confirmationLinkOf(second));
  await expect(outcome(page)).toContainText('Your e-mail address is confirmed');
  await expect(outcome(page)).toContainText(`${email} can order drinks now.`);
  await expectAccessible(page, '/confirm-email (confirmed)');

  // Back on the menu, the banner is gone.
  await page.getByRole('link', { name: 'Go to the menu' }).click();
  await expect(page).toHaveURL(/\/menucafe$/);
  await expect(page.getByRole('tab').first()).toBeVisible();
  await expect(banner(page, email)).toHaveCount(0);
});

test('the confirm screen of a link that is not one says so, and offers to sign in', async ({ page }) => {
  await page.goto('/confirm-email?token=not-a-whole-token');
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your e-mail address' })).toBeVisible();
  await expect(outcome(page)).toContainText('This address is not a whole confirmation link.');
  await expect(outcome(page)).toContainText('For a new link, sign in and choose “Send the link again”');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
