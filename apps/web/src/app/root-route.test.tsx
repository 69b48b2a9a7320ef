import { MESSAGES } from '@cafe/shared';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, currentPath, mockApi, renderRoutes, seedColdStart, stubScreen, TEST_SETTINGS } from '@/test/render';
import { RootRoute } from './root-route';

const ME = { id: 7, email: 'mali@example.com', name: 'Mali', role: 'user' };
const CAFE_OPEN = { isCafeOpen: true, isBarOpen: false };

function renderApp(at: string) {
  return renderRoutes(
    [{ Component: RootRoute, children: ['/', '/login', '/menucafe', '/statusOrder'].map(stubScreen) }],
    at,
  );
}

describe('start-up', () => {
  beforeEach(() => {
    seedColdStart();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
  });

  it('waits for the settings, trying again after a failure, before showing anything', async () => {
    let settingsCalls = 0;
    mockApi((call) => {
      if (call.path === '/settings') {
        settingsCalls += 1;
        return settingsCalls === 1 ? apiError(503, 'INTERNAL', 'starting') : { body: TEST_SETTINGS };
      }
      if (call.path === '/cafe-status') return { body: CAFE_OPEN };
      return undefined;
    });
    renderApp('/login');
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.waitASec);
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(settingsCalls).toBe(2);
  });

  it('lands a signed-in person by role and venue state at the front door', async () => {
    localStorage.setItem('access_token', 'acc');
    mockApi({ 'GET /settings': TEST_SETTINGS, 'GET /user/me': ME, 'GET /cafe-status': CAFE_OPEN });
    renderApp('/');
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.waitASec);
    await waitFor(() => expect(currentPath()).toBe('/menucafe'));
  });

  it('refreshes an expired access token once and goes on signed in', async () => {
    localStorage.setItem('access_token', 'old');
    localStorage.setItem('refresh_token', 'ref');
    mockApi((call) => {
      if (call.path === '/settings') return { body: TEST_SETTINGS };
      if (call.path === '/cafe-status') return { body: CAFE_OPEN };
      if (call.path === '/auth/refresh-token') return { body: { accessToken: 'new', refreshToken: 'ref2' } };
      if (call.path === '/user/me') {
        return call.headers.Authorization === 'Bearer new' ? { body: ME } : apiError(401, 'UNAUTHENTICATED');
      }
      return undefined;
    });
    renderApp('/');
    await waitFor(() => expect(currentPath()).toBe('/menucafe'));
    expect(localStorage.getItem('refresh_token')).toBe('ref2');
  });

  it('sends a visitor without tokens from a private screen to /login', async () => {
    mockApi({ 'GET /settings': TEST_SETTINGS, 'GET /cafe-status': CAFE_OPEN });
    const { router } = renderApp('/statusOrder');
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/statusOrder' });
  });
});
