import { expect, test, type APIRequestContext } from './test';
import { CLOCKED_CAFE } from '../playwright.config';
import {
  DEMO,
  apiLogin,
  bearer,
  cafeMenuOf,
  letterStamp,
  loginViaUi,
  openEveryDayForLater,
  placeDrinkViaApi,
  registerUser,
  setShopStatus,
  signInWithTokens,
  uploadTinyPng,
} from './support';

/*
 * The counter's day (issue 30) on the cafe whose clock the test sets (PUT /api/test/clock): a
 * person orders for 10:30 while ten drinks wait; the drink joins the line when the line and the
 * drink take until 10:30, is made by then, shows Ready on the pickup screen (a 1920 x 1080 TV), and
 * the phone is reminded when nobody comes. The barista, on the 1024 x 768 counter tablet, marks a
 * drink left on the counter "Not collected", and a tumbler nobody brings cancels a third order.
 *
 * It runs after the other specs of this server (photo-retention.spec.ts leaves its clock on
 * Thursday 24 December) and moves it on only: Monday 28 December 2026, in Bangkok.
 */

test.use({ baseURL: `http://127.0.0.1:${CLOCKED_CAFE.port}` });

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 1024, height: 768 };
const TV = { width: 1920, height: 1080 };
const at = (time: string) => `2026-12-28T${time}+07:00`;
const SLOT_1030 = '2026-12-28T03:30:00.000Z';

async function setClock(request: APIRequestContext, now: string) {
  const res = await request.put('/api/test/clock', { data: { now } });
  expect(res.status(), await res.text()).toBe(200);
}

interface Person {
  name: string;
  email: string;
  password: string;
  tokens: { accessToken: string; refreshToken: string };
}

async function person(request: APIRequestContext, first: string): Promise<Person> {
  const name = `${first} ${letterStamp()}`;
  const { email, password } = await registerUser(request, name);
  return { name, email, password, tokens: await apiLogin(request, email, password) };
}

/** A fresh access token: the test moves the server's clock on by more than a token lives. */
async function tokenOf(request: APIRequestContext, who: { email: string; password: string }): Promise<string> {
  return (await apiLogin(request, who.email, who.password)).accessToken;
}

async function statusOf(request: APIRequestContext, _who: Person, id: number) {
  const res = await request.get(`/api/order/${id}`, { headers: bearer(await tokenOf(request, DEMO.barista)) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { status: string; rejectNote: string; doneAt?: string; pickupAt?: string };
}

test('an order for later is ready at its time; the pickup screen, a reminder, not collected, and a tumbler nobody brings', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  await setClock(request, at('09:40:00'));
  await setShopStatus(request, 'cafe-open');
  const staff = (await apiLogin(request, DEMO.barista.email, DEMO.barista.password)).accessToken;
  await openEveryDayForLater(request, staff, 0);
  const drink = await cafeMenuOf(request, 'Coffee');
  const order = async (who: Person, pickupAt?: string) =>
    placeDrinkViaApi(
      request,
      who.tokens.accessToken,
      { menu: drink, type: 'hot', sweetness: 50, remark: '-', ...(pickupAt ? { pickupAt } : {}) },
      await uploadTinyPng(request, who.tokens.accessToken),
    );

  // Ten drinks wait: five people, two each. Nok's first is the one left on the counter, Tum's
  // first the one whose tumbler never comes.
  const nok = await person(request, 'Nok');
  const tum = await person(request, 'Tum');
  const others = [await person(request, 'Ake'), await person(request, 'Bee'), await person(request, 'Cha')];
  const nokFirst = await order(nok);
  const tumFirst = await order(tum);
  const rest: number[] = [];
  for (const who of [nok, tum, ...others, ...others]) rest.push(await order(who));
  expect(rest).toHaveLength(8);

  // Mali orders for 10:30. At three minutes a drink, the eleven take until 10:13: it can be met.
  const mali = await person(request, 'Mali');
  const later = await order(mali, SLOT_1030);
  expect((await statusOf(request, mali, later)).status).toBe('scheduled');

  const phones = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  await phones.clock.install({ time: at('09:40:00') });
  const maliPhone = await phones.newPage();
  await signInWithTokens(maliPhone, mali.tokens, '/statusOrder');
  const maliCard = maliPhone.getByRole('article').filter({ hasText: drink.name }).first();
  // The card's one time: the pickup time Mali chose, on time, with no second estimate beside it.
  await expect(maliCard).toContainText('Pickup at 10:30');
  await expect(maliCard).not.toContainText('late');

  // The counter tablet: ten waiting, Mali's in the Later lane with its time.
  const tablet = await browser.newContext({ viewport: TABLET });
  await tablet.clock.install({ time: at('09:40:00') });
  const board = await tablet.newPage();
  await loginViaUi(board, DEMO.barista.email, DEMO.barista.password);
  await expect(board).toHaveURL(/\/ordering$/);
  const waiting = board.getByRole('region', { name: 'Waiting Order' });
  const laterLane = board.getByRole('region', { name: /^Later/ });
  await expect(laterLane.getByRole('listitem').filter({ hasText: mali.name })).toContainText('10:30');

  // Tum's tumbler is not at the counter: the ticket and Tum's phone count down together.
  const tumContext = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  await tumContext.clock.install({ time: at('09:40:00') });
  const tumPhone = await tumContext.newPage();
  await signInWithTokens(tumPhone, tum.tokens, '/statusOrder');
  const tumTicket = waiting.getByRole('article', { name: `${drink.name} for ${tum.name}` }).first();
  await tumTicket.getByRole('button', { name: 'Tumbler not here – cancels in 5 min', exact: true }).click();
  await expect(tumTicket).toContainText(/Tumbler: [45]:\d\d left/);
  await expect(tumPhone.getByText(/Bring your tumbler to the counter: [45]:\d\d left/).first()).toBeVisible();

  // Nobody brings it: at 09:45 the order is cancelled with the reason, on the phone too.
  await setClock(request, at('09:45:02'));
  await expect.poll(async () => (await statusOf(request, tum, tumFirst)).status, { timeout: 60_000 }).toBe('rejected');
  expect((await statusOf(request, tum, tumFirst)).rejectNote).toBe('Barista can not find your tumbler');
  // Tum's second drink still waits; the first left the board.
  await expect(waiting.getByRole('article', { name: `${drink.name} for ${tum.name}` })).toHaveCount(1);
  await tumContext.close();

  // Nine wait now: Mali's drink joins the line at 10:30 - 10 x 3 minutes = 10:00, not at 10:27.
  await setClock(request, at('09:59:30'));
  await board.waitForTimeout(1_000);
  expect((await statusOf(request, mali, later)).status).toBe('scheduled');
  await setClock(request, at('10:00:02'));
  const maliTicket = waiting.getByRole('article', { name: `${drink.name} for ${mali.name}` });
  await expect(maliTicket).toBeVisible({ timeout: 60_000 });
  // On the board as an order for later that is due.
  await expect(maliTicket).toContainText('For 10:30');
  // Mali's phone: in the line behind the nine.
  await expect(maliCard).toContainText('Queue no: 9');

  // The pickup screen on the TV by the counter.
  const link = await request.post('/api/sites/1/displays', {
    headers: bearer(await tokenOf(request, DEMO.barista)),
    data: { label: 'Counter TV' },
  });
  expect(link.status(), await link.text()).toBe(201);
  const { token } = (await link.json()) as { token: string };
  const tvContext = await browser.newContext({ viewport: TV });
  const tv = await tvContext.newPage();
  await tv.goto(`/pickup#${token}`);
  const ready = tv.getByRole('region', { name: 'Ready' });
  const preparing = tv.getByRole('region', { name: 'Preparing' });
  // Due but waiting, nobody has started it: Preparing shows only the drinks in a barista's hands.
  await expect(preparing).toBeVisible();
  await expect(preparing.getByTestId('pickup-ticket').filter({ hasText: `#${later}` })).toHaveCount(0);

  // The counter makes the nine before Mali's (through the API, as another tablet would).
  const counter = await tokenOf(request, DEMO.barista);
  for (const id of [nokFirst, ...rest]) {
    for (const status of ['in-progress', 'done'] as const) {
      const res = await request.patch(`/api/order/barista/${id}`, { headers: bearer(counter), data: { status } });
      expect(res.status(), await res.text()).toBe(200);
    }
  }
  // 10:27: Mali's drink is made on the tablet, before its time.
  await setClock(request, at('10:27:00'));
  await tablet.clock.setSystemTime(new Date(at('10:27:00')));
  await maliTicket.getByRole('button', { name: 'Do', exact: true }).click();
  const making = board.getByRole('region', { name: 'In Progress Order' }).getByRole('article', {
    name: `${drink.name} for ${mali.name}`,
  });
  await making.getByRole('button', { name: 'Done', exact: true }).click();
  const readyLane = board.getByRole('region', { name: 'Ready' });
  await expect(readyLane.getByRole('listitem', { name: `${drink.name} for ${mali.name}` })).toBeVisible();
  const done = await statusOf(request, mali, later);
  expect(done.status).toBe('done');
  expect(Date.parse(done.doneAt ?? '')).toBeLessThanOrEqual(Date.parse(done.pickupAt ?? ''));
  await expect(ready.getByTestId('pickup-ticket').filter({ hasText: `#${later}` })).toBeVisible();
  await expect(ready.getByTestId('pickup-ticket').filter({ hasText: `#${later}` })).toContainText(
    `${mali.name.split(' ')[0]} ${mali.name.split(' ')[1]?.[0]?.toUpperCase()}.`,
  );

  // Nobody comes for it: ten minutes later Mali's phone is reminded.
  await setClock(request, at('10:37:05'));
  await expect(maliCard).toContainText('Your drink is waiting at the counter: please pick it up', { timeout: 60_000 });

  // Nok's first drink has waited on the counter more than 30 minutes: the barista marks it not collected.
  await setClock(request, at('10:40:00'));
  await tablet.clock.setSystemTime(new Date(at('10:40:00')));
  const nokReady = readyLane.getByRole('listitem', { name: `${drink.name} for ${nok.name}` }).first();
  await nokReady.getByRole('button', { name: 'Not collected', exact: true }).click();
  await expect.poll(async () => (await statusOf(request, nok, nokFirst)).status).toBe('uncollected');
  await expect(readyLane.getByRole('listitem', { name: `${drink.name} for ${nok.name}` })).toHaveCount(1);

  // Mali comes after all: picked up, gone from the TV.
  const picked = await request.patch(`/api/order/${later}`, {
    headers: bearer(await tokenOf(request, mali)),
    data: { status: 'picked' },
  });
  expect(picked.status(), await picked.text()).toBe(200);
  await expect(ready.getByTestId('pickup-ticket').filter({ hasText: `#${later}` })).toHaveCount(0);

  await tvContext.close();
  await phones.close();
  await tablet.close();
});
