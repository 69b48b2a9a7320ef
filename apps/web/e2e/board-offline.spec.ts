import type { Order, TimelineEntry } from '@cafe/shared';
import { expect, test, type APIRequestContext, type BrowserContext } from './test';
import {
  DEMO,
  goOffline,
  apiLogin,
  bearer,
  serveOrderViaApi,
  setShopStatus,
  signInWithTokens,
  customerWithOrders,
} from './support';

/**
 * A board that never loses a tap (issue 31, docs/decisions/0054-board-never-loses-a-tap.md): the
 * tablet's network goes away, the barista keeps working (Do, Done, a cancel with its reason, undo),
 * the taps wait on the tablet marked pending, and when the network is back the server has each
 * applied once, in order; a tap the server refuses meanwhile (the person cancelled) is explained.
 */

const unique = () => Date.now().toString(36).slice(-5);

/** A new customer with one coffee: their tokens, the order's id and its name on the board. */
async function customerWithCoffee(request: APIRequestContext, name: string) {
  const { user, tokens, orders } = await customerWithOrders(request, name, ['Coffee']);
  const [coffee] = orders;
  if (!coffee) throw new Error('no coffee was ordered');
  return { tokens, id: coffee.id, label: `${coffee.name} for ${user.name}` };
}

async function serverSees(request: APIRequestContext, token: string, id: number) {
  const order = await request.get(`/api/order/${id}`, { headers: bearer(token) });
  expect(order.status()).toBe(200);
  const timeline = await request.get(`/api/order/${id}/timeline`, { headers: bearer(token) });
  expect(timeline.status()).toBe(200);
  return {
    status: ((await order.json()) as Order).status,
    moves: ((await timeline.json()) as TimelineEntry[]).map((e) => e.status),
  };
}

test.describe('the board offline', () => {
  let context: BrowserContext | undefined;
  test.afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  test('four taps offline wait, pending, and are applied once each when the network returns; one refused meanwhile is explained', async ({
    browser,
    baseURL,
    request,
  }) => {
    await setShopStatus(request, 'cafe-open');
    const made = await customerWithCoffee(request, `Ada ${unique()}`);
    const dropped = await customerWithCoffee(request, `Ben ${unique()}`);
    const cancelled = await customerWithCoffee(request, `Cat ${unique()}`);
    const barista = await apiLogin(request, DEMO.barista.email, DEMO.barista.password);

    context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
    const board = await context.newPage();
    await signInWithTokens(board, barista, '/ordering');
    const ticket = (label: string) => board.getByRole('article', { name: label, exact: true });
    const pendingTicket = (label: string) =>
      board.getByRole('article', { name: `${label}, Waiting for connection`, exact: true });
    for (const order of [made, dropped, cancelled]) {
      await expect(ticket(order.label).getByRole('button', { name: 'Do', exact: true })).toBeEnabled();
    }
    await expect(board.getByRole('status').filter({ hasText: /^Live$/ })).toBeVisible();

    await goOffline(board);
    await expect(board.getByTestId('offline-banner')).toContainText('You are offline');
    await expect(board.getByText('Offline: your taps are kept on this device')).toBeVisible();

    // 1. Do, 2. Done: the drink goes to the Ready lane at once, marked as waiting.
    await ticket(made.label).getByRole('button', { name: 'Do', exact: true }).click();
    await pendingTicket(made.label).getByRole('button', { name: 'Done', exact: true }).click();
    const ready = board.getByRole('region', { name: 'Ready' });
    await expect(ready.getByRole('listitem', { name: `${made.label}, Waiting for connection` })).toBeVisible();

    // 3. A cancel with its reason, 4. taken back with Undo: the ticket is back, waiting for the connection.
    await ticket(dropped.label).getByRole('button', { name: 'Cancel', exact: true }).click();
    const dialog = board.getByRole('dialog', { name: 'Cancel Order' });
    await dialog.getByRole('radio', { name: 'Machine Failure' }).check();
    await dialog.getByRole('button', { name: 'Cancel this order' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(ticket(dropped.label)).toHaveCount(0);
    await board
      .getByRole('region', { name: 'Undo' })
      .filter({ hasText: `Canceled: ${dropped.label}` })
      .getByRole('button', { name: /^Undo / })
      .click();
    await expect(pendingTicket(dropped.label)).toBeVisible();

    // Meanwhile the person cancels their drink; the board cannot know, and the barista starts it.
    const personCancels = await request.patch(`/api/order/${cancelled.id}`, {
      headers: bearer(cancelled.tokens.accessToken),
      data: { status: 'cancel' },
    });
    expect(personCancels.status()).toBe(200);
    await ticket(cancelled.label).getByRole('button', { name: 'Do', exact: true }).click();
    await expect(pendingTicket(cancelled.label)).toBeVisible();

    const waiting = board.getByRole('region', { name: 'Waiting for connection (5)' });
    await expect(waiting.getByRole('listitem')).toHaveText([
      `Do: ${made.label}`,
      `Done: ${made.label}`,
      `Cancel (Machine Failure): ${dropped.label}`,
      `Undo: ${dropped.label}`,
      `Do: ${cancelled.label}`,
    ]);
    // Nothing reached the server yet.
    expect(await serverSees(request, barista.accessToken, made.id)).toEqual({ status: 'ordered', moves: ['ordered'] });
    expect(await serverSees(request, barista.accessToken, dropped.id)).toEqual({
      status: 'ordered',
      moves: ['ordered'],
    });

    await context.setOffline(false);
    await expect(board.getByRole('region', { name: /^Waiting for connection/ })).toHaveCount(0, { timeout: 30_000 });

    // The refused tap is explained, and the board shows what the server has: the drink is gone.
    const refusal = board.getByRole('alert').filter({ hasText: `Not applied: Do: ${cancelled.label}.` });
    await expect(refusal).toBeVisible();
    await expect(refusal).toContainText('The order had changed before the connection returned');
    await expect(ticket(cancelled.label)).toHaveCount(0);
    await expect(pendingTicket(cancelled.label)).toHaveCount(0);
    await expect(ready.getByRole('listitem', { name: made.label, exact: true })).toBeVisible();
    await expect(
      board.getByRole('region', { name: 'Waiting Order' }).getByRole('article', { name: dropped.label, exact: true }),
    ).toBeVisible();

    // Each applied once, in order.
    expect(await serverSees(request, barista.accessToken, made.id)).toEqual({
      status: 'done',
      moves: ['ordered', 'in-progress', 'done'],
    });
    expect(await serverSees(request, barista.accessToken, dropped.id)).toEqual({
      status: 'ordered',
      moves: ['ordered', 'rejected', 'ordered'],
    });
    expect(await serverSees(request, barista.accessToken, cancelled.id)).toEqual({
      status: 'cancel',
      moves: ['ordered', 'cancel'],
    });

    await refusal.getByRole('button', { name: `Dismiss: Do: ${cancelled.label}` }).click();
    await expect(refusal).toHaveCount(0);
  });

  test('the phone: Cancel and Pick Up offline wait, pending, and are applied once when the network returns', async ({
    browser,
    baseURL,
    request,
  }) => {
    await setShopStatus(request, 'cafe-open');
    const { tokens, orders } = await customerWithOrders(request, `Dee ${unique()}`, ['Coffee', 'Tea']);
    const [coffee, tea] = orders;
    if (!coffee || !tea) throw new Error('the two drinks were not ordered');
    const [ready, waiting] = [coffee.id, tea.id];
    const barista = await apiLogin(request, DEMO.barista.email, DEMO.barista.password);
    await serveOrderViaApi(request, barista.accessToken, ready);

    context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInWithTokens(page, tokens, '/statusOrder');
    const today = page.getByRole('region', { name: "Today's orders" });
    const pickUp = today.getByRole('article', { name: coffee.name }).getByRole('button', { name: 'Pick Up' });
    await expect(pickUp).toBeEnabled();

    await goOffline(page);
    await expect(page.getByTestId('offline-banner')).toContainText('You are offline');
    await pickUp.click();
    await today.getByRole('article', { name: tea.name }).getByRole('button', { name: 'Cancel', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: `You want to cancel ${tea.name}` });
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(confirm).toHaveCount(0);
    // Both leave Today's orders at once, shown closed and marked as waiting.
    await expect(today.getByRole('article')).toHaveCount(0);
    const closed = page.getByRole('region', { name: 'Picked and Canceled' });
    for (const name of [coffee.name, tea.name]) {
      await expect(closed.getByRole('article', { name })).toContainText('Waiting for connection');
    }
    await expect(page.getByRole('region', { name: 'Waiting for connection (2)' }).getByRole('listitem')).toHaveText([
      `Picked up: ${coffee.name}`,
      `Cancel order: ${tea.name}`,
    ]);
    expect((await serverSees(request, barista.accessToken, waiting)).status).toBe('ordered');

    await context.setOffline(false);
    await expect(page.getByRole('region', { name: /^Waiting for connection/ })).toHaveCount(0, { timeout: 30_000 });
    await expect(closed.getByText('Waiting for connection')).toHaveCount(0);
    expect(await serverSees(request, barista.accessToken, ready)).toEqual({
      status: 'picked',
      moves: ['ordered', 'in-progress', 'done', 'picked'],
    });
    expect(await serverSees(request, barista.accessToken, waiting)).toEqual({
      status: 'cancel',
      moves: ['ordered', 'cancel'],
    });
  });
});
