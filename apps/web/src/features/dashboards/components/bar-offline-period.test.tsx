import type { PopularMenuRow } from '@cafe/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { mockApi, renderWithProviders, seedSettings, signIn, type RecordedCall } from '@/test/render';
import { Dashboard } from './dashboard';

/*
 * The bar dashboard while online bar ordering is off (settings.barOnlineOrdering false): bar drinks
 * are ordered at the bar, so with no bar orders it says why instead of showing empty charts; bar
 * orders a barista entered at the counter (walk-up) still get the usual view.
 */

const EMPTY_TITLE = 'No bar orders are counted here';
const BAR_OFFLINE_TEXT =
  'Online bar ordering is off: bar drinks are ordered at the bar, not online, so they are not counted here.';
const RANKING_TITLE = 'Order amount of each menu (Max to min)';
const WALK_UP_RANKING: PopularMenuRow[] = [
  { Menu_name: 'Mojito', categoryName: 'Cocktails', categoryFor: 'bar', totalOrder: 2 },
  { Menu_name: 'Negroni', categoryName: 'Cocktails', categoryFor: 'bar', totalOrder: 1 },
];

/** A stats API answering every bar period with `barTotal` served orders. */
function serveBar(barTotal: number) {
  return mockApi((call: RecordedCall) => {
    switch (call.path) {
      case '/order/count/total':
        return { body: { totalOrder: call.search.get('categoryFor') === 'bar' ? barTotal : 9 } };
      case '/order/find/popular-menu':
        return { body: barTotal > 0 ? WALK_UP_RANKING : [] };
      case '/stats/orders-by-hour':
        return { body: Array.from({ length: 24 }, (_, hour) => ({ hour, totalOrder: hour === 17 ? barTotal : 0 })) };
      case '/stats/orders-by-weekday':
        return { body: Array.from({ length: 7 }, (_, weekday) => ({ weekday, totalOrder: 0 })) };
      case '/stats/preparation-time':
        return { body: { averageSeconds: 90, samples: barTotal } };
      case '/stats/times-by-hour':
        return { body: [] };
      default:
        return undefined;
    }
  });
}

const panel = () => screen.getByRole('tabpanel');

beforeEach(() => signIn({ role: 'barista' }));
afterEach(() => vi.unstubAllGlobals());

describe('the bar dashboard while online bar ordering is off', () => {
  it('says why it counts nothing when there are no bar orders, in every period', async () => {
    const user = userEvent.setup();
    seedSettings({ barOnlineOrdering: false });
    const { calls } = serveBar(0);
    renderWithProviders(<Dashboard venue="bar" />);

    expect(screen.getByRole('heading', { name: 'Dashboard for Bar' })).toBeInTheDocument();
    expect(await within(panel()).findByText(EMPTY_TITLE)).toBeInTheDocument();
    expect(within(panel()).getByText(BAR_OFFLINE_TEXT)).toBeInTheDocument();
    // Not an empty chart: no totals, no ranking, no charts.
    expect(within(panel()).queryByRole('group', { name: 'Total orders' })).not.toBeInTheDocument();
    expect(within(panel()).queryByText('No served orders in this period')).not.toBeInTheDocument();
    expect(within(panel()).queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
    // Only the count was asked for, of the bar.
    expect(new Set(calls.map((c) => c.path))).toEqual(new Set(['/order/count/total']));
    expect(calls.every((c) => c.search.get('categoryFor') === 'bar')).toBe(true);

    await user.click(screen.getByRole('tab', { name: 'This Month' }));
    expect(await within(panel()).findByText(EMPTY_TITLE)).toBeInTheDocument();
    expect(within(panel()).getByText(BAR_OFFLINE_TEXT)).toBeInTheDocument();
  });

  it('shows the usual period view when walk-up bar orders were served', async () => {
    seedSettings({ barOnlineOrdering: false });
    serveBar(3);
    renderWithProviders(<Dashboard venue="bar" />);

    await waitFor(() => expect(within(panel()).getByRole('group', { name: 'Total orders' })).toHaveTextContent('3'));
    const ranking = within(await within(panel()).findByRole('region', { name: RANKING_TITLE })).getByRole('table');
    expect(
      within(ranking)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['1MojitoCocktails2', '2NegroniCocktails1']);
    expect(screen.queryByText(EMPTY_TITLE)).not.toBeInTheDocument();
    expect(screen.queryByText(BAR_OFFLINE_TEXT)).not.toBeInTheDocument();
  });

  it('keeps the usual (empty) view when online bar ordering is on', async () => {
    seedSettings({ barOnlineOrdering: true });
    serveBar(0);
    renderWithProviders(<Dashboard venue="bar" />);
    expect(await within(panel()).findByText('No served orders in this period')).toBeInTheDocument();
    await waitFor(() => expect(within(panel()).getByRole('group', { name: 'Total orders' })).toHaveTextContent('0'));
    expect(screen.queryByText(EMPTY_TITLE)).not.toBeInTheDocument();
  });

  it('never applies to the cafe dashboard', async () => {
    seedSettings({ barOnlineOrdering: false });
    serveBar(0);
    renderWithProviders(<Dashboard venue="cafe" />);
    await waitFor(() => expect(within(panel()).getByRole('group', { name: 'Total orders' })).toHaveTextContent('9'));
    expect(screen.queryByText(EMPTY_TITLE)).not.toBeInTheDocument();
  });
});

describe('the dashboard in Thai', () => {
  it('names the periods, the numbers and the weekdays in Thai', async () => {
    await loadEverything('th');
    i18n.activate('th');
    seedSettings({ barOnlineOrdering: false });
    serveBar(0);
    renderWithProviders(<Dashboard venue="cafe" />);

    expect(screen.getByRole('heading', { name: 'แดชบอร์ดคาเฟ่' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'สัปดาห์นี้' })).toBeInTheDocument();
    await waitFor(() => expect(within(panel()).getByRole('group', { name: 'ออเดอร์ทั้งหมด' })).toHaveTextContent('9'));
    expect(await within(panel()).findByRole('figure', { name: 'ออเดอร์ตามวันในสัปดาห์' })).toBeInTheDocument();
    expect(within(panel()).getByRole('rowheader', { name: 'วันจันทร์' })).toBeInTheDocument();
    expect(within(panel()).getAllByText('ไม่มีออเดอร์ที่เสิร์ฟแล้วในช่วงนี้').length).toBeGreaterThan(0);
    expect(within(panel()).getByText('ไม่มีออเดอร์ที่ทำเสร็จในช่วงนี้')).toBeInTheDocument();

    expect(screen.queryByText('Dashboard for Cafe')).not.toBeInTheDocument();
    expect(screen.queryByText('Total orders')).not.toBeInTheDocument();
    expect(screen.queryByText('Monday')).not.toBeInTheDocument();
  });

  it('says why the bar dashboard counts nothing, in Thai', async () => {
    await loadEverything('th');
    i18n.activate('th');
    seedSettings({ barOnlineOrdering: false });
    serveBar(0);
    renderWithProviders(<Dashboard venue="bar" />);
    expect(await within(panel()).findByText('หน้านี้ไม่นับออเดอร์ของบาร์')).toBeInTheDocument();
    expect(screen.queryByText(EMPTY_TITLE)).not.toBeInTheDocument();
    expect(screen.queryByText(BAR_OFFLINE_TEXT)).not.toBeInTheDocument();
  });
});
