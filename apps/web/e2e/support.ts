import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Demo accounts seeded by the server (DEMO=on, domain example.com). */
export const DEMO = {
  admin: { email: 'admin@example.com', password: 'admin-demo-1' },
  barista: { email: 'barista@example.com', password: 'barista-demo-1' },
  user: { email: 'user@example.com', password: 'user-demo-1' },
} as const;

let counter = 0;

/** Registers a fresh user through the API and returns its credentials. */
export async function registerUser(request: APIRequestContext, name?: string, domain = 'example.com') {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${counter}`;
  const user = { name: name ?? `Tester ${counter}`, email: `tester-${stamp}@${domain}`, password: 'secret-pass-1' };
  const res = await request.post('/api/auth/register', { data: user });
  expect(res.status(), await res.text()).toBe(201);
  return user;
}

/** Signs in through the API; returns the token pair. */
export async function apiLogin(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/api/auth/v2/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { accessToken: string; refreshToken: string };
}

/** Signs in through the login dialog, as a person would. */
export async function loginViaUi(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login' }).first().click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^(Login|Sign in)$/ })
    .click();
}

/** Sets the shop status through the API as the demo barista. */
export async function setShopStatus(request: APIRequestContext, value: 'cafe-open' | 'bar-open' | 'close-both') {
  const { accessToken } = await apiLogin(request, DEMO.barista.email, DEMO.barista.password);
  const res = await request.patch(`/api/cafe-status/${value}`, { headers: { Authorization: `Bearer ${accessToken}` } });
  expect(res.status(), await res.text()).toBe(200);
}

// ---------- management / dashboard helpers (added for management.spec.ts) ----------

/** The Authorization header of an access token. */
export function bearer(accessToken: string) {
  return { Authorization: `Bearer ${accessToken}` };
}

/** A 1x1 PNG, the smallest tumbler photo the upload accepts. */
export const TINY_PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** Uploads the tiny PNG as the signed-in user; returns the image URL the server issued. */
export async function uploadTinyPng(request: APIRequestContext, accessToken: string): Promise<string> {
  const res = await request.post('/api/upload/image', {
    headers: bearer(accessToken),
    data: { file: TINY_PNG_DATA_URL },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { url: string }).url;
}

/** Places a cafe order through the API from the cafe's own position; returns the order id. */
export async function placeCafeOrderViaApi(
  request: APIRequestContext,
  accessToken: string,
  menu: { id: number; name: string },
  tumblerImage: string,
): Promise<number> {
  const res = await request.post('/api/order', {
    headers: bearer(accessToken),
    data: {
      menu_id: menu.id,
      menu_name: menu.name,
      type: 'hot',
      sweetness: 50,
      remark: '-',
      tumblerImage,
      latitude: 13.7466,
      longitude: 100.5393,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** Takes an order through in-progress to done as a barista (a served order for the statistics). */
export async function serveOrderViaApi(request: APIRequestContext, baristaToken: string, orderId: number) {
  for (const status of ['in-progress', 'done'] as const) {
    const res = await request.patch(`/api/order/barista/${orderId}`, {
      headers: bearer(baristaToken),
      data: { status },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
}

/** A name made of letters only (menu and category names allow no digits), unique per call. */
export function letterStamp(): string {
  counter += 1;
  const n = Date.now() * 100 + counter;
  return n
    .toString(26)
    .split('')
    .map((c) => String.fromCharCode(97 + parseInt(c, 26)))
    .join('')
    .slice(-8);
}

// ---------- barista helpers (added for barista.spec.ts) ----------

/** Browser-context options of a customer standing at the cafe (the ordering radius is checked). */
export const AT_THE_CAFE = {
  geolocation: { latitude: 13.7466, longitude: 100.5393 },
  permissions: ['geolocation'],
};

/** An active cafe menu item of the named demo category (Coffee, Tea, Other). */
export async function cafeMenuOf(
  request: APIRequestContext,
  categoryName = 'Coffee',
): Promise<{ id: number; name: string }> {
  const res = await request.get('/api/category', { params: { categoryFor: 'cafe' } });
  expect(res.status(), await res.text()).toBe(200);
  const categories = (await res.json()) as { name: string; menu: { id: number; name: string; isActive: string }[] }[];
  const menu = categories.find((c) => c.name === categoryName)?.menu.find((m) => m.isActive === 'active');
  expect(menu, `an active menu item in ${categoryName}`).toBeTruthy();
  return { id: menu!.id, name: menu!.name };
}

/** Signs a browser page in with a token pair (as a stored session would) and opens `path`. */
export async function signInWithTokens(
  page: Page,
  tokens: { accessToken: string; refreshToken: string },
  path: string,
) {
  await page.goto('/login');
  await page.evaluate(({ accessToken, refreshToken }) => {
    localStorage.setItem('access_token', accessToken);
    localStorage.setItem('refresh_token', refreshToken);
  }, tokens);
  await page.goto(path);
}

/** Rejects every waiting or in-progress order (left by earlier specs) so the shop status can be changed. */
export async function clearActiveOrders(request: APIRequestContext) {
  const { accessToken } = await apiLogin(request, DEMO.barista.email, DEMO.barista.password);
  const res = await request.get('/api/order', {
    headers: bearer(accessToken),
    params: { status: 'ordered,in-progress' },
  });
  expect(res.status(), await res.text()).toBe(200);
  for (const order of (await res.json()) as { id: number }[]) {
    const patch = await request.patch(`/api/order/barista/${order.id}`, {
      headers: bearer(accessToken),
      data: { status: 'rejected', reject_note: 'The shop is closing' },
    });
    expect(patch.status(), await patch.text()).toBe(200);
  }
}
