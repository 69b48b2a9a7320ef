import { MESSAGES } from '@cafe/shared';
import { expect, test, type APIRequestContext, type Page } from './test';
import { E2E_CAFE } from '../playwright.config';
import { clearActiveOrders, loginViaUi, msg, registerUser, setShopStatus } from './support';

/*
 * Issue 12, the ordering rough edges a new user met: the location refusal came only after the
 * whole form, the bar menu offered what online bar ordering (off here) cannot do, and the menus
 * did not follow the venue when it changed.
 */

/** 3.2 km north of the cafe (a degree of latitude is 111.2 km). */
const FAR_AWAY = { latitude: E2E_CAFE.latitude + 3.2 / 111.195, longitude: E2E_CAFE.longitude };

async function signInAs(page: Page, request: APIRequestContext, name: string) {
  const user = await registerUser(request, name);
  await loginViaUi(page, user.email, user.password);
}

async function openLatteForm(page: Page) {
  await page.goto('/menuCafe');
  await page.getByRole('button', { name: /^Latte\b/ }).click();
  await expect(page.getByRole('heading', { name: 'Latte' })).toBeVisible();
}

async function dismissBarRules(page: Page) {
  const rules = page.getByRole('dialog', { name: 'Before you order at the bar' });
  await rules.getByRole('button', { name: 'I understand' }).click();
  await expect(rules).toBeHidden();
}

test.describe('far from the cafe', () => {
  test.use({ geolocation: FAR_AWAY, permissions: ['geolocation'] });

  test('the order form says how far away the person is as soon as it opens', async ({ page, request }) => {
    await setShopStatus(request, 'cafe-open');
    await signInAs(page, request, 'Far Away');
    await expect(page).toHaveURL(/\/statusOrder$/);
    await openLatteForm(page);
    // Before any photo or choice: the distance, the radius and the specification's own alert (in
    // Thai in the specification; its English version in the English interface).
    const alert = page.getByRole('alert').filter({ hasText: 'from the cafe' });
    await expect(alert).toContainText('You are 3.2 km from the cafe; ordering works within 1 km.');
    await expect(alert).toContainText(msg('en', 'shared.spec.outOfRangeThai'));
    await expect(alert).not.toContainText(MESSAGES.outOfRangeThai);
    await expect(page.getByRole('button', { name: 'Upload a photo' })).toBeVisible();
  });
});

test.describe('without location sharing', () => {
  test.use({ geolocation: E2E_CAFE, permissions: [] });

  test('the order form asks to turn location sharing on, and says how, as soon as it opens', async ({
    page,
    request,
  }) => {
    await setShopStatus(request, 'cafe-open');
    await signInAs(page, request, 'No Sharing');
    await expect(page).toHaveURL(/\/statusOrder$/);
    await openLatteForm(page);
    const alert = page.getByRole('alert').filter({ hasText: MESSAGES.locationPermission });
    await expect(alert).toContainText('Location');
    await expect(alert).toContainText('Allow');
    await expect(alert.getByRole('button', { name: 'Check again' })).toBeVisible();

    // Allowed in the browser: the form hears the change and checks again by itself.
    await page.context().grantPermissions(['geolocation']);
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.locationPermission })).toHaveCount(0);
  });
});

test.describe('at the cafe', () => {
  test.use({ geolocation: E2E_CAFE, permissions: ['geolocation'] });

  test('with online bar ordering off, the bar menu says so at once and offers no form', async ({ page, request }) => {
    await clearActiveOrders(request);
    await setShopStatus(request, 'bar-open');
    try {
      await signInAs(page, request, 'Bar Reader');
      await expect(page).toHaveURL(/\/order_bar$/);
      await dismissBarRules(page);

      // The reason is on the menu itself, and nothing looks like it could be ordered here.
      await expect(page.getByText(MESSAGES.cocktailOffline)).toBeVisible();
      await expect(page.getByText('Mojito', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Mojito\b/ })).toHaveCount(0);

      // The form opened by its address shows the reason at once, not after the whole form.
      const res = await request.get('/api/category?categoryFor=bar');
      const mojito = ((await res.json()) as { menu: { id: number; name: string }[] }[])
        .flatMap((c) => c.menu)
        .find((m) => m.name === 'Mojito');
      expect(mojito).toBeTruthy();
      await page.goto(`/form-bar/Mojito/${mojito!.id}/${encodeURIComponent('Rum, lime, mint and soda')}`);
      await expect(page.getByText(MESSAGES.cocktailOffline)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
    } finally {
      await setShopStatus(request, 'cafe-open');
    }
  });

  test('a customer on a menu follows the venue live: bar to cafe and back', async ({ page, request }) => {
    await clearActiveOrders(request);
    await setShopStatus(request, 'bar-open');
    try {
      await signInAs(page, request, 'Bar Follower');
      await expect(page).toHaveURL(/\/order_bar$/);
      await dismissBarRules(page);
      await expect(page.getByRole('heading', { name: 'Bar Menu' })).toBeVisible();

      await setShopStatus(request, 'cafe-open');
      await expect(page).toHaveURL(/\/menuCafe$/);
      await expect(page.getByRole('heading', { name: 'Cafe Menu' })).toBeVisible();
      await expect(page.getByText('The bar is closed now, so here is the cafe menu.')).toBeVisible();

      await setShopStatus(request, 'bar-open');
      await expect(page).toHaveURL(/\/menubar$/);
      await expect(page.getByRole('heading', { name: 'Bar Menu' })).toBeVisible();
    } finally {
      await setShopStatus(request, 'cafe-open');
    }
  });

  test('a visitor on the bar menu is told the bar closed, with a link, and no drink looks tappable', async ({
    page,
    request,
  }) => {
    await clearActiveOrders(request);
    await setShopStatus(request, 'bar-open');
    try {
      await page.goto('/order_bar');
      await dismissBarRules(page);
      await expect(page.getByText('Mojito', { exact: true })).toBeVisible();

      await setShopStatus(request, 'cafe-open');
      await expect(page.getByText(MESSAGES.barClosed)).toBeVisible();
      await expect(page).toHaveURL(/\/order_bar$/);
      const mojito = page.getByRole('button', { name: /^Mojito\b/ });
      await expect(mojito).toBeDisabled();
      await page.getByRole('link', { name: 'Go to the cafe menu' }).click();
      await expect(page.getByRole('heading', { name: 'Cafe Menu' })).toBeVisible();
    } finally {
      await setShopStatus(request, 'cafe-open');
    }
  });
});
