import { expect, test } from './test';

/** Issue 12: the registration form checks as the person types and never cuts a name silently. */
test('the wrong-domain alert goes once the e-mail is corrected; a long name is refused, not cut', async ({ page }) => {
  await page.goto('/create');
  const name = page.getByLabel('Name');
  await name.pressSequentially('Maximiliana Ferdinanda');
  await expect(name).toHaveValue('Maximiliana Ferdinanda');
  await expect(page.getByText('Name must be at most 20 characters')).toBeVisible();
  await name.fill('Maximiliana');
  await expect(page.getByText('Name must be at most 20 characters')).toBeHidden();
  await expect(page.getByText('(11/20)')).toBeVisible();

  const email = page.getByLabel('Email');
  await email.fill('maxi@gmail.com');
  await page.getByLabel('Password', { exact: true }).fill('secret-pass-1');
  await page.getByRole('button', { name: 'Create new user' }).click();
  const alert = page.getByRole('alert').filter({ hasText: '@example.com' });
  await expect(alert).toBeVisible();
  await email.fill('');
  await email.pressSequentially(`maxi-${Date.now().toString(36)}@example.com`);
  await expect(alert).toBeHidden();
  await page.getByRole('button', { name: 'Create new user' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
