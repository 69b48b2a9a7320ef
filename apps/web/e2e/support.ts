import zlib from 'node:zlib';
import axe from 'axe-core';
import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { confirmationTokenOf, openMailbox, waitForMail } from './mailbox';

/** Demo accounts seeded by the server (DEMO=on, domain example.com). */
export const DEMO = {
  admin: { email: 'admin@example.com', password: 'admin-demo-1' },
  barista: { email: 'barista@example.com', password: 'barista-demo-1' },
  user: { email: 'user@example.com', password: 'user-demo-1' },
} as const;

/** A desktop wide enough for the six staff links in the top bar (below 1536 px they are in the menu). */
export const WIDE_DESKTOP = { width: 1600, height: 900 };

let counter = 0;

/** Whether the cafe server of `request` confirms e-mail addresses (it has a mail server: the first one). */
export async function confirmsEmail(request: APIRequestContext): Promise<boolean> {
  const res = await request.get('/api/settings');
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { emailConfirmation?: boolean }).emailConfirmation === true;
}

/** Opens the confirmation link mailed to `email` (through the API), as its owner would. */
export async function confirmEmailViaMail(request: APIRequestContext, email: string) {
  const token = confirmationTokenOf(await waitForMail(email));
  const res = await request.post('/api/auth/email-confirmation', { data: { token } });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Registers a fresh user through the API and returns its credentials. Where the server confirms
 * e-mail addresses, the link it mails is opened too (`confirm: false` leaves it unopened): the
 * specs order with the people they register.
 */
export async function registerUser(
  request: APIRequestContext,
  name?: string,
  domain = 'example.com',
  { confirm = true }: { confirm?: boolean } = {},
) {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${counter}`;
  const user = { name: name ?? `Tester ${counter}`, email: `tester-${stamp}@${domain}`, password: 'secret-pass-1' };
  const confirming = confirm && (await confirmsEmail(request));
  // Listening before the mail is sent: the outbox would otherwise wait before it tries again.
  if (confirming) await openMailbox();
  const res = await request.post('/api/auth/register', { data: user });
  expect(res.status(), await res.text()).toBe(201);
  if (confirming) await confirmEmailViaMail(request, user.email);
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

/** The tiny PNG as a file a person picks (setInputFiles, a file chooser). */
export const TINY_PNG_FILE = {
  name: 'tumbler.png',
  mimeType: 'image/png',
  buffer: Buffer.from(TINY_PNG_DATA_URL.split(',')[1]!, 'base64'),
};

/** Uploads the tiny PNG as the signed-in user; returns the image URL the server issued. */
export async function uploadTinyPng(
  request: APIRequestContext,
  accessToken: string,
  file: string = TINY_PNG_DATA_URL,
): Promise<string> {
  const res = await request.post('/api/upload/image', {
    headers: bearer(accessToken),
    data: { file },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { url: string }).url;
}

/**
 * A 1x1 PNG of a colour no other call gives (as a data URL): a photo of its own. The cafe stores a
 * picture once however many upload it, so a test about one photo's life needs one nobody shares.
 */
export function uniquePngDataUrl(): string {
  uniqueColour = (uniqueColour + 0x10101 + Math.floor(Math.random() * 0xffff)) % 0xffffff;
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.writeUInt8(8, 8); // 8 bits per channel
  header.writeUInt8(2, 9); // RGB
  const pixel = Buffer.from([0, (uniqueColour >> 16) & 0xff, (uniqueColour >> 8) & 0xff, uniqueColour & 0xff]);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(pixel)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}
let uniqueColour = Math.floor(Math.random() * 0xffffff);

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

/** A new customer with one order of each given category (Coffee, Tea...). */
export async function customerWithOrders(request: APIRequestContext, name: string, categories: string[]) {
  const user = await registerUser(request, name);
  const tokens = await apiLogin(request, user.email, user.password);
  const image = await uploadTinyPng(request, tokens.accessToken);
  const orders: { id: number; name: string }[] = [];
  for (const category of categories) {
    const menu = await cafeMenuOf(request, category);
    orders.push({ id: await placeCafeOrderViaApi(request, tokens.accessToken, menu, image), name: menu.name });
  }
  return { user, tokens, orders };
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

/**
 * Takes the page's network away as a phone that has the app would lose it: once the service worker
 * has installed the app (every file of the build precached, sw.ts) and controls the page. Going
 * offline before that, on a busy machine, left the page without the chunks a tap then needs (the
 * cancel dialog never opened), which no installed app meets.
 */
export async function goOffline(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
    .toBe(true);
  await page.context().setOffline(true);
}

/**
 * Waits until the board says "Live" (the connection up and the board caught up). When it does not,
 * the failure says what the page showed instead: the live light's state (offline, catching up,
 * stale), or no light at all and the address the page is at (signed out, another screen).
 */
export async function expectBoardLive(page: Page): Promise<void> {
  try {
    await expect(page.getByRole('status').filter({ hasText: /^Live$/ })).toBeVisible();
  } catch (error) {
    const shown = await page
      .locator('[data-live-state]')
      .evaluateAll((lights) => lights.map((light) => light.getAttribute('data-live-state')))
      .catch(() => []);
    throw new Error(
      `The board was not Live: ${shown.length > 0 ? `its light said ${shown.join(', ')}` : 'no live light'} at ${page.url()}`,
      { cause: error },
    );
  }
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

/**
 * Rejects every waiting or in-progress order (left by earlier specs) so the shop status can be
 * changed, and hands over every finished drink still on the counter (the board's Ready lane): the
 * board is then empty.
 */
export async function clearActiveOrders(request: APIRequestContext) {
  const { accessToken } = await apiLogin(request, DEMO.barista.email, DEMO.barista.password);
  const res = await request.get('/api/order', {
    headers: bearer(accessToken),
    params: { status: 'ordered,in-progress,done' },
  });
  expect(res.status(), await res.text()).toBe(200);
  for (const order of (await res.json()) as { id: number; status: string }[]) {
    const patch = await request.patch(`/api/order/barista/${order.id}`, {
      headers: bearer(accessToken),
      data: order.status === 'done' ? { status: 'picked' } : { status: 'rejected', reject_note: 'The shop is closing' },
    });
    expect(patch.status(), await patch.text()).toBe(200);
  }
}

// ---------- kitchen display helpers (added for kitchen-display.spec.ts) ----------

/** Every active item of the cafe menu, in menu order. */
export async function activeCafeItems(request: APIRequestContext): Promise<{ id: number; name: string }[]> {
  const res = await request.get('/api/category', { params: { categoryFor: 'cafe' } });
  expect(res.status(), await res.text()).toBe(200);
  const categories = (await res.json()) as { menu: { id: number; name: string; isActive: string }[] }[];
  return categories.flatMap((c) => c.menu.filter((m) => m.isActive === 'active').map(({ id, name }) => ({ id, name })));
}

/** Places a cafe order with a given type, sweetness and remark (from the cafe's own position); returns its id. */
export async function placeDrinkViaApi(
  request: APIRequestContext,
  accessToken: string,
  drink: {
    menu: { id: number; name: string };
    type: 'hot' | 'cold' | 'frappe';
    sweetness: number;
    remark: string;
    /** An order for later: the slot's start. */
    pickupAt?: string;
  },
  tumblerImage: string,
): Promise<number> {
  const res = await request.post('/api/order', {
    headers: bearer(accessToken),
    data: {
      menu_id: drink.menu.id,
      menu_name: drink.menu.name,
      type: drink.type,
      sweetness: drink.sweetness,
      remark: drink.remark,
      tumblerImage,
      latitude: 13.7466,
      longitude: 100.5393,
      ...(drink.pickupAt === undefined ? {} : { pickupAt: drink.pickupAt }),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

// ---------- accessibility helpers (axe-core; a11y.spec.ts, every-route.spec.ts, keyboard.spec.ts) ----------

declare global {
  interface Window {
    axe: typeof axe;
  }
}

/** The WCAG 2.2 A and AA rules of axe-core (what the issue asks every screen to pass). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

/** Waits until no CSS animation or transition is running (spinners that never end are let be). */
export async function waitForAnimations(page: Page) {
  // Colours are measured once settled: a theme switch fades them for a moment, and cards rise in
  // (a loaded machine can still be mid-way when the page is otherwise ready). Spinners never end.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * Runs axe on the page as it is now and fails with a readable list of the problems. By default
 * every rule and only serious or critical problems count; `strict` runs the WCAG 2.2 A/AA rules
 * and counts every impact (minor and moderate too).
 */
export async function expectAccessible(
  page: Page,
  screen: string,
  options: { strict?: boolean; /** Reports and carries on (the test fails at its end). */ soft?: boolean } = {},
) {
  await waitForAnimations(page);
  // Injected through the DevTools protocol, which the page's Content-Security-Policy does not block.
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    async ({ strict, tags }) => {
      const result = await window.axe.run(document, {
        resultTypes: ['violations'],
        ...(strict ? { runOnly: { type: 'tag', values: tags } } : {}),
      });
      return result.violations
        .filter((v) => strict || v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({
          rule: v.id,
          impact: v.impact,
          help: v.help,
          nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
        }));
    },
    { strict: options.strict ?? false, tags: [...WCAG_TAGS] },
  );
  (options.soft ? expect.soft : expect)(
    violations,
    `accessibility problems on ${screen}:\n${JSON.stringify(violations, null, 2)}`,
  ).toEqual([]);
}

// ---------- message catalogues (the texts a screen shows, in English or Thai) ----------

export type Language = 'en' | 'th';

const catalogueCache = new Map<string, Record<string, string>>();

/** One part's catalogue (apps/web/src/locales/<language>/<part>.po) as id -> text. */
function catalogue(language: Language, part: string): Record<string, string> {
  const key = `${language}/${part}`;
  let messages = catalogueCache.get(key);
  if (!messages) {
    messages = {};
    const text = readFileSync(new URL(`../src/locales/${key}.po`, import.meta.url), 'utf8');
    // msgid "id" then msgstr "text", each possibly continued on "..." lines.
    const entry = /^msgid ((?:"(?:[^"\\]|\\.)*"\s*)+)msgstr ((?:"(?:[^"\\]|\\.)*"\s*)+)/gm;
    const unquote = (s: string) =>
      [...s.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string).join('');
    for (const m of text.matchAll(entry)) messages[unquote(m[1]!)] = unquote(m[2]!);
    catalogueCache.set(key, messages);
  }
  return messages;
}

/**
 * A message as the app shows it in `language` (its tags dropped, its values put in): English
 * when the Thai one is not written yet, as the app does.
 */
export function msg(language: Language, id: string, values: Record<string, string | number> = {}): string {
  const part = id.split('.', 1)[0]!;
  const text = catalogue(language, part)[id] || catalogue('en', part)[id];
  expect(text, `message ${id} in the ${part} catalogue`).toBeTruthy();
  return text!.replace(/<\/?\d+>/g, '').replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
}

// ---------- several sites ----------

/**
 * Archives every site but the first, rejecting what is still waiting or in progress there: a spec
 * of several sites that stopped half-way must not leave the specs after it a company of two.
 */
export async function archiveOtherSites(request: APIRequestContext) {
  const { accessToken } = await apiLogin(request, DEMO.admin.email, DEMO.admin.password);
  const sites = (await (await request.get('/api/sites')).json()) as { id: number }[];
  for (const site of sites.slice(1)) {
    const open = await request.get('/api/order', {
      headers: bearer(accessToken),
      params: { status: 'ordered,in-progress', siteId: site.id },
    });
    expect(open.status(), await open.text()).toBe(200);
    for (const order of (await open.json()) as { id: number }[]) {
      await request.patch(`/api/order/barista/${order.id}`, {
        headers: bearer(accessToken),
        data: { status: 'rejected', reject_note: 'The site is closing' },
      });
    }
    const archived = await request.post(`/api/sites/${site.id}/archive`, { headers: bearer(accessToken) });
    expect(archived.status(), await archived.text()).toBe(200);
  }
}

// ---------- orders for later (options-and-pickup.spec.ts, order-for-later-due.spec.ts) ----------

/**
 * Opens the first site's cafe every day (08:00-18:00 unless `hours` says otherwise) and sets its pickup settings (lead time 0,
 * 15-minute slots of 10 drinks, `daysAhead` days ahead), as the barista `staff`.
 */
export async function openEveryDayForLater(
  request: APIRequestContext,
  staff: string,
  daysAhead: number,
  hours: { opens: string; closes: string } = { opens: '08:00', closes: '18:00' },
) {
  const everyDay = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ venue: 'cafe', weekday, ...hours }));
  const week = await request.put('/api/schedule/weekly', { headers: bearer(staff), data: { weekly: everyDay } });
  expect(week.status(), await week.text()).toBe(200);
  const pickup = await request.put('/api/sites/1/pickup', {
    headers: bearer(staff),
    data: { slotMinutes: 15, leadMinutes: 0, daysAhead, slotCapacity: 10 },
  });
  expect(pickup.status(), await pickup.text()).toBe(200);
}

/** A change the audit log records (a closed day far ahead, added and removed again): the log then has entries to show. */
export async function recordAuditedChange(request: APIRequestContext, accessToken: string) {
  const day = '2031-01-02';
  const added = await request.post('/api/schedule/closed-days', { headers: bearer(accessToken), data: { day } });
  expect(added.status(), await added.text()).toBe(201);
  const removed = await request.delete(`/api/schedule/closed-days/${day}`, { headers: bearer(accessToken) });
  expect(removed.status(), await removed.text()).toBe(200);
}
