import { expect, test } from './test';
import { apiLogin, bearer, DEMO, registerUser, setShopStatus, signInWithTokens } from './support';

test('a person promoted to barista while signed in is moved to the order board without signing in again', async ({
  browser,
  request,
}) => {
  await setShopStatus(request, 'cafe-open');
  const account = await registerUser(request, 'Live Promotion');
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithTokens(page, await apiLogin(request, account.email, account.password), '/statusOrder');
  await expect(page).toHaveURL(/\/statusOrder$/);
  await expect(page.getByText('Live Promotion').first()).toBeAttached();
  // Wait until the live connection is up, so the change reaches this page live.
  await expect(page.getByText('Live', { exact: true }).first()).toBeAttached();

  const admin = await apiLogin(request, DEMO.admin.email, DEMO.admin.password);
  const users = (await (await request.get('/api/user', { headers: bearer(admin.accessToken) })).json()) as {
    id: number;
    email: string;
  }[];
  const target = users.find((u) => u.email === account.email);
  expect(target).toBeDefined();
  const res = await request.patch(`/api/user/${target?.id}`, {
    headers: bearer(admin.accessToken),
    data: { role: 'barista' },
  });
  expect(res.status()).toBe(200);

  await expect(page).toHaveURL(/\/ordering$/);
  await expect(page.getByText('Shop Status').first()).toBeVisible();
  await context.close();
});
