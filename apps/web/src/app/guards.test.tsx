import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentPath, renderRoutes, signIn, signOut, stubScreen } from '@/test/render';
import { RequireRole, RequireSignedIn } from './guards';

/** The profile behind RequireSignedIn, an admin screen behind RequireRole, and where a refusal leads. */
function renderGuarded(at: string) {
  return renderRoutes(
    [
      { element: <RequireSignedIn />, children: [{ path: '/profile', element: <p>Profile screen</p> }] },
      { element: <RequireRole role="admin" />, children: [{ path: '/notifications-admin', element: <p>Health</p> }] },
      stubScreen('/login'),
      stubScreen('/unauthorized'),
    ],
    at,
  );
}

describe('route guards', () => {
  it.each(['user', 'admin', 'barista'] as const)('let a signed-in %s open the profile', (role) => {
    signIn({ role });
    renderGuarded('/profile');
    expect(screen.getByText('Profile screen')).toBeInTheDocument();
  });

  it('send a visitor to sign in, remembering the profile', () => {
    signOut();
    const { router } = renderGuarded('/profile');
    expect(currentPath()).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/profile' });
  });

  it('keep the outbox health for admins', () => {
    signIn({ role: 'barista' });
    renderGuarded('/notifications-admin');
    expect(currentPath()).toBe('/unauthorized');
  });
});
