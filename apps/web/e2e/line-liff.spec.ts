import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_LINE } from '../playwright.config';
import { lineIdToken } from './line-fake';
import {
  apiLogin,
  bearer,
  DEMO,
  expectAccessible,
  msg,
  registerUser,
  setShopStatus,
  signInWithTokens,
} from './support';
import { devices, expect, test } from './test';

/**
 * The menu inside LINE (issue 49, docs/line.md): LINE opens the web app's /line as a LIFF app on a
 * phone; LINE's SDK (a fake, served for LINE's own address) gives the page an ID token, which the
 * server has LINE check (e2e/line-fake.ts) and trades for a session of the linked person.
 */
const { defaultBrowserType: _browser, ...PHONE } = devices['Pixel 7'];
test.use({ ...PHONE });

const SDK_URL = 'https://static.line-scdn.net/liff/edge/2/sdk.js';

/** A LINE account of its own for each test: `U` and 32 hex digits, as LINE's user ids are. */
const lineAccount = (name: string) => ({ sub: `U${randomBytes(16).toString('hex')}`, name });

/** Serves LINE's LIFF SDK as the LINE app gives it: signed in, with this account's ID token, in `language`. */
async function openInLine(page: Page, account: { sub: string; name: string }, language: string) {
  const token = lineIdToken(account.sub, account.name);
  await page.route(SDK_URL, (route) =>
    route.fulfill({
      contentType: 'application/javascript',
      body: `window.liff = {
        init: (config) => { window.liffInitWith = config.liffId; return Promise.resolve(); },
        isLoggedIn: () => true,
        login: () => { throw new Error('LINE signed this person in already'); },
        getIDToken: () => ${JSON.stringify(token)},
        getLanguage: () => ${JSON.stringify(language)},
      };`,
    }),
  );
  await page.goto('/line');
}

async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

/** Links the LINE account to the person as they would: the refusal's one-time link, opened signed in. */
async function linkByApi(request: APIRequestContext, account: { sub: string; name: string }, accessToken: string) {
  const refused = await request.post('/api/line/session', {
    data: { idToken: lineIdToken(account.sub, account.name) },
  });
  expect(refused.status()).toBe(403);
  const url = String(((await refused.json()) as { params?: { url?: string } }).params?.url);
  const res = await request.post(`/api/chat/line/link-tokens/${url.split('/').pop()}`, {
    headers: bearer(accessToken),
  });
  expect(res.status(), await res.text()).toBe(200);
}

test.beforeAll(async ({ request }) => {
  await setShopStatus(request, 'cafe-open');
});

test('an unlinked LINE account is shown its one-time link in LINE’s language; once linked, the person orders from LINE', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const person = await registerUser(request, 'Liff Mali');
  const account = lineAccount('Mali on LINE');
  await openInLine(page, account, 'th');

  await expect(page.getByRole('heading', { name: msg('th', 'chat.liff.notLinkedTitle') })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await expect(page.getByRole('status')).toContainText('/line/link/');
  expect(await page.evaluate(() => (window as { liffInitWith?: string }).liffInitWith)).toBe(E2E_LINE.liffId);
  const link = page.getByRole('link', { name: msg('th', 'chat.liff.openLink') });
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toMatch(/\/line\/link\/[A-Za-z0-9_-]{40,}$/);
  await expectNoSideways(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoSideways(page);
  await expectAccessible(page, '/line, not linked');

  // The person opens the link signed in to the cafe (in a browser), and links their LINE account.
  const web = await browser.newContext({ baseURL, ...PHONE });
  const webPage = await web.newPage();
  await signInWithTokens(webPage, await apiLogin(request, person.email, person.password), new URL(href).pathname);
  await expect(webPage.getByText('Link LINE account Mali on LINE to you?')).toBeVisible();
  await webPage.getByRole('button', { name: 'Link', exact: true }).click();
  await expect(webPage.getByText(/LINE account Mali on LINE is linked to you/)).toBeVisible();
  await web.close();

  // Back in LINE: signed in, on the ordering screen, in their own language (English).
  await page.reload();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('link', { name: msg('en', 'common.nav.myOrder') }).first()).toBeVisible();
  await expectNoSideways(page);
  const tokens = await page.evaluate(() => localStorage.getItem('access_token'));
  const sessions = await request.get('/api/auth/sessions', { headers: bearer(tokens ?? '') });
  expect(await sessions.text()).toContain('"signInMethod":"line"');
});

test('a linked person whose language is Thai lands on the ordering screen in Thai, whatever LINE speaks', async ({
  page,
  request,
}) => {
  const person = await registerUser(request, 'Liff Somchai');
  const { accessToken } = await apiLogin(request, person.email, person.password);
  const language = await request.put('/api/user/notifications', {
    headers: bearer(accessToken),
    data: { language: 'th' },
  });
  expect(language.status(), await language.text()).toBe(200);
  const account = lineAccount('Somchai');
  await linkByApi(request, account, accessToken);

  await openInLine(page, account, 'en-US');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await expect(page.getByRole('link', { name: msg('th', 'common.nav.myOrder') }).first()).toBeVisible();
  await expectNoSideways(page);
});

test('a staff account linked to LINE is told to sign in with its password', async ({ page, request }) => {
  const account = lineAccount('Barista on LINE');
  const { accessToken } = await apiLogin(request, DEMO.barista.email, DEMO.barista.password);
  await linkByApi(request, account, accessToken);
  try {
    await openInLine(page, account, 'en');
    await expect(page.getByRole('heading', { name: msg('en', 'chat.liff.staffTitle') })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    await expectNoSideways(page);
  } finally {
    // The demo barista is everyone's: it leaves without LINE.
    await request.delete('/api/chat/line/link', { headers: bearer(accessToken) });
  }
});

test('the admins’ chat channels page shows LINE on, its settings set but never their values', async ({
  page,
  request,
}) => {
  const tokens = await apiLogin(request, DEMO.admin.email, DEMO.admin.password);
  await signInWithTokens(page, tokens, '/chat-channels-admin');
  const line = page.getByRole('region', { name: 'LINE' });
  await expect(line.getByText('On', { exact: true })).toBeVisible();
  const settings = line.getByRole('list', { name: 'Settings of LINE' });
  await expect(settings.getByRole('listitem').filter({ hasText: 'LINE_CHANNEL_SECRET' })).toContainText('Set');
  await expect(settings.getByRole('listitem').filter({ hasText: 'LINE_LIFF_ID' })).toContainText('Set');
  await expect(page.getByRole('region', { name: 'Microsoft Teams' }).getByText('Off', { exact: true })).toBeVisible();
  await expect(page.locator('body')).not.toContainText('e2e-line-channel-secret');
  await expect(page.locator('body')).not.toContainText('e2e-line-channel-access-token');
  await expectNoSideways(page);
  await expectAccessible(page, '/chat-channels-admin');
});
