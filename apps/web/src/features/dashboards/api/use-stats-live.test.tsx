import { cafeDayOf, periodRange } from '@cafe/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ordersEvent } from '@/features/dashboards/test/fixtures';
import { live } from '@/test/fake-live';
import { mockApi, renderWithProviders, signIn, TEST_SETTINGS } from '@/test/render';
import { usePopularMenu, usePreparationTime } from './stats';
import { useStatsLive } from './use-stats-live';

const DELAY_MS = 40;

/** Today's cafe statistics as a dashboard would hold them, kept live with a short refetch delay. */
function Probe() {
  useStatsLive(DELAY_MS);
  const params = {
    ...periodRange('today', cafeDayOf(new Date(), TEST_SETTINGS.cafeTimeZone)),
    categoryFor: 'cafe' as const,
  };
  const preparation = usePreparationTime(params);
  const ranking = usePopularMenu(params);
  return (
    <p>
      samples {preparation.data?.samples ?? '-'}, ranked {ranking.data?.length ?? '-'}
    </p>
  );
}

function setup() {
  signIn({ role: 'barista' });
  let samples = 0;
  const api = mockApi({
    'GET /stats/preparation-time': () => ({ averageSeconds: 100, samples: (samples += 1) }),
    'GET /order/find/popular-menu': [],
  });
  renderWithProviders(<Probe />);
  return { callsTo: (path: string) => api.calls.filter((c) => c.path === path).length };
}

describe('useStatsLive', () => {
  it('asks for the preparation time once for a rush of finished drinks, after a pause', async () => {
    const { callsTo } = setup();
    await screen.findByText('samples 1, ranked 0');
    const now = new Date().toISOString();
    act(() => {
      for (let id = 1; id <= 5; id += 1) live.emit('orders', ordersEvent('done', 'in-progress', now, 'Latte', id));
    });
    expect(callsTo('/stats/preparation-time')).toBe(1);
    await screen.findByText('samples 2, ranked 1');
    // Nothing more is on its way.
    await new Promise((resolve) => setTimeout(resolve, DELAY_MS * 3));
    expect(callsTo('/stats/preparation-time')).toBe(2);
    // The ranking was worked out from the events, not asked for again.
    expect(callsTo('/order/find/popular-menu')).toBe(1);
  });

  it('does not touch the preparation time for a pick-up', async () => {
    const { callsTo } = setup();
    await screen.findByText('samples 1, ranked 0');
    act(() => live.emit('orders', ordersEvent('picked', 'done', new Date().toISOString())));
    await new Promise((resolve) => setTimeout(resolve, DELAY_MS * 3));
    expect(callsTo('/stats/preparation-time')).toBe(1);
  });

  it('asks for the rankings again when an item or category changes', async () => {
    const { callsTo } = setup();
    await screen.findByText('samples 1, ranked 0');
    act(() => live.emit('menu', { kind: 'menu', id: 10 }));
    await waitFor(() => expect(callsTo('/order/find/popular-menu')).toBe(2));
  });
});
