import type { BulkResult, Order, QueuedOrder } from '@cafe/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeOrder } from '@/features/barista/test/fixtures';
import { i18n, loadEverything } from '@/i18n';
import { setBrowserOnline } from '@/test/network';
import { apiError, mockApi, renderWithProviders, signIn } from '@/test/render';
import { OrderBoard } from './order-board';

/** The order as the server answers it after a move (no queue fields). */
function asOrder(order: QueuedOrder, status: Order['status']): Order {
  const { queue_at: _q, estimatedWaitMinutes: _w, ...rest } = order;
  return { ...rest, status };
}

type Fields = Parameters<typeof makeOrder>[0];

const latte = (fields: Fields = {}) =>
  makeOrder({
    menuName: 'Latte',
    userName: 'Ann',
    ...fields,
    menu: { id: 1, name: 'Latte', category: { id: 1, name: 'Coffee', categoryFor: 'cafe' } },
  });
const mocha = (fields: Fields = {}) =>
  makeOrder({ ...fields, menu: { id: 2, name: 'Mocha', category: { id: 1, name: 'Coffee', categoryFor: 'cafe' } } });

interface Setup {
  orders: QueuedOrder[];
  bulkFailures?: Record<number, string>;
  undoError?: ReturnType<typeof apiError>;
  onShowHelp?: () => void;
  thresholds?: { amberMinutes: number; redMinutes: number };
}

/** Renders the board over a fake API where a move, a bulk move and an undo succeed unless said otherwise. */
function setup({ orders, bulkFailures = {}, undoError, onShowHelp, thresholds }: Setup) {
  const byId = new Map(orders.map((o) => [o.id, o]));
  const api = mockApi((call) => {
    const patch = /^\/order\/barista\/(\d+)$/.exec(call.path);
    if (call.method === 'PATCH' && patch) {
      const order = byId.get(Number(patch[1]));
      const { status } = call.body as { status: Order['status'] };
      return order ? { body: asOrder(order, status) } : undefined;
    }
    if (call.method === 'POST' && call.path === '/order/barista/bulk') {
      const { ids, status } = call.body as { ids: number[]; status: Order['status'] };
      const results: BulkResult[] = ids.map((id) =>
        bulkFailures[id]
          ? {
              id,
              ok: false,
              error: {
                statusCode: 409,
                error: 'Conflict',
                message: bulkFailures[id],
                code: 'INVALID_TRANSITION',
                messageId: 'people.error.invalidTransition',
              },
            }
          : { id, ok: true, order: asOrder(byId.get(id)!, status) },
      );
      return { body: { results } };
    }
    const undo = /^\/order\/barista\/(\d+)\/undo$/.exec(call.path);
    if (call.method === 'POST' && undo) {
      if (undoError) return undoError;
      return { body: asOrder(byId.get(Number(undo[1]))!, 'ordered') };
    }
    return undefined;
  });
  const user = userEvent.setup();
  const view = renderWithProviders(
    <OrderBoard
      orders={orders}
      isLoading={false}
      error={null}
      onRetry={() => undefined}
      onShowHelp={onShowHelp}
      thresholds={thresholds}
    />,
  );
  return { ...api, ...view, user };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('OrderBoard: the tickets', () => {
  it('shows In Progress and Waiting with their counts, every ticket with what to make and for whom', () => {
    const now = new Date().toISOString();
    setup({
      orders: [
        latte({ id: 1, status: 'in-progress', orderDate: now }),
        mocha({ id: 2, userName: 'Bo', type: 'cold', sweetness: 25, remark: 'less ice', orderDate: now }),
        makeOrder({ id: 3, menuName: 'Thai tea', userName: 'Cy', categoryName: 'Tea', walkUp: true, orderDate: now }),
        makeOrder({ id: 4, menuName: 'Mojito', userName: 'Di', categoryFor: 'bar', categoryName: 'Cocktails' }),
      ],
    });
    const inProgress = screen.getByRole('region', { name: 'In Progress Order' });
    const waiting = screen.getByRole('region', { name: 'Waiting Order' });
    expect(within(inProgress).getByText('1 Orders')).toBeInTheDocument();
    expect(within(waiting).getByText('3 Orders')).toBeInTheDocument();

    const ticket = within(waiting).getByRole('article', { name: 'Mocha for Bo' });
    expect(within(ticket).getByText('Cold')).toBeInTheDocument();
    expect(within(ticket).getByTitle('Sweetness 25%')).toHaveTextContent('Sweetness 25%');
    expect(within(ticket).getByText('Addition:')).toBeInTheDocument();
    expect(within(ticket).getByText('less ice')).toBeInTheDocument();
    expect(within(ticket).getByText('<1 min')).toBeInTheDocument();
    expect(within(ticket).getByRole('button', { name: 'Show tumbler photo of Bo' })).toBeInTheDocument();
    expect(within(ticket).getByRole('button', { name: 'Do' })).toBeInTheDocument();
    expect(within(ticket).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(ticket).getByRole('button', { name: 'Timeline of Mocha for Bo' })).toBeInTheDocument();

    // A walk-up order has no tumbler photo; a bar order shows the cocktail glass.
    const walkUp = within(waiting).getByRole('article', { name: 'Thai tea for Cy' });
    expect(within(walkUp).getByText('Walk-up')).toBeInTheDocument();
    expect(within(walkUp).queryByRole('button', { name: /tumbler photo/ })).toBeNull();
    const bar = within(waiting).getByRole('article', { name: 'Mojito for Di' });
    expect(within(bar).getByRole('img', { name: 'Cocktail glass' })).toBeInTheDocument();
    expect(within(inProgress).getByRole('button', { name: 'Done' })).toBeInTheDocument();
  });

  it('shows each ticket its age, ticking, amber and then red past the thresholds', () => {
    vi.useFakeTimers({ now: new Date('2025-11-20T02:19:00.000Z'), toFake: ['Date', 'setInterval', 'clearInterval'] });
    setup({
      orders: [latte({ id: 1, orderDate: '2025-11-20T02:15:00.000Z' })],
      thresholds: { amberMinutes: 5, redMinutes: 10 },
    });
    const ticket = screen.getByRole('article', { name: 'Latte for Ann' });
    expect(within(ticket).getByText('4 min')).toBeInTheDocument();
    expect(ticket).toHaveAttribute('data-age', 'fresh');

    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(within(ticket).getByText('5 min')).toBeInTheDocument();
    expect(ticket).toHaveAttribute('data-age', 'amber');
    expect(within(ticket).getByText(', getting late')).toHaveClass('sr-only');

    act(() => {
      vi.advanceTimersByTime(5 * 60_000);
    });
    expect(within(ticket).getByText('10 min')).toBeInTheDocument();
    expect(ticket).toHaveAttribute('data-age', 'red');
    expect(within(ticket).getByText(', late')).toBeInTheDocument();
  });

  it('counts the waiting drinks all day; a count narrows the board to its drink, a second tap clears it', async () => {
    const { user } = setup({
      orders: [
        latte({ id: 1 }),
        latte({ id: 2, userName: 'Bo' }),
        mocha({ id: 3, userName: 'Cy' }),
        latte({ id: 4, userName: 'Di', status: 'in-progress' }),
      ],
    });
    const counts = screen.getByRole('group', { name: 'Waiting drinks' });
    expect(
      within(counts)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Latte x2', 'Mocha x1']);

    const chip = within(counts).getByRole('button', { name: 'Latte x2' });
    await user.click(chip);
    expect(chip).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('article', { name: 'Mocha for Cy' })).toBeNull();
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Latte for Di',
      'Latte for Ann',
      'Latte for Bo',
    ]);

    await user.click(chip);
    expect(chip).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('article', { name: 'Mocha for Cy' })).toBeInTheDocument();
  });
});

describe('OrderBoard: bulk moves', () => {
  it('starts the selected waiting orders in one request and says which failed and why', async () => {
    const { user, calls } = setup({
      orders: [latte({ id: 1 }), mocha({ id: 2, userName: 'Bo' }), latte({ id: 3, userName: 'Cy' })],
      bulkFailures: { 2: 'The order is already in-progress' },
    });
    await user.click(screen.getByRole('button', { name: 'Select waiting orders' }));
    expect(screen.getByRole('button', { name: 'Do Selected' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Do Selected (3)' }));

    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({
          method: 'POST',
          path: '/order/barista/bulk',
          body: { ids: [1, 2, 3], status: 'in-progress' },
        }),
      ),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('1 of 3 orders were not started:');
    expect(alert).toHaveTextContent('Mocha for Bo: The order has already moved on; the board shows where it is now.');
    expect(await screen.findByText('Started: Latte for Ann and Latte for Cy')).toBeInTheDocument();
    // Something moved: select mode is over.
    expect(screen.getByRole('button', { name: 'Select waiting orders' })).toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('finishes the selected orders in progress, leaving the waiting ones alone', async () => {
    const { user, calls } = setup({
      orders: [
        latte({ id: 1, status: 'in-progress' }),
        mocha({ id: 2, userName: 'Bo', status: 'in-progress' }),
        latte({ id: 3, userName: 'Cy' }),
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Select orders in progress' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Latte for Ann' }));
    // A waiting ticket is not in this lane's selection: it keeps its own moves (decision 0099).
    expect(screen.queryByRole('checkbox', { name: 'Select Latte for Cy' })).toBeNull();
    // A tap anywhere on a ticket selects it too.
    await user.click(within(screen.getByRole('article', { name: 'Mocha for Bo' })).getByText('Mocha'));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Do Selected/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Done Selected (2)' }));
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({ path: '/order/barista/bulk', body: { ids: [1, 2], status: 'done' } }),
      ),
    );
    expect(await screen.findByText('Done: Latte for Ann and Mocha for Bo')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('OrderBoard: undo', () => {
  it('offers Undo after a Done, and takes it back', async () => {
    const { user, calls } = setup({ orders: [latte({ id: 7, status: 'in-progress' })] });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Done: Latte for Ann')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo Done: Latte for Ann' }));
    await waitFor(() =>
      expect(calls).toContainEqual(expect.objectContaining({ method: 'POST', path: '/order/barista/7/undo' })),
    );
    expect(await screen.findByText('Undone: Latte for Ann')).toBeInTheDocument();
  });

  it('offers several moves in one bar, not a stack of toasts: the latest, how many more, each taken back in turn', async () => {
    const { user, calls } = setup({
      orders: [latte({ id: 1 }), mocha({ id: 2, userName: 'Bo' }), latte({ id: 3, userName: 'Cy' })],
    });
    for (const name of ['Latte for Ann', 'Mocha for Bo', 'Latte for Cy']) {
      await user.click(within(screen.getByRole('article', { name })).getByRole('button', { name: 'Do' }));
    }
    const bar = await screen.findByRole('region', { name: 'Undo' });
    await waitFor(() => expect(bar).toHaveTextContent('Started: Latte for Cy and 2 more'));
    expect(screen.getAllByRole('button', { name: /^Undo/ })).toHaveLength(1);
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();

    await user.click(within(bar).getByRole('button', { name: 'Undo Started: Latte for Cy and 2 more' }));
    await waitFor(() =>
      expect(calls).toContainEqual(expect.objectContaining({ method: 'POST', path: '/order/barista/3/undo' })),
    );
    // The one before is still offered, within its own 30 seconds.
    await waitFor(() => expect(bar).toHaveTextContent('Started: Mocha for Bo and 1 more'));
    await user.click(screen.getByRole('button', { name: 'Close the undo bar' }));
    expect(screen.queryByRole('region', { name: 'Undo' })).toBeNull();
  });

  it('says when it is too late to undo', async () => {
    const { user } = setup({
      orders: [latte({ id: 7 })],
      undoError: apiError(409, 'UNDO_EXPIRED', 'The undo window has passed'),
    });
    await user.click(screen.getByRole('button', { name: 'Do' }));
    await user.click(await screen.findByRole('button', { name: 'Undo Started: Latte for Ann' }));
    expect(
      await screen.findByText('Too late to undo Latte for Ann: a change can be taken back for 30 seconds.'),
    ).toBeInTheDocument();
  });

  it('takes back every order of a bulk move, and U undoes the latest move', async () => {
    const { user, calls } = setup({ orders: [latte({ id: 1 }), mocha({ id: 2, userName: 'Bo' })] });
    await user.click(screen.getByRole('button', { name: 'Select waiting orders' }));
    await user.click(screen.getByRole('button', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Do Selected (2)' }));
    expect(await screen.findByText('Started: Latte for Ann and Mocha for Bo')).toBeInTheDocument();
    await user.keyboard('u');
    await waitFor(() => {
      const undos = calls.filter((c) => c.path.endsWith('/undo')).map((c) => c.path);
      expect(undos.sort()).toEqual(['/order/barista/1/undo', '/order/barista/2/undo']);
    });
    expect(await screen.findByText('Undone: 2 orders are back')).toBeInTheDocument();
    // Nothing left to take back.
    await user.keyboard('u');
    expect(await screen.findByText('Nothing to undo')).toBeInTheDocument();
  });
});

describe('OrderBoard: offline', () => {
  it('keeps Do, Done and undo on the tablet offline, pending, and sends them in order with their keys when the network returns', async () => {
    signIn({ role: 'barista' });
    const { user, calls } = setup({
      orders: [latte({ id: 1, status: 'in-progress' }), mocha({ id: 2, userName: 'Bo' })],
    });
    setBrowserOnline(false);
    expect(screen.getByText('You are offline')).toBeInTheDocument();
    const doButton = within(screen.getByRole('article', { name: 'Mocha for Bo' })).getByRole('button', { name: 'Do' });
    expect(doButton).toBeEnabled();
    expect(doButton).not.toHaveAccessibleDescription();
    await user.click(doButton);
    // Shown at once as it will be, marked as waiting.
    const started = await screen.findByRole('article', { name: 'Mocha for Bo, Waiting for connection' });
    expect(within(started).getByText('Waiting for connection')).toBeInTheDocument();
    expect(within(started).getByRole('button', { name: 'Done' })).toBeEnabled();
    await user.click(
      within(screen.getByRole('article', { name: 'Latte for Ann' })).getByRole('button', { name: 'Done' }),
    );
    expect(await screen.findByRole('listitem', { name: 'Latte for Ann, Waiting for connection' })).toBeInTheDocument();
    // The keys queue too: U takes back the Done.
    await user.keyboard('u');
    expect(await screen.findByRole('article', { name: 'Latte for Ann, Waiting for connection' })).toBeInTheDocument();
    const waiting = screen.getByRole('region', { name: 'Waiting for connection (3)' });
    expect(
      within(waiting)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Do: Mocha for Bo', 'Done: Latte for Ann', 'Undo: Latte for Ann']);
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);

    setBrowserOnline(true);
    await waitFor(() => expect(screen.queryByRole('region', { name: /Waiting for connection/ })).toBeNull());
    const moves = calls.filter((c) => c.method !== 'GET');
    expect(moves.map((c) => [c.method, c.path, c.body])).toEqual([
      ['PATCH', '/order/barista/2', { status: 'in-progress' }],
      ['PATCH', '/order/barista/1', { status: 'done' }],
      ['POST', '/order/barista/1/undo', undefined],
    ]);
    const keys = moves.map((c) => c.headers['Idempotency-Key']);
    expect(new Set(keys).size).toBe(3);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f-]{36}$/);
  });
  it('keeps a Do whose answer was lost with the key it was sent with, and sends it again with that key', async () => {
    signIn({ role: 'barista' });
    const order = mocha({ id: 2, userName: 'Bo' });
    let lost = true;
    const { calls } = mockApi((call) => {
      if (call.method !== 'PATCH') return undefined;
      if (lost) {
        // The request left, but no answer came back (the server may have applied it).
        lost = false;
        throw new TypeError('Failed to fetch');
      }
      return { body: asOrder(order, 'in-progress') };
    });
    const user = userEvent.setup();
    renderWithProviders(<OrderBoard orders={[order]} isLoading={false} error={null} onRetry={() => undefined} />);
    await user.click(within(screen.getByRole('article', { name: 'Mocha for Bo' })).getByRole('button', { name: 'Do' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(2));
    const [first, again] = calls.filter((c) => c.method === 'PATCH');
    expect(first?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(again?.headers['Idempotency-Key']).toBe(first?.headers['Idempotency-Key']);
    await waitFor(() => expect(screen.queryByRole('region', { name: /Waiting for connection/ })).toBeNull());
  });
  it('holds the select-mode buttons offline with the reason, and gives them back with the network', async () => {
    const { user } = setup({ orders: [latte({ id: 1, status: 'in-progress' }), mocha({ id: 2, userName: 'Bo' })] });
    await user.click(screen.getByRole('button', { name: 'Select waiting orders' }));
    await user.click(screen.getByRole('button', { name: 'Select all' }));
    const bulkButtons = ['Do Selected (1)', 'Cancel Selected (1)'].map((name) => screen.getByRole('button', { name }));
    for (const button of bulkButtons) expect(button).not.toHaveAccessibleDescription();

    setBrowserOnline(false);
    for (const button of bulkButtons) {
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription('You are offline');
    }

    setBrowserOnline(true);
    for (const button of bulkButtons) expect(button).toBeEnabled();
  });
});

describe('OrderBoard: keyboard shortcuts', () => {
  it('moves between tickets and starts and finishes the focused one', async () => {
    const { user, calls } = setup({
      orders: [
        latte({ id: 1, status: 'in-progress' }),
        mocha({ id: 2, userName: 'Bo' }),
        latte({ id: 3, userName: 'Cy' }),
      ],
    });
    const [first, second, third] = screen.getAllByRole('article');
    // One tab stop for the tickets; the keys move between them.
    expect(first).toHaveAttribute('tabindex', '0');
    expect(second).toHaveAttribute('tabindex', '-1');

    await user.keyboard('j');
    expect(first).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(second).toHaveFocus();
    await user.keyboard('j');
    expect(third).toHaveFocus();
    await user.keyboard('k');
    expect(second).toHaveFocus();

    await user.keyboard('d');
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({ method: 'PATCH', path: '/order/barista/2', body: { status: 'in-progress' } }),
      ),
    );

    await user.keyboard('{ArrowLeft}');
    expect(first).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(calls).toContainEqual(expect.objectContaining({ path: '/order/barista/1', body: { status: 'done' } })),
    );
  });

  it('does not Do a ticket in progress, nor finish a waiting one', async () => {
    const { user, calls } = setup({
      orders: [latte({ id: 1, status: 'in-progress' }), mocha({ id: 2, userName: 'Bo' })],
    });
    await user.keyboard('j');
    await user.keyboard('d');
    await user.keyboard('j');
    await user.keyboard(' ');
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });

  it('opens the help with "?", and never fires while typing or with a dialog open', async () => {
    const onShowHelp = vi.fn();
    const { user, calls } = setup({ orders: [latte({ id: 1 })], onShowHelp });
    await user.keyboard('?');
    expect(onShowHelp).toHaveBeenCalledTimes(1);

    // A dialog is open (the tumbler preview): the keys belong to it.
    await user.click(screen.getByRole('button', { name: 'Show tumbler photo of Ann' }));
    await screen.findByRole('dialog');
    await user.keyboard('?jd');
    expect(onShowHelp).toHaveBeenCalledTimes(1);
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Typing in a field.
    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    fireEvent.keyDown(field, { key: 'd' });
    fireEvent.keyDown(field, { key: '?' });
    expect(onShowHelp).toHaveBeenCalledTimes(1);
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
    field.remove();
  });
});

describe('OrderBoard in Thai', () => {
  const inThai = async () => {
    await loadEverything('th');
    i18n.activate('th');
  };

  it('shows the lanes and the tickets in Thai', async () => {
    await inThai();
    const now = new Date().toISOString();
    setup({
      orders: [
        latte({ id: 1, status: 'in-progress', orderDate: now }),
        mocha({ id: 2, userName: 'Bo', type: 'cold', sweetness: 25, remark: 'less ice', orderDate: now }),
      ],
    });
    const inProgress = screen.getByRole('region', { name: 'ออเดอร์ที่กำลังทำ' });
    const waiting = screen.getByRole('region', { name: 'ออเดอร์ที่รอ' });
    expect(within(inProgress).getByText('1 รายการ')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Waiting Order' })).toBeNull();

    const ticket = within(waiting).getByRole('article', { name: 'Mocha ของ Bo' });
    expect(within(ticket).getByText('เย็น')).toBeInTheDocument();
    expect(within(ticket).getByTitle('ความหวาน 25%')).toBeInTheDocument();
    expect(within(ticket).getByText('เพิ่มเติม:')).toBeInTheDocument();
    expect(within(ticket).getByText('<1 นาที')).toBeInTheDocument();
    expect(within(ticket).getByRole('button', { name: 'เริ่มทำ' })).toBeInTheDocument();
    expect(within(ticket).getByRole('button', { name: 'ยกเลิก' })).toBeInTheDocument();
    expect(within(ticket).queryByRole('button', { name: 'Do' })).toBeNull();
    expect(within(inProgress).getByRole('button', { name: 'เสร็จ' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'เครื่องดื่มที่รออยู่' })).toHaveTextContent('Mocha x1');
    expect(screen.getByRole('radiogroup', { name: 'ตัวกรอง' })).toHaveTextContent('ทั้งหมดกาแฟชา');
  });

  it('reports a bulk move, its failures and its undo in Thai', async () => {
    await inThai();
    const { user } = setup({
      orders: [latte({ id: 1 }), mocha({ id: 2, userName: 'Bo' }), latte({ id: 3, userName: 'Cy' })],
      bulkFailures: { 2: 'The order is already in-progress' },
    });
    await user.click(screen.getByRole('button', { name: 'เลือกออเดอร์ที่รออยู่' }));
    expect(screen.getByRole('button', { name: 'เริ่มทำที่เลือก' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'เลือกทั้งหมด' }));
    expect(screen.getByText('เลือกแล้ว 3 รายการ')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'เริ่มทำที่เลือก (3)' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('เริ่มทำไม่สำเร็จ 1 จาก 3 ออเดอร์:');
    // The refusal is the server's in English; the interface says it in Thai.
    expect(alert).toHaveTextContent('Mocha ของ Bo: ออเดอร์นี้เปลี่ยนสถานะไปแล้ว');
    expect(alert).not.toHaveTextContent('already in-progress');
    expect(await screen.findByText('เริ่มทำแล้ว: Latte ของ Ann และ Latte ของ Cy')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ย้อนกลับ เริ่มทำแล้ว: Latte ของ Ann และ Latte ของ Cy' }));
    expect(await screen.findByText('ย้อนกลับแล้ว: 2 ออเดอร์กลับมาแล้ว')).toBeInTheDocument();
  });

  it('follows a switch of the language at once', async () => {
    await loadEverything('th');
    setup({ orders: [latte({ id: 1 })] });
    expect(screen.getByRole('button', { name: 'Do' })).toBeInTheDocument();
    act(() => i18n.activate('th'));
    expect(await screen.findByRole('button', { name: 'เริ่มทำ' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Latte ของ Ann' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Do' })).toBeNull();
  });
});
