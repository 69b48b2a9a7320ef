import { expect, test, type APIRequestContext, type Page } from './test';
import { E2E_CAFE } from '../playwright.config';
import {
  DEMO,
  TINY_PNG_FILE,
  apiLogin,
  archiveOtherSites,
  bearer,
  cafeMenuOf,
  letterStamp,
  registerUser,
  setShopStatus,
  signInWithTokens,
  uploadTinyPng,
} from './support';

/*
 * The customer's screens ask the one placement decision (packages/shared/src/placement.ts) with
 * the person's own site, before they type: the location check measures against their site, busy
 * mode greys the menu out, an archived site asks for another, and "Order again" of a drink whose
 * option is sold out asks for that choice again. My Order and the history name the site.
 */

/** A second site some 8 km from the first, on the same clock (so the Friday cut-off is the first's). */
const RIVERSIDE = { latitude: 13.8, longitude: 100.6 };

let admin = '';
let staff = '';

async function call(
  request: APIRequestContext,
  token: string,
  method: 'post' | 'patch' | 'put' | 'delete',
  path: string,
  data?: unknown,
) {
  const res = await request[method](path, { headers: bearer(token), data });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
  return res.json() as Promise<unknown>;
}

/** Fills the cafe form of the drink open on `page` (hot, 50 %, a new photo) and places it from the summary. */
async function fillAndPlace(page: Page) {
  await page.getByRole('radio', { name: 'Hot' }).click();
  await page.getByRole('radio', { name: '50%', exact: true }).click();
  await page.getByRole('button', { name: 'Upload a photo' }).click();
  await page.getByLabel('Choose a photo').setInputFiles(TINY_PNG_FILE);
  await expect(page.getByRole('img', { name: 'Your tumbler' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('dialog', { name: 'Your order' }).getByRole('button', { name: 'Place order' }).click();
}

test.beforeAll(async ({ request }) => {
  admin = (await apiLogin(request, DEMO.admin.email, DEMO.admin.password)).accessToken;
  staff = (await apiLogin(request, DEMO.barista.email, DEMO.barista.password)).accessToken;
});

test.afterAll(async ({ request }) => {
  // The specs after this one meet a company of one site, taking orders.
  await archiveOtherSites(request);
  await call(request, staff, 'patch', '/api/ordering-status', { paused: false });
});

test('a person at the second site orders from there, sees where the drink waits, and is asked for another site once theirs is archived', async ({
  browser,
  request,
}) => {
  const second = (await call(request, admin, 'post', '/api/sites', {
    name: `Riverside ${letterStamp()}`,
    ...RIVERSIDE,
    radiusKm: 1,
    timeZone: 'Asia/Bangkok',
    venues: { cafe: true, bar: false },
  })) as { id: number; name: string };
  await call(request, admin, 'patch', `/api/cafe-status/cafe-open?siteId=${second.id}`);
  await setShopStatus(request, 'cafe-open');

  const person = await registerUser(request, 'Riverside Regular');
  const tokens = await apiLogin(request, person.email, person.password);
  await call(request, tokens.accessToken, 'put', '/api/user/home-site', { siteId: second.id });
  const drink = await cafeMenuOf(request, 'Coffee');

  // Standing at the second site, far from the first: the order goes through.
  const context = await browser.newContext({ geolocation: RIVERSIDE, permissions: ['geolocation'] });
  const page = await context.newPage();
  await signInWithTokens(page, tokens, `/form/${encodeURIComponent(drink.name)}/${drink.id}`);
  await expect(page.getByRole('heading', { name: drink.name, exact: true })).toBeVisible();
  await fillAndPlace(page);
  await expect(page).toHaveURL(/\/statusOrder$/);

  // The live card says at which site the drink waits.
  const card = page.getByRole('article').filter({ hasText: drink.name }).first();
  await expect(card).toContainText(`At ${second.name}`);
  await expect(card).toContainText('Waiting');

  // Cancelled, it shows in the history with its site.
  await card.getByRole('button', { name: 'Cancel', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
  await page.goto('/ordered');
  await expect(page.getByRole('listitem').filter({ hasText: drink.name }).first()).toContainText(`At ${second.name}`);

  // The site is archived: the menu asks for another before anything can be ordered.
  await call(request, admin, 'post', `/api/sites/${second.id}/archive`);
  await page.goto('/menuCafe');
  const prompt = page.getByRole('region', { name: 'Your site no longer takes orders' });
  await expect(prompt).toContainText('Choose another site');
  await prompt.getByRole('combobox', { name: 'Choose a site to order at' }).selectOption({ label: 'Head office' });
  await expect(page.getByText('You now order at Head office')).toBeVisible();
  await expect(prompt).toBeHidden();
  await expect(page.getByRole('button', { name: new RegExp(`^${drink.name}`) })).toBeEnabled();
  await context.close();
});

test('while busy mode pauses online orders, the menu greys the cafe drinks out before any form', async ({
  page,
  request,
}) => {
  await setShopStatus(request, 'cafe-open');
  const drink = await cafeMenuOf(request, 'Coffee');
  const person = await registerUser(request, 'Patient Person');
  await call(request, staff, 'patch', '/api/ordering-status', { paused: true });
  try {
    await signInWithTokens(page, await apiLogin(request, person.email, person.password), '/menuCafe');
    const tile = page.getByRole('button', { name: new RegExp(`^${drink.name}`) });
    await expect(page.getByText('The cafe has paused online orders for a moment.')).toBeVisible();
    await expect(tile).toBeDisabled();
    await expect(tile).toContainText('Orders paused');
  } finally {
    await call(request, staff, 'patch', '/api/ordering-status', { paused: false });
  }
  // Taken again: the drink can be chosen, live.
  await expect(page.getByRole('button', { name: new RegExp(`^${drink.name}`) })).toBeEnabled();
});

test('Order again of a drink whose milk is sold out now opens the form to choose another, saying why', async ({
  browser,
  request,
}) => {
  await setShopStatus(request, 'cafe-open');
  const milk = `Milk ${letterStamp()}`;
  const group = (await call(request, staff, 'post', '/api/option-groups', {
    name: milk,
    minChoices: 1,
    maxChoices: 1,
    choices: [{ name: 'Whole', isDefault: true }, { name: 'Oat' }],
  })) as { id: number; choices: { id: number; name: string }[] };
  const oat = group.choices.find((c) => c.name === 'Oat')!;
  const drink = await cafeMenuOf(request, 'Tea');
  await call(request, staff, 'put', `/api/menu/${drink.id}/options`, { groups: [{ groupId: group.id }] });
  try {
    // The person's usual: the tea with oat milk.
    const person = await registerUser(request, 'Oat Lover');
    const tokens = await apiLogin(request, person.email, person.password);
    await call(request, tokens.accessToken, 'post', '/api/order', {
      menu_id: drink.id,
      menu_name: drink.name,
      type: 'hot',
      sweetness: 50,
      remark: '-',
      tumblerImage: await uploadTinyPng(request, tokens.accessToken),
      options: [{ choiceId: oat.id }],
      ...E2E_CAFE,
    });
    // Oat milk runs out at the site.
    await call(request, staff, 'patch', `/api/sites/1/option-choices/${oat.id}`, { soldOut: true });

    const context = await browser.newContext({ geolocation: E2E_CAFE, permissions: ['geolocation'] });
    const page = await context.newPage();
    await signInWithTokens(page, tokens, '/statusOrder');
    await page.getByRole('button', { name: 'Order again' }).click();
    await expect(page.getByText(`Oat is sold out — choose another ${milk}.`)).toBeVisible();
    await expect(page.getByRole('heading', { name: drink.name, exact: true })).toBeVisible();
    await expect(page.getByRole('radio', { name: /Oat/ })).toBeDisabled();
    await expect(page.getByRole('dialog', { name: 'Your order' })).toBeHidden();
    await context.close();
  } finally {
    await call(request, staff, 'patch', `/api/sites/1/option-choices/${oat.id}`, { soldOut: false });
    await call(request, staff, 'put', `/api/menu/${drink.id}/options`, { groups: [] });
  }
});
