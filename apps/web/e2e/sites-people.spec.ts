import { expect, test, type APIRequestContext, type Page } from './test';
import {
  apiLogin,
  archiveOtherSites,
  bearer,
  cafeMenuOf,
  clearActiveOrders,
  DEMO,
  expectAccessible,
  letterStamp,
  registerUser,
  setShopStatus,
  signInWithTokens,
} from './support';

/*
 * A person's side of a company with two sites: the navigation names their site and changes it,
 * the menu and the shop status follow the site, and the first time the nearest site is suggested.
 * The second site is made through the API as the demo admin, and archived again at the end so
 * the other specs see one site.
 */

const BERLIN = { latitude: 52.52, longitude: 13.405 };

let adminToken = '';
let second: { id: number; name: string };
let soldOutItem: { id: number; name: string };
/** When the sold-out ends, on the Berlin clock. */
let soldOutUntilText = '';

/** Visible items of the top bar (links, buttons, the site switch, the greeting) that overlap or leave the screen. */
async function topBarOverlaps(page: Page): Promise<string[]> {
  return page.getByRole('banner').evaluate((header) => {
    const items = [...header.querySelectorAll('a, button, select, [data-testid="greeting"]')]
      .map((el) => ({
        el,
        name: (el.getAttribute('aria-label') ?? el.textContent ?? el.tagName).trim(),
        r: el.getBoundingClientRect(),
      }))
      .filter(({ r }) => r.width > 0 && r.height > 0);
    const problems: string[] = [];
    for (const [i, a] of items.entries()) {
      if (a.r.left < -0.5 || a.r.right > window.innerWidth + 0.5) problems.push(`${a.name} outside the viewport`);
      for (const b of items.slice(i + 1)) {
        // The greeting holds its rename button.
        if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
        const apart =
          a.r.right <= b.r.left + 0.5 ||
          b.r.right <= a.r.left + 0.5 ||
          a.r.bottom <= b.r.top + 0.5 ||
          b.r.bottom <= a.r.top + 0.5;
        if (!apart) problems.push(`${a.name} overlaps ${b.name}`);
      }
    }
    return problems;
  });
}

async function asAdmin(request: APIRequestContext, method: 'post' | 'patch', path: string, data?: unknown) {
  const res = await request[method](path, { headers: bearer(adminToken), data });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json() as Promise<unknown>;
}

test.beforeAll(async ({ request }) => {
  adminToken = (await apiLogin(request, DEMO.admin.email, DEMO.admin.password)).accessToken;
  second = (await asAdmin(request, 'post', '/api/sites', {
    name: `Berlin ${letterStamp()}`,
    ...BERLIN,
    radiusKm: 1,
    timeZone: 'Europe/Berlin',
    venues: { cafe: true, bar: false },
  })) as { id: number; name: string };
  // The first site serves the cafe; the new one starts closed and is opened for the menu part.
  await clearActiveOrders(request);
  await setShopStatus(request, 'cafe-open');
  await asAdmin(request, 'patch', `/api/cafe-status/cafe-open?siteId=${second.id}`);
  soldOutItem = await cafeMenuOf(request);
  const until = new Date(Date.now() + 3 * 60 * 60 * 1000);
  soldOutUntilText = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Berlin',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(until);
  await asAdmin(request, 'patch', `/api/sites/${second.id}/menu-items/${soldOutItem.id}`, {
    soldOut: true,
    soldOutUntil: until.toISOString(),
  });
});

test.afterAll(async ({ request }) => {
  // Whatever happened above, the specs after this one meet a company of one site.
  await archiveOtherSites(request);
});

test('a person switches home site from the navigation and sees its menu and its status', async ({ page, request }) => {
  const person = await registerUser(request, 'Site Switcher');
  await signInWithTokens(page, await apiLogin(request, person.email, person.password), '/menuCafe');

  const siteSwitch = page.getByRole('combobox', { name: 'Your site' });
  await expect(siteSwitch.locator('option:checked')).toHaveText('Head office');
  const drink = page.getByRole('button', { name: new RegExp(`^${soldOutItem.name}`) });
  await expect(drink).toBeEnabled();
  for (const width of [1024, 1280, 1536]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(siteSwitch).toBeVisible();
    expect(await topBarOverlaps(page), `the top bar at ${width} px`).toEqual([]);
  }

  await siteSwitch.selectOption({ label: second.name });
  await expect(page.getByText(`You now order at ${second.name}`)).toBeVisible();
  await expectAccessible(page, 'the menu after a site switch, with its toast');
  await expect(siteSwitch.locator('option:checked')).toHaveText(second.name);
  // The menu of the new site: the item sold out there, until a time on its clock.
  await expect(drink).toBeDisabled();
  await expect(drink).toContainText(`Sold out until ${soldOutUntilText}`);

  // The new site closes; the live channel follows it, so the person's screen does at once.
  await asAdmin(request, 'patch', `/api/cafe-status/close-both?siteId=${second.id}`);
  await expect(page.getByRole('heading', { name: 'Sorry, both the cafe and bar are currently closed' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Your site' }).locator('option:checked')).toHaveText(second.name);
  // ...while the first site is still open for the people there.
  const first = await request.get('/api/cafe-status');
  expect(await first.json()).toEqual({ isCafeOpen: true, isBarOpen: false });

  // And back: the closed page moves on by itself to the first site's menu, the item there to order.
  await page.getByRole('combobox', { name: 'Your site' }).selectOption({ label: 'Head office' });
  await expect(page.getByText('You now order at Head office')).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(`^${soldOutItem.name}`) })).toBeEnabled();
});

test("an admin's top bar names their site beside the staff links without overlapping", async ({ page, request }) => {
  await signInWithTokens(page, await apiLogin(request, DEMO.admin.email, DEMO.admin.password), '/statusOrder-admin');
  // The links, the switch, the greeting and Logout fit in one bar from 1800 px; below, the bar
  // names the site and the menu holds the switch.
  for (const width of [1536, 1600]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(page.getByTestId('site-name')).toHaveText(/Head office/);
    expect(await topBarOverlaps(page), `the top bar at ${width} px`).toEqual([]);
  }
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog').getByRole('combobox', { name: 'Your site' })).toBeVisible();
  await page.keyboard.press('Escape');
  for (const width of [1800, 1920]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(page.getByRole('combobox', { name: 'Your site' })).toBeVisible();
    expect(await topBarOverlaps(page), `the top bar at ${width} px`).toEqual([]);
  }
});

test('the first time, on a phone, the site nearest the person is suggested', async ({ browser, request }) => {
  const context = await browser.newContext({
    geolocation: BERLIN,
    permissions: ['geolocation'],
    viewport: { width: 375, height: 740 },
  });
  const page = await context.newPage();
  const person = await registerUser(request, 'New Starter');
  await asAdmin(request, 'patch', `/api/cafe-status/cafe-open?siteId=${second.id}`);
  await signInWithTokens(page, await apiLogin(request, person.email, person.password), '/menuCafe');

  const question = page.getByRole('heading', { name: `Order at ${second.name}?` });
  await expect(question).toBeVisible();
  // Ordering is not held up meanwhile: the menu is there, at the first site.
  await expect(page.getByRole('button', { name: new RegExp(`^${soldOutItem.name}`) })).toBeEnabled();
  await expect(page.getByTestId('site-name')).toHaveText(/Head office/);
  await expectAccessible(page, 'the home site suggestion');

  await page.getByRole('button', { name: 'Yes' }).click();
  const told = page.getByText(`You now order at ${second.name}`);
  await expect(told).toBeVisible();
  // The toast comes to rest below the top bar: the menu button stays free to tap while it shows.
  const bar = await page.getByRole('banner').boundingBox();
  const toast = page.locator('[data-sonner-toast]').filter({ has: told });
  // A pointer on it keeps it (sonner pauses its timer): measured however slowly this runs.
  await toast.hover();
  await expect
    .poll(async () => ((await toast.boundingBox())?.y ?? 0) - ((bar?.y ?? 0) + (bar?.height ?? 0)))
    .toBeGreaterThanOrEqual(0);
  await expect(question).toBeHidden();
  await expect(page.getByTestId('site-name')).toHaveText(new RegExp(second.name));
  await expect(page.getByRole('button', { name: new RegExp(`^${soldOutItem.name}`) })).toContainText(
    `Sold out until ${soldOutUntilText}`,
  );

  // The phone's menu offers the switch too, labelled.
  await page.getByRole('button', { name: 'Open menu' }).click();
  const sheetSwitch = page.getByRole('dialog').getByRole('combobox', { name: 'Your site' });
  await expect(sheetSwitch.locator('option:checked')).toHaveText(second.name);
  await expectAccessible(page, 'the mobile menu with the site switch');
  await context.close();
});
