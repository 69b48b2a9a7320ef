import { expect, test } from './test';
import { expectAccessible, loginViaUi, registerUser } from './support';

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

/**
 * Signed-in devices (ASVS 7.5.2, docs/decisions/0079): a person signed in on a phone and a laptop
 * sees both in the laptop's profile, ends the phone's session with their password, and the phone
 * is signed out the next time it opens the app.
 */
test('a person ends the session of their phone from the laptop, and the phone is signed out', async ({
  browser,
  request,
}) => {
  const person = await registerUser(request, 'Dao Devices');
  const phone = await browser.newContext({ userAgent: CHROME_ANDROID, viewport: { width: 390, height: 844 } });
  const laptop = await browser.newContext({ userAgent: FIREFOX_WINDOWS });
  try {
    const phonePage = await phone.newPage();
    await loginViaUi(phonePage, person.email, person.password);
    await expect(phonePage).not.toHaveURL(/\/login$/);
    const laptopPage = await laptop.newPage();
    await loginViaUi(laptopPage, person.email, person.password);
    await expect(laptopPage).not.toHaveURL(/\/login$/);

    await laptopPage.goto('/profile');
    const list = laptopPage.getByRole('list', { name: 'Signed-in devices' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByRole('listitem').filter({ hasText: 'This device' })).toContainText('Firefox on Windows');
    await expectAccessible(laptopPage, '/profile, signed-in devices');

    await laptopPage.getByRole('button', { name: 'End the session of Chrome on Android' }).click();
    const dialog = laptopPage.getByRole('alertdialog', { name: 'End this session?' });
    await dialog.getByLabel('Your password').fill(person.password);
    await dialog.getByRole('button', { name: 'End session' }).click();
    await expect(laptopPage.getByRole('status').filter({ hasText: 'The session is ended.' })).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(laptopPage.getByText('No other device is signed in.')).toBeVisible();

    // The phone's next visit finds its session over.
    await phonePage.goto('/profile');
    await expect(phonePage).toHaveURL(/\/login/, { timeout: 30_000 });
    // The laptop is still signed in.
    await laptopPage.reload();
    await expect(laptopPage.getByTestId('profile-email')).toHaveText(person.email);
  } finally {
    await phone.close();
    await laptop.close();
  }
});
