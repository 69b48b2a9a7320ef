import { expect, test, type APIRequestContext, type Locator, type Page } from './test';
import {
  DEMO,
  activeCafeItems,
  apiLogin,
  bearer,
  clearActiveOrders,
  loginViaUi,
  openEveryDayForLater,
  placeDrinkViaApi,
  registerUser,
  setShopStatus,
  uploadTinyPng,
} from './support';

/**
 * The board's lanes and chrome on the 1024 x 768 counter tablet (issue 47,
 * docs/decisions/0075-board-lanes-and-chrome.md): the Ready lane beside In Progress and the Later
 * lane seen without scrolling, the finished drinks handed over in one go, and the undo bar covering
 * none of the controls above the board.
 */

test.describe.configure({ mode: 'serial' });

const TABLET = { width: 1024, height: 768 };
const READY = 8;
const IN_PROGRESS = 3;
const WAITING = 4;

interface WeeklyPeriod {
  venue: string;
  weekday: number;
  opens: string;
  closes: string;
}
let savedWeekly: WeeklyPeriod[] = [];
let staff = '';

/** Tomorrow at 10:30 in Bangkok (the cafe's zone), as an instant. */
function tomorrowAt1030(): string {
  const bangkok = new Date(Date.now() + 7 * 3_600_000 + 24 * 3_600_000);
  const day = bangkok.toISOString().slice(0, 10);
  return new Date(`${day}T10:30:00+07:00`).toISOString();
}

/** `count` cafe orders, two per new customer (the daily limit); their ids. */
async function placeOrders(request: APIRequestContext, count: number, pickupAt?: string): Promise<number[]> {
  const [menu] = await activeCafeItems(request);
  const ids: number[] = [];
  for (let i = 0; i < count; i += 2) {
    const customer = await registerUser(request, `Lane${i / 2} ${Date.now().toString(36).slice(-5)}`);
    const tokens = await apiLogin(request, customer.email, customer.password);
    const image = await uploadTinyPng(request, tokens.accessToken);
    for (let n = i; n < Math.min(count, i + 2); n += 1) {
      const drink = { menu: menu!, type: 'hot' as const, sweetness: 50, remark: '-', pickupAt };
      ids.push(await placeDrinkViaApi(request, tokens.accessToken, drink, image));
    }
  }
  return ids;
}

async function bulk(request: APIRequestContext, ids: number[], status: string) {
  const res = await request.post('/api/order/barista/bulk', { headers: bearer(staff), data: { ids, status } });
  expect(res.status(), await res.text()).toBe(200);
}

/** The element a tap at the middle of `target` reaches is `target` itself (or inside it): nothing covers it. */
async function expectUncovered(page: Page, target: Locator, what: string) {
  const box = (await target.boundingBox())!;
  const reached = await target.evaluate(
    (element, point) => {
      const hit = document.elementFromPoint(point.x, point.y);
      return hit !== null && (element === hit || element.contains(hit));
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
  expect(reached, `${what} is not covered`).toBe(true);
}

test.beforeAll(async ({ request }) => {
  staff = (await apiLogin(request, DEMO.barista.email, DEMO.barista.password)).accessToken;
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
  await clearActiveOrders(request);
  await setShopStatus(request, 'cafe-open');
});

test('on the counter tablet the Ready and Later lanes are in view, and the ready drinks go in one hand-over', async ({
  browser,
  baseURL,
  request,
}) => {
  await setShopStatus(request, 'cafe-open');
  await clearActiveOrders(request);
  const later = await placeOrders(request, 1, tomorrowAt1030());
  const ids = await placeOrders(request, READY + IN_PROGRESS + WAITING);
  const made = ids.slice(0, READY + IN_PROGRESS);
  await bulk(request, made, 'in-progress');
  await bulk(request, made.slice(0, READY), 'done');

  const context = await browser.newContext({ baseURL, viewport: TABLET });
  const board = await context.newPage();
  await loginViaUi(board, DEMO.barista.email, DEMO.barista.password);
  await expect(board).toHaveURL(/\/ordering$/);
  await expect(board.getByRole('status').filter({ hasText: /^Live$/ })).toBeVisible();

  const inProgress = board.getByRole('region', { name: 'In Progress Order' });
  const ready = board.getByRole('region', { name: 'Ready' });
  const laterLane = board.getByRole('region', { name: /^Later/ });
  await expect(inProgress.getByRole('article')).toHaveCount(IN_PROGRESS);
  await expect(ready.getByRole('listitem')).toHaveCount(READY);
  await expect(laterLane.getByRole('listitem')).toHaveCount(later.length);
  expect(await board.evaluate(() => window.scrollY)).toBe(0);

  // The Ready lane is a lane beside In Progress, its heading and first drinks on the screen.
  const readyBox = (await ready.boundingBox())!;
  const inProgressBox = (await inProgress.boundingBox())!;
  expect(readyBox.y, 'the Ready lane starts on the screen').toBeLessThan(TABLET.height / 2);
  expect(readyBox.x, 'the Ready lane is beside In Progress').toBeGreaterThanOrEqual(
    inProgressBox.x + inProgressBox.width,
  );
  const firstDrink = (await ready.getByRole('listitem').first().boundingBox())!;
  expect(firstDrink.y + firstDrink.height, 'a ready drink is whole on the screen').toBeLessThanOrEqual(TABLET.height);
  // The Later lane too, without scrolling.
  const laterBox = (await laterLane.boundingBox())!;
  expect(laterBox.y, 'the Later lane starts on the screen').toBeLessThan(TABLET.height);

  // Three single moves: the undo offers stack up, yet the controls above the board stay free.
  const waiting = board.getByRole('region', { name: 'Waiting Order' });
  for (let n = 0; n < 3; n += 1) {
    await waiting.getByRole('article').first().getByRole('button', { name: 'Do', exact: true }).click();
    await expect(inProgress.getByRole('article')).toHaveCount(IN_PROGRESS + n + 1);
  }
  const undoBar = board.getByRole('region', { name: 'Undo' });
  await expect(undoBar).toContainText('and 2 more');
  // The focus followed each ticket to In Progress; back at the top of the page, as to take a walk-up order.
  await board.evaluate(() => window.scrollTo(0, 0));
  await expectUncovered(board, board.getByRole('button', { name: 'Walk-up order' }), 'Walk-up order');
  await expectUncovered(board, board.getByRole('status').filter({ hasText: /^Live$/ }), 'the Live light');

  // Every ready drink handed over in one go from the lane's own select.
  await ready.getByRole('button', { name: 'Select ready drinks' }).click();
  await board.getByRole('button', { name: 'Select all' }).click();
  await board.getByRole('button', { name: `Hand over selected (${READY})` }).click();
  await expect(ready.getByRole('listitem')).toHaveCount(0);
  await expect(undoBar).toContainText(`and ${READY - 3} other orders`);

  // ...and taken back in one tap, within its time.
  await undoBar.getByRole('button', { name: /^Undo / }).click();
  await expect(ready.getByRole('listitem')).toHaveCount(READY);
  await context.close();
});
