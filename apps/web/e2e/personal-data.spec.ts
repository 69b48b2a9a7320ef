import { readFile } from 'node:fs/promises';
import { expect, test } from './test';
import {
  DEMO,
  apiLogin,
  bearer,
  expectAccessible,
  letterStamp,
  loginViaUi,
  msg,
  registerUser,
  signInWithTokens,
} from './support';

/**
 * A person's data (docs/privacy.md): the privacy page says what the cafe keeps and for how long,
 * with the first cafe server's numbers (the defaults, 30 days); a new person downloads all of it
 * from their profile as one file and deletes their account, which no sign-in reaches again; an
 * admin deletes the account of someone who left.
 */

test.describe.configure({ mode: 'serial' });

test('the sign-in screen links to the privacy page, which says photos are kept 30 days', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'How we keep your data' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/privacy');
  await expect(page.getByRole('heading', { name: 'Privacy', level: 1 })).toBeVisible();

  const table = page.getByRole('table', { name: 'What the cafe keeps, why, and for how long' });
  await expect(table.getByRole('row', { name: /^Tumbler photos/ })).toContainText(
    '30 days after the last order showing them ended',
  );
  await expect(table.getByRole('row', { name: /^Sign-ins/ })).toContainText('30 days after their last use');
  // This cafe offers e-mail, the webhook and single sign-on (playwright.config.ts), not Slack.
  const channels = page.getByTestId('privacy-channels').getByRole('term');
  await expect(channels).toHaveText(['Browser notifications', 'E-mail', 'Company chat (webhook)']);
  await expect(page.getByRole('heading', { name: 'Signing in with your company account' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in to open your profile' })).toBeVisible();
  await expectAccessible(page, '/privacy, signed out');
});

test('a new person downloads their data, deletes their account, and cannot sign in again', async ({ page }) => {
  const email = `leaving-${Date.now().toString(36)}@example.com`;
  const password = 'secret-pass-1';

  await page.goto('/create');
  await page.getByLabel('Name').fill('Pim Leaving');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create new user' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await loginViaUi(page, email, password);
  await expect(page).not.toHaveURL(/\/login$/);

  await page.goto('/profile');
  await expect(page.getByTestId('profile-email')).toHaveText(email);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^cafe-data-\d+\.json$/);
  const data = JSON.parse(await readFile(await download.path(), 'utf8')) as {
    account: { id: number; email: string; name: string };
    orders: unknown[];
  };
  expect(data.account).toMatchObject({ email, name: 'Pim Leaving' });
  expect(download.suggestedFilename()).toBe(`cafe-data-${data.account.id}.json`);
  expect(data.orders).toEqual([]);

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/Type your e-mail address/).fill(email);
  await confirm.click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your account was deleted')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome to the Office Cafe' })).toBeVisible();

  await loginViaUi(page, email, password);
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText(msg('en', 'shared.spec.loginFailed'));
  await expect(page).toHaveURL(/\/login$/);
});

test('an admin deletes the account of someone who left, and they leave the list', async ({ page, request }) => {
  const name = `Lv ${letterStamp()}`;
  const leaving = await registerUser(request, name);
  const staying = await registerUser(request, `St ${letterStamp()}`);
  const admin = await apiLogin(request, DEMO.admin.email, DEMO.admin.password);

  await signInWithTokens(page, admin, '/userManagement');
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(staying.name) })).toBeVisible();
  // No one deletes their own account here (that is on the profile).
  await expect(page.getByRole('button', { name: 'Delete account of Ada Admin' })).toHaveCount(0);

  await page.getByRole('button', { name: `Delete account of ${name}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Delete the account of ${name}?` });
  await expect(dialog).toContainText(`${name} can no longer sign in.`);
  await dialog.getByRole('button', { name: 'Delete account' }).click();

  await expect(page.getByText(`The account of ${name} was deleted.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  await expect(table.getByText(leaving.email)).toHaveCount(0);
  await expect(table.getByRole('row', { name: new RegExp(staying.name) })).toBeVisible();

  // The server agrees: not listed, and no sign-in reaches the account.
  const users = (await (await request.get('/api/user', { headers: bearer(admin.accessToken) })).json()) as {
    email: string;
  }[];
  expect(users.map((u) => u.email)).not.toContain(leaving.email);
  const login = await request.post('/api/auth/v2/login', {
    data: { email: leaving.email, password: leaving.password },
  });
  expect(login.status()).toBe(401);
});
