import type { Category, StandingOrder } from '@cafe/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { makeHistoryOrder } from '@/features/order-ahead/test/fixtures';
import { mockApi, renderWithProviders, Reply, signIn } from '@/test/render';
import { HEAD_OFFICE } from '@/test/sites';
import { StandingOrdersSection } from './standing-orders-section';

vi.mock('@/lib/socket', () => ({ useLiveEvent: vi.fn(), useOnReconnect: vi.fn() }));

const CAFE: Category[] = [
  {
    id: 1,
    name: 'Coffee',
    categoryFor: 'cafe',
    kind: 'coffee',
    isAvailable: 'available',
    menu: [
      { id: 3, name: 'Latte', description: '-', category_id: 1, isActive: 'active', isAvailable: 'available' },
      { id: 4, name: 'Thai Tea', description: '-', category_id: 1, isActive: 'active', isAvailable: 'available' },
    ],
  },
];

const USUAL = { drink: { menu_id: 3, type: 'hot', sweetness: 50 }, source: 'saved' };

const standingOrder = (more: Partial<StandingOrder> = {}): StandingOrder => ({
  id: 9,
  siteId: 1,
  drink: null,
  weekdays: [1, 3],
  time: '09:30',
  paused: false,
  skipDate: null,
  nextDay: '2026-11-25',
  lastRun: { day: '2026-11-23', outcome: 'failed', orderId: null, reason: 'Thai Tea is sold out.' },
  createdAt: '2026-11-20T03:00:00.000Z',
  ...more,
});

const history = [
  makeHistoryOrder({
    id: 21,
    status: 'picked',
    menu: { id: 4, name: 'Thai Tea', category: { id: 1, name: 'Coffee', categoryFor: 'cafe' } },
  }),
];

describe('standing orders in My orders', () => {
  beforeEach(() => {
    signIn({ id: 7, role: 'user', homeSiteId: 1 });
  });

  it('shows a loading state, then an empty list and sets one from my usual on weekdays at 09:30', async () => {
    let list: StandingOrder[] = [];
    const { calls } = mockApi({
      'GET /category': CAFE,
      'GET /sites': [HEAD_OFFICE],
      'GET /me/usual': USUAL,
      'GET /standing-orders': () => list,
      'POST /standing-orders': () => {
        list = [standingOrder({ weekdays: [1, 2, 3, 4, 5], lastRun: null })];
        return new Reply(201, list[0]);
      },
    });
    renderWithProviders(<StandingOrdersSection orders={history} />);
    expect(screen.getByText('Loading your standing orders…')).toBeInTheDocument();
    expect(await screen.findByText('No standing orders yet')).toBeInTheDocument();
    const drink = await screen.findByRole('combobox', { name: 'Drink' });
    await waitFor(() =>
      expect(within(drink).getByRole('option', { name: 'My usual: Latte · Hot · Sweetness 50%' })).toBeInTheDocument(),
    );
    expect(within(drink).getByRole('option', { name: /Thai Tea · Cold/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save standing order' }));
    expect(await screen.findByText('Standing order saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      siteId: 1,
      weekdays: [1, 2, 3, 4, 5],
      time: '09:30',
    });
    expect(await screen.findByText('Mon, Tue, Wed, Thu, Fri at 09:30')).toBeInTheDocument();
  });

  it('sets "this drink" on the days chosen', async () => {
    const { calls } = mockApi({
      'GET /category': CAFE,
      'GET /sites': [HEAD_OFFICE],
      'GET /me/usual': null,
      'GET /standing-orders': [],
      'POST /standing-orders': new Reply(201, standingOrder()),
    });
    renderWithProviders(<StandingOrdersSection orders={history} />);
    const drink = await screen.findByRole('combobox', { name: 'Drink' });
    expect(within(drink).getByRole('option', { name: /none yet/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Tue' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Thu' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Fri' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save standing order' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        siteId: 1,
        weekdays: [1, 3],
        time: '09:30',
        drink: { menu_id: 4, type: 'cold', sweetness: 50 },
      }),
    );
  });

  it('lists one with its next day and why the last was not ordered; pauses, skips the next day and deletes it', async () => {
    const { calls } = mockApi({
      'GET /category': CAFE,
      'GET /sites': [HEAD_OFFICE],
      'GET /me/usual': USUAL,
      'GET /standing-orders': [standingOrder()],
      'PATCH /standing-orders/9': standingOrder(),
      'DELETE /standing-orders/9': new Reply(204),
    });
    renderWithProviders(<StandingOrdersSection orders={history} />);
    expect(await screen.findByText('Mon, Wed at 09:30')).toBeInTheDocument();
    expect(screen.getByText(/: not ordered: Thai Tea is sold out\./)).toBeInTheDocument();
    expect(screen.getByText(/^Next: /)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pause' }));
    await userEvent.click(screen.getByRole('button', { name: 'Skip next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.path, c.body])).toEqual([
        ['PATCH', '/standing-orders/9', { paused: true }],
        ['PATCH', '/standing-orders/9', { skipNext: true }],
        ['DELETE', '/standing-orders/9', undefined],
      ]),
    );
  });

  it('speaks Thai', async () => {
    await loadEverything('th');
    i18n.activate('th');
    mockApi({
      'GET /category': CAFE,
      'GET /sites': [HEAD_OFFICE],
      'GET /me/usual': USUAL,
      'GET /standing-orders': [standingOrder({ paused: true })],
    });
    renderWithProviders(<StandingOrdersSection orders={history} />);
    expect(await screen.findByRole('heading', { name: 'ออร์เดอร์ประจำ' })).toBeInTheDocument();
    expect(await screen.findByText('หยุดไว้ชั่วคราว')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'เริ่มต่อ' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'บันทึกออร์เดอร์ประจำ' })).toBeInTheDocument();
  });
});
