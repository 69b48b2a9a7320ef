import type { Order, QueuedOrder } from '@cafe/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeOrder } from '@/features/barista/test/fixtures';
import { apiError, mockApi, renderWithProviders } from '@/test/render';
import { OrderBoard } from './order-board';
import { ReadyLane } from './ready-lane';

/** The order as the server answers it after a move (no queue fields). */
function asOrder(order: QueuedOrder, changes: Partial<Order>): Order {
  const { queue_at: _q, estimatedWaitMinutes: _w, ...rest } = order;
  return { ...rest, ...changes };
}

const NOW = new Date('2025-11-20T03:00:00.000Z');
/** The tumbler control's name: what it does and what follows (decision 0099). */
const TUMBLER = 'Tumbler not here – cancels in 5 min';
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

interface Setup {
  orders: QueuedOrder[];
  uncollectedAfterMinutes?: number;
  patchError?: ReturnType<typeof apiError>;
}

/** The board over a fake API where a move, a tumbler mark and an undo succeed unless said otherwise. */
function setup({ orders, uncollectedAfterMinutes, patchError }: Setup) {
  const byId = new Map(orders.map((o) => [o.id, o]));
  const api = mockApi((call) => {
    const patch = /^\/order\/barista\/(\d+)$/.exec(call.path);
    if (call.method === 'PATCH' && patch) {
      if (patchError) return patchError;
      const { status } = call.body as { status: Order['status'] };
      return { body: asOrder(byId.get(Number(patch[1]))!, { status }) };
    }
    const tumbler = /^\/order\/barista\/(\d+)\/tumbler$/.exec(call.path);
    if (call.method === 'POST' && tumbler) {
      const { missing } = call.body as { missing: boolean };
      const order = byId.get(Number(tumbler[1]))!;
      return {
        body: asOrder(order, {
          tumblerMissing: missing ? { since: NOW.toISOString(), deadline: minutesAgo(-5) } : undefined,
        }),
      };
    }
    if (call.method === 'POST' && call.path === '/order/barista/bulk') {
      const { ids, status } = call.body as { ids: number[]; status: Order['status'] };
      return { body: { results: ids.map((id) => ({ id, ok: true, order: asOrder(byId.get(id)!, { status }) })) } };
    }
    const undo = /^\/order\/barista\/(\d+)\/undo$/.exec(call.path);
    if (call.method === 'POST' && undo) return { body: asOrder(byId.get(Number(undo[1]))!, {}) };
    return undefined;
  });
  const user = userEvent.setup();
  const view = renderWithProviders(
    <OrderBoard
      orders={orders}
      isLoading={false}
      error={null}
      onRetry={() => undefined}
      uncollectedAfterMinutes={uncollectedAfterMinutes}
    />,
  );
  return { ...api, ...view, user };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('OrderBoard: the Ready lane', () => {
  it('hands several drinks over at once from its own Select, and offers to take them back', async () => {
    const { user, calls } = setup({
      orders: [
        makeOrder({ id: 1, userName: 'Ann', status: 'done', doneAt: minutesAgo(3) }),
        makeOrder({ id: 2, userName: 'Bo', menuName: 'Mocha', status: 'done', doneAt: minutesAgo(12) }),
        makeOrder({ id: 3, userName: 'Cy', status: 'ordered' }),
      ],
    });
    const ready = screen.getByRole('region', { name: 'Ready' });
    await user.click(within(ready).getByRole('button', { name: 'Select ready drinks' }));
    await user.click(screen.getByRole('button', { name: 'Select all' }));
    // A finished drink is handed over, never canceled; the waiting ticket is not in Ready's selection.
    expect(screen.queryByRole('button', { name: /Cancel Selected/ })).toBeNull();
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(within(ready).getByRole('checkbox', { name: 'Select Latte for Ann' }));
    await user.click(within(ready).getByRole('checkbox', { name: 'Select Latte for Ann' }));
    await user.click(screen.getByRole('button', { name: 'Hand over selected (2)' }));
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({ path: '/order/barista/bulk', body: { ids: [2, 1], status: 'picked' } }),
      ),
    );
    const bar = await screen.findByRole('region', { name: 'Undo' });
    expect(bar).toHaveTextContent('Handed over: Mocha for Bo and Latte for Ann');
  });

  it('keeps finished drinks in Ready with their age, longest waiting first, apart from the tickets', () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    setup({
      orders: [
        makeOrder({ id: 1, userName: 'Ann', status: 'done', doneAt: minutesAgo(3) }),
        makeOrder({ id: 2, userName: 'Bo', menuName: 'Mocha', status: 'done', doneAt: minutesAgo(12) }),
        makeOrder({ id: 3, userName: 'Cy', status: 'ordered' }),
      ],
    });
    const ready = screen.getByRole('region', { name: 'Ready' });
    expect(within(ready).getByText('2 Orders')).toBeInTheDocument();
    const drinks = within(ready).getAllByRole('listitem');
    expect(drinks.map((d) => d.getAttribute('aria-label'))).toEqual(['Mocha for Bo', 'Latte for Ann']);
    expect(within(drinks[1]!).getByText('3 min')).toBeInTheDocument();
    expect(within(drinks[0]!).getByText('12 min')).toBeInTheDocument();
    // Not tickets: the tickets are what is still to make.
    expect(within(ready).queryByRole('article')).toBeNull();
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Latte for Cy']);
    expect(within(screen.getByRole('region', { name: 'Waiting Order' })).getByText('1 Orders')).toBeInTheDocument();
  });

  it('shows the lanes, not the empty board, when only finished drinks wait', () => {
    setup({ orders: [makeOrder({ id: 1, userName: 'Ann', status: 'done', doneAt: new Date().toISOString() })] });
    expect(screen.getByRole('region', { name: 'Ready' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Waiting Order' })).toBeInTheDocument();
  });

  it('hands a drink over with PATCH status picked, and offers its undo', async () => {
    const { user, calls } = setup({
      orders: [makeOrder({ id: 7, userName: 'Ann', status: 'done', doneAt: new Date().toISOString() })],
    });
    const drink = within(screen.getByRole('region', { name: 'Ready' })).getByRole('listitem', {
      name: 'Latte for Ann',
    });
    await user.click(within(drink).getByRole('button', { name: 'Handed over' }));
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({ method: 'PATCH', path: '/order/barista/7', body: { status: 'picked' } }),
      ),
    );
    expect(await screen.findByText('Handed over: Latte for Ann')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo Handed over: Latte for Ann' }));
    await waitFor(() =>
      expect(calls).toContainEqual(expect.objectContaining({ method: 'POST', path: '/order/barista/7/undo' })),
    );
  });

  it("gives the focus to the next drink's Handed over when the focused one leaves the lane, or to the lane", () => {
    const ann = makeOrder({ id: 7, userName: 'Ann', status: 'done', doneAt: NOW.toISOString() });
    const bo = makeOrder({ id: 8, userName: 'Bo', status: 'done', doneAt: NOW.toISOString() });
    const lane = (orders: QueuedOrder[]) => (
      <ReadyLane
        orders={orders}
        now={NOW.getTime()}
        uncollectedAfterMinutes={30}
        pendingIds={new Set()}
        onFinish={() => undefined}
        onShowTimeline={() => undefined}
      />
    );
    const view = renderWithProviders(lane([ann, bo]));
    const handOver = (name: string) =>
      within(screen.getByRole('listitem', { name })).getByRole('button', { name: 'Handed over' });
    handOver('Latte for Ann').focus();
    // Handed over: the drink leaves the lane with the button that had the focus.
    view.rerender(lane([bo]));
    expect(handOver('Latte for Bo')).toHaveFocus();
    view.rerender(lane([]));
    expect(screen.getByRole('heading', { name: 'Ready' })).toHaveFocus();
  });

  it("offers Not collected only after the site's minutes since the drink was finished", () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setInterval', 'clearInterval'] });
    setup({
      uncollectedAfterMinutes: 30,
      orders: [
        makeOrder({ id: 1, userName: 'Ann', status: 'done', doneAt: minutesAgo(29.9) }),
        makeOrder({ id: 2, userName: 'Bo', status: 'done', doneAt: minutesAgo(45) }),
      ],
    });
    const ready = screen.getByRole('region', { name: 'Ready' });
    const ann = within(ready).getByRole('listitem', { name: 'Latte for Ann' });
    const bo = within(ready).getByRole('listitem', { name: 'Latte for Bo' });
    expect(within(ann).queryByRole('button', { name: 'Not collected' })).toBeNull();
    expect(within(bo).getByRole('button', { name: 'Not collected' })).toBeEnabled();

    // The board's clock ticks: Ann's drink reaches 30 minutes.
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(within(ann).getByRole('button', { name: 'Not collected' })).toBeInTheDocument();
  });

  it('marks a drink not collected with PATCH status uncollected; a refusal shows as the server words it', async () => {
    const { user, calls } = setup({
      uncollectedAfterMinutes: 5,
      patchError: apiError(
        409,
        'NOT_YET_UNCOLLECTED',
        'A finished drink can be marked not collected 5 minutes after it was finished.',
      ),
      orders: [makeOrder({ id: 9, userName: 'Ann', status: 'done', doneAt: minutesAgo(40) })],
    });
    await user.click(screen.getByRole('button', { name: 'Not collected' }));
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({ method: 'PATCH', path: '/order/barista/9', body: { status: 'uncollected' } }),
      ),
    );
    expect(
      await screen.findByText('A finished drink can be marked not collected 5 minutes after it was finished.'),
    ).toBeInTheDocument();
  });

  it('shows a reminded drink as such', () => {
    setup({
      orders: [
        makeOrder({ id: 1, userName: 'Ann', status: 'done', doneAt: minutesAgo(11), remindedAt: minutesAgo(1) }),
      ],
    });
    expect(screen.getByRole('listitem', { name: 'Latte for Ann' })).toHaveTextContent('Reminded');
  });
});

describe('OrderBoard: the tumbler rule and orders for later', () => {
  it('marks a tumbler not here on a waiting or in-progress cafe ticket, not on a walk-up, bar or tray one', async () => {
    const { user, calls } = setup({
      orders: [
        makeOrder({ id: 1, userName: 'Ann' }),
        makeOrder({ id: 2, userName: 'Bo', status: 'in-progress' }),
        makeOrder({ id: 3, userName: 'Cy', walkUp: true }),
        makeOrder({ id: 4, userName: 'Di', menuName: 'Mojito', categoryFor: 'bar', categoryName: 'Cocktails' }),
        makeOrder({ id: 5, userName: 'Ed', ownCup: false, tumblerImage: '' }),
      ],
    });
    const ticket = (name: string) => screen.getByRole('article', { name });
    // The button says what it does in words (a bare icon in the corner read as "remove"), and what follows.
    expect(within(ticket('Latte for Bo')).getByRole('button', { name: TUMBLER })).toHaveTextContent(TUMBLER);
    for (const name of ['Latte for Cy', 'Mojito for Di', 'Latte for Ed']) {
      expect(within(ticket(name)).queryByRole('button', { name: /Tumbler/ })).toBeNull();
    }
    // The ticket's own buttons keep their names.
    expect(within(ticket('Latte for Ann')).getByRole('button', { name: 'Do' })).toBeInTheDocument();

    await user.click(within(ticket('Latte for Ann')).getByRole('button', { name: TUMBLER }));
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({ method: 'POST', path: '/order/barista/1/tumbler', body: { missing: true } }),
      ),
    );
    expect(await screen.findByText('Tumbler not here: Latte for Ann')).toBeInTheDocument();
  });

  it('counts a marked tumbler down each second, says it once a minute, and marks it found', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setInterval', 'clearInterval'] });
    const deadline = new Date(NOW.getTime() + (4 * 60 + 12) * 1000).toISOString();
    setup({
      orders: [makeOrder({ id: 5, userName: 'Ann', tumblerMissing: { since: minutesAgo(1), deadline } })],
    });
    const ticket = screen.getByRole('article', { name: 'Latte for Ann' });
    expect(within(ticket).getByText('Tumbler: 4:12 left')).toBeInTheDocument();
    expect(within(ticket).queryByRole('button', { name: TUMBLER })).toBeNull();
    const spoken = within(ticket).getByText(/about 5 min left/);
    expect(spoken).toHaveAttribute('aria-live', 'polite');

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(within(ticket).getByText('Tumbler: 4:11 left')).toBeInTheDocument();
    // Within the same minute the live region says the same: nothing new is announced.
    expect(spoken).toHaveTextContent('about 5 min left');
    act(() => {
      vi.advanceTimersByTime(12_000);
    });
    expect(within(ticket).getByText('Tumbler: 3:59 left')).toBeInTheDocument();
    expect(spoken).toHaveTextContent('about 4 min left');
    act(() => {
      vi.advanceTimersByTime(10 * 60_000);
    });
    expect(within(ticket).getByText('Tumbler: 0:00 left')).toBeInTheDocument();

    vi.useRealTimers();
    const { calls } = mockApi({ 'POST /order/barista/5/tumbler': {} });
    await userEvent.setup().click(within(ticket).getByRole('button', { name: 'Tumbler found' }));
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({ method: 'POST', path: '/order/barista/5/tumbler', body: { missing: false } }),
      ),
    );
  });

  it('shows a due order for later as such: "For 11:30"', () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    setup({ orders: [makeOrder({ id: 1, userName: 'Ann', pickupAt: '2025-11-20T04:30:00.000Z' })] });
    expect(within(screen.getByRole('article', { name: 'Latte for Ann' })).getByText('For 11:30')).toBeInTheDocument();
  });
});
