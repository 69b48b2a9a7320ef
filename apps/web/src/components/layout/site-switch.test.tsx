import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { meQueryOptions } from '@/api/me';
import { apiError, mockApi, renderWithProviders, signIn } from '@/test/render';
import { live } from '@/test/fake-live';
import { setLiveConnected } from '@/test/network';
import { BERLIN_OFFICE, HEAD_OFFICE } from '@/test/sites';
import { TopNav } from './top-nav';

// The live connection is up (test/network.ts); no event arrives unless a test sends one (test/fake-live.ts).
beforeEach(() => {
  setLiveConnected(true);
});

function serve(
  sites = [HEAD_OFFICE, BERLIN_OFFICE],
  homeSite = (siteId: number) => sites.find((s) => s.id === siteId),
) {
  return mockApi({
    'GET /sites': sites,
    'GET /cafe-status': { isCafeOpen: true, isBarOpen: false },
    'PUT /user/home-site': (call: { body: unknown }) => homeSite((call.body as { siteId: number }).siteId),
  });
}

describe('the site in the navigation', () => {
  beforeEach(() => {
    live.reconnectSocket.mockClear();
    signIn({ role: 'user', homeSiteId: 1 });
  });

  it("names the person's site and offers the others, when the company has several", async () => {
    serve();
    renderWithProviders(<TopNav />);
    const select = await screen.findByRole('combobox', { name: 'Your site' });
    expect(select).toHaveValue('1');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Head office', 'Berlin office']);
    // Where the switch does not fit (a phone), the site is still named beside the greeting.
    expect(screen.getByTestId('site-name')).toHaveTextContent('Head office');
  });

  it('shows nothing of sites when the company has one', async () => {
    serve([HEAD_OFFICE]);
    const { queryClient } = renderWithProviders(<TopNav />);
    await waitFor(() => expect(queryClient.getQueryData(['sites'])).toHaveLength(1));
    expect(screen.getByTestId('greeting-compact')).toHaveTextContent('Mali');
    expect(screen.queryByRole('combobox', { name: 'Your site' })).toBeNull();
    expect(screen.queryByTestId('site-name')).toBeNull();
  });

  it('changes the home site: the server is told, the screens follow, the live channel reopens, a toast confirms', async () => {
    const { calls } = serve();
    const { queryClient } = renderWithProviders(<TopNav />);
    const select = await screen.findByRole('combobox', { name: 'Your site' });
    // The shop status on screen (the logo follows it) was known before; it is read again for the new site.
    expect(calls.filter((c) => c.path === '/cafe-status')).toHaveLength(0);
    await userEvent.selectOptions(select, 'Berlin office');

    expect(await screen.findByText('You now order at Berlin office')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ path: '/user/home-site', body: { siteId: 2 } });
    expect(queryClient.getQueryData(meQueryOptions().queryKey)?.homeSiteId).toBe(2);
    expect(live.reconnectSocket).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(calls.filter((c) => c.path === '/cafe-status').length).toBeGreaterThan(0));
    expect(screen.getByRole('combobox', { name: 'Your site' })).toHaveValue('2');
    expect(screen.getByTestId('site-name')).toHaveTextContent('Berlin office');
  });

  it('says why when the site cannot be chosen, and stays at the old one', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({
      'GET /sites': [HEAD_OFFICE, BERLIN_OFFICE],
      'PUT /user/home-site': apiError(409, 'SITE_ARCHIVED', 'Berlin office is archived and takes no orders.'),
    });
    renderWithProviders(<TopNav />);
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Your site' }), 'Berlin office');
    expect(await screen.findByText('Berlin office is archived and takes no orders.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Your site' })).toHaveValue('1');
    expect(live.reconnectSocket).not.toHaveBeenCalled();
  });
});

describe('the site in the navigation of a barista', () => {
  it('is not there: a barista does not order, their screens follow the counter they run', async () => {
    signIn({ role: 'barista', homeSiteId: 1, staffSiteIds: [1] });
    serve();
    const { queryClient } = renderWithProviders(<TopNav />);
    await waitFor(() => expect(queryClient.getQueryData(['sites'])).toHaveLength(2));
    expect(screen.queryByRole('combobox', { name: 'Your site' })).toBeNull();
    expect(screen.queryByTestId('site-name')).toBeNull();
  });
});

describe('the site in the navigation of an admin', () => {
  it('is offered on the ordering screens, and not on a screen that chooses its own site (one choice a screen)', async () => {
    signIn({ role: 'admin', homeSiteId: 1 });
    serve();
    renderWithProviders(<TopNav />, { route: '/statusOrder-admin' });
    expect(await screen.findByRole('combobox', { name: 'Your site' })).toHaveValue('1');
  });

  it.each(['/dashboard-admin', '/dashboard-admin-bar', '/opening-hours-admin', '/pickup-screens-admin'])(
    'is not in the bar on %s, whose own chooser says which site it shows',
    async (route) => {
      signIn({ role: 'admin', homeSiteId: 1 });
      serve();
      const { queryClient } = renderWithProviders(<TopNav />, { route });
      await waitFor(() => expect(queryClient.getQueryData(['sites'])).toHaveLength(2));
      expect(screen.queryByRole('combobox', { name: 'Your site' })).toBeNull();
      expect(screen.queryByTestId('site-name')).toBeNull();
    },
  );
});
