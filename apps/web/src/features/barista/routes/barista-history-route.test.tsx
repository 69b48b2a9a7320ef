import type { Order } from '@cafe/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeOrder } from '@/features/barista/test/fixtures';
import { mockApi, renderWithProviders } from '@/test/render';
import { BaristaHistoryRoute } from './barista-history-route';

vi.mock('@/lib/socket', () => ({ useLiveEvent: () => undefined, useOnReconnect: () => undefined }));

function setup(orders: Order[]) {
  const api = mockApi((call) => (call.path === '/order' ? { body: orders } : undefined));
  renderWithProviders(<BaristaHistoryRoute />);
  return api;
}

describe('BaristaHistoryRoute', () => {
  it('asks for finished orders', async () => {
    const { calls } = setup([]);
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(calls[0]?.search.get('status')).toBe('done,picked,cancel,rejected');
  });

  it('says so when there is no history', async () => {
    setup([]);
    expect(await screen.findByText("You don't have any history")).toBeInTheDocument();
  });

  it('groups by day, newest first, with labels and the served count', async () => {
    setup([
      makeOrder({ id: 1, status: 'done', orderDate: '2025-11-19T03:00:00.000Z', menuName: 'Latte', userName: 'Ann' }),
      makeOrder({ id: 2, status: 'picked', orderDate: '2025-11-20T03:00:00.000Z', menuName: 'Mocha', userName: 'Bo' }),
      makeOrder({ id: 3, status: 'cancel', orderDate: '2025-11-20T04:00:00.000Z', menuName: 'Cocoa', userName: 'Cy' }),
      makeOrder({
        id: 4,
        status: 'rejected',
        orderDate: '2025-11-20T05:30:00.000Z',
        menuName: 'Green tea',
        userName: 'Dee',
        rejectNote: 'Machine Failure',
        type: 'cold',
        sweetness: 75,
      }),
    ]);
    const days = await screen.findAllByRole('region', { name: /2025/ });
    expect(days.map((d) => within(d).getByRole('heading').textContent)).toEqual([
      'Thursday, 20 November 2025',
      'Wednesday, 19 November 2025',
    ]);
    const [today, yesterday] = days as [HTMLElement, HTMLElement];
    expect(within(today).getByText('Total Order: 1')).toBeInTheDocument();
    expect(within(yesterday).getByText('Total Order: 1')).toBeInTheDocument();

    const rows = within(today).getAllByRole('listitem');
    expect(rows.map((r) => r.querySelector('time')?.textContent)).toEqual(['12:30', '11:00', '10:00']);
    expect(rows[0]).toHaveTextContent('Green tea');
    expect(rows[0]).toHaveTextContent('Canceled by barista');
    expect(rows[0]).toHaveTextContent('Cold · Sweetness 75% · Dee');
    expect(rows[0]).toHaveTextContent('Machine Failure');
    expect(rows[1]).toHaveTextContent('Canceled by user');
    expect(rows[2]).toHaveTextContent('Done');
    expect(within(yesterday).getByText('Done')).toBeInTheDocument();
  });

  it('leaves out the sweetness of bar orders', async () => {
    setup([
      makeOrder({
        id: 5,
        status: 'done',
        categoryFor: 'bar',
        categoryName: 'Cocktails',
        menuName: 'Mojito',
        userName: 'Eve',
      }),
    ]);
    const row = await screen.findByRole('listitem');
    expect(row).toHaveTextContent('Mojito');
    expect(row).not.toHaveTextContent('Sweetness');
  });
});
