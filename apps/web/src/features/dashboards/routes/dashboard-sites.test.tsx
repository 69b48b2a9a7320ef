import type { Site } from '@cafe/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { mockApi, renderWithProviders, signIn, type RecordedCall } from '@/test/render';
import { DashboardBarRoute } from './dashboard-bar-route';
import { DashboardCafeRoute } from './dashboard-cafe-route';

/*
 * The dashboards of a company of several sites: admins see every site together or one, baristas
 * one of the sites they work at; with one site there is nothing to choose.
 */

function site(id: number, name: string, timeZone = 'Asia/Bangkok'): Site {
  return {
    id,
    name,
    latitude: 13.7,
    longitude: 100.5,
    radiusKm: 1,
    timeZone,
    venues: { cafe: true, bar: true },
    status: { isCafeOpen: true, isBarOpen: false },
    archived: false,
  };
}

const HEAD_OFFICE = site(1, 'Head office');
const LONDON = site(2, 'London office', 'Europe/London');
const RIVERSIDE = site(3, 'Riverside');
const ME = 7;

/** Served cafe orders per site (the key "all" without siteId); every statistic answers for the site asked. */
const TOTALS: Record<string, number> = { all: 12, 1: 5, 2: 4, 3: 3 };

function serve(sites: Site[]) {
  return mockApi((call: RecordedCall) => {
    const siteKey = call.search.get('siteId') ?? 'all';
    switch (call.path) {
      case '/sites':
        return { body: sites };
      case '/order/count/total':
        return { body: { totalOrder: TOTALS[siteKey] ?? 0 } };
      case '/order/find/popular-menu':
        return { body: [] };
      case '/stats/orders-by-hour':
        return { body: Array.from({ length: 24 }, (_, hour) => ({ hour, totalOrder: 0 })) };
      case '/stats/orders-by-weekday':
        return { body: Array.from({ length: 7 }, (_, weekday) => ({ weekday, totalOrder: 0 })) };
      case '/stats/preparation-time':
        return { body: { averageSeconds: null, samples: 0 } };
      case '/stats/times-by-hour':
        return { body: [] };
      default:
        return undefined;
    }
  });
}

const STATS_PATHS = [
  '/order/count/total',
  '/order/find/popular-menu',
  '/stats/orders-by-hour',
  '/stats/orders-by-weekday',
  '/stats/preparation-time',
  '/stats/times-by-hour',
];
const statsCalls = (calls: RecordedCall[]) => calls.filter((c) => STATS_PATHS.includes(c.path));
const total = () => within(screen.getByRole('tabpanel')).getByRole('group', { name: 'Total orders' });
const optionNames = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('the dashboards of several sites', () => {
  it('lets an admin see every site together, then one site, in every statistic', async () => {
    const user = userEvent.setup();
    signIn({ id: ME, role: 'admin' });
    const { calls } = serve([HEAD_OFFICE, LONDON]);
    renderWithProviders(<DashboardCafeRoute />);

    const select = await screen.findByRole('combobox', { name: 'Site' });
    expect(optionNames(select)).toEqual(['All sites', 'Head office', 'London office']);
    expect(select).toHaveValue('all');
    await waitFor(() => expect(total()).toHaveTextContent('12'));
    expect(statsCalls(calls).every((c) => !c.search.has('siteId'))).toBe(true);

    const before = statsCalls(calls).length;
    await user.selectOptions(select, 'London office');
    await waitFor(() => expect(total()).toHaveTextContent('4'));
    const london = statsCalls(calls).slice(before);
    // Every statistic of the period is asked again, for London.
    await waitFor(() => expect(new Set(london.map((c) => c.path))).toEqual(new Set(STATS_PATHS)));
    expect(london.every((c) => c.search.get('siteId') === '2')).toBe(true);

    // Back to every site: answered from the cache, not asked again.
    const asked = statsCalls(calls).length;
    await user.selectOptions(select, 'All sites');
    await waitFor(() => expect(total()).toHaveTextContent('12'));
    expect(statsCalls(calls)).toHaveLength(asked);
  });

  it('offers a barista only the sites they work at, their own first shown', async () => {
    const user = userEvent.setup();
    signIn({ id: ME, role: 'barista', homeSiteId: 3, staffSiteIds: [1, 3] });
    const { calls } = serve([HEAD_OFFICE, LONDON, RIVERSIDE]);
    renderWithProviders(<DashboardBarRoute />);

    const select = await screen.findByRole('combobox', { name: 'Site' });
    await waitFor(() => expect(optionNames(select)).toEqual(['Head office', 'Riverside']));
    // Without siteId the server answers for their own site (their home site, Riverside).
    expect(select).toHaveValue('3');
    expect(statsCalls(calls).every((c) => !c.search.has('siteId'))).toBe(true);

    await user.selectOptions(select, 'Head office');
    await waitFor(() => expect(statsCalls(calls).some((c) => c.search.get('siteId') === '1')).toBe(true));
    expect(statsCalls(calls).some((c) => c.search.get('siteId') === '2')).toBe(false);
    // The sites they work at come with their profile: no site's baristas are asked for.
    expect(calls.some((c) => c.path.endsWith('/baristas'))).toBe(false);
  });

  it('shows a barista of one of several sites their site without a choice', async () => {
    signIn({ id: ME, role: 'barista', homeSiteId: 1, staffSiteIds: [2] });
    const { calls } = serve([HEAD_OFFICE, LONDON]);
    renderWithProviders(<DashboardCafeRoute />);
    await waitFor(() => expect(total()).toHaveTextContent('12'));
    await waitFor(() => expect(calls.some((c) => c.path === '/sites')).toBe(true));
    expect(calls.some((c) => c.path.endsWith('/baristas'))).toBe(false);
    expect(screen.queryByRole('combobox', { name: 'Site' })).not.toBeInTheDocument();
    expect(statsCalls(calls).every((c) => !c.search.has('siteId'))).toBe(true);
  });

  it('changes nothing with one site', async () => {
    signIn({ id: ME, role: 'admin' });
    const { calls } = serve([HEAD_OFFICE]);
    renderWithProviders(<DashboardCafeRoute />);
    await waitFor(() => expect(total()).toHaveTextContent('12'));
    await waitFor(() => expect(calls.some((c) => c.path === '/sites')).toBe(true));
    expect(screen.queryByRole('combobox', { name: 'Site' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/baristas'))).toBe(false);
  });

  it('names the choice in Thai', async () => {
    await loadEverything('th');
    i18n.activate('th');
    signIn({ id: ME, role: 'admin' });
    serve([HEAD_OFFICE, LONDON]);
    renderWithProviders(<DashboardCafeRoute />);
    const select = await screen.findByRole('combobox', { name: 'สาขา' });
    expect(optionNames(select)[0]).toBe('ทุกสาขา');
  });
});
