import { cafeClock, cafeDayOf, periodRange, type OrdersByHourRow, type PopularMenuRow } from '@cafe/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ordersEvent } from '@/features/dashboards/test/fixtures';
import { live } from '@/test/fake-live';
import { mockApi, renderWithProviders, signIn, TEST_SETTINGS, type RecordedCall } from '@/test/render';
import { Dashboard } from './dashboard';

const zone = TEST_SETTINGS.cafeTimeZone;

function setup() {
  signIn({ role: 'barista' });
  const now = new Date();
  const hour = cafeClock(now, zone).hour;
  const ranking: PopularMenuRow[] = [
    { Menu_name: 'Latte', categoryName: 'Coffee', categoryFor: 'cafe', totalOrder: 2 },
    { Menu_name: 'Mocha', categoryName: 'Coffee', categoryFor: 'cafe', totalOrder: 1 },
  ];
  const hours: OrdersByHourRow[] = Array.from({ length: 24 }, (_, h) => ({ hour: h, totalOrder: h === hour ? 3 : 0 }));
  let prepSamples = 3;
  const api = mockApi((call: RecordedCall) => {
    switch (call.path) {
      case '/order/count/total':
        return { body: { totalOrder: 3 } };
      case '/order/find/popular-menu':
        return { body: ranking };
      case '/stats/orders-by-hour':
        return { body: hours };
      case '/stats/orders-by-weekday':
        return { body: Array.from({ length: 7 }, (_, weekday) => ({ weekday, totalOrder: 0 })) };
      case '/stats/preparation-time':
        return { body: { averageSeconds: 120, samples: prepSamples } };
      default:
        return undefined;
    }
  });
  renderWithProviders(<Dashboard venue="cafe" />);
  const callsTo = (path: string) => api.calls.filter((c) => c.path === path).length;
  return {
    now,
    hour,
    callsTo,
    calls: api.calls,
    servePrep: (samples: number) => (prepSamples = samples),
  };
}

const total = () => within(screen.getByRole('group', { name: 'Total orders' })).getAllByRole('paragraph')[1];
const rankingRows = () =>
  within(screen.getAllByRole('table')[0]!)
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.textContent);

describe('Dashboard, live', () => {
  it('counts a served order into the numbers it shows without asking the server again', async () => {
    const { now, hour, callsTo } = setup();
    await waitFor(() => expect(total()).toHaveTextContent('3'));
    expect(rankingRows()).toEqual(['1LatteCoffee2', '2MochaCoffee1']);
    const asked = ['/order/count/total', '/order/find/popular-menu', '/stats/orders-by-hour'].map(callsTo);

    act(() => live.emit('orders', ordersEvent('done', 'in-progress', now.toISOString(), 'Mocha', 51)));
    act(() => live.emit('orders', ordersEvent('done', 'in-progress', now.toISOString(), 'Mocha', 52)));

    // The cache notifies the screen on the next tick.
    await waitFor(() => expect(total()).toHaveTextContent('5'));
    expect(rankingRows()).toEqual(['1MochaCoffee3', '2LatteCoffee2']);
    const hourRow = screen.getByRole('rowheader', { name: new RegExp(`^${String(hour).padStart(2, '0')}:00`) });
    expect(hourRow.closest('tr')).toHaveTextContent('5');
    // Picked up after being done: still one served order.
    act(() => live.emit('orders', ordersEvent('picked', 'done', now.toISOString(), 'Mocha', 51)));
    // Placed, started, rejected: never served.
    act(() => live.emit('orders', ordersEvent('ordered', null, now.toISOString(), 'Latte', 53)));
    act(() => live.emit('orders', ordersEvent('rejected', 'in-progress', now.toISOString(), 'Latte', 53)));
    expect(total()).toHaveTextContent('5');
    expect(['/order/count/total', '/order/find/popular-menu', '/stats/orders-by-hour'].map(callsTo)).toEqual(asked);
  });

  it('leaves out an order placed before the period it shows', async () => {
    const { callsTo } = setup();
    await waitFor(() => expect(total()).toHaveTextContent('3'));
    const today = cafeDayOf(new Date(), zone);
    const { startDate } = periodRange('month', today);
    // Placed the day before this month began (and before today), served only now.
    const longAgo = new Date(Date.parse(`${startDate}T12:00:00+07:00`) - 86_400_000).toISOString();
    act(() => live.emit('orders', ordersEvent('done', 'in-progress', longAgo, 'Latte', 60)));
    // A served order of today, to know the screen has caught up with both events.
    act(() => live.emit('orders', ordersEvent('done', 'in-progress', new Date().toISOString(), 'Latte', 61)));
    await waitFor(() => expect(total()).toHaveTextContent('4'));
    expect(callsTo('/order/count/total')).toBe(1);
  });

  it('fetches everything again after a reconnect', async () => {
    const { callsTo } = setup();
    await waitFor(() => expect(total()).toHaveTextContent('3'));
    act(() => live.reconnect());
    await waitFor(() => expect(callsTo('/order/count/total')).toBe(2));
    expect(callsTo('/stats/preparation-time')).toBe(2);
  });
});
