import { expect, test, type APIRequestContext, type Locator, type Page } from './test';
import {
  DEMO,
  apiLogin,
  archiveOtherSites,
  bearer,
  cafeMenuOf,
  clearActiveOrders,
  placeCafeOrderViaApi,
  registerUser,
  setShopStatus,
  signInWithTokens,
  uploadTinyPng,
} from './support';

/**
 * Issue 47, at the widths where it was seen: the pickup TV (1920 x 1080, and a 1024 x 768 tablet)
 * with more drinks than fit, the top bar's links at 1536 and 1920 px, one site choice on the
 * admin's dashboard, and the tumbler countdown on a 390 x 844 phone.
 */

const TV = { width: 1920, height: 1080 };
const TABLET = { width: 1024, height: 768 };
const PHONE = { width: 390, height: 844 };
const THAI = /[\u0E00-\u0E7F]/;

/** Walk-up orders for guests, entered at the counter (they count toward nobody's limit); their ids. */
async function guestOrders(request: APIRequestContext, baristaToken: string, count: number): Promise<number[]> {
  const menu = await cafeMenuOf(request);
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const res = await request.post('/api/order/walk-up', {
      headers: bearer(baristaToken),
      data: { menu_id: menu.id, type: 'hot', sweetness: 50, guestName: `Guest ${String.fromCharCode(65 + i)}` },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push(((await res.json()) as { id: number }).id);
  }
  return ids;
}

/** What a column of the pickup screen shows: the numbers of its whole tiles, "+N more", and any tile cut off. */
async function columnShows(column: Locator) {
  return column.evaluate((section) => {
    const list = section.querySelector('ol');
    if (!list) return { numbers: [], more: 0, cut: [] as string[] };
    const box = list.getBoundingClientRect();
    const tiles = [...list.querySelectorAll<HTMLElement>('li')];
    const cut = tiles
      .filter((tile) => {
        const r = tile.getBoundingClientRect();
        return r.bottom > box.bottom + 0.5 || r.right > box.right + 0.5 || r.bottom > window.innerHeight;
      })
      .map((tile) => tile.textContent ?? '');
    const numbers = tiles.filter((t) => t.dataset.testid === 'pickup-ticket').map((t) => Number(t.dataset.number));
    const moreText = list.querySelector('[data-testid="pickup-more"]')?.textContent ?? '';
    return { numbers, more: Number(/\d+/.exec(moreText)?.[0] ?? 0), cut };
  });
}

/**
 * The hrefs of every link of the top bar's list the page offers: inline and under More, or in the
 * menu. Read again from the start when the bar changed its mind in between (after a resize it
 * measures what fits, and on a loaded machine the inline list can give way to the menu button
 * between the look and the click: a click then waited for a button that was gone).
 */
async function navLinks(page: Page): Promise<string[]> {
  const banner = page.getByRole('banner');
  const inline = banner.getByRole('navigation', { name: 'Main' });
  const openMenu = banner.getByRole('button', { name: 'Open menu' });
  const step = { timeout: 5_000 };
  let hrefs: string[] = [];
  await expect(async () => {
    // Hidden ones are no roles: this waits for whichever the width shows, the bar's links or the menu button.
    await expect(inline.or(openMenu)).toBeVisible(step);
    if (await inline.isVisible()) {
      const more = inline.getByRole('button', { name: 'More' });
      if (await more.isVisible()) {
        if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click(step);
        await expect(more).toHaveAttribute('aria-expanded', 'true', step);
        const list = inline.locator(`[id="${await more.getAttribute('aria-controls', step)}"]`);
        await expect(list.getByRole('link').first()).toBeVisible(step);
      }
      hrefs = await inline.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
      if (await more.isVisible()) await page.keyboard.press('Escape');
      return;
    }
    await openMenu.click(step);
    const sheetLinks = page
      .getByRole('dialog', { name: 'Menu' })
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link');
    await expect(sheetLinks.first()).toBeVisible(step);
    hrefs = await sheetLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden(step);
  }).toPass({ timeout: 60_000 });
  return hrefs;
}

test('the pickup TV fits any number of drinks being prepared, shows no waiting one, and its link has a QR code', async ({
  browser,
  request,
}) => {
  await setShopStatus(request, 'cafe-open');
  await clearActiveOrders(request);
  const barista = await apiLogin(request, DEMO.barista.email, DEMO.barista.password);
  // Thirteen drinks being made, and one still waiting.
  const ids = await guestOrders(request, barista.accessToken, 14);
  const started = ids.slice(0, 13);
  const bulk = await request.post('/api/order/barista/bulk', {
    headers: bearer(barista.accessToken),
    data: { ids: started, status: 'in-progress' },
  });
  expect(bulk.status(), await bulk.text()).toBe(200);

  const staff = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await signInWithTokens(staff, barista, '/pickup-screens');
  await staff.getByRole('button', { name: 'Create link' }).click();
  const link = await staff.getByRole('textbox', { name: 'Pickup screen link' }).inputValue();
  // Nobody types 70 characters on a TV: a QR code of the link, beside the link as text.
  await expect(staff.getByRole('img', { name: 'QR code of the pickup screen link' })).toBeVisible();
  await staff.close();

  const tvContext = await browser.newContext({ viewport: TV });
  const tv = await tvContext.newPage();
  await tv.goto(link);
  const preparing = tv.getByRole('region', { name: 'Preparing' });
  await expect(preparing.getByTestId('pickup-ticket').first()).toBeVisible();
  for (const viewport of [TV, TABLET]) {
    await tv.setViewportSize(viewport);
    // Once laid out for the size: every started drink is counted, none cut off, the waiting one not there.
    await expect
      .poll(async () => {
        const shown = await columnShows(preparing);
        return { count: shown.numbers.length + shown.more, cut: shown.cut };
      })
      .toEqual({ count: 13, cut: [] });
    const shown = await columnShows(preparing);
    expect(shown.numbers.every((n) => started.includes(n))).toBe(true);
    if (viewport === TV) {
      // Thirteen do not fit on the TV (as in the issue): the last tile counts the rest, read as "+2 more".
      expect(shown.more).toBeGreaterThan(0);
      await expect(preparing.getByTestId('pickup-more')).toContainText(`+${shown.more} more`);
    }
  }
  await tvContext.close();
  await clearActiveOrders(request);
});

test('the top bar offers every link at 1536 and 1920 px, in Thai too; the dashboard shows one site choice', async ({
  browser,
  request,
}) => {
  // The cafe open: Menu and My Order are links too, the most links a person has.
  await clearActiveOrders(request);
  await setShopStatus(request, 'cafe-open');
  const admin = await apiLogin(request, DEMO.admin.email, DEMO.admin.password);
  const barista = await apiLogin(request, DEMO.barista.email, DEMO.barista.password);
  // A browser of its own for each person: one signed out of a page is not signed in on it at once.
  const baristaPage = await browser.newPage({ viewport: { width: 1536, height: 1080 } });
  await signInWithTokens(baristaPage, barista, '/ordering');
  for (const width of [1536, 1920]) {
    await baristaPage.setViewportSize({ width, height: 1080 });
    expect(await navLinks(baristaPage), `barista at ${width} px`).toContain('/pickup-screens');
  }
  await baristaPage.close();

  const adminPage = await browser.newPage({ viewport: { width: 1536, height: 1080 } });
  await signInWithTokens(adminPage, admin, '/statusOrder-admin');
  for (const width of [1536, 1920]) {
    await adminPage.setViewportSize({ width, height: 1080 });
    const links = await navLinks(adminPage);
    for (const href of [
      '/pickup-screens-admin',
      '/notifications-admin',
      '/audit-admin',
      '/sites-admin',
      '/chat-channels-admin',
    ])
      expect(links, `admin at ${width} px`).toContain(href);
  }
  await adminPage.close();

  // In Thai, every link of the bar (and of its More) speaks Thai, for each role.
  const user = await apiLogin(request, DEMO.user.email, DEMO.user.password);
  for (const [tokens, path, links] of [
    [admin, '/statusOrder-admin', 13],
    [barista, '/ordering', 7],
    [user, '/statusOrder', 4],
  ] as const) {
    const thai = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'th-TH' });
    const thaiPage = await thai.newPage();
    await signInWithTokens(thaiPage, tokens, path);
    const nav = thaiPage.getByRole('banner').getByRole('navigation');
    await expect(nav.getByRole('link').first()).toBeVisible();
    // The bar settles as its right side loads (the greeting, the live dot): More can move under a
    // click that was aimed at it, and a click elsewhere closes it. Open it until it is open.
    const step = { timeout: 5_000 };
    await expect(async () => {
      const more = nav.getByRole('button', { name: THAI, expanded: false });
      if ((await more.count()) > 0) await more.click(step);
      await expect(nav.getByRole('link')).toHaveCount(links, step);
    }).toPass({ timeout: 30_000 });
    // More (the bar's one button) speaks Thai too.
    for (const button of await nav.getByRole('button').all()) await expect(button).toHaveText(THAI);
    const names = await nav.getByRole('link').evaluateAll((all) => all.map((a) => a.textContent ?? ''));
    expect(
      names.filter((name) => !THAI.test(name)),
      path,
    ).toEqual([]);
    await thai.close();
  }

  // A company of two sites: the dashboard's own choice ("All sites"), and no second one in the bar.
  const created = await request.post('/api/sites', {
    headers: bearer(admin.accessToken),
    data: {
      name: `Annex ${test.info().repeatEachIndex + 1}`,
      latitude: 13.75,
      longitude: 100.54,
      radiusKm: 0.5,
      timeZone: 'Asia/Bangkok',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  try {
    const wide = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await signInWithTokens(wide, admin, '/statusOrder-admin');
    await expect(wide.getByRole('combobox', { name: 'Your site' })).toBeVisible();
    await wide.getByRole('banner').getByRole('link', { name: 'Cafe Dashboard' }).click();
    await expect(wide.getByRole('combobox', { name: 'Site', exact: true })).toHaveValue('all');
    await expect(wide.getByRole('combobox')).toHaveCount(1);
    await wide.close();
  } finally {
    await archiveOtherSites(request);
  }
});

test('on a phone, the tumbler countdown shows without scrolling', async ({ browser, request }) => {
  await setShopStatus(request, 'cafe-open');
  const person = await registerUser(request, 'Kanya Srisuk');
  const tokens = await apiLogin(request, person.email, person.password);
  const image = await uploadTinyPng(request, tokens.accessToken);
  const menu = await cafeMenuOf(request);
  // Two drinks; the tumbler of the first (whose card comes second, the newest first) is not found.
  const first = await placeCafeOrderViaApi(request, tokens.accessToken, menu, image);
  await placeCafeOrderViaApi(request, tokens.accessToken, menu, image);
  const barista = await apiLogin(request, DEMO.barista.email, DEMO.barista.password);
  const marked = await request.post(`/api/order/barista/${first}/tumbler`, {
    headers: bearer(barista.accessToken),
    data: { missing: true },
  });
  expect(marked.status(), await marked.text()).toBe(200);

  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  await signInWithTokens(page, tokens, '/statusOrder');
  const countdown = page.getByText(/^Bring your tumbler to the counter: \d+:\d\d left$/);
  await expect(countdown).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // The fold: the top of the bottom bar, which stays over the page.
  const quickLinks = await page.getByRole('navigation', { name: 'Quick links' }).boundingBox();
  const fold = quickLinks?.y ?? PHONE.height;
  const box = await countdown.boundingBox();
  expect(box, 'the countdown has a box').not.toBeNull();
  expect(box!.y + box!.height, 'the countdown ends above the fold').toBeLessThanOrEqual(fold);
  await phone.close();
  await clearActiveOrders(request);
});
