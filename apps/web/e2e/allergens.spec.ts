import { expect, test } from './test';
import { E2E_CAFE } from '../playwright.config';
import { DEMO, TINY_PNG_FILE, apiLogin, bearer, letterStamp, loginViaUi, registerUser, setShopStatus } from './support';

/*
 * What you cannot drink (issue 32, docs/allergens.md): a person who avoids milk says so on their
 * profile, sees the warning on the menu and on the form, is asked before placing the drink,
 * confirms and places it; the barista's ticket shows what they avoid.
 */

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 1024, height: 768 };

test('a person sets what they avoid, is warned on the menu and the form, confirms, and the ticket shows it', async ({
  browser,
  request,
}) => {
  await setShopStatus(request, 'cafe-open');
  // A barista tags a drink of its own: milk and caffeine.
  const staff = (await apiLogin(request, DEMO.barista.email, DEMO.barista.password)).accessToken;
  const categories = (await (await request.get('/api/category', { params: { categoryFor: 'cafe' } })).json()) as {
    id: number;
    name: string;
  }[];
  const coffee = categories.find((c) => c.name === 'Coffee');
  expect(coffee, 'the demo Coffee category').toBeTruthy();
  const drink = `Milky ${letterStamp()}`;
  const created = await request.post('/api/menu', {
    headers: bearer(staff),
    data: { name: drink, category_id: coffee!.id, tags: ['milk', 'caffeine'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const item = (await created.json()) as { id: number };

  // On a phone, the person says on their profile that they avoid milk.
  const name = `Alma ${letterStamp()}`;
  const person = await registerUser(request, name);
  const phone = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    geolocation: E2E_CAFE,
    permissions: ['geolocation'],
  });
  const page = await phone.newPage();
  await loginViaUi(page, person.email, person.password);
  await expect(page).toHaveURL(/\/statusOrder$/);
  await page.goto('/profile');
  const avoids = page.getByRole('region', { name: 'What you cannot drink' });
  await expect(avoids).toBeVisible();
  await avoids
    .getByRole('group', { name: 'Allergens and caffeine you avoid' })
    .getByRole('checkbox', { name: 'Milk' })
    .check();
  // Health data: kept only with their consent, asked on its own (docs/decisions/0068-health-data-consent.md).
  await avoids.getByRole('checkbox', { name: 'I agree that the cafe keeps this list of what I cannot drink.' }).check();
  await avoids.getByRole('button', { name: 'Save what I avoid' }).click();
  await expect(avoids.getByRole('status')).toHaveText('Saved.');
  await expect(avoids.getByRole('button', { name: 'Withdraw my consent' })).toBeVisible();

  // The menu marks the drink.
  await page.goto('/menuCafe');
  const tile = page.getByRole('button', { name: new RegExp(drink) });
  await expect(tile).toContainText('Not for you: Milk');

  // The form warns, and the summary asks before placing it.
  await tile.click();
  await expect(page.getByRole('heading', { name: drink, exact: true })).toBeVisible();
  await expect(page.getByRole('note').filter({ hasText: 'contains' })).toHaveText(
    'This drink contains Milk, which you avoid.',
  );
  await page.getByRole('radio', { name: 'Hot' }).click();
  await page.getByRole('radio', { name: '50%', exact: true }).click();
  await page.getByRole('button', { name: 'Upload a photo' }).click();
  await page.getByLabel('Choose a photo').setInputFiles(TINY_PNG_FILE);
  await expect(page.getByRole('img', { name: 'Your tumbler' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  const summary = page.getByRole('dialog', { name: 'Your order' });
  await expect(summary.getByRole('note').filter({ hasText: 'contains' })).toHaveText(
    'This drink contains Milk, which you avoid.',
  );
  const place = summary.getByRole('button', { name: 'Place order' });
  await expect(place).toBeDisabled();
  await summary.getByRole('checkbox', { name: 'I know what it contains. Place it anyway.' }).check();
  await expect(place).toBeEnabled();
  await place.click();
  await expect(page).toHaveURL(/\/statusOrder$/);
  await phone.close();

  // The barista's ticket on the counter tablet shows what the person avoids.
  const tablet = await browser.newContext({ viewport: TABLET });
  const board = await tablet.newPage();
  await loginViaUi(board, DEMO.barista.email, DEMO.barista.password);
  await expect(board).toHaveURL(/\/ordering$/);
  const ticket = board.getByRole('article').filter({ hasText: name });
  await expect(ticket).toContainText(drink);
  await expect(ticket.getByTestId('ticket-diet')).toHaveText('Not for them: Milk');
  await tablet.close();

  // The drink goes back off the menu for the next run.
  await request.patch(`/api/menu/${item.id}`, { headers: bearer(staff), data: { isAvailable: 'unavailable' } });
});
