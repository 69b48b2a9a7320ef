import { createHmac } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { cafeNow } from './cafe-clock';
import { expect, test } from './test';
import { apiLogin, bearer, expectAccessible, loginViaUi, registerUser, signInWithTokens } from './support';

/**
 * A second factor (docs/api/people.md "Second factor"): a person adds a passkey on their profile
 * (Chromium's virtual authenticator stands for the phone's), signs out, and signs in with their
 * password and then the passkey; with an authenticator app added too, a code computed here signs
 * them in instead; last, the passkey alone signs them in. WebAuthn takes no IP address as its site, so the browser opens the cafe as
 * localhost (the server serves its passkeys for localhost when it is reached at 127.0.0.1).
 */

/** The six digits an authenticator app with this base32 secret shows at `at` (RFC 6238, SHA-1, 30 s). */
function totpCode(secret: string, at: Date): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/=+$/, '')) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at.getTime() / 30_000)));
  const hmac = createHmac('sha1', key).update(counter).digest();
  const offset = (hmac[hmac.length - 1] ?? 0) & 0xf;
  const value = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

/** A platform authenticator that holds discoverable credentials and verifies its person (a phone's). */
async function addVirtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/**
 * Logout, right after a sign-in: the app may still be moving from where the sign-in sent the person
 * to their landing screen, and a click on the Logout of the screen being left does nothing. The
 * click is made again until the sign-in screen shows (a Logout that never works still fails).
 */
async function logOut(page: Page): Promise<void> {
  await expect(async () => {
    if (!/\/login$/.test(page.url())) {
      await page.getByRole('button', { name: 'Logout' }).first().click({ timeout: 5_000 });
    }
    await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
}

test('a passkey and an authenticator app as the second step after the password, and the passkey alone', async ({
  browser,
  baseURL,
  request,
}) => {
  const person = await registerUser(request);
  const local = (baseURL ?? '').replace('127.0.0.1', 'localhost');
  const context = await browser.newContext({ baseURL: local });
  const page = await context.newPage();
  await addVirtualAuthenticator(context, page);

  // The profile: a passkey is added, and the recovery codes are shown once.
  const tokens = await apiLogin(request, person.email, person.password);
  await signInWithTokens(page, tokens, '/profile');
  const security = page.getByRole('region', { name: 'Sign-in security' });
  await expect(security.getByText('No second step yet')).toBeVisible();
  await security.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(security.getByRole('status')).toContainText('is added');
  const codes = page.getByRole('region', { name: 'Your recovery codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await codes.getByRole('button', { name: 'I have saved them' }).click();
  await expect(security.getByRole('list', { name: 'Your sign-in methods' })).toContainText('Passkey');
  await expect(security.getByTestId('recovery-codes-left')).toHaveText('10 recovery codes left.');
  // Setting up an app shows its QR code and the key as text; nothing is added until its first code.
  await security.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(security.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expectAccessible(page, 'the sign-in security of the profile, an app being set up');
  await security.getByRole('button', { name: 'Cancel' }).click();

  // The password alone no longer signs in: it gives no token, only the step after it.
  const passwordOnly = await request.post('/api/auth/v2/login', {
    data: { email: person.email, password: person.password },
  });
  expect(passwordOnly.status()).toBe(202);
  expect(await passwordOnly.json()).not.toHaveProperty('accessToken');

  await logOut(page);
  await loginViaUi(page, person.email, person.password);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: "Confirm it's you" })).toBeVisible();
  await expectAccessible(page, 'the second step of sign-in');
  await dialog.getByRole('button', { name: 'Use your passkey' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Logout' }).first()).toBeVisible();

  // An authenticator app too (set up through the API here): the code computed from its secret.
  const signedIn = await page.evaluate(() => localStorage.getItem('access_token'));
  const auth = bearer(signedIn ?? '');
  const setup = await request.post('/api/auth/second-factors/totp/setup', { headers: auth });
  expect(setup.status(), await setup.text()).toBe(200);
  const { token, secret } = (await setup.json()) as { token: string; secret: string };
  const added = await request.post('/api/auth/second-factors/totp', {
    headers: auth,
    data: { token, code: totpCode(secret, cafeNow()) },
  });
  expect(added.status(), await added.text()).toBe(201);

  await logOut(page);
  await loginViaUi(page, person.email, person.password);
  const code = dialog.getByLabel('6-digit code from your authenticator app');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  // The code of the app's next 30 seconds: the one that confirmed the app is taken already.
  await code.fill(totpCode(secret, new Date(cafeNow().getTime() + 30_000)));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Logout' }).first()).toBeVisible();

  // The passkey alone, with no e-mail or password: it verified its person, so it is both steps.
  await logOut(page);
  await page.getByRole('button', { name: 'Login' }).first().click();
  await dialog.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Logout' }).first()).toBeVisible();
  await context.close();
});
