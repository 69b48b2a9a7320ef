import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Demo accounts seeded by the server (DEMO=on, domain example.com). */
export const DEMO = {
  admin: { email: 'admin@example.com', password: 'admin-demo-1' },
  barista: { email: 'barista@example.com', password: 'barista-demo-1' },
  user: { email: 'user@example.com', password: 'user-demo-1' },
} as const;

let counter = 0;

/** Registers a fresh user through the API and returns its credentials. */
export async function registerUser(request: APIRequestContext, name?: string) {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${counter}`;
  const user = { name: name ?? `Tester ${counter}`, email: `tester-${stamp}@example.com`, password: 'secret-pass-1' };
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
  await page.getByRole('dialog').getByRole('button', { name: /^(Login|Sign in)$/ }).click();
}

/** Sets the shop status through the API as the demo barista. */
export async function setShopStatus(request: APIRequestContext, value: 'cafe-open' | 'bar-open' | 'close-both') {
  const { accessToken } = await apiLogin(request, DEMO.barista.email, DEMO.barista.password);
  const res = await request.patch(`/api/cafe-status/${value}`, { headers: { Authorization: `Bearer ${accessToken}` } });
  expect(res.status(), await res.text()).toBe(200);
}
