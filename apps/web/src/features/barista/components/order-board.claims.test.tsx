import type { Order, QueuedOrder } from '@cafe/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeOrder } from '@/features/barista/test/fixtures';
import { i18n, loadEverything } from '@/i18n';
import { apiError, mockApi, renderWithProviders, signIn } from '@/test/render';
import { BOARD_STORAGE_KEYS } from '@/lib/storage-keys';
import { OrderBoard } from './order-board';

const ME = { id: 7, name: 'Mali' };
const BEA = { id: 8, name: 'Bea' };

const latte = (fields: Parameters<typeof makeOrder>[0]) =>
  makeOrder({
    ...fields,
    menu: { id: 1, name: 'Latte', category: { id: 1, name: 'Coffee', categoryFor: 'cafe' } },
    options: [{ groupId: 2, group: 'Milk', choiceId: 21, choice: 'Oat', quantity: 1, isDefault: false }],
  });

const asOrder = ({ queue_at: _q, estimatedWaitMinutes: _w, ...order }: QueuedOrder): Order => order;

function setup(orders: QueuedOrder[], claimAnswer?: ReturnType<typeof apiError>) {
  const api = mockApi((call) => {
    const claim = /^\/order\/barista\/(\d+)\/claim$/.exec(call.path);
    if (call.method === 'POST' && claim) {
      if (claimAnswer) return claimAnswer;
      const order = orders.find((o) => o.id === Number(claim[1]));
      const { claim: take } = call.body as { claim: boolean };
      return order ? { body: { ...asOrder(order), claimedBy: take ? ME : null } } : undefined;
    }
    if (call.method === 'PATCH') {
      return apiError(409, 'ORDER_CLAIMED', 'Bea is making this order. Ask them, or take it over.', {
        messageId: 'people.refusal.orderClaimed',
        params: { name: 'Bea' },
      });
    }
    return undefined;
  });
  const board = (list: QueuedOrder[]) => (
    <OrderBoard orders={list} isLoading={false} error={null} onRetry={() => undefined} />
  );
  const view = renderWithProviders(board(orders));
  return { ...api, user: userEvent.setup(), rerender: (list: QueuedOrder[]) => view.rerender(board(list)) };
}

beforeEach(() => {
  localStorage.clear();
  signIn({ ...ME, role: 'barista' });
});

describe('OrderBoard: who makes what', () => {
  const orders = () => [
    latte({ id: 1, userName: 'Ann', claimedBy: ME }),
    latte({ id: 2, userName: 'Ben', status: 'in-progress', claimedBy: BEA }),
    latte({ id: 3, userName: 'Cy', claimedBy: null }),
  ];

  it('shows who makes each ticket, the own ones as you, and offers to take the others', async () => {
    const { user, calls } = setup(orders());
    const own = screen.getByRole('article', { name: 'Latte for Ann' });
    expect(within(own).getByText('Making: you')).toBeInTheDocument();
    expect(within(own).getByRole('button', { name: 'Making: you. Give back Latte for Ann' })).toBeEnabled();
    const beas = screen.getByRole('article', { name: 'Latte for Ben' });
    expect(within(beas).getByText('Making: Bea')).toBeInTheDocument();
    const free = screen.getByRole('article', { name: 'Latte for Cy' });
    expect(within(free).queryByText(/^Making:/)).toBeNull();

    await user.click(within(free).getByRole('button', { name: "I'll make this: Latte for Cy" }));
    await waitFor(() => expect(calls.some((c) => c.path === '/order/barista/3/claim')).toBe(true));
    const sent = calls.find((c) => c.path === '/order/barista/3/claim');
    expect(sent?.body).toEqual({ claim: true });
    expect(sent?.headers?.['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("takes over another barista's ticket only once asked and confirmed (a shift change)", async () => {
    const { user, calls } = setup(orders());
    const beas = screen.getByRole('article', { name: 'Latte for Ben' });
    await user.click(within(beas).getByRole('button', { name: 'Making: Bea. Take over Latte for Ben?' }));
    expect(await screen.findByText('Bea is making this order. Ask them, or take it over.')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/order/barista/2/claim')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Take over' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/order/barista/2/claim')?.body).toEqual({ claim: true, takeOver: true }),
    );
  });

  it('narrows the tickets to mine (with those nobody has taken) or unclaimed, and remembers the choice on this tablet', async () => {
    const { user } = setup(orders());
    const filter = screen.getByRole('radiogroup', { name: 'Whose' });
    await user.click(within(filter).getByRole('radio', { name: 'Mine' }));
    // Mine hides only what another barista makes: a new order nobody has taken stays (decision 0099).
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Latte for Ann',
      'Latte for Cy',
    ]);
    expect(localStorage.getItem(BOARD_STORAGE_KEYS.claimFilter)).toBe('mine');
    await user.click(within(filter).getByRole('radio', { name: 'Unclaimed' }));
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Latte for Cy']);
    await user.click(within(filter).getByRole('radio', { name: 'Everyone' }));
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it('opens with the filter this tablet chose last', () => {
    localStorage.setItem(BOARD_STORAGE_KEYS.claimFilter, 'mine');
    setup(orders());
    expect(screen.getByRole('radio', { name: 'Mine' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('says who is making it when Do or a claim is refused', async () => {
    const { user } = setup(
      [latte({ id: 3, userName: 'Cy', claimedBy: null })],
      apiError(409, 'ORDER_CLAIMED', 'Bea is making this order. Ask them, or take it over.', {
        messageId: 'people.refusal.orderClaimed',
        params: { name: 'Bea' },
      }),
    );
    await user.click(screen.getByRole('button', { name: "I'll make this: Latte for Cy" }));
    expect(await screen.findByText('Bea is making this order. Ask them, or take it over.')).toBeInTheDocument();
  });

  it('shows a refused Do in Thai too, naming who makes it', async () => {
    await loadEverything('th');
    i18n.activate('th');
    try {
      const { user } = setup([latte({ id: 3, userName: 'Cy', claimedBy: null })]);
      const ticket = screen.getAllByRole('article')[0]!;
      await user.click(within(ticket).getByRole('button', { name: 'เริ่มทำ' }));
      expect(await screen.findByText('Bea กำลังทำออเดอร์นี้อยู่ ถามเขาก่อน หรือรับงานต่อ')).toBeInTheDocument();
    } finally {
      i18n.activate('en');
    }
  });

  it('shows the totals the open orders need, live as the board changes', () => {
    const { rerender } = setup(orders());
    const strip = screen.getByRole('region', { name: 'To make' });
    expect(within(strip).getByRole('list', { name: 'Drinks to make' })).toHaveTextContent('Latte ×3');
    expect(within(strip).getByRole('list', { name: 'Choices to make' })).toHaveTextContent('Milk: Oat ×3');
    rerender([...orders(), latte({ id: 4, userName: 'Di' }), latte({ id: 5, status: 'done' })]);
    expect(within(strip).getByRole('list', { name: 'Drinks to make' })).toHaveTextContent('Latte ×4');
    expect(within(strip).getByRole('list', { name: 'Choices to make' })).toHaveTextContent('Milk: Oat ×4');
  });
});
