import type { UncollectedPersonRow, UncollectedStats } from '@cafe/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useStatsLive } from '@/features/dashboards/api/use-stats-live';
import { ordersEvent } from '@/features/dashboards/test/fixtures';
import { live } from '@/test/fake-live';
import { mockApi, renderWithProviders, signIn, type RecordedCall } from '@/test/render';
import { PeriodView } from './period-view';
import { LeftMostOften, NotCollectedBySite, NotCollectedCard } from './uncollected';

const PARAMS = { startDate: '2026-11-01', endDate: '2026-12-01', categoryFor: 'cafe' as const };

const EVERY_SITE: UncollectedStats = {
  total: 6,
  served: 120,
  bySite: [
    { siteId: 1, name: 'Head office', archived: false, uncollected: 4, served: 100 },
    { siteId: 2, name: 'London office', archived: false, uncollected: 0, served: 20 },
    { siteId: 3, name: 'Old office', archived: true, uncollected: 2, served: 0 },
  ],
};

const PEOPLE: UncollectedPersonRow[] = [
  { userId: 11, name: 'Somchai', uncollected: 3, served: 9 },
  { userId: 12, name: 'Mali', uncollected: 1, served: 14 },
];

const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

describe('Not collected', () => {
  it('shows the period’s count beside the drinks served, asking for that period and venue', async () => {
    signIn({ role: 'barista' });
    const { calls } = mockApi({ 'GET /stats/uncollected': { ...EVERY_SITE, bySite: [EVERY_SITE.bySite[0]] } });
    renderWithProviders(<NotCollectedCard params={PARAMS} />);
    const card = screen.getByRole('group', { name: 'Not collected' });
    await waitFor(() => expect(card).toHaveTextContent('6'));
    expect(card).toHaveTextContent('beside 120 served drinks');
    const call = calls.find((c) => c.path === '/stats/uncollected');
    expect(call?.search.get('startDate')).toBe('2026-11-01');
    expect(call?.search.get('endDate')).toBe('2026-12-01');
    expect(call?.search.get('categoryFor')).toBe('cafe');
  });

  it('tabulates every site, an archived one named so, with row and column headers', async () => {
    signIn({ role: 'admin' });
    mockApi({ 'GET /stats/uncollected': EVERY_SITE });
    renderWithProviders(<NotCollectedBySite params={PARAMS} headingId="by-site" />);
    const region = await screen.findByRole('region', { name: 'Not collected by site' });
    const table = within(region).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Site', 'Not collected', 'Served']);
    expect(within(table).getByRole('rowheader', { name: 'Old office (archived)' })).toBeInTheDocument();
    expect(bodyRows(table)).toEqual(['Head office4100', 'London office020', 'Old office (archived)20']);
  });

  it('shows no per-site table for a single site', async () => {
    signIn({ role: 'admin' });
    const { calls } = mockApi({ 'GET /stats/uncollected': { ...EVERY_SITE, bySite: [EVERY_SITE.bySite[0]] } });
    renderWithProviders(<NotCollectedBySite params={PARAMS} headingId="by-site" />);
    await waitFor(() => expect(calls.some((c) => c.path === '/stats/uncollected')).toBe(true));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('Left most often', () => {
  it('lists who left the most drinks, most first, with their served drinks, ten at most', async () => {
    signIn({ role: 'admin' });
    const { calls } = mockApi({ 'GET /stats/uncollected/people': PEOPLE });
    renderWithProviders(<LeftMostOften params={{ ...PARAMS, siteId: 2 }} headingId="left" />);
    const region = screen.getByRole('region', { name: 'Left most often' });
    const table = await within(region).findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Not collected', 'Served']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Somchai', 'Mali']);
    expect(bodyRows(table)).toEqual(['Somchai39', 'Mali114']);
    const call = calls.find((c) => c.path === '/stats/uncollected/people');
    expect(call?.search.get('limit')).toBe('10');
    expect(call?.search.get('siteId')).toBe('2');
  });

  it('says so when nobody left a drink', async () => {
    signIn({ role: 'admin' });
    mockApi({ 'GET /stats/uncollected/people': [] });
    renderWithProviders(<LeftMostOften params={PARAMS} headingId="left" />);
    expect(await screen.findByText('Nobody left a drink in this period.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('offers a retry when the list cannot be read', async () => {
    signIn({ role: 'admin' });
    mockApi({});
    renderWithProviders(<LeftMostOften params={PARAMS} headingId="left" />);
    expect(await screen.findByText('Could not load who left drinks.')).toBeInTheDocument();
  });
});

describe('the period view', () => {
  function serve() {
    return mockApi((call: RecordedCall) => {
      switch (call.path) {
        case '/stats/uncollected':
          return { body: EVERY_SITE };
        case '/stats/uncollected/people':
          return { body: PEOPLE };
        default:
          return undefined;
      }
    });
  }

  it('shows an admin every site’s count and who left drinks most often', async () => {
    signIn({ role: 'admin' });
    serve();
    renderWithProviders(<PeriodView venue="cafe" period="month" today="2026-11-21" />);
    expect(await screen.findByRole('region', { name: 'Not collected by site' })).toBeInTheDocument();
    const left = screen.getByRole('region', { name: 'Left most often' });
    expect(await within(left).findByRole('rowheader', { name: 'Somchai' })).toBeInTheDocument();
  });

  it('shows a barista the count only, and never asks who left drinks', async () => {
    signIn({ role: 'barista' });
    const { calls } = serve();
    renderWithProviders(<PeriodView venue="cafe" period="month" today="2026-11-21" />);
    await waitFor(() => expect(screen.getByRole('group', { name: 'Not collected' })).toHaveTextContent('6'));
    expect(screen.queryByRole('region', { name: 'Left most often' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Not collected by site' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/stats/uncollected/people')).toBe(false);
  });
});

describe('Not collected, live', () => {
  function Probe() {
    useStatsLive(20, { today: '2026-11-21' });
    return (
      <>
        <NotCollectedCard params={PARAMS} />
        <LeftMostOften params={PARAMS} headingId="left" />
      </>
    );
  }

  it('asks again when a drink is marked not collected, and once for a rush', async () => {
    signIn({ role: 'admin' });
    const { calls } = mockApi({ 'GET /stats/uncollected': EVERY_SITE, 'GET /stats/uncollected/people': PEOPLE });
    renderWithProviders(<Probe />);
    await screen.findByRole('rowheader', { name: 'Somchai' });
    const callsTo = (path: string) => calls.filter((c) => c.path === path).length;
    expect(callsTo('/stats/uncollected')).toBe(1);
    act(() => {
      for (const id of [1, 2, 3]) {
        live.emit('orders', ordersEvent('uncollected', 'done', '2026-11-20T03:00:00.000Z', 'Latte', id));
      }
    });
    await waitFor(() => expect(callsTo('/stats/uncollected/people')).toBe(2));
    expect(callsTo('/stats/uncollected')).toBe(2);
  });
});
