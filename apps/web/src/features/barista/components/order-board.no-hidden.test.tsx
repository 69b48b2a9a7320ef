import type { Order, QueuedOrder } from '@cafe/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeOrder } from '@/features/barista/test/fixtures';
import { BOARD_STORAGE_KEYS } from '@/lib/storage-keys';
import { mockApi, renderWithProviders, signIn } from '@/test/render';
import { OrderBoard } from './order-board';

/*
 * No hidden orders (issue 62, docs/decisions/0099-no-hidden-orders.md): Whose = Mine never hides a
 * new order, a filter that hides orders says how many and how to see them, the undo bar says what
 * it takes back, select mode works lane by lane, and a drink with no tumbler has no tumbler control.
 */

const ME = { id: 7, name: 'Mali' };
const BEA = { id: 8, name: 'Bea' };

const asOrder = ({ queue_at: _q, estimatedWaitMinutes: _w, ...order }: QueuedOrder): Order => order;

function setup(orders: QueuedOrder[]) {
  const byId = new Map(orders.map((o) => [o.id, o]));
  const api = mockApi((call) => {
    const patch = /^\/order\/barista\/(\d+)$/.exec(call.path);
    if (call.method === 'PATCH' && patch) {
      const { status } = call.body as { status: Order['status'] };
      return { body: { ...asOrder(byId.get(Number(patch[1]))!), status } };
    }
    if (call.method === 'POST' && call.path === '/order/barista/bulk') {
      const { ids, status } = call.body as { ids: number[]; status: Order['status'] };
      return { body: { results: ids.map((id) => ({ id, ok: true, order: { ...asOrder(byId.get(id)!), status } })) } };
    }
    return undefined;
  });
  const board = (list: QueuedOrder[]) => (
    <OrderBoard orders={list} isLoading={false} error={null} onRetry={() => undefined} />
  );
  const view = renderWithProviders(board(orders));
  return { ...api, user: userEvent.setup(), rerender: (list: QueuedOrder[]) => view.rerender(board(list)) };
}

const tickets = () => screen.queryAllByRole('article').map((a) => a.getAttribute('aria-label'));

beforeEach(() => {
  localStorage.clear();
  signIn({ ...ME, role: 'barista' });
});

describe('Whose = Mine never hides a new order', () => {
  it('shows a new order nobody has taken to a barista whose board shows only theirs', () => {
    localStorage.setItem(BOARD_STORAGE_KEYS.claimFilter, 'mine');
    const mine = makeOrder({ id: 1, userName: 'Ann', status: 'in-progress', claimedBy: ME });
    const { rerender } = setup([mine]);
    expect(tickets()).toEqual(['Latte for Ann']);
    rerender([mine, makeOrder({ id: 2, userName: 'Bo', claimedBy: null })]);
    expect(tickets()).toEqual(['Latte for Ann', 'Latte for Bo']);
    expect(screen.getByRole('region', { name: 'Waiting Order' })).toHaveTextContent('1 Orders');
  });

  it('shows the waiting orders when the barista has claimed none, never "No orders now"', () => {
    localStorage.setItem(BOARD_STORAGE_KEYS.claimFilter, 'mine');
    setup([makeOrder({ id: 1, userName: 'Ann' }), makeOrder({ id: 2, userName: 'Bo', claimedBy: null })]);
    expect(tickets()).toEqual(['Latte for Ann', 'Latte for Bo']);
    expect(screen.queryByText('No orders now,')).toBeNull();
  });
});

describe('a filter that hides orders says so', () => {
  it("counts the orders Mine hides (another barista's) and shows them all again", async () => {
    localStorage.setItem(BOARD_STORAGE_KEYS.claimFilter, 'mine');
    const { user } = setup([
      makeOrder({ id: 1, userName: 'Ann', claimedBy: ME }),
      makeOrder({ id: 2, userName: 'Ben', status: 'in-progress', claimedBy: BEA }),
      makeOrder({ id: 3, userName: 'Cy', claimedBy: null }),
    ]);
    expect(tickets()).toEqual(['Latte for Ann', 'Latte for Cy']);
    const notice = screen.getByRole('status', { name: 'Hidden orders' });
    expect(notice).toHaveTextContent('1 order hidden by Mine');
    await user.click(within(notice).getByRole('button', { name: 'Show all' }));
    expect(tickets()).toHaveLength(3);
    expect(screen.getByRole('radio', { name: 'Everyone' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.queryByRole('status', { name: 'Hidden orders' })).toBeNull();
  });

  it('counts the orders the drink filter hides, ready drinks too, and names each filter', async () => {
    localStorage.setItem(BOARD_STORAGE_KEYS.claimFilter, 'unclaimed');
    const { user } = setup([
      makeOrder({ id: 1, userName: 'Ann', claimedBy: null }),
      makeOrder({ id: 2, userName: 'Ben', claimedBy: BEA }),
      makeOrder({ id: 3, userName: 'Cy', menuName: 'Green tea', categoryName: 'Tea', categoryKind: 'tea' }),
      makeOrder({
        id: 4,
        userName: 'Di',
        menuName: 'Thai tea',
        categoryName: 'Tea',
        categoryKind: 'tea',
        status: 'done',
      }),
    ]);
    await user.click(within(screen.getByRole('radiogroup', { name: 'Filter' })).getByRole('radio', { name: 'Coffee' }));
    expect(tickets()).toEqual(['Latte for Ann']);
    const notice = screen.getByRole('status', { name: 'Hidden orders' });
    expect(notice).toHaveTextContent('3 orders hidden by Unclaimed and Coffee');
    await user.click(within(notice).getByRole('button', { name: 'Show all' }));
    expect(tickets()).toHaveLength(3);
    expect(
      within(screen.getByRole('region', { name: 'Ready' })).getByRole('listitem', { name: 'Thai tea for Di' }),
    ).toBeInTheDocument();
  });

  it('never says "No orders now" while every order is filtered out', async () => {
    localStorage.setItem(BOARD_STORAGE_KEYS.claimFilter, 'unclaimed');
    const { user } = setup([
      makeOrder({ id: 1, userName: 'Ann', status: 'in-progress', claimedBy: BEA }),
      makeOrder({ id: 2, userName: 'Ben', status: 'in-progress', claimedBy: ME }),
    ]);
    expect(tickets()).toEqual([]);
    expect(screen.queryByText('No orders now,')).toBeNull();
    const notice = screen.getByRole('status', { name: 'Hidden orders' });
    expect(notice).toHaveTextContent('2 orders hidden by Unclaimed');
    await user.click(within(notice).getByRole('button', { name: 'Show all' }));
    expect(tickets()).toHaveLength(2);
  });

  it('says "No orders now" when there are none at all', () => {
    setup([]);
    expect(screen.getByText('No orders now,')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Hidden orders' })).toBeNull();
  });
});

describe('the undo bar says what it will undo', () => {
  it('names the latest move and its order in full, on the button too, and how many more', async () => {
    const { user } = setup([
      makeOrder({ id: 1, userName: 'Ann', status: 'in-progress', claimedBy: ME }),
      makeOrder({
        id: 2,
        userName: 'Bo Wattanasiri-Charoenkul',
        menuName: 'Iced Caramel Macchiato',
        status: 'in-progress',
        claimedBy: ME,
      }),
    ]);
    await user.click(
      within(screen.getByRole('article', { name: 'Latte for Ann' })).getByRole('button', { name: 'Done' }),
    );
    await screen.findByRole('region', { name: 'Undo' });
    const name = 'Iced Caramel Macchiato for Bo Wattanasiri-Charoenkul';
    await user.click(within(screen.getByRole('article', { name })).getByRole('button', { name: 'Done' }));
    const bar = screen.getByRole('region', { name: 'Undo' });
    await waitFor(() => expect(bar).toHaveTextContent(`Done: ${name} and 1 more`));
    expect(within(bar).getByRole('button', { name: `Undo Done: ${name} and 1 more` })).toBeEnabled();
    // Wrapped, never cut short: nothing in the bar is truncated.
    expect(bar.querySelector('.truncate')).toBeNull();
  });

  it('names the orders of a bulk move', async () => {
    const { user } = setup([
      makeOrder({ id: 1, userName: 'Ann' }),
      makeOrder({ id: 2, userName: 'Bo', menuName: 'Mocha' }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Select waiting orders' }));
    await user.click(screen.getByRole('button', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Do Selected (2)' }));
    const bar = await screen.findByRole('region', { name: 'Undo' });
    expect(bar).toHaveTextContent('Started: Latte for Ann and Mocha for Bo');
    expect(within(bar).getByRole('button', { name: 'Undo Started: Latte for Ann and Mocha for Bo' })).toBeEnabled();
  });
});

describe('select mode, lane by lane', () => {
  const board = () => [
    makeOrder({ id: 1, userName: 'Ann' }),
    makeOrder({ id: 2, userName: 'Bo' }),
    makeOrder({ id: 3, userName: 'Cy', status: 'in-progress' }),
    makeOrder({ id: 4, userName: 'Di', status: 'done', doneAt: '2025-11-20T02:40:00.000Z' }),
    makeOrder({ id: 5, userName: 'Ed', status: 'done', doneAt: '2025-11-20T02:41:00.000Z' }),
  ];
  const bulkButtons = () =>
    within(screen.getByRole('group', { name: 'Selected orders' }))
      .getAllByRole('button')
      .map((b) => b.textContent)
      .filter((text) => /Selected|selected/.test(text ?? ''));

  it("selects ready drinks from Ready's Select and offers only Hand over", async () => {
    const { user, calls } = setup(board());
    const ready = screen.getByRole('region', { name: 'Ready' });
    await user.click(within(ready).getByRole('button', { name: 'Select ready drinks' }));
    await user.click(within(ready).getByRole('checkbox', { name: 'Select Latte for Ed' }));
    expect(screen.getByRole('button', { name: 'Hand over selected (1)' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Select all' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    expect(bulkButtons()).toEqual(['Hand over selected (2)']);
    // The tickets to make keep their own moves: no tick boxes outside the lane.
    expect(within(screen.getByRole('region', { name: 'Waiting Order' })).queryByRole('checkbox')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Hand over selected (2)' }));
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({ path: '/order/barista/bulk', body: { ids: [4, 5], status: 'picked' } }),
      ),
    );
  });

  it('selects all of Waiting only, with Do and Cancel', async () => {
    const { user } = setup(board());
    await user.click(screen.getByRole('button', { name: 'Select waiting orders' }));
    await user.click(screen.getByRole('button', { name: 'Select all' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    expect(bulkButtons()).toEqual(['Do Selected (2)', 'Cancel Selected (2)']);
    expect(within(screen.getByRole('region', { name: 'Ready' })).queryByRole('checkbox')).toBeNull();
  });

  it('selects all of In Progress only, with Done and Cancel', async () => {
    const { user } = setup(board());
    await user.click(screen.getByRole('button', { name: 'Select orders in progress' }));
    await user.click(screen.getByRole('button', { name: 'Select all' }));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    expect(bulkButtons()).toEqual(['Done Selected (1)', 'Cancel Selected (1)']);
  });
});

describe('the tumbler control', () => {
  it("is on a person's own tumbler only, saying what it does; never on a tray drink or a walk-up", () => {
    setup([
      makeOrder({ id: 1, userName: 'Ann', ownCup: true }),
      makeOrder({
        id: 2,
        userName: 'Bo',
        ownCup: false,
        tumblerImage: '',
        run: { id: 9, place: 'Meeting room 3', runner: { id: 50, name: 'Kai' }, position: 1, of: 2 },
      }),
      makeOrder({ id: 3, userName: 'Cy', walkUp: true, ownCup: false, tumblerImage: '' }),
      makeOrder({ id: 4, userName: 'Di', walkUp: true, ownCup: true, tumblerImage: '' }),
    ]);
    const ticket = (name: string) => screen.getByRole('article', { name });
    const control = within(ticket('Latte for Ann')).getByRole('button', {
      name: 'Tumbler not here – cancels in 5 min',
    });
    expect(control).toHaveAccessibleDescription(
      'Tells Ann their tumbler is not at the counter, and cancels the order in 5 min unless it is found.',
    );
    for (const name of ['Latte for Bo (1/2)', 'Latte for Cy', 'Latte for Di']) {
      expect(within(ticket(name)).queryByRole('button', { name: /Tumbler/i })).toBeNull();
    }
    // The tray drink says where it goes instead of offering a photo that is not there.
    expect(within(ticket('Latte for Bo (1/2)')).getByText('Tray')).toBeVisible();
  });
});
