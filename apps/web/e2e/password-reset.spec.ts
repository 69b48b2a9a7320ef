import { expect, test } from './test';
import { apiLogin, loginViaUi, registerUser, signInWithTokens } from './support';
import { openMailbox, waitForMail, type Mail } from './mailbox';

/**
 * Passwords (docs/api/people.md "Passwords"), on the first cafe server, whose company has a mail
 * server: a person who forgot their password asks for a link from the sign-in screen, opens it,
 * is told why an easy password is refused, sets a good one and signs in with it. A signed-in
 * person changes theirs on the profile and stays signed in.
 */

const RESET_LINK = /https?:\/\/\S+\/reset-password#token=[A-Za-z0-9_-]{43}/;
const isResetMail = (mail: Mail) => RESET_LINK.test(mail.text);

test.beforeAll(async () => {
  await openMailbox();
});

test('a forgotten password is reset by the link sent by e-mail', async ({ page, request }) => {
  const person = await registerUser(request);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(person.email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('status')).toContainText('a link to set a new password is on its way');

  const mail = await waitForMail(person.email, { which: isResetMail });
  const link = RESET_LINK.exec(mail.text)?.[0] ?? '';
  await page.goto(new URL(link).pathname + new URL(link).hash);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('password');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  // A password on the list of breached passwords: the alert says so.
  await expect(page.getByRole('alert')).toContainText('leaked from other websites');
  await page.getByLabel('New password', { exact: true }).fill('kettle orbit lantern 42');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password is set');

  await loginViaUi(page, person.email, 'kettle orbit lantern 42');
  await expect(page).not.toHaveURL(/\/login$/);
  expect(
    (await request.post('/api/auth/v2/login', { data: { email: person.email, password: person.password } })).status(),
  ).toBe(401);
});

test('a signed-in person changes their password on the profile and stays signed in', async ({ page, request }) => {
  const person = await registerUser(request);
  const tokens = await apiLogin(request, person.email, person.password);
  await signInWithTokens(page, tokens, '/profile');
  await page.getByLabel('Current password').fill(person.password);
  await page.getByLabel('New password').fill('quiet river compass 9');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your password is changed' })).toBeVisible();
  // This device goes on; the session signed in before the change is over.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Password' })).toBeVisible();
  const other = await request.get('/api/user/me', { headers: { Authorization: `Bearer ${tokens.accessToken}` } });
  expect(other.status()).toBe(401);
  await apiLogin(request, person.email, 'quiet river compass 9');
});
