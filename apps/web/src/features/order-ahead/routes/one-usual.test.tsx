import type { OrderingStatus } from '@cafe/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { mockApi, renderRoute, Reply, signIn, type RecordedCall } from '@/test/render';
import { HEAD_OFFICE } from '@/test/sites';
import { LATTE_MENU, LATTE_THEN_GREEN_TEA, LATTE_USUAL } from '@/features/order-ahead/test/usual-fixtures';
import { OrderHistoryRoute } from './order-history-route';
import { StatusOrderRoute } from './status-order-route';

/*
 * One usual, on the server (decision 0067): every screen reads it from GET /me/usual, it changes
 * only when its owner makes a drink their usual, and one kept in the browser before the upgrade is
 * offered to keep once.
 */

const OPEN: OrderingStatus = {
  paused: false,
  reason: null,
  waiting: 0,
  estimatedWaitMinutes: null,
  limits: { maxWaiting: null, maxWaitMinutes: null },
  message: null,
};

/** What My orders and History read, with the usual the server answers (and keeps when set). */
function serve(usual: unknown) {
  let current = usual;
  return mockApi({
    'GET /sites': [HEAD_OFFICE],
    'GET /category': LATTE_MENU,
    'GET /order/count/user': { totalOrder: 0 },
    'GET /ordering-status': OPEN,
    'GET /order/my-queue': [],
    'GET /order/history/user': LATTE_THEN_GREEN_TEA,
    'GET /standing-orders': [],
    'GET /schedule': { weekly: [], closedDays: [], nextOpening: null, closingWarningMinutes: 10, automatic: false },
    'GET /me/usual': () => current,
    'PUT /me/usual': (call: RecordedCall) => {
      current = { drink: call.body, source: 'saved' };
      return new Reply(200, current);
    },
  });
}

/** The usual as the web kept it in this browser before the upgrade (favOrder). */
const KEPT_BEFORE = {
  menu_id: 3,
  menu_name: 'Latte',
  type: 'cold',
  sweetness: 50,
  remark: '-',
  tumblerImage: '/api/images/cup.jpg',
  options: [
    { groupId: 9, group: 'Milk', choiceId: 92, choice: 'Oat', quantity: 1, isDefault: false },
    { groupId: 11, group: 'Syrup', choiceId: 111, choice: 'Vanilla', quantity: 2, isDefault: false },
  ],
  pinned: true,
};

describe('the usual, kept on the server', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn({ role: 'user', homeSiteId: 1, isCafeOpen: true });
  });

  it('stays the Latte on My Order after a Green Tea Latte is picked up (the drift defect)', async () => {
    serve(LATTE_USUAL);
    renderRoute(StatusOrderRoute, '/statusOrder', '/statusOrder');
    const card = await screen.findByRole('region', { name: 'Your usual' });
    expect(card).toHaveTextContent('Latte');
    expect(card).toHaveTextContent('Cold · Sweetness 50% · Oat · Large · 2× Vanilla');
    expect(card).not.toHaveTextContent('Green Tea');
  });

  it("stays the Latte in History's usual, its row marked, the Green Tea Latte's offered to make the usual", async () => {
    serve(LATTE_USUAL);
    renderRoute(OrderHistoryRoute, '/ordered', '/ordered');
    expect(await screen.findByText(/^Your usual: /)).toHaveTextContent(
      'Your usual: Latte · Cold · Sweetness 50% · Oat · Large · 2× Vanilla',
    );
    const rows = await screen.findAllByRole('listitem');
    const latte = rows.find((r) => within(r).queryByText('Latte'))!;
    expect(within(latte).getByText('Your usual')).toBeInTheDocument();
    const greenTea = rows.find((r) => within(r).queryByText('Green Tea Latte'))!;
    expect(within(greenTea).queryByText('Your usual')).toBeNull();
    expect(within(greenTea).getByRole('button', { name: 'Make Green Tea Latte my usual' })).toBeInTheDocument();
  });

  it('changes only when its owner makes another drink their usual, from History', async () => {
    const { calls } = serve(LATTE_USUAL);
    renderRoute(OrderHistoryRoute, '/ordered', '/ordered');
    await userEvent.click(await screen.findByRole('button', { name: 'Make Green Tea Latte my usual' }));
    await waitFor(() =>
      expect(screen.getByText(/^Your usual: /)).toHaveTextContent('Your usual: Green Tea Latte · Hot · Sweetness 25%'),
    );
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { menu_id: 5, type: 'hot', sweetness: 25 },
    ]);
  });
});

describe('a usual kept in the browser before the upgrade', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn({ role: 'user', homeSiteId: 1, isCafeOpen: true });
  });

  it('is offered once when the server has none; Keep makes it the usual and forgets the browser copy', async () => {
    localStorage.setItem(STORAGE_KEYS.favOrder, JSON.stringify(KEPT_BEFORE));
    const { calls } = serve(null);
    renderRoute(StatusOrderRoute, '/statusOrder', '/statusOrder');
    const offer = await screen.findByRole('region', {
      name: 'Keep Latte · Cold · Sweetness 50% · Oat · 2× Vanilla as your usual?',
    });
    await userEvent.click(within(offer).getByRole('button', { name: 'Keep' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /as your usual\?/ })).toBeNull());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { menu_id: 3, type: 'cold', sweetness: 50, options: [{ choiceId: 92 }, { choiceId: 111, quantity: 2 }] },
    ]);
    expect(localStorage.getItem(STORAGE_KEYS.favOrder)).toBeNull();
    expect(await screen.findByRole('region', { name: 'Your usual' })).toHaveTextContent('Latte');
  });

  it('is forgotten with Not now, and nothing is saved', async () => {
    localStorage.setItem(STORAGE_KEYS.favOrder, JSON.stringify(KEPT_BEFORE));
    const { calls } = serve(null);
    renderRoute(StatusOrderRoute, '/statusOrder', '/statusOrder');
    const offer = await screen.findByRole('region', { name: /^Keep Latte .* as your usual\?$/ });
    await userEvent.click(within(offer).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region', { name: /as your usual\?/ })).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.favOrder)).toBeNull();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('is not offered, and forgotten, when the server has a usual already', async () => {
    localStorage.setItem(STORAGE_KEYS.favOrder, JSON.stringify(KEPT_BEFORE));
    serve(LATTE_USUAL);
    renderRoute(StatusOrderRoute, '/statusOrder', '/statusOrder');
    await screen.findByRole('region', { name: 'Your usual' });
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.favOrder)).toBeNull());
    expect(screen.queryByRole('region', { name: /as your usual\?/ })).toBeNull();
  });

  it('asks in Thai', async () => {
    await loadEverything('th');
    i18n.activate('th');
    localStorage.setItem(STORAGE_KEYS.favOrder, JSON.stringify(KEPT_BEFORE));
    serve(null);
    renderRoute(OrderHistoryRoute, '/ordered', '/ordered');
    const offer = await screen.findByRole('region', { name: /^เก็บ Latte · เย็น · .* เป็นเมนูประจำของคุณไหม$/ });
    expect(within(offer).getByRole('button', { name: 'เก็บไว้' })).toBeInTheDocument();
    expect(within(offer).getByRole('button', { name: 'ไม่ใช่ตอนนี้' })).toBeInTheDocument();
    expect(await screen.findByText(/^คุณยังไม่มีเมนูประจำ/)).toBeInTheDocument();
  });
});
