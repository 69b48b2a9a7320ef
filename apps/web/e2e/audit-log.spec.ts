import { expect, test } from './test';
import { DEMO, WIDE_DESKTOP, apiLogin, bearer, letterStamp, registerUser, signInWithTokens } from './support';

/*
 * The audit log (issue 21): an admin changes someone's role in User Management, then finds the
 * change in the audit log with who made it and the role before and after, on a desktop and on a
 * phone, and downloads the log as CSV.
 */

test("an admin's role change appears in the audit log with before and after", async ({ page, request }) => {
  const account = await registerUser(request, `Audited ${letterStamp()}`);
  const admin = await apiLogin(request, DEMO.admin.email, DEMO.admin.password);
  const me = (await (await request.get('/api/user/me', { headers: bearer(admin.accessToken) })).json()) as {
    name: string;
  };

  await page.setViewportSize(WIDE_DESKTOP);
  await signInWithTokens(page, admin, '/userManagement');
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(account.email);
  await page.getByRole('button', { name: `Edit role of ${account.name}` }).click();
  await page.getByRole('combobox', { name: `Role of ${account.name}` }).selectOption({ label: 'Barista' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${account.name} is now Barista`)).toBeVisible();

  // User Management links to the log (the top bar leaves it to the menu).
  await page.getByRole('main').getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/audit-admin$/);
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();

  const table = page.getByRole('table', { name: 'Recorded changes, newest first' });
  const row = table.getByRole('row').filter({ hasText: account.name }).first();
  await expect(row).toBeVisible();
  await expect(row.getByRole('rowheader')).toHaveText('Role changed');
  await expect(row).toContainText(me.name);
  await expect(row.getByRole('list', { name: 'Before and after' })).toHaveText('role: user → changed to barista');

  // Only the people's changes.
  await page.getByRole('combobox', { name: 'Kind of change' }).selectOption({ label: 'People' });
  await expect(table.getByRole('rowheader').first()).toBeVisible();
  // Every change to a person's account is of this kind (other tests on this server make them too).
  const peoplesChanges = [
    'Role changed',
    'Account enabled or disabled',
    'Name changed',
    'Password changed',
    'Password reset by e-mail link',
    'Agreed that the cafe keeps what they cannot drink',
    'Withdrew consent to keep what they cannot drink (the list was erased)',
    'Account deleted',
  ];
  for (const action of await table.getByRole('rowheader').allTextContents()) {
    expect(peoplesChanges).toContain(action);
  }

  // The download is the server's CSV, with the change in it.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('audit-log.csv');
  const csv = await (await download.createReadStream()).toArray();
  const text = Buffer.concat(csv as Buffer[]).toString('utf8');
  expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('at,actor,action,target,site,before,after');
  expect(text).toContain(`user.role,user`);
  expect(text).toContain(`(${account.name})`);

  // On a phone: a card per entry.
  await page.setViewportSize({ width: 390, height: 800 });
  const card = page
    .getByRole('list', { name: 'Recorded changes, newest first' })
    .getByRole('listitem')
    .filter({ hasText: account.name })
    .first();
  await expect(card.getByRole('heading', { name: 'Role changed' })).toBeVisible();
  await expect(card).toContainText(`By ${me.name}`);
  await expect(card.getByRole('list', { name: 'Before and after' })).toHaveText('role: user → changed to barista');
});

test('a barista is not let into the audit log', async ({ page, request }) => {
  const barista = await apiLogin(request, DEMO.barista.email, DEMO.barista.password);
  expect((await request.get('/api/audit', { headers: bearer(barista.accessToken) })).status()).toBe(403);
  await signInWithTokens(page, barista, '/audit-admin');
  await expect(page).toHaveURL(/\/unauthorized$/);
});
