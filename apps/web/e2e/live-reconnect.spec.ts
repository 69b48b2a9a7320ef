import { expect, test } from '@playwright/test';
import {
  DEMO,
  apiLogin,
  cafeMenuOf,
  loginViaUi,
  placeCafeOrderViaApi,
  registerUser,
  setShopStatus,
  uploadTinyPng,
} from './support';

/**
 * A barista's board that loses its connection (Wi-Fi blip, tablet waking) while its access token
 * has expired must come back signed in: the server refuses the old token, the app refreshes it and
 * reconnects into the staff room, and the next order arrives live, not with the next poll.
 */

/** The same token with its expiry moved into the past: the server takes it for an expired one. */
function expiredCopyOf(token: string): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  const past = Math.floor(Date.now() / 1000) - 3600;
  const expired = Buffer.from(JSON.stringify({ ...claims, iat: past - 900, exp: past })).toString('base64url');
  return `${header}.${expired}.${signature}`;
}

test('the board reconnects with a refreshed token and gets the next order live', async ({
  browser,
  baseURL,
  request,
}) => {
  await setShopStatus(request, 'cafe-open');
  const context = await browser.newContext({ baseURL, viewport: { width: 1024, height: 1366 } });
  const board = await context.newPage();
  await loginViaUi(board, DEMO.barista.email, DEMO.barista.password);
  await expect(board).toHaveURL(/\/ordering$/);
  const live = board.getByRole('status').filter({ hasText: /^Live$/ });
  await expect(live).toBeVisible();

  // The access token the board holds has expired by the time the connection drops.
  const stale = await board.evaluate(() => localStorage.getItem('access_token') ?? '');
  const expired = expiredCopyOf(stale);
  await board.evaluate((token) => localStorage.setItem('access_token', token), expired);
  await context.setOffline(true);
  await expect(live).toHaveCount(0);
  await context.setOffline(false);

  // Back, with a token the server accepts (a visitor's connection would also say "Live").
  await expect(live).toBeVisible();
  await expect.poll(() => board.evaluate(() => localStorage.getItem('access_token'))).not.toBe(expired);

  const name = `Rey ${Date.now().toString(36).slice(-6)}`;
  const customer = await registerUser(request, name);
  const tokens = await apiLogin(request, customer.email, customer.password);
  const menu = await cafeMenuOf(request, 'Coffee');
  await placeCafeOrderViaApi(request, tokens.accessToken, menu, await uploadTinyPng(request, tokens.accessToken));

  // Live: well before the board's 30-second poll would bring it.
  const card = board
    .getByRole('region', { name: 'Waiting Order' })
    .getByRole('article', { name: `${menu.name} for ${name}` });
  await expect(card).toBeVisible({ timeout: 10_000 });
  await context.close();
});
