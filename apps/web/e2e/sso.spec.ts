import { MESSAGES } from '@cafe/shared';
import { expect, test, type Page } from './test';
import { E2E_OIDC } from '../playwright.config';
import { DEMO, setShopStatus } from './support';

/**
 * Single sign-on against a real OpenID Connect provider (e2e/oidc-provider.ts): its development
 * login page takes the e-mail as the login and any password.
 */
async function signInWithProvider(page: Page, email: string) {
  await page.goto('/login');
  await page.getByRole('button', { name: `Sign in with ${E2E_OIDC.name}` }).click();
  await page.waitForURL((url) => url.port === String(E2E_OIDC.port));
  await page.getByPlaceholder('Enter any login').fill(email);
  await page.getByPlaceholder('and password').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

test.describe('single sign-on', () => {
  test('a first sign-in creates a user account and lands on My Order; the next one signs into it', async ({
    page,
    request,
    browser,
  }) => {
    await setShopStatus(request, 'cafe-open');
    const email = `sso-${Date.now().toString(36)}@example.com`;
    await signInWithProvider(page, email);
    await expect(page).toHaveURL(/\/statusOrder$/);

    // Another browser: the same account, not a second one.
    const other = await browser.newPage();
    try {
      await signInWithProvider(other, email.toUpperCase());
      await expect(other).toHaveURL(/\/statusOrder$/);
      const me = async (p: Page) =>
        p.evaluate(async () => {
          const res = await fetch('/api/user/me', {
            headers: { Authorization: `Bearer ${localStorage.getItem('access_token') ?? ''}` },
          });
          return (await res.json()) as { id: number; email: string; role: string };
        });
      const [first, second] = [await me(page), await me(other)];
      expect(first).toMatchObject({ email, role: 'user' });
      expect(second.id).toBe(first.id);
    } finally {
      await other.close();
    }
  });

  test('a barista lands on the order board', async ({ page, request }) => {
    await setShopStatus(request, 'cafe-open');
    await signInWithProvider(page, DEMO.barista.email);
    await expect(page).toHaveURL(/\/ordering$/);
  });

  test('an account outside the company domain is refused with the alert of the password form', async ({ page }) => {
    await signInWithProvider(page, `outsider-${Date.now().toString(36)}@gmail.com`);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.emailDomain('example.com'));
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  });
});

/**
 * A CI run once clicked Login just as the single sign-on button arrived: the card grew, the Login
 * button moved up under the pointer between its press and its release, and the click went to the
 * card instead. The panel's code is held back here so the moment is always seen.
 */
test('the Login button keeps its place while the single sign-on button arrives', async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/single-sign-on-panel-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login');
  const login = page.getByRole('button', { name: 'Login', exact: true });
  await expect(login).toBeVisible();
  const sso = page.getByRole('button', { name: `Sign in with ${E2E_OIDC.name}` });
  await expect(sso).toHaveCount(0);
  const before = await login.boundingBox();

  release();
  await expect(sso).toBeVisible();
  expect(await login.boundingBox()).toEqual(before);
  // And the tap lands: the dialog opens.
  await login.click();
  await expect(page.getByRole('dialog', { name: 'Login' }).getByLabel('Email')).toBeVisible();
});
