import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { historyStatusLabel } from '@/features/order-ahead/lib/order-display';
import { makeHistoryOrder, makeOrder } from '@/features/order-ahead/test/fixtures';
import { mockApi, renderWithProviders } from '@/test/render';
import { HEAD_OFFICE } from '@/test/sites';
import { WAITING } from '@/test/waits';
import { OrderCard } from './order-card';
import { PickupField } from './pickup-field';

/** 10:00 in Bangkok. */
const NOW = new Date('2026-11-20T03:00:00.000Z');
const at = (minutesFromNow: number) => new Date(NOW.getTime() + minutesFromNow * 60_000).toISOString();

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("OrderCard: the counter's day", () => {
  it('counts down the time to bring a tumbler the barista can not find, saying it once a minute', () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setInterval', 'clearInterval'] });
    const deadline = new Date(NOW.getTime() + (4 * 60 + 12) * 1000).toISOString();
    renderWithProviders(<OrderCard order={makeOrder({ tumblerMissing: { since: at(-1), deadline } })} />);
    expect(screen.getByText('Bring your tumbler to the counter: 4:12 left')).toBeInTheDocument();
    // At the top of the card, above the drink: on a phone it is the first thing in view.
    expect(screen.getByRole('article').firstElementChild).toHaveTextContent(/^Bring your tumbler to the counter/);
    const spoken = screen.getByText(/about 5 min left/);
    expect(spoken).toHaveAttribute('aria-live', 'polite');

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByText('Bring your tumbler to the counter: 4:11 left')).toBeInTheDocument();
    expect(spoken).toHaveTextContent('about 5 min left');
    act(() => {
      vi.advanceTimersByTime(12_000);
    });
    expect(screen.getByText('Bring your tumbler to the counter: 3:59 left')).toBeInTheDocument();
    expect(spoken).toHaveTextContent('about 4 min left');
  });

  it('shows an order for later by its pickup time alone, and warns when the line makes it late', () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const { rerender } = renderWithProviders(
      <OrderCard
        order={makeOrder({ status: 'scheduled', queue_at: null, pickupAt: at(90), estimatedReadyAt: at(90) })}
      />,
    );
    expect(screen.getByText('Pickup at 11:30')).toBeInTheDocument();
    expect(screen.queryByText(/Ready about/)).toBeNull();
    expect(screen.queryByText(/The line is long/)).toBeNull();

    rerender(
      <OrderCard
        order={makeOrder({ status: 'scheduled', queue_at: null, pickupAt: at(90), estimatedReadyAt: at(102) })}
      />,
    );
    expect(screen.getByText('Pickup at 11:30')).toBeInTheDocument();
    expect(screen.getByText('The line is long: about 12 minutes late')).toBeInTheDocument();

    // One minute late is still on time.
    rerender(
      <OrderCard
        order={makeOrder({ status: 'scheduled', queue_at: null, pickupAt: at(90), estimatedReadyAt: at(91) })}
      />,
    );
    expect(screen.queryByText(/The line is long/)).toBeNull();
  });

  it('warns an order for later already in the queue from its wait estimate, without a second time', () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const { rerender } = renderWithProviders(
      <OrderCard order={makeOrder({ queue_at: 4, pickupAt: at(5), estimatedWaitMinutes: 12 })} />,
    );
    expect(screen.getByText('The line is long: about 7 minutes late')).toBeInTheDocument();
    // The card's one time is the pickup time: no wait estimate and no order time beside it.
    expect(screen.queryByText(/Estimated wait/)).toBeNull();
    expect(screen.getAllByText(/\b\d{1,2}:\d{2}\b/).map((el) => el.textContent)).toEqual(['Pickup at 10:05']);
    rerender(<OrderCard order={makeOrder({ queue_at: 4, pickupAt: at(5.75), estimatedWaitMinutes: 7 })} />);
    expect(screen.getByText('The line is long: about 1 minute late')).toBeInTheDocument();
    rerender(<OrderCard order={makeOrder({ queue_at: 4, pickupAt: at(15), estimatedWaitMinutes: 12 })} />);
    expect(screen.queryByText(/The line is long/)).toBeNull();
    // An order for now has no pickup time to be late for.
    rerender(<OrderCard order={makeOrder({ queue_at: 4, estimatedWaitMinutes: 30 })} />);
    expect(screen.queryByText(/The line is long/)).toBeNull();
  });

  it('reminds the owner of a finished drink once the server has', () => {
    const { rerender } = renderWithProviders(<OrderCard order={makeOrder({ status: 'done', queue_at: null })} />);
    expect(screen.queryByText(/waiting at the counter/)).toBeNull();
    rerender(<OrderCard order={makeOrder({ status: 'done', queue_at: null, remindedAt: at(0) })} />);
    expect(screen.getByText('Your drink is waiting at the counter: please pick it up')).toBeInTheDocument();
  });

  it('says a drink nobody collected was not collected, apart from one picked up', () => {
    const { rerender } = renderWithProviders(
      <OrderCard order={makeOrder({ status: 'uncollected', queue_at: null })} />,
    );
    expect(screen.getByText('Not collected')).toBeInTheDocument();
    expect(screen.queryByText('Done')).toBeNull();
    rerender(<OrderCard order={makeOrder({ status: 'picked', queue_at: null })} />);
    expect(screen.getByText('Picked up')).toBeInTheDocument();
    expect(historyStatusLabel(makeHistoryOrder({ status: 'uncollected' }))).toEqual({
      label: 'Not collected',
      note: null,
    });
  });
});

describe('PickupField: the honest time of a slot', () => {
  it('shows when a drink will really be ready where the line makes a slot late', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'], shouldAdvanceTime: true });
    mockApi({
      'GET /sites': [HEAD_OFFICE],
      'GET /sites/1/slots': {
        siteId: 1,
        timeZone: 'Asia/Bangkok',
        slots: [
          { day: '2026-11-20', start: at(90), time: '11:30', remaining: 8, readyAt: at(102) },
          { day: '2026-11-20', start: at(105), time: '11:45', remaining: 8 },
          { day: '2026-11-20', start: at(120), time: '12:00', remaining: 2, readyAt: at(125) },
        ],
      },
    });
    const onChange = vi.fn();
    const { rerender } = renderWithProviders(<PickupField value={undefined} onChange={onChange} />);
    const later = screen.getByRole('radio', { name: 'Later' });
    await vi.waitFor(() => expect(later).toBeEnabled(), WAITING);
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(later);
    expect(onChange).toHaveBeenCalledWith(at(90));
    rerender(<PickupField value={at(90)} onChange={onChange} />);
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['11:30 — ready about 11:42', '11:45', '12:00 — ready about 12:05 (2 left)']);
  });
});
