import { act, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { landingPath } from '@/lib/paths';
import { live } from '@/test/fake-live';
import { currentPath, mockApi, renderRoutes, seedColdStart, stubScreen, TEST_SETTINGS } from '@/test/render';
import { RootRoute } from './root-route';

const HOME_OPEN = { isCafeOpen: true, isBarOpen: false };
const OTHER_CLOSED = { isCafeOpen: false, isBarOpen: false };

/** The site's `cafe-status` event, delivered to the app as the live connection would. */
function statusEvent(payload: unknown) {
  act(() => {
    live.emit('cafe-status', payload);
  });
}

function renderApp() {
  const landings = [landingPath('user', HOME_OPEN, 'startup'), landingPath('barista', HOME_OPEN, 'startup')];
  return renderRoutes([{ Component: RootRoute, children: ['/', ...landings].map(stubScreen) }], '/');
}

/*
 * The navigation shows the shop status of the person's own site. A barista's live connection
 * follows the site they work at on this device, which may be another one: its `cafe-status` is
 * not their own site's.
 */
describe("the navigation's shop status", () => {
  beforeEach(() => {
    seedColdStart();
    localStorage.setItem('access_token', 'acc');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it("takes a customer's event as their site's status", async () => {
    const api = mockApi({
      'GET /settings': TEST_SETTINGS,
      'GET /cafe-status': HOME_OPEN,
      'GET /user/me': { id: 7, email: 'mali@example.com', name: 'Mali', role: 'user', homeSiteId: 1 },
    });
    const { queryClient } = renderApp();
    await waitFor(() => expect(currentPath()).not.toBe('/'));
    statusEvent(OTHER_CLOSED);
    expect(queryClient.getQueryData(['cafe-status'])).toEqual(OTHER_CLOSED);
    expect(api.calls.filter((c) => c.path === '/cafe-status')).toHaveLength(1);
  });

  it("reads a barista's own site again instead of taking another site's event as it", async () => {
    const api = mockApi({
      'GET /settings': TEST_SETTINGS,
      'GET /cafe-status': HOME_OPEN,
      'GET /user/me': {
        id: 8,
        email: 'bea@example.com',
        name: 'Bea',
        role: 'barista',
        homeSiteId: 1,
        staffSiteIds: [1, 2],
      },
    });
    const { queryClient } = renderApp();
    await waitFor(() => expect(currentPath()).not.toBe('/'));
    statusEvent(OTHER_CLOSED);
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/cafe-status')).toHaveLength(2));
    await waitFor(() => expect(queryClient.getQueryData(['cafe-status'])).toEqual(HOME_OPEN));
  });
});
