import { expect, test } from './test';
import { OTHER_CAFE } from '../playwright.config';

/*
 * Registrations are limited per network address, successful ones too (REGISTRATIONS_PER_ADDRESS
 * an hour, docs/configuration.md). This cafe runs its rate limits behind a proxy of one hop, so
 * the test registers from an address of its own (X-Forwarded-For), as an office behind one
 * address would, and the registration form then says why it is refused.
 */

const base = `http://127.0.0.1:${OTHER_CAFE.port}`;

test('the registration form says to wait once an address registered as many accounts as allowed', async ({
  browser,
  playwright,
}) => {
  const address = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
  const headers = { 'x-forwarded-for': address };
  const api = await playwright.request.newContext({ baseURL: base, extraHTTPHeaders: headers });
  const stamp = Date.now().toString(36);
  try {
    for (let i = 0; i < OTHER_CAFE.registrationsPerAddress; i += 1) {
      const res = await api.post('/api/auth/register', {
        data: {
          name: `Colleague ${i}`,
          email: `colleague-${stamp}-${i}@${OTHER_CAFE.emailDomain}`,
          password: 'secret-pass-1',
        },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
  } finally {
    await api.dispose();
  }

  const context = await browser.newContext({ baseURL: base, extraHTTPHeaders: headers });
  const page = await context.newPage();
  await page.goto('/create');
  await page.getByLabel('Name').fill('One Too Many');
  await page.getByLabel('Email').fill(`one-too-many-${stamp}@${OTHER_CAFE.emailDomain}`);
  await page.getByLabel('Password', { exact: true }).fill('secret-pass-1');
  await page.getByRole('button', { name: 'Create new user' }).click();
  await expect(page.getByText('Too many attempts. Please wait a moment and try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/create$/);

  // Another address is not held back.
  const other = await browser.newContext({ baseURL: base, extraHTTPHeaders: { 'x-forwarded-for': '192.0.2.7' } });
  const otherPage = await other.newPage();
  await otherPage.goto('/create');
  await otherPage.getByLabel('Name').fill('Somebody Else');
  await otherPage.getByLabel('Email').fill(`somebody-${stamp}@${OTHER_CAFE.emailDomain}`);
  await otherPage.getByLabel('Password', { exact: true }).fill('secret-pass-1');
  await otherPage.getByRole('button', { name: 'Create new user' }).click();
  await expect(otherPage).toHaveURL(/\/login$/);
  await context.close();
  await other.close();
});
