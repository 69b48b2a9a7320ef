import { act, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { landingPath } from '@/lib/paths';
import { live } from '@/test/fake-live';
import { currentPath, mockApi, renderRoutes, seedColdStart, stubScreen, TEST_SETTINGS } from '@/test/render';
import { RootRoute } from './root-route';

const openAfresh = vi.hoisted(() => vi.fn());
vi.mock('@/lib/open-afresh', () => ({ openAfresh }));

const CAFE_OPEN = { isCafeOpen: true, isBarOpen: false };
const USER = { id: 7, email: 'mali@example.com', name: 'Mali', role: 'user' as const };

/** The live connection came back: the app's reconnect handlers run, as the connection would run them. */
function reconnect() {
  act(() => {
    live.reconnect();
  });
}

function renderApp(at: string) {
  return renderRoutes(
    [{ Component: RootRoute, children: ['/', '/login', '/menucafe', '/statusOrder'].map(stubScreen) }],
    at,
  );
}

describe('reconnecting the live channel', () => {
  beforeEach(() => {
    seedColdStart();
    openAfresh.mockReset();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
  });

  it("reads the profile again and opens the new role's screens when the role changed meanwhile", async () => {
    localStorage.setItem('access_token', 'acc');
    let me: { id: number; email: string; name: string; role: 'user' | 'barista' } = USER;
    const api = mockApi({ 'GET /settings': TEST_SETTINGS, 'GET /cafe-status': CAFE_OPEN, 'GET /user/me': () => me });
    renderApp('/');
    await waitFor(() => expect(currentPath()).toBe('/menucafe'));
    const profileReads = () => api.calls.filter((c) => c.path === '/user/me').length;
    expect(profileReads()).toBe(1);

    // Promoted while the connection was down: its session-changed event never arrived.
    me = { ...USER, role: 'barista' };
    reconnect();
    await waitFor(() => expect(openAfresh).toHaveBeenCalledWith(landingPath('barista', CAFE_OPEN, 'login')));
    expect(profileReads()).toBe(2);
  });

  it('keeps the screens of an unchanged role and takes the fresh profile', async () => {
    localStorage.setItem('access_token', 'acc');
    let me = USER;
    const api = mockApi({ 'GET /settings': TEST_SETTINGS, 'GET /cafe-status': CAFE_OPEN, 'GET /user/me': () => me });
    const { queryClient } = renderApp('/');
    await waitFor(() => expect(currentPath()).toBe('/menucafe'));
    me = { ...USER, name: 'Mali K.' };
    reconnect();
    await waitFor(() => expect(queryClient.getQueryData(['me'])).toMatchObject({ name: 'Mali K.', role: 'user' }));
    expect(api.calls.filter((c) => c.path === '/user/me')).toHaveLength(2);
    expect(openAfresh).not.toHaveBeenCalled();
    expect(currentPath()).toBe('/menucafe');
  });

  it('asks nothing for a visitor', async () => {
    const api = mockApi({ 'GET /settings': TEST_SETTINGS, 'GET /cafe-status': CAFE_OPEN });
    renderApp('/login');
    await waitFor(() => expect(currentPath()).toBe('/login'));
    reconnect();
    await new Promise((r) => setTimeout(r, 50));
    expect(api.calls.filter((c) => c.path === '/user/me')).toHaveLength(0);
  });
});
