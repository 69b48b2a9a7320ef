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
 * Orders for later (issue 19) on the counter tablet: an order for 09:45 waits in the Later lane
 * and moves to Waiting by itself when it falls due (its pickup time minus the counter's measured
 * time per order: the default three minutes on this fresh server), and the person's phone shows
 * the slot, then the live queue. The server of this spec runs on a clock the test sets
 * (PUT /api/test/clock), so the order falls due when the test says, not minutes later.
 */

test.use({ baseURL: `http://127.0.0.1:${CLOCKED_CAFE.port}` });

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 1024, height: 768 };
/** Monday 23 November 2026 in Bangkok. */
const MONDAY_0940 = CLOCKED_CAFE.clockNow;
const SLOT_0945 = '2026-11-23T02:45:00.000Z';
/** The 09:45 order is due at 09:42 (three minutes an order). */
const MONDAY_0942 = '2026-11-23T09:42:05+07:00';

/** A new person's e-mail and password. */
async function credentialsOf(request: APIRequestContext, name: string): Promise<[string, string]> {
  const person = await registerUser(request, `${name} ${letterStamp()}`);
  return [person.email, person.password];
}

async function setClock(request: APIRequestContext, now: string) {
  const res = await request.put('/api/test/clock', { data: { now } });
  expect(res.status(), await res.text()).toBe(200);
}

test('on the counter tablet, an order for later waits in the Later lane and moves to Waiting when it falls due', async ({
  browser,
  request,
}) => {
  await setClock(request, MONDAY_0940);
  await setShopStatus(request, 'cafe-open');
  const staff = (await apiLogin(request, DEMO.barista.email, DEMO.barista.password)).accessToken;
  await openEveryDayForLater(request, staff, 0);

  // A person orders for 09:45.
  const name = `Mia ${letterStamp()}`;
  const person = await registerUser(request, name);
  const tokens = await apiLogin(request, person.email, person.password);
  const drink = await cafeMenuOf(request, 'Coffee');
  const placed = await placeDrinkViaApi(
    request,
    tokens.accessToken,
    { menu: drink, type: 'hot', sweetness: 50, remark: '-', pickupAt: SLOT_0945 },
    await uploadTinyPng(request, tokens.accessToken),
  );
  const stored = await request.get(`/api/order/${placed}`, { headers: bearer(tokens.accessToken) });
  expect(((await stored.json()) as { status: string }).status).toBe('scheduled');

  // Their phone: the slot, not a place in the queue yet.
  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  // The devices' clocks show the server's day (whenever the suite runs), and run on from there.
  await phone.clock.install({ time: MONDAY_0940 });
  const myOrders = await phone.newPage();
  await signInWithTokens(myOrders, tokens, '/statusOrder');
  const card = myOrders.getByRole('article').filter({ hasText: drink.name }).first();
  await expect(card).toContainText('Scheduled');
  await expect(card).toContainText('Pickup at 09:45');

  // The counter tablet: in the Later lane with its time, not among the waiting orders.
  const tablet = await browser.newContext({ viewport: TABLET });
  await tablet.clock.install({ time: MONDAY_0940 });
  const board = await tablet.newPage();
  await loginViaUi(board, DEMO.barista.email, DEMO.barista.password);
  await expect(board).toHaveURL(/\/ordering$/);
  const later = board.getByRole('region', { name: /^Later/ });
  await expect(later.getByRole('listitem').filter({ hasText: name })).toContainText('09:45');
  const waiting = board.getByRole('region', { name: 'Waiting Order' });
  await expect(waiting.filter({ hasText: name })).toHaveCount(0);

  // Meanwhile two people order as soon as possible: they are ahead of it in the queue.
  for (const ahead of ['Ahead One', 'Ahead Two']) {
    const other = await apiLogin(request, ...(await credentialsOf(request, ahead)));
    await placeDrinkViaApi(
      request,
      other.accessToken,
      { menu: drink, type: 'cold', sweetness: 25, remark: '-' },
      await uploadTinyPng(request, other.accessToken),
    );
  }

  // 09:42: due. Nobody touches the board; it moves by itself.
  await setClock(request, MONDAY_0942);
  await expect(waiting).toContainText(name);
  // Marked new, as an order placed now is (it comes with the chime).
  await expect(waiting.getByRole('article').filter({ hasText: name })).toContainText('New');
  // The lane goes once nothing is left in it.
  await expect(later).toHaveCount(0);

  // The phone follows live: now in the queue at its end, behind the two ("Queue no: 2"), not
  // first in line.
  await expect(card).not.toContainText('Scheduled');
  await expect(card).toContainText('Queue no: 2');
  await expect(card).not.toContainText('It is your turn!');

  await phone.close();
  await tablet.close();
});
