import { expect, test, type APIRequestContext, type Locator } from './test';
import {
  DEMO,
  apiLogin,
  bearer,
  cafeMenuOf,
  clearActiveOrders,
  customerWithOrders,
  serveOrderViaApi,
  setShopStatus,
  signInWithTokens,
} from './support';

/**
 * Issue 62, "The person, the runner, the admin", at the viewports where it was seen: a person's
 * history on a 390 x 844 phone, an admin's top bar at 1280 x 800, the pickup TV's Ready tiles at
 * 1920 x 1080.
 */

const PHONE = { width: 390, height: 844 };
const ADMIN_DESKTOP = { width: 1280, height: 800 };
const TV = { width: 1920, height: 1080 };

test('a person’s history opens on their orders: the first one is on a phone’s first screen, standing orders below', async ({
  browser,
  request,
}) => {
  await setShopStatus(request, 'cafe-open');
  const { tokens, orders } = await customerWithOrders(request, 'Hana History', ['Coffee', 'Tea']);
  const barista = await apiLogin(request, DEMO.barista.email, DEMO.barista.password);
  for (const order of orders) await serveOrderViaApi(request, barista.accessToken, order.id);

  const phone = await browser.newPage({ viewport: PHONE });
  await signInWithTokens(phone, tokens, '/ordered');
  const history = phone.getByRole('list', { name: 'Your finished orders' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  const first = await history.getByRole('listitem').first().boundingBox();
  // The phone's bottom bar covers the foot of the screen: the row shows whole above it.
  const bottomBar = await phone.getByRole('navigation', { name: 'Quick links' }).boundingBox();
  const visibleTo = bottomBar ? bottomBar.y : PHONE.height;
  expect(first, 'the first finished order is laid out').not.toBeNull();
  expect(first!.y, 'the first finished order starts on the first screen').toBeGreaterThanOrEqual(0);
  expect(first!.y + first!.height, 'the first finished order shows whole on the first screen').toBeLessThanOrEqual(
    visibleTo,
  );
  // The standing orders are still on the page, after the history.
  const standing = phone.getByRole('region', { name: 'Standing orders' });
  await expect(standing).toBeAttached();
  const standingBox = await standing.boundingBox();
  expect(standingBox!.y).toBeGreaterThan(first!.y);
  await phone.close();
});

test('an admin at 1280 x 800 has the main links in the bar, and the rest under More', async ({ browser, request }) => {
  // The cafe open: Menu and My Order are links too, the most links an admin has.
  await setShopStatus(request, 'cafe-open');
  const admin = await apiLogin(request, DEMO.admin.email, DEMO.admin.password);
  const page = await browser.newPage({ viewport: ADMIN_DESKTOP });
  await signInWithTokens(page, admin, '/statusOrder-admin');
  const bar = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
  await expect(bar).toBeVisible();
  // The daily links, inline: nothing to open first.
  for (const name of ['Menu', 'My Order', 'History', 'User Management', 'Cafe Dashboard'])
    await expect(bar.getByRole('link', { name, exact: true }), name).toBeVisible();
  // Each link inline lies in the viewport and in the bar, whole.
  const boxes = await bar.getByRole('link').evaluateAll((links) =>
    links.map((a) => {
      const { x, width } = a.getBoundingClientRect();
      return { name: a.textContent ?? '', x, width };
    }),
  );
  for (const box of boxes) {
    expect(box.x, box.name).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, box.name).toBeLessThanOrEqual(ADMIN_DESKTOP.width);
  }
  // What does not fit is under More, with the occasional tools: every admin link is in the bar.
  const more = bar.getByRole('button', { name: 'More' });
  await more.click();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  const hrefs = await bar.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  for (const href of [
    '/menuCafe-admin',
    '/statusOrder-admin',
    '/ordered-admin',
    '/userManagement',
    '/dashboard-admin',
    '/dashboard-admin-bar',
    '/opening-hours-admin',
    '/runs',
    '/sites-admin',
    '/pickup-screens-admin',
    '/notifications-admin',
    '/audit-admin',
    '/chat-channels-admin',
  ])
    expect(hrefs, href).toContain(href);
  expect(new Set(hrefs).size, 'no link twice in the bar').toBe(hrefs.length);
  await page.keyboard.press('Escape');
  await page.close();
});

/** Walk-up orders for guests, taken to `status` by the barista; their ids. */
async function guestDrinks(request: APIRequestContext, count: number, statuses: ('in-progress' | 'done')[]) {
  const barista = await apiLogin(request, DEMO.barista.email, DEMO.barista.password);
  const menu = await cafeMenuOf(request);
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const res = await request.post('/api/order/walk-up', {
      headers: bearer(barista.accessToken),
      data: { menu_id: menu.id, type: 'hot', sweetness: 50, guestName: `Guest ${String.fromCharCode(65 + i)}` },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push(((await res.json()) as { id: number }).id);
  }
  for (const status of statuses) {
    const moved = await request.post('/api/order/barista/bulk', {
      headers: bearer(barista.accessToken),
      data: { ids, status },
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  return { ids, barista };
}

/**
 * Whether each tile of a column is drawn whole: its box with what is painted outside it (a ring, an
 * outline) inside the viewport and inside the box of every ancestor that clips what overflows it,
 * and an edge of its own to see (a border or a ring).
 */
async function tilesDrawnWhole(column: Locator) {
  return column.evaluate((section) => {
    const problems: string[] = [];
    const tiles = [...section.querySelectorAll<HTMLElement>('[data-testid="pickup-ticket"]')];
    /** How far the shadows drawn outside a box reach: a ring is "<colour> 0px 0px 0px 2px". */
    const spread = (shadows: string) => {
      if (shadows === 'none') return 0;
      let reach = 0;
      // One shadow after another (commas inside rgb() are not between shadows); an inset one is drawn inside.
      for (const shadow of shadows.split(/,(?![^(]*\))/)) {
        if (/\binset\b/.test(shadow)) continue;
        const [x = 0, y = 0, blur = 0, size = 0] = [...shadow.matchAll(/(-?[\d.]+)px/g)].map((m) => Number(m[1]));
        if (/rgba\([^)]*,\s*0\)/.test(shadow)) continue;
        reach = Math.max(reach, size + blur + Math.max(Math.abs(x), Math.abs(y)));
      }
      return reach;
    };
    for (const tile of tiles) {
      const style = getComputedStyle(tile);
      const ring = spread(style.boxShadow);
      const outline =
        style.outlineStyle === 'none' ? 0 : parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
      const out = Math.max(ring, outline);
      const border = parseFloat(style.borderTopWidth);
      const r = tile.getBoundingClientRect();
      const drawn = { left: r.left - out, top: r.top - out, right: r.right + out, bottom: r.bottom + out };
      const name = `tile ${tile.dataset.number}`;
      if (border < 1 && ring < 1) problems.push(`${name} has no edge to see`);
      if (drawn.left < 0 || drawn.top < 0 || drawn.right > innerWidth || drawn.bottom > innerHeight)
        problems.push(`${name} leaves the screen`);
      for (let parent = tile.parentElement; parent; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflow === 'visible') continue;
        const clip = parent.getBoundingClientRect();
        if (
          drawn.left < clip.left - 0.5 ||
          drawn.top < clip.top - 0.5 ||
          drawn.right > clip.right + 0.5 ||
          drawn.bottom > clip.bottom + 0.5
        )
          problems.push(
            `${name}'s edge is cut by <${parent.tagName.toLowerCase()}> (${Math.round(out)} px drawn outside it)`,
          );
      }
    }
    return { count: tiles.length, problems };
  });
}

test('the pickup TV at 1920 x 1080 draws each Ready tile whole, its edges included', async ({ browser, request }) => {
  await setShopStatus(request, 'cafe-open');
  await clearActiveOrders(request);
  const { barista } = await guestDrinks(request, 9, ['in-progress', 'done']);
  const staff = await browser.newPage({ viewport: ADMIN_DESKTOP });
  await signInWithTokens(staff, barista, '/pickup-screens');
  await staff.getByRole('button', { name: 'Create link' }).click();
  const link = await staff.getByRole('textbox', { name: 'Pickup screen link' }).inputValue();
  await staff.close();

  const tvContext = await browser.newContext({ viewport: TV });
  const tv = await tvContext.newPage();
  await tv.goto(link);
  const ready = tv.getByRole('region', { name: 'Ready' });
  await expect(ready.getByTestId('pickup-ticket').first()).toBeVisible();
  await expect.poll(async () => (await tilesDrawnWhole(ready)).count).toBeGreaterThan(3);
  expect((await tilesDrawnWhole(ready)).problems).toEqual([]);
  await tvContext.close();
  await clearActiveOrders(request);
});
