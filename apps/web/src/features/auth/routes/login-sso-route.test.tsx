import { MESSAGES } from '@cafe/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, currentPath, mockApi, renderRoutes, seedSettings, signOut, stubScreen } from '@/test/render';
import { tokenStorage } from '@/lib/storage-keys';
import { LoginRoute } from './login-route';
import { LoginSsoRoute } from './login-sso-route';

function routes() {
  return [
    { path: '/login', element: <LoginRoute /> },
    { path: '/login/sso', element: <LoginSsoRoute /> },
    stubScreen('/statusOrder'),
    stubScreen('/ordering'),
    stubScreen('/team-credit'),
    stubScreen('/create'),
  ];
}

describe('single sign-on on the login screen', () => {
  beforeEach(() => {
    signOut();
    tokenStorage.clear();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('shows no provider button when single sign-on is not configured', () => {
    mockApi({});
    renderRoutes(routes(), '/login');
    expect(screen.queryByRole('button', { name: /Sign in with/ })).not.toBeInTheDocument();
  });

  it('offers "Sign in with <name>" and goes to the provider', async () => {
    seedSettings({ singleSignOn: { name: 'Acme account' } });
    const { calls } = mockApi({ 'POST /auth/sso/start': { authorizationUrl: 'https://id.example.com/auth?x=1' } });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    try {
      renderRoutes(routes(), '/login');
      await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign in with Acme account' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('https://id.example.com/auth?x=1'));
      expect(calls.some((c) => c.method === 'POST' && c.path === '/auth/sso/start')).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('says so on the login screen when the provider cannot be reached', async () => {
    seedSettings({ singleSignOn: { name: 'Acme account' } });
    mockApi({ 'POST /auth/sso/start': apiError(503, 'SSO_UNAVAILABLE', 'Sign-in with Acme account is not available') });
    renderRoutes(routes(), '/login');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign in with Acme account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in with Acme account is not available');
  });

  it('hands the provider answer to the server once and lands where the role lands', async () => {
    const { calls } = mockApi({
      'POST /auth/sso/callback': { accessToken: 'access', refreshToken: 'refresh' },
      'GET /user/me': { id: 3, email: 'barista@example.com', name: 'Bea', role: 'barista' },
      'GET /cafe-status': { isCafeOpen: true, isBarOpen: false },
    });
    renderRoutes(routes(), '/login/sso?code=abc&state=xyz');
    await waitFor(() => expect(currentPath()).toBe('/ordering'));
    expect(tokenStorage.getAccess()).toBe('access');
    const posted = calls.filter((c) => c.path === '/auth/sso/callback');
    expect(posted).toHaveLength(1);
    expect(posted[0]?.body).toEqual({ query: '?code=abc&state=xyz' });
  });

  it("shows the server's refusal (the company domain alert) back on the login screen", async () => {
    mockApi({ 'POST /auth/sso/callback': apiError(403, 'EMAIL_DOMAIN', MESSAGES.emailDomain('example.com')) });
    renderRoutes(routes(), '/login/sso?code=abc&state=xyz');
    expect(await screen.findByRole('alert')).toHaveTextContent('only accept @example.com');
    expect(screen.getByRole('heading', { name: 'Welcome to the Office Cafe' })).toBeInTheDocument();
    expect(tokenStorage.getAccess()).toBeNull();
  });
});
