import { expect, test } from './test';
import {
  DEMO,
  goOffline,
  apiLogin,
  cafeMenuOf,
  loginViaUi,
  placeCafeOrderViaApi,
  registerUser,
  setShopStatus,
  signInWithTokens,
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
  await goOffline(board);
  await expect(live).toHaveCount(0);
  await context.setOffline(false);

  // Back, with a token the server accepts (a visitor's connection would also say "Live").
  await expect(live).toBeVisible();
  await expect.poll(() => board.evaluate(() => localStorage.getItem('access_token'))).not.toBe(expired);

  const name = `Rey ${Date.now().toString(36).slice(-6)}`;
  const customer = await registerUser(request, name);
  const tokens = await apiLogin(request, customer.email, customer.password);
  const menu = await cafeMenuOf(request, 'Coffee');
  // The board's reads of its lists from now on: the poll (every 30 seconds) is one.
  const listReads: string[] = [];
  board.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname === '/api/order') listReads.push(`${url.pathname}${url.search}`);
  });
  await placeCafeOrderViaApi(request, tokens.accessToken, menu, await uploadTinyPng(request, tokens.accessToken));

  // Live: the card is there before the board read its lists again, however long it took.
  const card = board
    .getByRole('region', { name: 'Waiting Order' })
    .getByRole('article', { name: `${menu.name} for ${name}` });
  await expect(card).toBeVisible();
  expect(listReads, 'the order came live, not with a read of the lists').toEqual([]);
  await context.close();
});

/**
 * Never missed, never twice (docs/api/live-events.md): a board whose connection drops while orders
 * are placed and moved catches up with what it missed (GET /live/missed) when the connection
 * returns: each order shows once, where it now is, and the board did not read its lists again.
 */
test('a board back from a lost connection shows each order placed or moved meanwhile exactly once, without reading everything again', async ({
  browser,
  baseURL,
  request,
}) => {
  await setShopStatus(request, 'cafe-open');
  const menu = await cafeMenuOf(request, 'Coffee');
  const baristaTokens = await apiLogin(request, DEMO.barista.email, DEMO.barista.password);
  const stamp = Date.now().toString(36).slice(-6);
  const customer = async (label: string) => {
    const name = `${label} ${stamp}`;
    const user = await registerUser(request, name);
    const tokens = await apiLogin(request, user.email, user.password);
    return { name, tokens, image: await uploadTinyPng(request, tokens.accessToken) };
  };
  const place = async (who: Awaited<ReturnType<typeof customer>>) =>
    placeCafeOrderViaApi(request, who.tokens.accessToken, menu, who.image);
  const move = async (id: number, status: 'in-progress' | 'done') => {
    const res = await request.patch(`/api/order/barista/${id}`, {
      headers: { authorization: `Bearer ${baristaTokens.accessToken}` },
      data: { status },
    });
    expect(res.status(), await res.text()).toBe(200);
  };

  const early = await customer('Early');
  const earlyOrder = await place(early);
  const ana = await customer('Ana');
  const bea = await customer('Bea');
  const cai = await customer('Cai');

  const context = await browser.newContext({ baseURL, viewport: { width: 1600, height: 900 } });
  const board = await context.newPage();
  await signInWithTokens(board, baristaTokens, '/ordering');
  const everywhere = (who: { name: string }) => board.getByRole('article', { name: `${menu.name} for ${who.name}` });
  const waiting = (who: { name: string }) =>
    board.getByRole('region', { name: 'Waiting Order' }).getByRole('article', { name: `${menu.name} for ${who.name}` });
  const making = (who: { name: string }) =>
    board
      .getByRole('region', { name: 'In Progress Order' })
      .getByRole('article', { name: `${menu.name} for ${who.name}` });
  const live = board.getByRole('status').filter({ hasText: /^Live$/ });
  await expect(waiting(early)).toBeVisible();
  await expect(live).toBeVisible();

  await goOffline(board);
  await expect(live).toHaveCount(0);
  // Meanwhile: three orders placed, the early one and one of the new ones taken, one placed and taken at once.
  await place(ana);
  const beaOrder = await place(bea);
  await move(earlyOrder, 'in-progress');
  await move(beaOrder, 'in-progress');
  const caiOrder = await place(cai);
  await move(caiOrder, 'in-progress');

  // What the page asks the server from the moment the network returns.
  const asked: string[] = [];
  board.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/')) asked.push(`${url.pathname}${url.search}`);
  });
  await context.setOffline(false);
  await expect(live).toBeVisible();

  await expect(making(early)).toBeVisible();
  await expect(making(bea)).toBeVisible();
  await expect(making(cai)).toBeVisible();
  await expect(waiting(ana)).toBeVisible();
  // Each exactly once on the whole board.
  for (const who of [early, ana, bea, cai]) await expect(everywhere(who)).toHaveCount(1);

  // Caught up by asking what it missed, not by reading the board's lists again.
  expect(asked.filter((url) => url.startsWith('/api/live/missed?'))).toHaveLength(1);
  expect(asked.filter((url) => url === '/api/order' || url.startsWith('/api/order?'))).toEqual([]);
  await context.close();
});
