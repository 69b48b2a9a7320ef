import { act, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { cafeStatusQueryOptions } from '@/api/cafe-status';
import { currentPath, mockApi, renderRoutes, signIn, stubScreen } from '@/test/render';
import { setLiveConnected } from '@/test/network';
import { AppShell } from './app-shell';

// The live connection is up (test/network.ts); no event arrives unless a test sends one (test/fake-live.ts).
beforeEach(() => {
  setLiveConnected(true);
});

const SCREENS = ['/menucafe', '/statusOrder', '/close-all', '/menuCafe-admin', '/close-all-admin'];

function renderShell(at: string) {
  return renderRoutes([{ element: <AppShell />, children: SCREENS.map(stubScreen) }], at);
}

describe('venue redirects', () => {
  beforeEach(() => {
    mockApi(() => undefined);
  });

  it('moves a person off the closed page when a venue opens', async () => {
    signIn({ role: 'user', isCafeOpen: false, isBarOpen: false });
    const { queryClient } = renderShell('/close-all');
    expect(currentPath()).toBe('/close-all');
    act(() => {
      queryClient.setQueryData(cafeStatusQueryOptions().queryKey, { isCafeOpen: true, isBarOpen: false });
    });
    await waitFor(() => expect(currentPath()).toBe('/menucafe'));
  });

  it('sends a person on a menu to the closed page when everything closes', async () => {
    signIn({ role: 'admin', isCafeOpen: true, isBarOpen: false });
    const { queryClient } = renderShell('/menuCafe-admin');
    act(() => {
      queryClient.setQueryData(cafeStatusQueryOptions().queryKey, { isCafeOpen: false, isBarOpen: false });
    });
    await waitFor(() => expect(currentPath()).toBe('/close-all-admin'));
  });

  it('leaves My Order alone', () => {
    signIn({ role: 'user', isCafeOpen: false, isBarOpen: false });
    renderShell('/statusOrder');
    expect(currentPath()).toBe('/statusOrder');
  });
});
