import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, currentPath, mockApi, renderRoutes, seedSettings, signIn, signOut, stubScreen } from '@/test/render';
import { live } from '@/test/fake-live';
import { meQueryOptions } from '@/api/me';
import { LoginRoute } from './login-route';

const ME = { id: 7, email: 'mali@example.com', name: 'Mali', role: 'user' };

function routes() {
  return [
    { path: '/login', element: <LoginRoute /> },
    stubScreen('/statusOrder'),
    stubScreen('/statusOrder-admin'),
    stubScreen('/menuCafe-admin'),
    stubScreen('/ordering'),
    stubScreen('/ordered'),
    stubScreen('/team-credit'),
    stubScreen('/create'),
  ];
}

function mockLoginApi(login: () => { status?: number; body?: unknown }, me: object = ME) {
  return mockApi((call) => {
    if (call.path === '/auth/v2/login') return login();
    if (call.path === '/user/me') return { body: me };
    if (call.path === '/cafe-status') return { body: { isCafeOpen: true, isBarOpen: false } };
    return undefined;
  });
}

async function openDialog() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Login' }));
  const dialog = await screen.findByRole('dialog', { name: 'Login' });
  return { user, dialog };
}

describe('LoginRoute', () => {
  beforeEach(() => {
    signOut();
    live.reconnectSocket.mockClear();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('shows the welcome screen with help and registration links', () => {
    mockLoginApi(() => ({ status: 500 }));
    renderRoutes(routes(), '/login');
    expect(screen.getByRole('link', { name: 'contact the team' })).toHaveAttribute('href', '/team-credit');
    expect(screen.getByRole('link', { name: 'Create a new account' })).toHaveAttribute('href', '/create');
    expect(screen.getByRole('link', { name: 'How we keep your data' })).toHaveAttribute('href', '/privacy');
  });

  it('names the company domain under the e-mail field before any failure, and leaves the field empty', async () => {
    mockLoginApi(() => ({ status: 500 }));
    renderRoutes(routes(), '/login');
    const { dialog } = await openDialog();
    const email = within(dialog).getByLabelText('Email');
    expect(email).toHaveAccessibleDescription('Your company address, ending in @example.com');
    expect(email).toHaveValue('');
    expect(email).toHaveFocus();
  });

  it('offers "Forgot password?" only when the cafe can send a reset link by e-mail', () => {
    mockLoginApi(() => ({ status: 500 }));
    seedSettings({ passwordReset: true });
    renderRoutes(routes(), '/login');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByRole('link', { name: 'contact the team' })).toBeNull();
  });

  it('blocks and strips spaces in the e-mail field', async () => {
    mockLoginApi(() => ({ status: 500 }));
    renderRoutes(routes(), '/login');
    const { user, dialog } = await openDialog();
    const email = within(dialog).getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    await user.type(email, 'ma li @example.com');
    expect(email).toHaveValue('mali@example.com');
    fireEvent.change(email, { target: { value: ' pasted with  spaces@example.com ' } });
    expect(email).toHaveValue('pastedwithspaces@example.com');
  });

  it('shows and hides the password', async () => {
    mockLoginApi(() => ({ status: 500 }));
    renderRoutes(routes(), '/login');
    const { user, dialog } = await openDialog();
    const password = within(dialog).getByLabelText('Password', { selector: 'input' });
    expect(password).toHaveAttribute('type', 'password');
    await user.click(within(dialog).getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(within(dialog).getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('shows the inline error on wrong credentials', async () => {
    mockLoginApi(() => apiError(401, 'UNAUTHENTICATED', 'Email or Password incorrect.'));
    renderRoutes(routes(), '/login');
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Email'), 'mali@example.com');
    await user.type(within(dialog).getByLabelText('Password', { selector: 'input' }), 'wrong-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Email or Password incorrect.');
    expect(within(dialog).getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it("shows the server's domain alert when it knows another domain than the settings said", async () => {
    mockLoginApi(() => apiError(403, 'EMAIL_DOMAIN', 'only accept @newco.example'));
    renderRoutes(routes(), '/login');
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Email'), 'mali@example.com');
    await user.type(within(dialog).getByLabelText('Password', { selector: 'input' }), 'secret-pass-1');
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('only accept @newco.example');
    expect(within(dialog).queryByText('Email or Password incorrect.')).not.toBeInTheDocument();
  });

  it('checks the form before calling the server', async () => {
    const api = mockLoginApi(() => ({ status: 500 }));
    renderRoutes(routes(), '/login');
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(await within(dialog).findByText('email must be a valid e-mail address')).toBeInTheDocument();
    expect(within(dialog).getByText('password is required')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('signs in, stores the session and lands on My Order', async () => {
    const api = mockLoginApi(() => ({ body: { accessToken: 'acc', refreshToken: 'ref' } }));
    const { queryClient } = renderRoutes(routes(), '/login');
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Email'), 'Mali@Example.com');
    await user.type(within(dialog).getByLabelText('Password', { selector: 'input' }), 'secret-pass-1');
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(currentPath()).toBe('/statusOrder'));
    expect(api.calls[0]).toMatchObject({
      method: 'POST',
      path: '/auth/v2/login',
      body: { email: 'mali@example.com', password: 'secret-pass-1' },
    });
    expect(localStorage.getItem('access_token')).toBe('acc');
    expect(localStorage.getItem('refresh_token')).toBe('ref');
    expect(queryClient.getQueryData(meQueryOptions().queryKey)).toMatchObject({ id: 7, name: 'Mali', role: 'user' });
    expect(live.reconnectSocket).toHaveBeenCalled();
  });

  it('goes back to where the person was heading when their role may open it', async () => {
    mockLoginApi(() => ({ body: { accessToken: 'acc', refreshToken: 'ref' } }));
    renderRoutes(routes(), { pathname: '/login', state: { from: '/ordered' } });
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Email'), 'mali@example.com');
    await user.type(within(dialog).getByLabelText('Password', { selector: 'input' }), 'secret-pass-1');
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(currentPath()).toBe('/ordered'));
  });

  it('ignores a destination of another role and uses the landing table', async () => {
    mockLoginApi(() => ({ body: { accessToken: 'acc', refreshToken: 'ref' } }), { ...ME, role: 'admin' });
    renderRoutes(routes(), { pathname: '/login', state: { from: '/ordering' } });
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Email'), 'mali@example.com');
    await user.type(within(dialog).getByLabelText('Password', { selector: 'input' }), 'secret-pass-1');
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(currentPath()).toBe('/menuCafe-admin'));
  });

  it.each([
    ['user', '/statusOrder'],
    ['admin', '/statusOrder-admin'],
    ['barista', '/ordering'],
  ] as const)('redirects a signed-in %s away from /login to %s', async (role, target) => {
    mockLoginApi(() => ({ status: 500 }));
    signIn({ role });
    renderRoutes(routes(), '/login');
    await waitFor(() => expect(currentPath()).toBe(target));
  });
});
