import { MESSAGES } from '@cafe/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderHistoryRoute } from '@/features/order-ahead/routes/order-history-route';
import { makeHistoryOrder } from '@/features/order-ahead/test/fixtures';
import { mockApi, renderWithProviders } from '@/test/render';
import { BERLIN_OFFICE, HEAD_OFFICE } from '@/test/sites';
import { HistoryRow } from './history-row';

describe('HistoryRow labels', () => {
  it('tells a drink picked up from one nobody collected (and a finished one from both)', () => {
    const { rerender } = renderWithProviders(<HistoryRow order={makeHistoryOrder({ status: 'done' })} />);
    expect(screen.getByText('Done')).toBeInTheDocument();
    rerender(<HistoryRow order={makeHistoryOrder({ status: 'picked' })} />);
    expect(screen.getByText('Picked up')).toBeInTheDocument();
    rerender(<HistoryRow order={makeHistoryOrder({ status: 'uncollected' })} />);
    expect(screen.getByText('Not collected')).toBeInTheDocument();
    expect(screen.queryByText('Done')).toBeNull();
  });

  it('names the site the drink was ordered at when the company has several', async () => {
    mockApi({ 'GET /sites': [HEAD_OFFICE, BERLIN_OFFICE] });
    renderWithProviders(<HistoryRow order={makeHistoryOrder({ site: { id: 2, name: 'Berlin office' } })} />);
    expect(await screen.findByText('At Berlin office')).toBeInTheDocument();
  });

  it('shows Canceled for the customer’s own cancel', () => {
    renderWithProviders(<HistoryRow order={makeHistoryOrder({ status: 'cancel' })} />);
    expect(screen.getByText('Canceled')).toBeInTheDocument();
  });

  it('shows Canceled By Barista followed by the reject note', () => {
    renderWithProviders(<HistoryRow order={makeHistoryOrder({ status: 'rejected', rejectNote: 'Machine Failure' })} />);
    const label = screen.getByText('Canceled By Barista');
    expect(label).toBeInTheDocument();
    expect(label.parentElement).toHaveTextContent('Canceled By BaristaMachine Failure');
  });

  it('shows type and sweetness for cafe drinks only', () => {
    const { rerender } = renderWithProviders(<HistoryRow order={makeHistoryOrder({ type: 'hot', sweetness: 25 })} />);
    expect(screen.getByText('Hot')).toBeInTheDocument();
    expect(screen.getByText('Sweetness 25%')).toBeInTheDocument();
    rerender(
      <HistoryRow
        order={makeHistoryOrder({
          type: null,
          sweetness: null,
          menu: { id: 9, name: 'Mojito', category: { id: 4, name: 'Cocktails', categoryFor: 'bar' } },
        })}
      />,
    );
    expect(screen.queryByText(/Sweetness/)).not.toBeInTheDocument();
  });
});

describe('OrderHistoryRoute', () => {
  it('says when there is no history', async () => {
    mockApi({ 'GET /order/history/user': [] });
    renderWithProviders(<OrderHistoryRoute />);
    expect(await screen.findByText(MESSAGES.noHistory)).toBeInTheDocument();
  });

  it('lists the newest update first', async () => {
    mockApi({
      'GET /order/history/user': [
        makeHistoryOrder({
          id: 1,
          updatedAt: '2026-11-20T02:00:00.000Z',
          menu: { id: 1, name: 'Older', category: { id: 1, name: 'Coffee', categoryFor: 'cafe' } },
        }),
        makeHistoryOrder({
          id: 2,
          updatedAt: '2026-11-21T02:00:00.000Z',
          menu: { id: 2, name: 'Newer', category: { id: 1, name: 'Coffee', categoryFor: 'cafe' } },
        }),
      ],
    });
    renderWithProviders(<OrderHistoryRoute />);
    const rows = await screen.findAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Newer');
    expect(rows[1]).toHaveTextContent('Older');
  });
});
