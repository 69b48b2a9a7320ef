import { MESSAGES } from '@cafe/shared';
import { expect, test } from './test';
import { E2E_CAFE, OTHER_CAFE } from '../playwright.config';
import {
  apiLogin,
  bearer,
  cafeMenuOf,
  placeCafeOrderViaApi,
  registerUser,
  signInWithTokens,
  uploadTinyPng,
} from './support';

/*
 * The same build, served by a cafe configured differently at runtime: New York time, the company
 * domain cafe.test, and a server clock the test sets to Friday 20 November 2026 at 11:30 there. The
 * browser sits in Tokyo (already Saturday then), so anything taken from the device's zone shows.
 */
test.use({
  baseURL: `http://127.0.0.1:${OTHER_CAFE.port}`,
  timezoneId: 'Asia/Tokyo',
  geolocation: E2E_CAFE,
  permissions: ['geolocation'],
});

/** Friday 20 November 2026, 12:30 in New York: past the cafe menu's Friday cut-off there. */
const FRIDAY_AFTER_CUTOFF = new Date('2026-11-20T12:30:00-05:00');

test('the domain alert uses the server-configured domain, before any sign-in request', async ({ page }) => {
  const signInRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/')) signInRequests.push(request.url());
  });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await dialog.getByLabel('Email').fill('someone@example.com');
  await dialog.getByLabel('Password', { exact: true }).fill('secret-pass-1');
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(MESSAGES.emailDomain(OTHER_CAFE.emailDomain));
  expect(signInRequests).toEqual([]);
});

test("the Friday cut-off and the card times follow the cafe's zone, not the device's", async ({ page, request }) => {
  // The server's clock back to 11:30 on that Friday in New York, however long the suite took to get
  // here: the cut-off at noon is half an hour away, not whatever the run left of it.
  const clock = await request.put('/api/test/clock', { data: { now: OTHER_CAFE.clockNow } });
  expect(clock.status(), await clock.text()).toBe(200);
  const barista = await apiLogin(request, `barista@${OTHER_CAFE.emailDomain}`, 'barista-demo-1');
  const open = await request.patch('/api/cafe-status/cafe-open', { headers: bearer(barista.accessToken) });
  expect(open.status(), await open.text()).toBe(200);

  // An order placed now, on the server's clock: late Friday morning in New York.
  const user = await registerUser(request, 'Nina NewYork', OTHER_CAFE.emailDomain);
  const tokens = await apiLogin(request, user.email, user.password);
  const photo = await uploadTinyPng(request, tokens.accessToken);
  await placeCafeOrderViaApi(request, tokens.accessToken, await cafeMenuOf(request, 'Coffee'), photo);

  // The browser's clock: 12:30 on that Friday in New York (already 02:30 on Saturday in Tokyo).
  await page.clock.setFixedTime(FRIDAY_AFTER_CUTOFF);
  await signInWithTokens(page, tokens, '/statusOrder');
  const card = page.getByRole('article').first();
  await expect(card).toBeVisible();
  // Ordered between 11:30 and noon New York time (after midnight on Saturday in Tokyo): the
  // server's clock was set to 11:30 above and has run on for as long as this test took.
  await expect(card.locator('time')).toHaveText(/^11:[345]\d$/);

  // The menu's verdicts are the server's (GET /menu/verdicts): its clock past the cut-off too. The
  // hour's jump ends the access token: the page is left first, so that no refresh of this page is
  // under way when it unloads (a rotation whose answer is lost, and the next page's refresh then
  // presents the token it replaced: the session ends as a replay would, as a loaded run saw).
  await page.goto('about:blank');
  const past = await request.put('/api/test/clock', { data: { now: FRIDAY_AFTER_CUTOFF.toISOString() } });
  expect(past.status(), await past.text()).toBe(200);
  await page.goto('/menuCafe');
  await expect(page.getByText(MESSAGES.fridayCafeClosed)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Espresso\b/ })).toBeDisabled();
});
