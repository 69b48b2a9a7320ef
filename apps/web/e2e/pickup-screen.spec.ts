import { expect, test } from './test';
import {
  DEMO,
  apiLogin,
  bearer,
  cafeMenuOf,
  expectAccessible,
  letterStamp,
  placeCafeOrderViaApi,
  registerUser,
  setShopStatus,
  signInWithTokens,
  uploadTinyPng,
} from './support';

/**
 * The pickup screen (docs/api/pickup-screen.md, docs/decisions/0048-pickup-screen.md): a barista
 * makes a display link, a TV at 1920 x 1080 opens it signed in as nobody, and follows an order live
 * from Preparing to Ready and off the screen; revoking the link blanks the screen at once.
 */

const TV = { width: 1920, height: 1080 };

test('a barista makes a pickup screen link; the screen follows an order live, and goes blank when revoked', async ({
  browser,
  request,
}) => {
  await setShopStatus(request, 'cafe-open');
  const barista = await apiLogin(request, DEMO.barista.email, DEMO.barista.password);
  const staff = await browser.newPage({ viewport: TV });
  await signInWithTokens(staff, barista, '/pickup-screens');
  await expect(staff.getByRole('heading', { level: 1, name: 'Pickup screens' })).toBeVisible();

  const label = `Lobby ${letterStamp()}`;
  await staff.getByLabel('Name of the screen (optional)').fill(label);
  await staff.getByRole('button', { name: 'Create link' }).click();
  const linkField = staff.getByRole('textbox', { name: 'Pickup screen link' });
  await expect(linkField).toHaveValue(/\/pickup#[A-Za-z0-9_-]{43}$/);
  await expect(staff.getByRole('button', { name: 'Copy link' })).toBeVisible();
  const link = await linkField.inputValue();
  await expectAccessible(staff, 'the pickup screens page');

  // The TV: a browser of its own, nobody signed in.
  const tvContext = await browser.newContext({ viewport: TV });
  const tv = await tvContext.newPage();
  // In Thai when the link asks for it.
  const inThai = new URL(link);
  inThai.searchParams.set('lang', 'th');
  // The query before the fragment that holds the token: /pickup?lang=th#token.
  await tv.goto(inThai.toString());
  await expect(tv.getByRole('region', { name: 'กำลังเตรียม' })).toBeVisible();
  await expect(tv.getByRole('region', { name: 'พร้อมรับ' })).toBeVisible();
  await expect(tv.locator('html')).toHaveAttribute('lang', 'th');
  await tv.goto(link);
  const preparing = tv.getByRole('region', { name: 'Preparing' });
  const ready = tv.getByRole('region', { name: 'Ready' });
  await expect(preparing).toBeVisible();
  await expect(ready).toBeVisible();

  const person = await registerUser(request, `Pim K${letterStamp().slice(0, 6)}`);
  const tokens = await apiLogin(request, person.email, person.password);
  const image = await uploadTinyPng(request, tokens.accessToken);
  const id = await placeCafeOrderViaApi(request, tokens.accessToken, await cafeMenuOf(request), image);
  const ticket = (column: typeof preparing) => column.getByTestId('pickup-ticket').filter({ hasText: `#${id}` });

  // Waiting, nobody has started it: not on the screen yet.
  await expect(preparing.getByText('No orders being prepared.')).toBeVisible();
  await expect(ticket(preparing)).toHaveCount(0);
  const started = await request.patch(`/api/order/barista/${id}`, {
    headers: bearer(barista.accessToken),
    data: { status: 'in-progress' },
  });
  expect(started.status(), await started.text()).toBe(200);
  await expect(ticket(preparing)).toBeVisible();
  await expect(ticket(preparing)).toContainText('Pim K.');
  // The person's phone shows the same number.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signInWithTokens(phone, tokens, '/statusOrder');
  await expect(phone.getByTestId('order-number').filter({ hasText: `#${id}` })).toHaveText(`Order #${id}`);
  await phone.close();
  // Readable across the room: the number is big on a TV.
  const size = await ticket(preparing)
    .getByText(`#${id}`, { exact: true })
    .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(size).toBeGreaterThanOrEqual(64);
  await expectAccessible(tv, 'the pickup screen', { strict: true });
  // On a 1024 x 768 tablet too: still large, nothing cut off sideways.
  await tv.setViewportSize({ width: 1024, height: 768 });
  const tabletSize = await ticket(preparing)
    .getByText(`#${id}`, { exact: true })
    .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(tabletSize).toBeGreaterThanOrEqual(40);
  expect(await tv.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
  await tv.setViewportSize(TV);

  const finished = await request.patch(`/api/order/barista/${id}`, {
    headers: bearer(barista.accessToken),
    data: { status: 'done' },
  });
  expect(finished.status(), await finished.text()).toBe(200);
  await expect(ticket(ready)).toBeVisible();
  await expect(ticket(preparing)).toHaveCount(0);

  const picked = await request.patch(`/api/order/${id}`, {
    headers: bearer(tokens.accessToken),
    data: { status: 'picked' },
  });
  expect(picked.status(), await picked.text()).toBe(200);
  await expect(ticket(ready)).toHaveCount(0);

  // Revoked from the staff page, after a confirmation: the TV says so at once.
  await staff.getByRole('button', { name: `Revoke ${label}` }).click();
  const confirm = staff.getByRole('alertdialog', { name: `Revoke ${label}?` });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(confirm).toBeHidden();
  await expect(tv.getByRole('alert')).toContainText('This link was revoked');
  await expect(preparing).toBeHidden();

  // Opened again, the link still does not work.
  await tv.reload();
  await expect(tv.getByRole('alert')).toContainText('This link was revoked');
  await tvContext.close();
  await staff.close();
});
