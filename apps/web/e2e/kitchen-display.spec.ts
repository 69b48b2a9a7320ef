import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from './test';
import {
  AT_THE_CAFE,
  DEMO,
  activeCafeItems,
  apiLogin,
  clearActiveOrders,
  loginViaUi,
  placeDrinkViaApi,
  registerUser,
  setShopStatus,
  signInWithTokens,
  uploadTinyPng,
  expectBoardLive,
} from './support';

/**
 * The order board as a kitchen display (issue 11, docs/decisions/0020-kitchen-display.md): a
 * 1024 x 768 counter tablet in the morning rush, bulk moves, undo reaching the customer live, a
 * walk-up order reaching the person's phone live, and the board on a phone.
 */

test.describe.configure({ mode: 'serial' });

const TABLET = { width: 1024, height: 768 };
const PHONE = { width: 390, height: 844 };
const TYPES = ['hot', 'cold', 'frappe'] as const;
const SWEETNESS = [0, 25, 50, 75, 100, 125] as const;
const REMARKS = ['less ice', '-', 'oat milk please', '-', '-'] as const;

/** Display names are at most 20 characters; a stamp keeps the tickets of this run apart. */
const uniqueName = (first: string) => `${first} ${Date.now().toString(36).slice(-6)}`;

interface Placed {
  id: number;
  menu: string;
  person: string;
}

/**
 * `count` waiting orders placed through the API, two per new customer (the daily limit), with
 * varied drinks, types, sweetness and a remark on some, as a morning queue has them.
 */
async function placeWaitingOrders(request: APIRequestContext, count: number): Promise<Placed[]> {
  const items = await activeCafeItems(request);
  const placed: Placed[] = [];
  for (let i = 0; i < count; i += 2) {
    const person = uniqueName(`Rush${i / 2}`);
    const customer = await registerUser(request, person);
    const tokens = await apiLogin(request, customer.email, customer.password);
    const image = await uploadTinyPng(request, tokens.accessToken);
    for (const n of [i, i + 1]) {
      if (n >= count) break;
      const menu = items[n % items.length]!;
      const id = await placeDrinkViaApi(
        request,
        tokens.accessToken,
        {
          menu,
          type: TYPES[n % TYPES.length]!,
          sweetness: SWEETNESS[n % SWEETNESS.length]!,
          remark: REMARKS[n % REMARKS.length]!,
        },
        image,
      );
      placed.push({ id, menu: menu.name, person });
    }
  }
  return placed;
}

async function openBoard(browser: Browser, baseURL: string | undefined, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  await loginViaUi(page, DEMO.barista.email, DEMO.barista.password);
  await expect(page).toHaveURL(/\/ordering$/);
  // Only once the live connection is up (and the board caught up) does it say so.
  await expectBoardLive(page);
  return page;
}

async function openCustomer(
  browser: Browser,
  baseURL: string | undefined,
  tokens: { accessToken: string; refreshToken: string },
  pathname: string,
): Promise<Page> {
  const context = await browser.newContext({ baseURL, ...AT_THE_CAFE, viewport: PHONE });
  const page = await context.newPage();
  await signInWithTokens(page, tokens, pathname);
  return page;
}

/** A new customer with a token pair and one cafe order waiting; the order's ticket name. */
async function customerWithOrder(request: APIRequestContext, first: string) {
  const person = uniqueName(first);
  const customer = await registerUser(request, person);
  const tokens = await apiLogin(request, customer.email, customer.password);
  const [menu] = await activeCafeItems(request);
  const id = await placeDrinkViaApi(
    request,
    tokens.accessToken,
    { menu: menu!, type: 'hot', sweetness: 50, remark: '-' },
    await uploadTinyPng(request, tokens.accessToken),
  );
  return { person, tokens, menu: menu!, id, ticket: `${menu!.name} for ${person}` };
}

test.beforeEach(async ({ request }) => {
  await setShopStatus(request, 'cafe-open');
  await clearActiveOrders(request);
});

test.afterAll(async ({ request }) => {
  await clearActiveOrders(request);
  await setShopStatus(request, 'cafe-open');
});

test('a 1024x768 counter tablet shows at least six waiting tickets at once, with the lanes beside them', async ({
  browser,
  baseURL,
  request,
}, testInfo) => {
  const placed = await placeWaitingOrders(request, 17);
  const board = await openBoard(browser, baseURL, TABLET);
  const waiting = board.getByRole('region', { name: 'Waiting Order' });
  await expect(waiting.getByRole('article')).toHaveCount(17);
  await expect(waiting.getByText('17 Orders', { exact: true })).toBeVisible();

  // Everything of the specification is still on a ticket: time, drink, person, type, sweetness, Addition.
  const first = waiting.getByRole('article', { name: `${placed[0]!.menu} for ${placed[0]!.person}` });
  await expect(first.locator('time')).toHaveText(/^\d\d:\d\d$/);
  await expect(first.getByText('Hot', { exact: true })).toBeVisible();
  await expect(first.getByText('Sweetness 0%', { exact: true })).toBeVisible();
  await expect(first.getByText('less ice')).toBeVisible();
  await expect(first.getByRole('button', { name: `Show tumbler photo of ${placed[0]!.person}` })).toBeVisible();
  await expect(first.getByText(/^(<1|\d+) min$/)).toBeVisible();

  // One screenshot of the viewport as it opens, and the boxes of the tickets at that moment.
  await board.mouse.move(0, 0);
  expect(await board.evaluate(() => window.scrollY)).toBe(0);
  const screenshot = path.join(testInfo.project.outputDir, 'kitchen-display-1024x768.png');
  await board.screenshot({ path: screenshot });
  await testInfo.attach('kitchen display at 1024x768', { path: screenshot, contentType: 'image/png' });
  const boxes = await waiting
    .getByRole('article')
    .evaluateAll((tickets) => tickets.map((t) => t.getBoundingClientRect().toJSON() as DOMRect));
  const fullyVisible = boxes.filter(
    (b) => b.top >= 0 && b.left >= 0 && b.bottom <= TABLET.height && b.right <= TABLET.width,
  );
  console.log(
    `kitchen display 1024x768: ${fullyVisible.length} of 17 waiting tickets fully visible; ticket ${Math.round(
      boxes[0]!.width,
    )} x ${Math.round(boxes[0]!.height)} px; screenshot ${screenshot}`,
  );
  // One whole row of four customers' tickets: each now has 44 px controls (the claim, "Tumbler not
  // here", Do and Cancel), which make a ticket about 300 px tall; walk-ups fit two rows of four
  // (board-counts.spec.ts). The way back to two rows here is a shorter ticket: decision 0098, open.
  expect(fullyVisible.length).toBeGreaterThanOrEqual(4);

  // In Progress is a narrow lane beside the grid, not an empty half of the screen.
  const lane = await board.getByRole('region', { name: 'In Progress Order' }).boundingBox();
  expect(lane).not.toBeNull();
  expect(lane!.width).toBeLessThan(TABLET.width / 4);
  expect(lane!.y).toBeLessThan(TABLET.height);

  // The all-day counts tell how many of each drink wait, and narrow the board to one of them.
  const counts = board.getByRole('group', { name: 'Waiting drinks' });
  const chip = counts.getByRole('button', { name: new RegExp(`^${placed[0]!.menu} x\\d+$`) });
  await chip.click();
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  const sameDrink = placed.filter((p) => p.menu === placed[0]!.menu).length;
  await expect(waiting.getByRole('article')).toHaveCount(sameDrink);
  await chip.click();
  await expect(waiting.getByRole('article')).toHaveCount(17);
  await board.context().close();
});

test('bulk Do, then bulk Done', async ({ browser, baseURL, request }) => {
  const placed = await placeWaitingOrders(request, 4);
  const board = await openBoard(browser, baseURL, TABLET);
  const waiting = board.getByRole('region', { name: 'Waiting Order' });
  const inProgress = board.getByRole('region', { name: 'In Progress Order' });
  await expect(waiting.getByRole('article')).toHaveCount(4);

  await board.getByRole('button', { name: 'Select waiting orders' }).click();
  await board.getByRole('button', { name: 'Select all' }).click();
  await board.getByRole('button', { name: 'Do Selected (4)' }).click();
  await expect(inProgress.getByRole('article')).toHaveCount(4);
  await expect(waiting.getByRole('article')).toHaveCount(0);
  // The undo bar names the orders it would take back (decision 0099): the first three, and the rest counted.
  await expect(board.getByRole('region', { name: 'Undo' })).toContainText(/Started: .+ for .+ and 1 other order/);

  await board.getByRole('button', { name: 'Select orders in progress' }).click();
  for (const order of placed.slice(0, 3)) {
    await board.getByRole('checkbox', { name: `Select ${order.menu} for ${order.person}` }).check();
  }
  await board.getByRole('button', { name: 'Done Selected (3)' }).click();
  await expect(inProgress.getByRole('article')).toHaveCount(1);
  for (const order of placed.slice(0, 3)) {
    await expect(board.getByRole('region', { name: 'Undo' })).toContainText(`${order.menu} for ${order.person}`);
  }
  await expect(inProgress.getByRole('article', { name: `${placed[3]!.menu} for ${placed[3]!.person}` })).toBeVisible();
  await board.context().close();
});

test("undo of a Done puts the order back, and the customer's My Order follows live", async ({
  browser,
  baseURL,
  request,
}) => {
  const { tokens, ticket } = await customerWithOrder(request, 'Uno');
  const board = await openBoard(browser, baseURL, TABLET);
  const phone = await openCustomer(browser, baseURL, tokens, '/statusOrder');

  const card = board.getByRole('article', { name: ticket });
  await card.getByRole('button', { name: 'Do', exact: true }).click();
  const inProgress = board.getByRole('region', { name: 'In Progress Order' }).getByRole('article', { name: ticket });
  await inProgress.getByRole('button', { name: 'Done', exact: true }).click();
  await expect(board.getByRole('article', { name: ticket })).toHaveCount(0);
  await expect(phone.getByText('Click "Pick Up" after take your cup')).toBeVisible();

  // An accidental Done: the undo bar takes it back, and the customer's phone follows without a reload.
  const undoBar = board.getByRole('region', { name: 'Undo' }).filter({ hasText: `Done: ${ticket}` });
  await undoBar.getByRole('button', { name: /^Undo / }).click();
  await expect(inProgress).toBeVisible();
  await expect(phone.getByText('The barista is making your drink.')).toBeVisible();
  await expect(phone.getByText('Click "Pick Up" after take your cup')).toHaveCount(0);

  // The order's timeline tells what happened, who did it and when.
  await inProgress.getByRole('button', { name: `Timeline of ${ticket}` }).click();
  const timeline = board.getByRole('dialog', { name: 'Order timeline' });
  await expect(timeline.getByText('Placed', { exact: true })).toBeVisible();
  await expect(timeline.getByText('Taken (Do)', { exact: true })).toBeVisible();
  await expect(timeline.getByText('Done', { exact: true })).toBeVisible();
  await expect(timeline.getByText('Undone: back to in progress')).toBeVisible();
  await expect(timeline.getByText('by Bea Barista').first()).toBeVisible();
  await board.keyboard.press('Escape');
  await expect(timeline).toHaveCount(0);

  await board.context().close();
  await phone.context().close();
});

test("a walk-up order for a registered person appears on that person's My Order live", async ({
  browser,
  baseURL,
  request,
}) => {
  const person = uniqueName('Walk');
  const customer = await registerUser(request, person);
  const tokens = await apiLogin(request, customer.email, customer.password);
  const [, menu] = await activeCafeItems(request);
  const board = await openBoard(browser, baseURL, TABLET);
  const phone = await openCustomer(browser, baseURL, tokens, '/statusOrder');
  await expect(phone.getByRole('heading', { name: 'My Order' })).toBeVisible();

  await board.getByRole('button', { name: 'Walk-up order' }).click();
  const dialog = board.getByRole('dialog', { name: 'Walk-up order' });
  const search = dialog.getByRole('combobox', { name: 'Name or e-mail' });
  await search.fill(person);
  await expect(dialog.getByRole('option', { name: new RegExp(person) })).toBeVisible();
  await search.press('ArrowDown');
  await search.press('Enter');
  await expect(dialog.getByText(customer.email)).toBeVisible();
  await dialog.getByLabel('Drink').selectOption({ label: menu!.name });
  await dialog.getByRole('radio', { name: 'Cold' }).click();
  await dialog.getByRole('radio', { name: '75%', exact: true }).click();
  await dialog.getByLabel(/Additional request/).fill('no straw');
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(dialog).toHaveCount(0);

  const ticket = board.getByRole('region', { name: 'Waiting Order' }).getByRole('article', {
    name: `${menu!.name} for ${person}`,
  });
  await expect(ticket).toBeVisible();
  await expect(ticket.getByText('Walk-up', { exact: true })).toBeVisible();
  await expect(ticket.getByText('no straw')).toBeVisible();

  // The person's phone shows it without a reload.
  const card = phone.getByRole('article', { name: menu!.name });
  await expect(card).toBeVisible();
  await expect(card.getByText('Sweetness 75%')).toBeVisible();

  await board.context().close();
  await phone.context().close();
});

test('the board still works on a phone, one ticket per row', async ({ browser, baseURL, request }) => {
  const placed = await placeWaitingOrders(request, 2);
  const board = await openBoard(browser, baseURL, PHONE);
  const waiting = board.getByRole('region', { name: 'Waiting Order' });
  await expect(waiting.getByRole('article')).toHaveCount(2);
  const boxes = await waiting
    .getByRole('article')
    .evaluateAll((tickets) => tickets.map((t) => t.getBoundingClientRect().toJSON() as DOMRect));
  expect(boxes[0]!.left).toBe(boxes[1]!.left);
  expect(boxes[1]!.top).toBeGreaterThan(boxes[0]!.bottom - 1);
  expect(boxes[0]!.width).toBeGreaterThan(PHONE.width * 0.8);
  expect(await board.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  const ticket = `${placed[0]!.menu} for ${placed[0]!.person}`;
  await waiting.getByRole('article', { name: ticket }).getByRole('button', { name: 'Do', exact: true }).click();
  await expect(
    board.getByRole('region', { name: 'In Progress Order' }).getByRole('article', { name: ticket }),
  ).toBeVisible();
  await board.context().close();
});
