import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meQueryOptions } from '@/api/me';
import { mockApi, renderWithProviders, signIn } from '@/test/render';
import { BERLIN_OFFICE, HEAD_OFFICE } from '@/test/sites';
import { HOME_SITE_HINT_STORAGE_KEY, HomeSiteNotice } from './home-site-suggestion';

/** A device in Berlin whose Permissions API answers `permission` for location sharing. */
function stubDevice(permission: PermissionState) {
  const geolocation = {
    getCurrentPosition: vi.fn((ok: PositionCallback) =>
      ok({ coords: { latitude: 52.52, longitude: 13.405 } } as GeolocationPosition),
    ),
  };
  const listeners = new Set<() => void>();
  const status = {
    state: permission,
    addEventListener: (_: 'change', listener: () => void) => listeners.add(listener),
    removeEventListener: (_: 'change', listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('navigator', { ...navigator, geolocation, permissions: { query: () => Promise.resolve(status) } });
  const allow = () => {
    status.state = 'granted';
    for (const listener of listeners) listener();
  };
  return { geolocation, allow };
}

function serve(sites = [HEAD_OFFICE, BERLIN_OFFICE]) {
  return mockApi({
    'GET /sites': sites,
    'GET /sites/nearest': (call: { search: URLSearchParams }) =>
      call.search.get('latitude') === '52.52' ? BERLIN_OFFICE : null,
    'PUT /user/home-site': (call: { body: unknown }) =>
      sites.find((s) => s.id === (call.body as { siteId: number }).siteId),
  });
}

const QUESTION = 'Order at Berlin office?';

describe('HomeSiteSuggestion', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn({ role: 'user', homeSiteId: null });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('suggests the site nearest the position; Yes makes it the home site and the suggestion goes', async () => {
    stubDevice('granted');
    const { calls } = serve();
    const { queryClient } = renderWithProviders(<HomeSiteNotice suggest />);
    expect(await screen.findByRole('heading', { name: QUESTION })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('You now order at Berlin office')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ siteId: 2 });
    expect(queryClient.getQueryData(meQueryOptions().queryKey)?.homeSiteId).toBe(2);
    expect(screen.queryByRole('heading', { name: QUESTION })).toBeNull();
  });

  it('Choose another offers every site, the list focused, and a pick makes it the home site', async () => {
    stubDevice('granted');
    const { calls } = serve();
    renderWithProviders(<HomeSiteNotice suggest />);
    await userEvent.click(await screen.findByRole('button', { name: 'Choose another' }));
    const select = screen.getByRole('combobox', { name: 'Your site' });
    expect(select).toHaveFocus();
    await userEvent.selectOptions(select, 'Head office');
    expect(await screen.findByText('You now order at Head office')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ siteId: 1 });
  });

  it('can be closed, and is not made again on this device', async () => {
    stubDevice('granted');
    const { calls } = serve();
    const { unmount } = renderWithProviders(<HomeSiteNotice suggest />);
    await userEvent.click(await screen.findByRole('button', { name: 'Close the site suggestion' }));
    expect(screen.queryByRole('heading', { name: QUESTION })).toBeNull();
    expect(localStorage.getItem(HOME_SITE_HINT_STORAGE_KEY)).toBe('1');
    unmount();
    const nearestCalls = calls.filter((c) => c.path === '/sites/nearest').length;
    renderWithProviders(<HomeSiteNotice suggest />);
    await waitFor(() => expect(calls.filter((c) => c.path === '/sites').length).toBeGreaterThan(1));
    expect(calls.filter((c) => c.path === '/sites/nearest')).toHaveLength(nearestCalls);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('never asks for the position itself: it waits until location sharing is allowed', async () => {
    const { geolocation, allow } = stubDevice('prompt');
    serve();
    const { queryClient } = renderWithProviders(<HomeSiteNotice suggest />);
    await waitFor(() => expect(queryClient.getQueryData(['sites'])).toHaveLength(2));
    expect(geolocation.getCurrentPosition).not.toHaveBeenCalled();
    expect(screen.queryByRole('heading', { name: QUESTION })).toBeNull();
    allow();
    expect(await screen.findByRole('heading', { name: QUESTION })).toBeInTheDocument();
  });

  it('is not made in a company with one site', async () => {
    stubDevice('granted');
    const { calls } = serve([HEAD_OFFICE]);
    const { queryClient } = renderWithProviders(<HomeSiteNotice suggest />);
    await waitFor(() => expect(queryClient.getQueryData(['sites'])).toHaveLength(1));
    expect(calls.some((c) => c.path === '/sites/nearest')).toBe(false);
    expect(screen.queryByRole('heading', { name: /Order at/ })).toBeNull();
  });

  it('is not made to someone who has chosen a home site', async () => {
    signIn({ role: 'user', homeSiteId: 1 });
    stubDevice('granted');
    const { calls } = serve();
    const { queryClient } = renderWithProviders(<HomeSiteNotice suggest />);
    await waitFor(() => expect(queryClient.getQueryData(['sites'])).toHaveLength(2));
    expect(calls.some((c) => c.path === '/sites/nearest')).toBe(false);
    expect(screen.queryByRole('heading', { name: /Order at/ })).toBeNull();
  });
});
