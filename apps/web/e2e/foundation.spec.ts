import { expect, test, type Page } from './test';
import {
  apiLogin,
  AT_THE_CAFE,
  DEMO,
  clearActiveOrders,
  loginViaUi,
  msg,
  registerUser,
  setShopStatus,
  signInWithTokens,
  WIDE_DESKTOP,
} from './support';

/**
 * Foundation: registration and sign-in, landing by role, route guards, the navigation bar
 * (greeting, rename, logout), start-up, and the venue redirects. Screens owned by other features
 * are only checked by their address.
 */
test.use({ ...AT_THE_CAFE, viewport: WIDE_DESKTOP });

/** Fills and submits the login dialog on the current page (keeps the "from" of a redirect). */
async function submitLoginDialog(page: Page, email: string, password: string) {
  await page.getByRole('button', { name: 'Login' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
}

const greeting = (page: Page) => page.getByTestId('greeting');

test.beforeEach(async ({ request }) => {
  await clearActiveOrders(request);
  await setShopStatus(request, 'cafe-open');
});

test('a new person registers, signs in and lands on My Order', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const email = `foundation-${stamp}@example.com`;
  await page.goto('/create');
  await expect(page.getByRole('heading', { name: 'Create New Account' })).toBeVisible();
  await page.getByLabel('Name').fill('Foundation Tester');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret-pass-1');
  await page.getByRole('button', { name: 'Create new user' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('create succeed, you can logging in now')).toBeVisible();

  await submitLoginDialog(page, email, 'secret-pass-1');
  await expect(page).toHaveURL(/\/statusOrder$/);
  await expect(greeting(page)).toHaveText('Hi, Foundation Tester');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Menu' })).toHaveAttribute('href', '/menuCafe');
  await expect(nav.getByRole('link', { name: 'My Order' })).toHaveAttribute('href', '/statusOrder');
  await expect(nav.getByRole('link', { name: 'History' })).toHaveAttribute('href', '/ordered');
  await expect(nav.getByRole('link', { name: 'User Management' })).toHaveCount(0);
});

test('registration and sign-in refuse an e-mail outside the company', async ({ page }) => {
  await page.goto('/create');
  await page.getByLabel('Name').fill('Outsider');
  await page.getByLabel('Email').fill('someone@gmail.com');
  await page.getByLabel('Password', { exact: true }).fill('secret-pass-1');
  await page.getByRole('button', { name: 'Create new user' }).click();
  await expect(page.getByRole('alert')).toHaveText('only accept @example.com');
  await expect(page).toHaveURL(/\/create$/);

  await page.getByRole('link', { name: 'Back to Login' }).click();
  await submitLoginDialog(page, 'someone@gmail.com', 'secret-pass-1');
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('only accept @example.com');
});

test('a wrong password shows the inline error; spaces cannot be typed in the e-mail', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await dialog.getByLabel('Email').pressSequentially('user @example.com');
  await expect(dialog.getByLabel('Email')).toHaveValue('user@example.com');
  await dialog.getByLabel('Password', { exact: true }).fill('not-the-password');
  await dialog.getByRole('button', { name: 'Show password' }).click();
  await expect(dialog.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Email or Password incorrect.');
  await expect(page).toHaveURL(/\/login$/);
});

test('a barista lands on the order board with the staff bar', async ({ page }) => {
  await loginViaUi(page, DEMO.barista.email, DEMO.barista.password);
  await expect(page).toHaveURL(/\/ordering$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [name, href] of [
    ['Order', '/ordering'],
    ['History', '/history'],
    ['Menu Management', '/menuManagement'],
    ['Cafe Dashboard', '/dashboard-cafe'],
    ['Bar Dashboard', '/dashboard-bar'],
    ['Opening Hours', '/opening-hours'],
  ] as const) {
    await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await expect(page.getByRole('link', { name: 'Office Cafe home' })).toHaveAttribute('href', '/ordering');
});

test('an admin lands on the admin cafe menu with admin links', async ({ page }) => {
  await loginViaUi(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/menuCafe-admin$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'My Order' })).toHaveAttribute('href', '/statusOrder-admin');
  await expect(nav.getByRole('link', { name: 'User Management' })).toHaveAttribute('href', '/userManagement');
  await expect(nav.getByRole('link', { name: 'Cafe Dashboard' })).toHaveAttribute('href', '/dashboard-admin');
});

test('role guards: a user is denied the barista board; a visitor signs in first and comes back', async ({
  page,
  request,
}) => {
  const person = await registerUser(request, 'Guarded');
  await page.goto('/statusOrder');
  await expect(page).toHaveURL(/\/login$/);
  await submitLoginDialog(page, person.email, person.password);
  await expect(page).toHaveURL(/\/statusOrder$/);

  await page.goto('/ordering');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByRole('heading', { name: "You can't open this page" })).toBeVisible();
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/statusOrder$/);
});

test('start-up finishes and a signed-in person opening /login is sent on', async ({ page, request }) => {
  const person = await registerUser(request, 'Returning');
  await loginViaUi(page, person.email, person.password);
  await expect(page).toHaveURL(/\/statusOrder$/);

  await page.goto('/ordered');
  await expect(page.getByText('Wait a sec...')).toBeHidden();
  await expect(greeting(page)).toHaveText('Hi, Returning');
  await expect(page).toHaveURL(/\/ordered$/);

  await page.goto('/login');
  await expect(page).toHaveURL(/\/statusOrder$/);
  await expect(greeting(page)).toBeVisible();
});

test("the cafe menu's frame shows before the app has arrived, and the menu takes its place", async ({
  browser,
  request,
}) => {
  // Without the service worker: once installed it serves React's code from its cache, past the
  // route that holds it back.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const person = await registerUser(request, 'Early');
  const tokens = await apiLogin(request, person.email, person.password);
  await signInWithTokens(page, tokens, '/statusOrder');
  for (const language of ['en', 'th'] as const) {
    await page.evaluate((lang) => localStorage.setItem('cafeLanguage', lang), language);
    // React's own code is held back: whatever the page shows meanwhile is the page's own doing.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/react-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/menuCafe', { waitUntil: 'commit' });
    const title = page.getByRole('heading', { level: 1 });
    await expect(title).toHaveText(msg(language, 'order.cafeMenu.title'));
    await expect(page.getByText(msg(language, 'order.cafeMenu.description'))).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(msg(language, 'common.spec.waitASec'));
    await expect(page.getByRole('tablist')).toHaveCount(0);

    release();
    await expect(page.getByRole('tablist')).toBeVisible();
    await expect(title).toHaveCount(1);
    await expect(title).toHaveText(msg(language, 'order.cafeMenu.title'));
    await expect(page.getByText(msg(language, 'common.spec.waitASec'))).toHaveCount(0);
    await page.unrouteAll();
  }
  await context.close();
});

test('renaming shows the new name and keeps it after a reload', async ({ page, request }) => {
  const person = await registerUser(request, 'Before');
  await loginViaUi(page, person.email, person.password);
  await expect(greeting(page)).toHaveText('Hi, Before');

  await page.getByRole('button', { name: 'Edit name' }).click();
  const field = page.getByLabel('New name:');
  await field.fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Name cannot be empty');

  await field.fill('After Rename');
  // The new name shows at once, before the server has it: wait for its answer
  // before reloading, or a busy machine reloads before the change was even sent.
  const saved = page.waitForResponse((res) => res.url().endsWith('/api/user') && res.request().method() === 'PATCH');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(greeting(page)).toHaveText('Hi, After Rename');
  expect((await saved).status()).toBe(200);

  await page.reload();
  await expect(greeting(page)).toHaveText('Hi, After Rename');
});

test('logout clears the device and closes the signed-in screens', async ({ page, request }) => {
  const person = await registerUser(request, 'Leaving');
  await loginViaUi(page, person.email, person.password);
  await expect(greeting(page)).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const stored = await page.evaluate(() => ({
    access: localStorage.getItem('access_token'),
    refresh: localStorage.getItem('refresh_token'),
    keys: Object.keys(localStorage),
  }));
  expect(stored.access).toBeNull();
  expect(stored.refresh).toBeNull();
  expect(stored.keys).not.toContain('session');

  await page.goto('/statusOrder');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
});

test('the closed page and the menus follow the venue state live', async ({ page, request }) => {
  const person = await registerUser(request, 'Live');
  await loginViaUi(page, person.email, person.password);
  await expect(page).toHaveURL(/\/statusOrder$/);
  // The live indicator must be connected, or the venue changes below could not arrive.
  await expect(page.getByRole('banner').getByText('Live updates on')).toBeAttached();

  await page.goto('/menuCafe');
  await expect(greeting(page)).toBeVisible();
  await setShopStatus(request, 'close-both');
  await expect(page).toHaveURL(/\/close-all$/);
  await expect(page.getByRole('heading', { name: 'Sorry, both the cafe and bar are currently closed' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByText('Menu', { exact: true })).toHaveAttribute(
    'aria-disabled',
    'true',
  );

  await setShopStatus(request, 'cafe-open');
  await expect(page).toHaveURL(/\/menucafe$/);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Menu' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the hamburger menu and the bottom bar carry the navigation', async ({ page, request }) => {
    const person = await registerUser(request, 'Phone');
    await loginViaUi(page, person.email, person.password);
    await expect(page).toHaveURL(/\/statusOrder$/);

    const quick = page.getByRole('navigation', { name: 'Quick links' });
    await expect(quick).toBeVisible();
    await quick.getByRole('link', { name: 'History' }).click();
    await expect(page).toHaveURL(/\/ordered$/);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const sheet = page.getByRole('dialog', { name: 'Menu' });
    await expect(sheet.getByTestId('greeting')).toHaveText('Hi, Phone');
    await sheet.getByRole('link', { name: 'My Order' }).click();
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(/\/statusOrder$/);
  });
});
