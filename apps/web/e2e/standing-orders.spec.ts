import { expect, test } from './test';
import { activeCafeItems, apiLogin, bearer, expectAccessible, registerUser, signInWithTokens } from './support';

/**
 * Standing orders in My orders (docs/standing-orders.md), against the real server: a person whose
 * usual is saved sets "my usual, Monday to Friday at 09:30", sees it listed with its next day,
 * pauses and resumes it, skips its next day, and deletes it.
 */
test('a person sets a standing order from their usual, pauses, resumes, skips and deletes it', async ({
  page,
  request,
}) => {
  const person = await registerUser(request, 'Standing Sam');
  const tokens = await apiLogin(request, person.email, person.password);
  const [drink] = await activeCafeItems(request);
  expect(drink, 'the demo cafe has an active item').toBeDefined();
  const usual = await request.put('/api/me/usual', {
    headers: bearer(tokens.accessToken),
    data: { menu_id: drink!.id, type: 'hot', sweetness: 50 },
  });
  expect(usual.status(), await usual.text()).toBe(200);

  await signInWithTokens(page, tokens, '/ordered');
  const section = page.getByRole('region', { name: 'Standing orders' });
  await expect(section.getByText('No standing orders yet')).toBeVisible();
  await expect(section.getByRole('combobox', { name: 'Drink' })).toHaveValue('usual');
  await expectAccessible(page, 'My orders with the standing orders');
  // Only the site's pickup times are offered; a day the cafe never serves is named, and nothing saves.
  const time = section.getByRole('combobox', { name: 'Pickup time' });
  await expect(time).toHaveValue('09:30');
  await section.getByRole('checkbox', { name: 'Sat' }).check();
  await expect(section.getByText(/does not serve cafe drinks on Saturdays\. Choose other days\./)).toBeVisible();
  await expect(section.getByRole('button', { name: 'Save standing order' })).toBeDisabled();
  await section.getByRole('checkbox', { name: 'Sat' }).uncheck();
  await expect(time).toHaveValue('09:30');
  await section.getByRole('button', { name: 'Save standing order' }).click();
  // The first day it is ordered, as the server answers it.
  await expect(section.getByRole('status')).toHaveText(/^Standing order saved\. The first one is ordered for /);
  await expect(section.getByText('Mon, Tue, Wed, Thu, Fri at 09:30')).toBeVisible();
  await expect(section.getByText(/^Next: /)).toBeVisible();

  await section.getByRole('button', { name: 'Pause' }).click();
  await expect(section.getByText('Paused', { exact: true })).toBeVisible();
  await section.getByRole('button', { name: 'Resume' }).click();
  await expect(section.getByText(/^Next: /)).toBeVisible();
  await section.getByRole('button', { name: 'Skip next' }).click();
  await expect(section.getByText(/Skipping /)).toBeVisible();
  await section.getByRole('button', { name: 'Undo skip' }).click();
  await expect(section.getByText(/Skipping /)).toHaveCount(0);
  await section.getByRole('button', { name: 'Delete' }).click();
  await expect(section.getByText('No standing orders yet')).toBeVisible();
});
