import { expect, test } from './test';
import { apiLogin, AT_THE_CAFE, DEMO, setShopStatus, signInWithTokens } from './support';

/**
 * Issue 12, Thai and English: the interface follows the browser's language at first, can be
 * switched from the navigation, and remembers the choice.
 */

test('follows a Thai browser, switches to English from the sign-in screen and remembers it', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, locale: 'th-TH' });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'ยินดีต้อนรับสู่ Office Cafe' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await expect(page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to the Office Cafe' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome to the Office Cafe' })).toBeVisible();
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
  await context.close();
});

test('a signed-in person switches the whole app to Thai from the navigation, on a phone and on a desktop', async ({
  browser,
  baseURL,
  request,
}) => {
  await setShopStatus(request, 'cafe-open');
  const tokens = await apiLogin(request, DEMO.user.email, DEMO.user.password);
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, ...AT_THE_CAFE });
  const page = await context.newPage();
  await signInWithTokens(page, tokens, '/menuCafe');
  await expect(page.getByRole('tab').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'My Order' })).toBeVisible();

  // On a phone the switch is in the menu sheet.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'ไทย' }).click();
  await expect(page.getByRole('dialog', { name: 'เมนู' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(
    page.getByRole('navigation', { name: 'ลิงก์ด่วน' }).getByRole('link', { name: 'ออเดอร์ของฉัน' }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  // No message id shows instead of a text.
  await expect(page.locator('body')).not.toContainText(/\b(common|order|info)\.[a-zA-Z]+\.[a-zA-Z]+/);

  // Another screen loads its own messages in Thai.
  await page.goto('/ordered');
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await expect(page.locator('body')).not.toContainText(/\b(common|order|info)\.[a-zA-Z]+\.[a-zA-Z]+/);

  // A wide screen has the switch in the top bar; the choice was kept.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/menuCafe');
  await expect(page.getByRole('navigation', { name: 'เมนูหลัก' })).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Order' })).toBeVisible();
  await context.close();
});
