import path from 'node:path';
import { startTwoProcesses, type TwoProcesses } from './two-processes';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
  type Response,
  type Route,
} from './test';
import {
  activeCafeItems,
  apiLogin,
  bearer,
  clearActiveOrders,
  DEMO,
  expectAccessible,
  openEveryDayForLater,
  placeDrinkViaApi,
  registerUser,
  serveOrderViaApi,
  setShopStatus,
  signInWithTokens,
  uploadTinyPng,
  expectBoardLive,
} from './support';

/**
 * Two baristas share one board (decision 0074): each ticket says who makes it, a barista takes a
 * ticket, both tap Do on one ticket at once and one gets it while the other is told who, each
 * narrows the board to their own tickets, the totals strip follows the orders live, and the ready
 * drinks go in one hand-over. One on the counter tablet (1024 x 768), one on a phone (390 x 844),
 * each on a server process of its own: two processes of one cafe sharing one PostgreSQL database
 * (two-processes.ts), as production runs them behind its proxy.
 */

const TABLET = { width: 1024, height: 768 };
const PHONE = { width: 390, height: 844 };
const stamp = () => Date.now().toString(36).slice(-5);

let cafe: TwoProcesses;
/** Requests to the first process (the tablet's); the phone's board is on the second. */
let request: APIRequestContext;

test.beforeAll(async ({ playwright }) => {
  // A PostgreSQL cluster and two servers of its own to start: room for a loaded machine.
  test.setTimeout(240_000);
  cafe = await startTwoProcesses();
  request = await playwright.request.newContext({ baseURL: cafe.urls[0] });
  await setShopStatus(request, 'cafe-open');
  await clearActiveOrders(request);
});

test.afterAll(async () => {
  await request?.dispose();
  await cafe?.stop();
});

/** A new barista (registered, made a barista by the admin, signed in again with the role). */
async function newBarista(request: APIRequestContext, name: string) {
  const account = await registerUser(request, name);
  const first = await apiLogin(request, account.email, account.password);
  const { id } = (await (await request.get('/api/user/me', { headers: bearer(first.accessToken) })).json()) as {
    id: number;
  };
  const admin = await apiLogin(request, DEMO.admin.email, DEMO.admin.password);
  const promoted = await request.patch(`/api/user/${id}`, {
    headers: bearer(admin.accessToken),
    data: { role: 'barista' },
  });
  expect(promoted.status(), await promoted.text()).toBe(200);
  return apiLogin(request, account.email, account.password);
}

async function openBoard(
  browser: Browser,
  baseURL: string | undefined,
  tokens: { accessToken: string; refreshToken: string },
  viewport: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  await signInWithTokens(page, tokens, '/ordering');
  // Only once the live connection is up (and the board caught up) does it say so.
  await expectBoardLive(page);
  return page;
}

/**
 * Holds each page's next Do until both have been sent, then lets both go to the server together;
 * answers the server's answers to them, in the order of `pages`.
 */
async function holdBothDos(pages: readonly Page[]): Promise<{ answers: Promise<Response[]> }> {
  const DO = /\/api\/order\/barista\/\d+$/;
  const held: Route[] = [];
  for (const page of pages) {
    await page.route(DO, async (route) => {
      if (route.request().method() !== 'PATCH') return route.fallback();
      held.push(route);
      if (held.length === pages.length) for (const each of held) await each.fallback();
    });
  }
  // Wrapped: an async function would wait for a promise it returns, before the taps are made.
  return {
    answers: Promise.all(
      pages.map((page) => page.waitForResponse((r) => r.request().method() === 'PATCH' && DO.test(r.url()))),
    ),
  };
}

test('two baristas on two server processes share the board: who makes what, a race for one ticket, mine only, the totals live, and one hand-over', async ({
  browser,
}, testInfo) => {
  // About 20 s on a machine running the whole suite, several times that on a busy one.
  test.setTimeout(240_000);
  const cleoName = `Cleo ${stamp()}`;
  const cleoTokens = await newBarista(request, cleoName);
  const beaTokens = await apiLogin(request, DEMO.barista.email, DEMO.barista.password);
  const beaName = (
    (await (await request.get('/api/user/me', { headers: bearer(beaTokens.accessToken) })).json()) as { name: string }
  ).name;

  // Three people wait for the same drink.
  const [menu] = await activeCafeItems(request);
  const customers: string[] = [];
  const place = async (first: string) => {
    const person = `${first} ${stamp()}`;
    const account = await registerUser(request, person);
    const tokens = await apiLogin(request, account.email, account.password);
    const image = await uploadTinyPng(request, tokens.accessToken);
    const id = await placeDrinkViaApi(
      request,
      tokens.accessToken,
      { menu: menu!, type: 'hot', sweetness: 50, remark: '-' },
      image,
    );
    customers.push(person);
    return { name: `${menu!.name} for ${person}`, id };
  };
  const placed = [await place('Ann'), await place('Ben'), await place('Cy')];
  const [ann, ben, cy] = placed.map((order) => order.name) as [string, string, string];

  // Bea's tablet on the first process, Cleo's phone on the second.
  const bea = await openBoard(browser, cafe.urls[0], beaTokens, TABLET);
  const cleo = await openBoard(browser, cafe.urls[1], cleoTokens, PHONE);
  const ticket = (page: Page | Locator, name: string) => page.getByRole('article', { name });
  const strip = (page: Page) => page.getByRole('region', { name: 'To make' });
  for (const page of [bea, cleo]) {
    await expect(strip(page).getByRole('list', { name: 'Drinks to make' })).toHaveText(`${menu!.name} ×3`);
  }

  // Bea takes Ann's drink: her board says "you", Cleo's names her, live.
  await ticket(bea, ann)
    .getByRole('button', { name: `I'll make this: ${ann}` })
    .click();
  await expect(ticket(bea, ann).getByText('Making: you')).toBeVisible();
  await expect(ticket(cleo, ann).getByText(`Making: ${beaName}`)).toBeVisible();
  await expect(ticket(cleo, ann).getByRole('button', { name: `Making: ${beaName}. Take over ${ann}?` })).toBeVisible();
  await expectAccessible(bea, 'the board with a claimed ticket');

  // Both tap Do on Ben's drink at once: one makes it, the other is told who.
  const { answers } = await holdBothDos([bea, cleo]);
  await ticket(bea, ben).getByRole('button', { name: 'Do', exact: true }).click();
  await ticket(cleo, ben).getByRole('button', { name: 'Do', exact: true }).click();
  const [beaAnswer, cleoAnswer] = await answers;
  expect([beaAnswer!.status(), cleoAnswer!.status()].sort()).toEqual([200, 409]);
  const won = (beaAnswer!.status() === 200 ? beaAnswer! : cleoAnswer!).json() as Promise<{
    claimedBy: { name: string } | null;
  }>;
  const winnerName = (await won).claimedBy!.name;
  expect([beaName, cleoName]).toContain(winnerName);
  const [winner, loser] = winnerName === beaName ? [bea, cleo] : [cleo, bea];
  await expect(loser.getByText(`${winnerName} is making this order. Ask them, or take it over.`)).toBeVisible();
  const inProgress = (page: Page) => page.getByRole('region', { name: 'In Progress Order' });
  await expect(ticket(inProgress(winner), ben).getByText('Making: you')).toBeVisible();
  await expect(ticket(inProgress(loser), ben).getByText(`Making: ${winnerName}`)).toBeVisible();

  // Cleo takes Cy's drink and shows only her own tickets; the choice stays after a reload.
  await ticket(cleo, cy)
    .getByRole('button', { name: `I'll make this: ${cy}` })
    .click();
  await expect(ticket(cleo, cy).getByText('Making: you')).toBeVisible();
  for (const [page, name] of [
    [bea, 'tablet'],
    [cleo, 'phone'],
  ] as const) {
    const screenshot = path.join(testInfo.project.outputDir, `two-baristas-${name}.png`);
    await page.screenshot({ path: screenshot });
    await testInfo.attach(`two baristas: the ${name}`, { path: screenshot, contentType: 'image/png' });
  }
  await cleo.getByRole('radiogroup', { name: 'Whose' }).getByRole('radio', { name: 'Mine' }).click();
  const cleosOwn = [cy, ...(winner === cleo ? [ben] : [])];
  await expect(cleo.getByRole('article')).toHaveCount(cleosOwn.length);
  for (const name of cleosOwn) await expect(ticket(cleo, name)).toBeVisible();
  await expect(ticket(cleo, ann)).toHaveCount(0);
  await cleo.reload();
  await expect(cleo.getByRole('radio', { name: 'Mine' })).toHaveAttribute('aria-checked', 'true');
  await expect(cleo.getByRole('article')).toHaveCount(cleosOwn.length);

  // What Mine hides (Bea's tickets) is said, with the way to see it (decision 0099).
  await expect(cleo.getByRole('status', { name: 'Hidden orders' })).toContainText('hidden by Mine');

  // A fourth order arrives: both totals count it, live, and nobody's new order reaches both
  // baristas, Cleo's Mine too (decision 0099).
  const { name: di, id: diId } = await place('Di');
  for (const page of [bea, cleo]) {
    await expect(strip(page).getByRole('list', { name: 'Drinks to make' })).toHaveText(`${menu!.name} ×4`);
  }
  await expect(ticket(bea, di).getByRole('button', { name: `I'll make this: ${di}` })).toBeVisible();
  await expect(ticket(cleo, di).getByRole('button', { name: `I'll make this: ${di}` })).toBeVisible();
  await cleo.getByRole('radio', { name: 'Unclaimed' }).click();
  await expect(cleo.getByRole('article')).toHaveCount(1);
  await expect(ticket(cleo, di)).toBeVisible();

  // Every drink made (Cy's by Cleo, who makes it; the others by Bea), then handed over from Bea's
  // tablet in one go: Cleo's phone, on the other process, sees the Ready lane empty.
  const [annId, benId, cyId] = placed.map((order) => order.id) as [number, number, number];
  await serveOrderViaApi(request, beaTokens.accessToken, annId);
  const doneBen = await request.patch(`/api/order/barista/${benId}`, {
    headers: bearer(beaTokens.accessToken),
    data: { status: 'done' },
  });
  expect(doneBen.status(), await doneBen.text()).toBe(200);
  await serveOrderViaApi(request, cleoTokens.accessToken, cyId);
  await serveOrderViaApi(request, beaTokens.accessToken, diId);
  const readyLane = (page: Page) => page.getByRole('region', { name: 'Ready' });
  for (const page of [bea, cleo]) await expect(readyLane(page).getByRole('listitem')).toHaveCount(4);
  await expect(strip(bea).getByRole('list', { name: 'Drinks to make' })).toHaveCount(0);
  await readyLane(bea).getByRole('button', { name: 'Select ready drinks' }).click();
  await bea.getByRole('button', { name: 'Select all' }).click();
  await bea.getByRole('button', { name: 'Hand over selected (4)' }).click();
  for (const page of [bea, cleo]) await expect(readyLane(page).getByRole('listitem')).toHaveCount(0);
});

test('a runner on the second process: the tray drink has no tumbler control, Ready all on the tablet tells the runner live, and Collected ends the run', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const PLACE = 'Meeting room 7';
  const beaTokens = await apiLogin(request, DEMO.barista.email, DEMO.barista.password);
  // Pickup slots today and tomorrow, round the clock: the run's slot is today's but in the last
  // half hour of the day (a later day's run is made on its day: the board offers no Start all).
  await openEveryDayForLater(request, beaTokens.accessToken, 1, { opens: '00:00', closes: '24:00' });

  // Rita starts a run through the second process; Ann adds a drink for the runner's tray.
  const runnerName = `Rita ${stamp()}`;
  const rita = await registerUser(request, runnerName);
  const ritaTokens = await apiLogin(request, rita.email, rita.password);
  const slots = (await (await request.get('/api/sites/1/slots')).json()) as { slots: { start: string }[] };
  expect(slots.slots.length, 'pickup slots ahead').toBeGreaterThan(1);
  const pickupAt = slots.slots[1]!.start;
  const day = (at: Date | string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date(at));
  test.skip(day(pickupAt) !== day(new Date()), "the run's slot is tomorrow's in the day's last half hour");
  const started = await request.post('/api/runs', {
    headers: bearer(ritaTokens.accessToken),
    data: { place: PLACE, pickupAt, closesAt: pickupAt },
  });
  expect(started.status(), await started.text()).toBe(201);
  const runId = ((await started.json()) as { id: number }).id;
  const annName = `Ann ${stamp()}`;
  const ann = await registerUser(request, annName);
  const annTokens = await apiLogin(request, ann.email, ann.password);
  const [menu] = await activeCafeItems(request);
  const joined = await request.post('/api/order', {
    headers: bearer(annTokens.accessToken),
    data: {
      menu_id: menu!.id,
      menu_name: menu!.name,
      type: 'hot',
      sweetness: 50,
      remark: '-',
      runId,
      pickupAt,
      cup: 'tray',
      latitude: 13.7466,
      longitude: 100.5393,
    },
  });
  expect(joined.status(), await joined.text()).toBe(201);

  // Rita's phone on the second process; Bea's tablet on the first.
  const phone = await browser.newContext({ baseURL: cafe.urls[1], viewport: PHONE, isMobile: true, hasTouch: true });
  const ritaPage = await phone.newPage();
  await signInWithTokens(ritaPage, ritaTokens, `/runs/${runId}`);
  await expect(ritaPage.getByRole('heading', { name: PLACE, level: 1 })).toBeVisible();
  await expect(ritaPage.getByTestId('run-drink')).toHaveCount(1);
  const bea = await openBoard(browser, cafe.urls[0], beaTokens, TABLET);
  const group = bea.getByRole('group', { name: `${runnerName}'s run for ${PLACE}` });
  await group.getByRole('button', { name: `Start all of ${runnerName}'s run for ${PLACE}` }).click();
  const trayTicket = group.getByRole('article', { name: `${menu!.name} for ${annName} (1/1)` });
  await expect(trayTicket).toBeVisible();
  // A drink for the runner's tray has no tumbler to look for: no tumbler control at all.
  await expect(trayTicket.getByRole('button', { name: /tumbler/i })).toHaveCount(0);

  await group.getByRole('button', { name: `Ready all of ${runnerName}'s run for ${PLACE}` }).click();
  await expect(bea.getByRole('button', { name: `All picked up: ${runnerName}'s run for ${PLACE}` })).toBeVisible();
  // The runner's phone, on the other process, is told by a live event.
  await expect(
    ritaPage.getByRole('status').filter({ hasText: 'Your run is ready — collect it at the counter' }),
  ).toBeVisible();

  // Collected: the run is over, on Rita's phone and in the open runs of the site.
  await ritaPage.getByRole('button', { name: 'Collected' }).click();
  await expect(ritaPage.getByText('Collected — the drinks are on their way')).toBeVisible();
  await expect(ritaPage.getByRole('link', { name: 'Add my drink' })).toHaveCount(0);
  const open = (await (await request.get('/api/runs', { headers: bearer(annTokens.accessToken) })).json()) as {
    id: number;
  }[];
  expect(open.map((r) => r.id)).not.toContain(runId);
  await expect(bea.getByRole('group', { name: `${runnerName}'s run for ${PLACE}` })).toHaveCount(0);
  await phone.close();
  await bea.context().close();
});
