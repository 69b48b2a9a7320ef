import { expect, test, type APIRequestContext } from './test';
import { E2E_CAFE } from '../playwright.config';
import {
  AT_THE_CAFE,
  DEMO,
  TINY_PNG_FILE,
  apiLogin,
  bearer,
  letterStamp,
  loginViaUi,
  openEveryDayForLater,
  registerUser,
  setShopStatus,
} from './support';

/*
 * Drink options and orders for later (issue 19): a person on a phone orders a large oat-milk latte
 * with an extra shot for 10:30, and the counter tablet shows the ticket's options (what differs
 * from the usual drink stressed) and the order in the Later lane.
 */

interface Group {
  id: number;
  name: string;
  choices: { id: number; name: string }[];
}
interface WeeklyPeriod {
  venue: 'cafe' | 'bar';
  weekday: number;
  opens: string;
  closes: string;
}

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 1024, height: 768 };

const GROUPS = [
  {
    name: 'Size',
    minChoices: 1,
    maxChoices: 1,
    choices: [{ name: 'Regular', isDefault: true }, { name: 'Large' }],
  },
  {
    name: 'Milk',
    minChoices: 1,
    maxChoices: 1,
    choices: [{ name: 'Whole', isDefault: true }, { name: 'Oat' }],
  },
  {
    name: 'Extras',
    minChoices: 0,
    maxChoices: 2,
    maxQuantity: 2,
    choices: [{ name: 'Extra shot' }, { name: 'Vanilla' }],
  },
];

let staff: string;
let savedWeekly: WeeklyPeriod[] = [];

async function latte(request: APIRequestContext): Promise<{ id: number; name: string }> {
  const res = await request.get('/api/category', { params: { categoryFor: 'cafe' } });
  const categories = (await res.json()) as { menu: { id: number; name: string }[] }[];
  const item = categories.flatMap((c) => c.menu).find((m) => m.name === 'Latte');
  expect(item, 'Latte in the demo menu').toBeTruthy();
  return item!;
}

test.use({ geolocation: E2E_CAFE, permissions: ['geolocation'] });

test.beforeAll(async ({ request }) => {
  staff = (await apiLogin(request, DEMO.barista.email, DEMO.barista.password)).accessToken;
  // The option groups of the latte.
  const existing = (await (await request.get('/api/option-groups', { headers: bearer(staff) })).json()) as Group[];
  const ids: number[] = [];
  for (const group of GROUPS) {
    let found = existing.find((g) => g.name === group.name);
    if (!found) {
      const res = await request.post('/api/option-groups', { headers: bearer(staff), data: group });
      expect(res.status(), await res.text()).toBe(201);
      found = (await res.json()) as Group;
    }
    ids.push(found.id);
  }
  const item = await latte(request);
  const attached = await request.put(`/api/menu/${item.id}/options`, {
    headers: bearer(staff),
    data: { groups: ids.map((groupId) => ({ groupId })) },
  });
  expect(attached.status(), await attached.text()).toBe(200);
  // Orders for later a week ahead, with the cafe open every day (whenever the suite runs, a 10:30 is ahead).
  const schedule = (await (await request.get('/api/schedule')).json()) as { weekly: WeeklyPeriod[] };
  savedWeekly = schedule.weekly;
  await openEveryDayForLater(request, staff, 7);
});

test.afterAll(async ({ request }) => {
  await request.put('/api/schedule/weekly', { headers: bearer(staff), data: { weekly: savedWeekly } });
  await request.put('/api/sites/1/pickup', {
    headers: bearer(staff),
    data: { slotMinutes: 15, leadMinutes: 15, daysAhead: 0, slotCapacity: 10 },
  });
});

test('on a phone, a person orders a large oat-milk latte with an extra shot for 10:30, and the counter shows it', async ({
  browser,
  request,
}) => {
  await setShopStatus(request, 'cafe-open');
  const larry = `Larry ${letterStamp()}`;
  const person = await registerUser(request, larry);
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
  const item = await latte(request);
  await page.goto(`/form/${encodeURIComponent(item.name)}/${item.id}`);
  await expect(page.getByRole('heading', { name: 'Latte', exact: true })).toBeVisible();

  // The defaults are chosen; the person changes size and milk and adds an extra shot.
  await expect(page.getByRole('radio', { name: 'Regular' })).toBeChecked();
  await page.getByRole('radio', { name: 'Hot' }).click();
  await page.getByRole('radio', { name: '50%', exact: true }).click();
  await page.getByText('Large', { exact: true }).click();
  await page.getByText('Oat', { exact: true }).click();
  await page.getByText('Extra shot', { exact: true }).click();
  await expect(page.getByRole('checkbox', { name: 'Extra shot' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Large' })).toBeChecked();

  await page.getByRole('button', { name: 'Upload a photo' }).click();
  await page.getByLabel('Choose a photo').setInputFiles(TINY_PNG_FILE);
  await expect(page.getByRole('img', { name: 'Your tumbler' })).toBeVisible();

  // For later: the first 10:30 the site offers.
  await page.getByRole('radio', { name: 'Later' }).check();
  const select = page.getByLabel('Pickup time');
  const tenThirty = select.locator('option', { hasText: /^10:30/ }).first();
  const value = await tenThirty.getAttribute('value');
  expect(value, 'a 10:30 slot in the next week').toBeTruthy();
  await select.selectOption(value);

  await page.getByRole('button', { name: 'Next' }).click();
  const summary = page.getByRole('dialog', { name: 'Your order' });
  await expect(summary).toContainText('Large · Oat · Extra shot');
  await expect(summary).toContainText(/Pickup at (\w+ \d+ \w+ )?10:30/);
  await summary.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/statusOrder$/);

  // My orders: the slot, the options, and that it waits until then.
  const card = page.getByRole('article').filter({ hasText: 'Latte' }).first();
  await expect(card).toContainText('Large · Oat · Extra shot');
  await expect(card).toContainText(/Pickup at (\w+ \d+ \w+ )?10:30/);
  await expect(card).toContainText('Scheduled');
  await phone.close();

  // The counter tablet: the order waits in the Later lane with its time and its options.
  const tablet = await browser.newContext({ viewport: TABLET });
  const board = await tablet.newPage();
  await loginViaUi(board, DEMO.barista.email, DEMO.barista.password);
  // A barista lands on the board.
  await expect(board).toHaveURL(/\/ordering$/);
  const lane = board.getByRole('region', { name: /^Later/ });
  await expect(lane).toBeVisible();
  const row = lane.getByRole('listitem').filter({ hasText: larry });
  await expect(row).toContainText('10:30');
  await expect(row).toContainText('Large · Oat · Extra shot');
  // What differs from the usual drink is stressed.
  await expect(row.locator('strong', { hasText: 'Large' })).toBeVisible();
  await expect(row.locator('strong', { hasText: 'Oat' })).toBeVisible();
  await tablet.close();
});

test('on the counter tablet, a ticket shows its options with what differs from the default stressed', async ({
  browser,
  request,
}) => {
  await setShopStatus(request, 'cafe-open');
  const olga = `Olga ${letterStamp()}`;
  const person = await registerUser(request, olga);
  const { accessToken } = await apiLogin(request, person.email, person.password);
  const upload = await request.post('/api/upload/image', {
    headers: bearer(accessToken),
    multipart: { file: TINY_PNG_FILE },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const groups = (await (await request.get('/api/option-groups', { headers: bearer(staff) })).json()) as Group[];
  const choiceId = (group: string, name: string) =>
    groups.find((g) => g.name === group)!.choices.find((c) => c.name === name)!.id;
  const item = await latte(request);
  const placed = await request.post('/api/order', {
    headers: bearer(accessToken),
    data: {
      menu_id: item.id,
      menu_name: item.name,
      type: 'cold',
      sweetness: 25,
      remark: '-',
      tumblerImage: ((await upload.json()) as { url: string }).url,
      options: [
        { choiceId: choiceId('Size', 'Regular') },
        { choiceId: choiceId('Milk', 'Oat') },
        { choiceId: choiceId('Extras', 'Vanilla'), quantity: 2 },
      ],
      ...E2E_CAFE,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);

  const tablet = await browser.newContext({ viewport: TABLET });
  const board = await tablet.newPage();
  await loginViaUi(board, DEMO.barista.email, DEMO.barista.password);
  // A barista lands on the board.
  await expect(board).toHaveURL(/\/ordering$/);
  const ticket = board.getByRole('article').filter({ hasText: olga });
  await expect(ticket).toContainText('Regular · Oat · 2× Vanilla');
  await expect(ticket.locator('strong', { hasText: 'Oat' })).toBeVisible();
  await expect(ticket.locator('strong', { hasText: '2× Vanilla' })).toBeVisible();
  await expect(ticket.locator('strong', { hasText: 'Regular' })).toHaveCount(0);
  await tablet.close();
});

test("a choice the counter marks sold out greys on the phone at once, and the counter sets a drink's options", async ({
  browser,
  request,
}) => {
  await setShopStatus(request, 'cafe-open');
  const person = await registerUser(request, `Pim ${letterStamp()}`);
  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, ...AT_THE_CAFE });
  const page = await phone.newPage();
  await loginViaUi(page, person.email, person.password);
  await expect(page).toHaveURL(/\/statusOrder$/);
  const item = await latte(request);
  await page.goto(`/form/${encodeURIComponent(item.name)}/${item.id}`);
  await expect(page.getByRole('radio', { name: 'Oat' })).toBeEnabled();

  const tablet = await browser.newContext({ viewport: TABLET });
  const counter = await tablet.newPage();
  await loginViaUi(counter, DEMO.barista.email, DEMO.barista.password);
  await expect(counter).toHaveURL(/\/ordering$/);
  await counter.goto('/menuManagement');
  const milk = counter.getByRole('list', { name: 'Drink options' }).getByRole('listitem').filter({ hasText: 'Milk' });
  // Named for what it does and at which site (the first site's name is the deployment's).
  const oat = milk
    .getByRole('listitem')
    .filter({ hasText: 'Oat' })
    .getByRole('checkbox', { name: /^Oat sold out at / });
  // The box follows the server: it shows the site's state once the change is saved.
  await oat.click();
  await expect(counter.getByText('Oat is sold out here')).toBeVisible();
  await expect(oat).toBeChecked();

  // Without a reload.
  await expect(page.getByRole('radio', { name: /Oat/ })).toBeDisabled();
  await expect(page.getByText('(Sold out)')).toBeVisible();
  await oat.click();
  await expect(oat).not.toBeChecked();
  await expect(page.getByRole('radio', { name: 'Oat' })).toBeEnabled();

  // A drink's option groups on its edit screen: the latte offers Size, Milk and Extras in that order.
  await counter.goto(`/edit-menu/${item.id}`);
  const offered = counter.getByRole('list', { name: 'Option groups of this drink' });
  await expect(offered.getByRole('checkbox', { name: 'Size' })).toBeChecked();
  await expect(offered.getByRole('checkbox', { name: 'Extras' })).toBeChecked();
  await phone.close();
  await tablet.close();
});
