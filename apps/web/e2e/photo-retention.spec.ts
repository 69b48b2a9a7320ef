import { expect, test, type APIRequestContext } from './test';
import { CLOCKED_CAFE } from '../playwright.config';
import {
  DEMO,
  apiLogin,
  bearer,
  cafeMenuOf,
  placeCafeOrderViaApi,
  registerUser,
  serveOrderViaApi,
  setShopStatus,
  signInWithTokens,
  uniquePngDataUrl,
  uploadTinyPng,
} from './support';

/*
 * Tumbler photos are deleted 30 days after the last order showing them ended (PHOTO_RETENTION_DAYS,
 * docs/privacy.md): the daily clean-up of the server does it. This spec runs on the cafe whose
 * clock the tests set (PUT /api/test/clock): setting it a month on wakes the clean-up, as a new day
 * would. The person's "Order again" then asks for a new photo instead of sending the old one.
 */

test.use({ baseURL: `http://127.0.0.1:${CLOCKED_CAFE.port}` });

const PHONE = { width: 390, height: 844 };
/** Monday 23 November 2026, 09:40 in Bangkok, and 31 days later (a Thursday). */
const MONDAY_0940 = CLOCKED_CAFE.clockNow;
const THURSDAY_0940_A_MONTH_ON = '2026-12-24T09:40:00+07:00';

async function setClock(request: APIRequestContext, now: string) {
  const res = await request.put('/api/test/clock', { data: { now } });
  expect(res.status(), await res.text()).toBe(200);
}

test('a tumbler photo is deleted a month after its order ended, and "Order again" asks for a new one', async ({
  browser,
  request,
}) => {
  await setClock(request, MONDAY_0940);
  await setShopStatus(request, 'cafe-open');
  const person = await registerUser(request, 'Retention Tester');
  const tokens = await apiLogin(request, person.email, person.password);
  const drink = await cafeMenuOf(request, 'Coffee');
  // A photo of its own: one another spec's open order shows is rightly never deleted.
  const photo = await uploadTinyPng(request, tokens.accessToken, uniquePngDataUrl());
  const orderId = await placeCafeOrderViaApi(request, tokens.accessToken, drink, photo);
  const staff = (await apiLogin(request, DEMO.barista.email, DEMO.barista.password)).accessToken;
  await serveOrderViaApi(request, staff, orderId);
  const picked = await request.patch(`/api/order/${orderId}`, {
    headers: bearer(tokens.accessToken),
    data: { status: 'picked' },
  });
  expect(picked.status(), await picked.text()).toBe(200);
  expect((await request.get(photo)).status()).toBe(200);

  // A month on: the clean-up of the new day deletes the photo no order needs any more.
  await setClock(request, THURSDAY_0940_A_MONTH_ON);
  await expect.poll(async () => (await request.get(photo)).status(), { timeout: 20_000 }).toBe(404);
  await setShopStatus(request, 'cafe-open');

  // The person's phone: their last drink is offered without the old photo.
  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  await phone.clock.install({ time: THURSDAY_0940_A_MONTH_ON });
  const page = await phone.newPage();
  await signInWithTokens(page, await apiLogin(request, person.email, person.password), '/statusOrder');
  const again = page.getByRole('region', { name: 'Your last drink' });
  await expect(again).toContainText(drink.name);
  await expect(again).toContainText('Your tumbler photo was deleted');
  await again.getByRole('button', { name: 'Add a photo and order' }).click();
  await expect(page).toHaveURL(new RegExp(`/form/[^/]+/${drink.id}$`));
  // The form starts without a photo: it has to be taken again before the order can go.
  await expect(page.getByRole('img', { name: /tumbler/i })).toHaveCount(0);
  await phone.close();
});
