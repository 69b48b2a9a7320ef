import { expect, test, type APIRequestContext, type BrowserContext, type Locator, type Page, type Route } from './test';
import {
  DEMO,
  activeCafeItems,
  apiLogin,
  bearer,
  clearActiveOrders,
  loginViaUi,
  openEveryDayForLater,
  placeDrinkViaApi,
  registerUser,
  setShopStatus,
  uploadTinyPng,
  expectBoardLive,
} from './support';
import { expectTargetSizes } from './target-size';

/**
 * A board that holds any count (issue 62, docs/decisions/0098-board-holds-any-count.md): at
 * 1024x768 (the counter tablet), 1280x800 and on a phone, for mixes of 0, 1, 5, 15 and 40 orders in
 * Later, Waiting, In Progress and Ready, the page never scrolls on the tablet and the desktop (the
 * header, the shop status, the toolbar and the totals stay in view), each lane's last ticket is
 * reached by scrolling that lane, and no control is cut off or under 44 px.
 *
 * A pool of real orders is placed once: 40 of each state, and a coffee run of three drinks in
 * progress. Each mix is the board's own answer to its GET of the orders, cut to the mix's counts
 * (page.route, fulfilled with a slice of the real server's response): the board draws real
 * orders from the real server, without 160 orders placed and moved for every mix.
 */

test.describe.configure({ mode: 'serial' });

const TABLET = { width: 1024, height: 768 };
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const MAX = 40;

interface Mix {
  later: number;
  waiting: number;
  inProgress: number;
  ready: number;
  /** The coffee run's three drinks in progress, besides the others. */
  run?: boolean;
}

/**
 * Every count (0, 1, 5, 15, 40) in every lane: all lanes at each count, each lane alone at 40,
 * three mixes of different counts per lane, 30 in progress alone and 17 waiting alone (the
 * defects seen), and a coffee run in progress.
 */
const MIXES: Mix[] = [
  { later: 0, waiting: 0, inProgress: 0, ready: 0 },
  { later: 1, waiting: 1, inProgress: 1, ready: 1 },
  { later: 5, waiting: 5, inProgress: 5, ready: 5 },
  { later: 15, waiting: 15, inProgress: 15, ready: 15 },
  { later: 40, waiting: 40, inProgress: 40, ready: 40 },
  { later: 40, waiting: 0, inProgress: 0, ready: 0 },
  { later: 0, waiting: 40, inProgress: 0, ready: 0 },
  { later: 0, waiting: 0, inProgress: 40, ready: 0 },
  { later: 0, waiting: 0, inProgress: 0, ready: 40 },
  { later: 1, waiting: 5, inProgress: 15, ready: 40 },
  { later: 40, waiting: 15, inProgress: 5, ready: 1 },
  { later: 5, waiting: 40, inProgress: 1, ready: 15 },
  { later: 0, waiting: 0, inProgress: 30, ready: 0 },
  { later: 0, waiting: 17, inProgress: 0, ready: 0 },
  { later: 0, waiting: 5, inProgress: 1, ready: 1, run: true },
];

const mixName = (m: Mix) =>
  `Later ${m.later}, Waiting ${m.waiting}, In Progress ${m.inProgress}, Ready ${m.ready}${m.run ? ', a run' : ''}`;

interface PoolOrder {
  id: number;
  status: string;
  run?: unknown;
}

let staff = '';
let savedWeekly: unknown[] = [];
/** The ids of the pool, by the state they were put in. */
const pool = {
  runToday: true,
  later: new Set<number>(),
  waiting: new Set<number>(),
  inProgress: new Set<number>(),
  ready: new Set<number>(),
  run: new Set<number>(),
};

/** A day `days` ahead at `time` in Bangkok (the cafe's zone), as an instant. */
function dayAt(days: number, time: string): string {
  const bangkok = new Date(Date.now() + 7 * 3_600_000 + days * 24 * 3_600_000);
  return new Date(`${bangkok.toISOString().slice(0, 10)}T${time}:00+07:00`).toISOString();
}

/**
 * A pickup slot of today half an hour ahead or more, within the hours the spec opens (08:00-18:00
 * in Bangkok), for a coffee run: its drinks are then today's and on the board once started. Null
 * late in the day.
 */
function runSlotToday(): { pickupAt: string; closesAt: string } | null {
  const bangkok = new Date(Date.now() + 7 * 3_600_000);
  const minutes = bangkok.getUTCHours() * 60 + bangkok.getUTCMinutes();
  const slot = Math.max(8 * 60 + 15, Math.ceil((minutes + 30) / 15) * 15);
  if (slot > 17 * 60 + 45) return null;
  const time = `${String(Math.floor(slot / 60)).padStart(2, '0')}:${String(slot % 60).padStart(2, '0')}`;
  const pickupAt = dayAt(0, time);
  return { pickupAt, closesAt: new Date(Date.parse(pickupAt) - 10 * 60_000).toISOString() };
}

async function walkUps(request: APIRequestContext, count: number, first: string): Promise<number[]> {
  const [menu] = await activeCafeItems(request);
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const res = await request.post('/api/order/walk-up', {
      headers: bearer(staff),
      data: { menu_id: menu!.id, type: 'hot', sweetness: 50, guestName: `${first} ${i + 1}` },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push(((await res.json()) as { id: number }).id);
  }
  return ids;
}

async function bulk(request: APIRequestContext, ids: number[], status: string) {
  for (let at = 0; at < ids.length; at += 40) {
    const data = { ids: ids.slice(at, at + 40), status };
    const res = await request.post('/api/order/barista/bulk', { headers: bearer(staff), data });
    expect(res.status(), await res.text()).toBe(200);
  }
}

/** A customer with a token and a tumbler photo. */
async function customer(request: APIRequestContext, name: string) {
  const person = await registerUser(request, `${name} ${Date.now().toString(36).slice(-5)}`);
  const tokens = await apiLogin(request, person.email, person.password);
  return { token: tokens.accessToken, image: await uploadTinyPng(request, tokens.accessToken) };
}

test.beforeAll(async ({ request }) => {
  // About 170 orders placed and moved: 20 s alone, several times that on a busy machine.
  test.setTimeout(300_000);
  staff = (await apiLogin(request, DEMO.barista.email, DEMO.barista.password)).accessToken;
  const schedule = (await (await request.get('/api/schedule')).json()) as { weekly: unknown[] };
  savedWeekly = schedule.weekly;
  await setShopStatus(request, 'cafe-open');
  await clearActiveOrders(request);
  await openEveryDayForLater(request, staff, 7);
  const [menu] = await activeCafeItems(request);

  // 40 orders for later: four people, two a day on five days ahead (the daily limit).
  for (let p = 0; p < 4; p += 1) {
    const { token, image } = await customer(request, `Later${p}`);
    for (let k = 0; k < 10; k += 1) {
      const pickupAt = dayAt(1 + Math.floor(k / 2), `10:${String(p * 15).padStart(2, '0')}`);
      const drink = { menu: menu!, type: 'cold' as const, sweetness: 25, remark: '-', pickupAt };
      pool.later.add(await placeDrinkViaApi(request, token, drink, image));
    }
  }

  // A coffee run of three for later today, started together: its group in In Progress.
  const slot = runSlotToday();
  const runner = await customer(request, 'Runner');
  const started = await request.post('/api/runs', {
    headers: bearer(runner.token),
    data: {
      place: 'Meeting room Mekong, third floor',
      ...(slot ?? { pickupAt: dayAt(1, '16:00'), closesAt: dayAt(1, '15:45') }),
    },
  });
  expect(started.status(), await started.text()).toBe(201);
  const run = (await started.json()) as { id: number };
  pool.runToday = slot !== null;
  for (const member of [runner, await customer(request, 'Yasmin Oakley'), await customer(request, 'Bea')]) {
    const res = await request.post('/api/order', {
      headers: bearer(member.token),
      data: {
        menu_id: menu!.id,
        menu_name: menu!.name,
        type: 'hot',
        sweetness: 50,
        remark: '-',
        tumblerImage: member.image,
        latitude: 13.7466,
        longitude: 100.5393,
        runId: run.id,
        pickupAt: slot?.pickupAt ?? dayAt(1, '16:00'),
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    pool.run.add(((await res.json()) as { id: number }).id);
  }

  const guests = await walkUps(request, MAX - 2, 'Guest');
  // Two drinks with an Addition after the walk-ups (the 40 waiting have them), as a morning has them.
  const remarked = [];
  for (const remark of ['oat milk please, not too hot', 'less ice']) {
    const res = await request.post('/api/order/walk-up', {
      headers: bearer(staff),
      data: { menu_id: menu!.id, type: 'cold', sweetness: 100, remark, guestName: 'Maximilian Rothenbe' },
    });
    expect(res.status(), await res.text()).toBe(201);
    remarked.push(((await res.json()) as { id: number }).id);
  }
  const waiting = [...guests, ...remarked];
  const inProgress = await walkUps(request, MAX, 'Making');
  const ready = await walkUps(request, MAX, 'Ready');
  // Every order placed first, then moved: the run started together from Later.
  const moved = await request.patch(`/api/order/barista/run/${run.id}`, {
    headers: bearer(staff),
    data: { status: 'in-progress' },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  await bulk(request, [...inProgress, ...ready], 'in-progress');
  await bulk(request, ready, 'done');
  for (const id of waiting) pool.waiting.add(id);
  for (const id of inProgress) pool.inProgress.add(id);
  for (const id of ready) pool.ready.add(id);
});

test.afterAll(async ({ request }) => {
  // The toasts' test pauses online orders and resumes them; a failure between the two would leave
  // every spec after this one refused (ORDERS_PAUSED). Resumed here whatever happened.
  const resumed = await request.patch('/api/ordering-status', { headers: bearer(staff), data: { paused: false } });
  expect(resumed.status(), await resumed.text()).toBe(200);
  await request.put('/api/schedule/weekly', { headers: bearer(staff), data: { weekly: savedWeekly } });
  await request.put('/api/sites/1/pickup', {
    headers: bearer(staff),
    data: { slotMinutes: 15, leadMinutes: 15, daysAhead: 0, slotCapacity: 10 },
  });
  // The run's drinks too: tomorrow's (late in the day) wait as orders for later, made on their day.
  for (const id of [...pool.later, ...pool.run]) {
    await request.patch(`/api/order/barista/${id}`, {
      headers: bearer(staff),
      data: { status: 'rejected', reject_note: 'The shop is closing' },
    });
  }
  await clearActiveOrders(request);
  await setShopStatus(request, 'cafe-open');
});

/**
 * The board's GET of the orders answers with the pool's orders of the mix only (the server's own
 * answer, cut). The server is asked once per address of the read and its answer kept: the pool does
 * not change while the mixes are shown, and a reload then waits on no second request made from
 * inside the route (one such fetch, on a busy machine, held a reload at "Wait a sec..." for 20 s).
 */
async function showMix(page: Page, mix: () => Mix) {
  const answers = new Map<string, PoolOrder[]>();
  const serverAnswer = async (route: Route): Promise<PoolOrder[]> => {
    const url = route.request().url();
    const kept = answers.get(url);
    if (kept) return kept;
    for (let attempt = 1; ; attempt += 1) {
      try {
        const response = await route.fetch({ timeout: 15_000 });
        expect(response.status(), await response.text()).toBe(200);
        const orders = (await response.json()) as PoolOrder[];
        answers.set(url, orders);
        return orders;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
  };
  await page.route(
    (url) => url.pathname === '/api/order',
    async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const orders = await serverAnswer(route);
      const m = mix();
      const taken = { ordered: 0, 'in-progress': 0, done: 0, scheduled: 0 };
      const limit = { ordered: m.waiting, 'in-progress': m.inProgress, done: m.ready, scheduled: m.later };
      const kept = orders.filter((o) => {
        if (pool.run.has(o.id)) return Boolean(m.run);
        const mine =
          (o.status === 'ordered' && pool.waiting.has(o.id)) ||
          (o.status === 'in-progress' && pool.inProgress.has(o.id)) ||
          (o.status === 'done' && pool.ready.has(o.id)) ||
          (o.status === 'scheduled' && pool.later.has(o.id));
        if (!mine) return false;
        const status = o.status as keyof typeof taken;
        taken[status] += 1;
        return taken[status] <= limit[status];
      });
      await route.fulfill({ json: kept, headers: { 'cache-control': 'no-store' } });
    },
  );
}

/** What the page measures of itself: a list of what is wrong, empty when all holds. */
async function problems(page: Page, scrolls: 'lanes' | 'page'): Promise<string[]> {
  return page.evaluate((mode) => {
    const wrong: string[] = [];
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    const root = document.querySelector<HTMLElement>('[data-board-route]')!;
    const describe = (el: Element) =>
      (el.getAttribute('aria-label') ?? el.textContent ?? el.tagName).replace(/\s+/g, ' ').trim().slice(0, 50);
    const scroller = (el: Element): HTMLElement | null => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const o = getComputedStyle(p).overflowY;
        if (o === 'auto' || o === 'scroll') return p;
      }
      return null;
    };
    const inside = (r: DOMRect, box: { left: number; right: number; top: number; bottom: number }) =>
      r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
    const viewport = { left: 0, top: 0, right: vw, bottom: vh };

    if (document.documentElement.scrollWidth > vw + 1)
      wrong.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    if (mode === 'lanes') {
      const height = document.scrollingElement!.scrollHeight;
      if (height > vh + 1) wrong.push(`the page scrolls: ${height} px tall`);
      // The chrome stays in view: header, shop status, toolbar, totals.
      for (const [what, el] of [
        ['the header', root.querySelector('header')],
        ['the shop status', document.getElementById('shop-status-heading')],
        ['the filter', root.querySelector('[role="group"][aria-label="Filter"]')],
        ['the totals', document.getElementById('production-totals-heading')],
        [
          'the Walk-up order',
          [...root.querySelectorAll('button')].find((b) => b.textContent?.includes('Walk-up order')),
        ],
      ] as const) {
        if (!el) continue;
        const r = el.getBoundingClientRect();
        if (!inside(r, viewport)) wrong.push(`${what} is out of view at y ${Math.round(r.top)}`);
      }
    }

    // Each lane's last ticket is reached by scrolling (the lane on a tablet, the page on a phone).
    for (const lane of root.querySelectorAll<HTMLElement>('[data-lane]')) {
      const items = lane.querySelectorAll<HTMLElement>('[data-ticket-id], [data-ready-id], [data-lane-body] > li');
      const last = items[items.length - 1];
      if (!last) continue;
      last.scrollIntoView({ block: 'end', inline: 'nearest' });
      const r = last.getBoundingClientRect();
      const box = scroller(last)?.getBoundingClientRect() ?? viewport;
      if (!inside(r, viewport) || !inside(r, box))
        wrong.push(
          `the last of ${describe(lane.querySelector('h2')!)} is not reached (${Math.round(r.top)}-${Math.round(r.bottom)})`,
        );
    }

    // Every control: whole (its words not cut, inside its ticket and its lane's width), 44 px or more;
    // those outside the lanes, and those of each lane's last ticket once scrolled to, inside the
    // lane's box and the screen.
    for (const el of root.querySelectorAll<HTMLElement>(
      'button, a[href], select, [role="button"], [role="radio"], label:has(input)',
    )) {
      if (!el.checkVisibility({ checkVisibilityCSS: true })) continue;
      if (el.parentElement?.closest('button, [role="radio"]')) continue;
      const r = el.getBoundingClientRect();
      if (r.width + 0.5 < 44 || r.height + 0.5 < 44)
        wrong.push(`"${describe(el)}" is ${Math.round(r.width)}x${Math.round(r.height)}`);
      if (el.scrollWidth > el.clientWidth + 1) wrong.push(`"${describe(el)}" has its words cut`);
      const card = el.closest('[data-ticket-id], [data-ready-id], [data-run-group]');
      const lane = scroller(el);
      if (card && !inside(r, card.getBoundingClientRect())) wrong.push(`"${describe(el)}" sticks out of its ticket`);
      if (lane) {
        const box = lane.getBoundingClientRect();
        if (r.left < box.left - 1 || r.right > box.right + 1) wrong.push(`"${describe(el)}" is cut by its lane`);
      } else if (mode === 'lanes' && !inside(r, viewport)) wrong.push(`"${describe(el)}" is out of view`);
    }
    for (const lane of root.querySelectorAll<HTMLElement>('[data-lane]')) {
      const cards = lane.querySelectorAll<HTMLElement>('[data-ticket-id], [data-ready-id], [data-run-group]');
      const last = cards[cards.length - 1];
      if (!last) continue;
      for (const el of last.querySelectorAll<HTMLElement>('button')) {
        if (!el.checkVisibility({ checkVisibilityCSS: true })) continue;
        el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
        const r = el.getBoundingClientRect();
        const box = scroller(el)?.getBoundingClientRect() ?? viewport;
        if (!inside(r, viewport) || !inside(r, box)) wrong.push(`"${describe(el)}" is cut off once scrolled to`);
      }
    }
    // Back to the top for the next look.
    for (const lane of root.querySelectorAll<HTMLElement>('[data-lane-body]')) lane.scrollTop = 0;
    window.scrollTo(0, 0);
    return [...new Set(wrong)];
  }, scrolls);
}

/** The lanes say the mix's counts (or the board is empty). */
async function expectCounts(page: Page, m: Mix) {
  const inProgress = m.inProgress + (m.run ? 3 : 0);
  if (m.waiting + inProgress + m.ready === 0) {
    await expect(page.getByText('No orders now,')).toBeVisible();
  } else {
    await expect(page.getByRole('region', { name: 'In Progress Order' })).toContainText(`${inProgress} Orders`);
    await expect(page.getByRole('region', { name: 'Waiting Order' })).toContainText(`${m.waiting} Orders`);
    await expect(page.getByRole('region', { name: 'Ready' })).toContainText(`${m.ready} Orders`);
  }
  if (m.later > 0) await expect(page.getByRole('heading', { name: `Later (${m.later})` })).toBeVisible();
}

test('17 waiting orders show at least eight whole tickets on the counter tablet', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: TABLET, hasTouch: true });
  const page = await context.newPage();
  await showMix(page, () => ({ later: 0, waiting: 17, inProgress: 0, ready: 0 }));
  await loginViaUi(page, DEMO.barista.email, DEMO.barista.password);
  const waiting = page.getByRole('region', { name: 'Waiting Order' });
  await expect(waiting.getByRole('article')).toHaveCount(17);
  const whole = await waiting.getByRole('article').evaluateAll(
    (tickets) =>
      tickets.filter((t) => {
        const r = t.getBoundingClientRect();
        return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
      }).length,
  );
  await page.screenshot({ path: test.info().outputPath('board-17-waiting-1024x768.png') });
  expect(whole).toBeGreaterThanOrEqual(8);
  await context.close();
});

test('30 in progress: the toolbar and the totals stay in view, and In Progress takes the width', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: TABLET, hasTouch: true });
  const page = await context.newPage();
  await showMix(page, () => ({ later: 0, waiting: 0, inProgress: 30, ready: 0 }));
  await loginViaUi(page, DEMO.barista.email, DEMO.barista.password);
  const inProgress = page.getByRole('region', { name: 'In Progress Order' });
  await expect(inProgress.getByRole('article')).toHaveCount(30);
  expect(await page.evaluate(() => document.scrollingElement!.scrollHeight)).toBeLessThanOrEqual(TABLET.height + 1);
  await expect(page.getByRole('heading', { name: 'To make' })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Select orders in progress', exact: true })).toBeInViewport();
  // The widest lane now, and more than two of its tickets seen whole.
  expect((await inProgress.boundingBox())!.width).toBeGreaterThan(TABLET.width / 2);
  const whole = await inProgress.getByRole('article').evaluateAll(
    (tickets) =>
      tickets.filter((t) => {
        const r = t.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= innerHeight;
      }).length,
  );
  expect(whole).toBeGreaterThanOrEqual(6);
  await context.close();
});

/**
 * The controls a toast covers (with its close button, which sits on its corner, partly outside it),
 * each with where it is and where the toast is, so a failure says where both were.
 */
async function controlsUnder(toast: Locator): Promise<string[]> {
  return toast.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const close = element.querySelector('[data-close-button]')?.getBoundingClientRect();
    const boxes = close ? [box, close] : [box];
    const meets = (a: DOMRect, b: DOMRect) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const at = (r: DOMRect) =>
      `${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)}`;
    /** The part of a control that shows: a lane that scrolls clips the tickets under its edge. */
    const shown = (c: HTMLElement) => {
      const r = c.getBoundingClientRect();
      const lane = c.closest('[data-lane-body]')?.getBoundingClientRect();
      if (!lane) return r;
      const top = Math.max(r.top, lane.top);
      const bottom = Math.min(r.bottom, lane.bottom);
      return new DOMRect(r.left, top, r.width, Math.max(0, bottom - top));
    };
    return [...document.querySelectorAll<HTMLElement>('button, a[href], [role="radio"], input, select')]
      .filter((c) => !c.closest('[data-sonner-toaster]') && c.checkVisibility())
      .filter((c) => boxes.some((b) => shown(c).height > 0 && meets(b, shown(c))))
      .map(
        (c) =>
          `${(c.getAttribute('aria-label') ?? c.textContent ?? '').trim()} at ${at(shown(c))}, the toast at ${at(box)}`,
      );
  });
}

test("the board's toasts cover no control on the counter tablet", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: TABLET, hasTouch: true });
  const page = await context.newPage();
  await showMix(page, () => ({ later: 5, waiting: 5, inProgress: 5, ready: 5 }));
  await loginViaUi(page, DEMO.barista.email, DEMO.barista.password);
  await expect(page.getByRole('region', { name: 'Waiting Order' }).getByRole('article')).toHaveCount(5);
  // Pausing online orders says so in a toast, and resuming them: at 1024 and at 1280 px.
  for (const [size, button] of [
    [TABLET, /^Pause/],
    [DESKTOP, /^Resume/],
  ] as const) {
    await page.setViewportSize(size);
    await page.getByRole('button', { name: button }).click();
    const toast = page.locator('[data-sonner-toast]').first();
    await expect(toast).toBeVisible();
    // Where it stays, not where it slides in from: the pointer rests on it once it is still (which
    // also holds it on the screen, as it does for a barista), and it is asked again until no
    // control is under it.
    await toast.hover();
    await expect
      .poll(() => controlsUnder(toast), { message: `the toast at ${size.width} px covers no control` })
      .toEqual([]);
    await toast.locator('[data-close-button]').click();
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  }
  await context.close();
});

/*
 * One test per mix on one signed-in page, so each mix has the whole of a test's time: on a busy
 * machine fifteen mixes at three sizes do not fit one test's timeout.
 */
test.describe('every mix of counts fits the tablet, the desktop and the phone', () => {
  let context: BrowserContext;
  let page: Page;
  let current = MIXES[0]!;

  test.beforeAll(async ({ browser, baseURL }) => {
    context = await browser.newContext({ baseURL, viewport: TABLET, hasTouch: true });
    page = await context.newPage();
    await showMix(page, () => current);
    await loginViaUi(page, DEMO.barista.email, DEMO.barista.password);
    await expect(page).toHaveURL(/\/ordering$/);
  });

  test.afterAll(async () => {
    await context?.close();
  });

  for (const mix of MIXES) {
    test(mixName(mix), async () => {
      // Late in the day the run is tomorrow's, and tomorrow's drinks are not on today's board.
      test.skip(Boolean(mix.run) && !pool.runToday, "the run's slot is tomorrow's this late in the day");
      current = mix;
      await page.setViewportSize(TABLET);
      await page.reload();
      await expectBoardLive(page);
      await expectCounts(page, mix);
      for (const [name, size, scrolls] of [
        ['1024x768', TABLET, 'lanes'],
        ['1280x800', DESKTOP, 'lanes'],
        ['390x844', PHONE, 'page'],
      ] as const) {
        await page.setViewportSize(size);
        await expect
          .poll(() => problems(page, scrolls), { message: `${mixName(mix)} at ${name}`, timeout: 15_000 })
          .toEqual([]);
      }
    });
  }

  test('every control on the phone is 44 px or more', async () => {
    await page.setViewportSize(PHONE);
    await expectTargetSizes(page, 'the board at 390x844');
  });
});
