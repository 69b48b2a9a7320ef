import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, currentPath, mockApi, renderRoutes, seedSettings, signOut, stubScreen } from '@/test/render';
import { LoginRoute } from './login-route';
import { RegisterRoute } from './register-route';

// The confirmation toast stands in for itself: the test sees it called, nothing is shown.
const toastSuccess = vi.spyOn(toast, 'success').mockImplementation(() => '');

function renderRegister() {
  return renderRoutes([{ path: '/create', element: <RegisterRoute /> }, stubScreen('/login')], '/create');
}

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  values: { name?: string; email?: string; password?: string },
) {
  if (values.name) await user.type(screen.getByLabelText('Name'), values.name);
  if (values.email) await user.type(screen.getByLabelText('Email'), values.email);
  if (values.password) await user.type(screen.getByLabelText('Password', { selector: 'input' }), values.password);
}

describe('RegisterRoute', () => {
  beforeEach(() => {
    signOut();
    toastSuccess.mockClear();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('names the company domain under the e-mail field before anything is typed', () => {
    renderRegister();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAccessibleDescription('Your company address, ending in @example.com');
  });

  it('has the title, the three fields and both buttons', () => {
    mockApi(() => undefined);
    renderRegister();
    expect(screen.getByRole('heading', { name: 'Create New Account' })).toBeInTheDocument();
    // No silent cut: a longer name is refused with a message instead (below).
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('maxLength');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });

  it('requires every field and checks them before calling the server', async () => {
    const api = mockApi(() => undefined);
    renderRegister();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create new user' }));
    expect(await screen.findByText('Name cannot be empty')).toBeInTheDocument();
    expect(screen.getByText('email must be a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByText('password must be at least 8 characters')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('refuses a name of zero-width characters or with a text-direction override before calling the server', async () => {
    const api = mockApi(() => undefined);
    renderRegister();
    const user = userEvent.setup();
    await fill(user, { name: '\u200b\u200b', email: 'mali@example.com', password: 'password-123' });
    await user.click(screen.getByRole('button', { name: 'Create new user' }));
    expect(await screen.findByText('Name cannot be empty')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Eve\u202eKCAB');
    await user.click(screen.getByRole('button', { name: 'Create new user' }));
    expect(await screen.findByText('Name must not contain text-direction control characters')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('refuses a blank name and a short password', async () => {
    mockApi(() => undefined);
    renderRegister();
    const user = userEvent.setup();
    await fill(user, { name: '   ', email: 'mali@example.com', password: 'short' });
    await user.click(screen.getByRole('button', { name: 'Create new user' }));
    expect(await screen.findByText('Name cannot be empty')).toBeInTheDocument();
    expect(screen.getByText('password must be at least 8 characters')).toBeInTheDocument();
  });

  it('shows "create failed" with the server\'s reason', async () => {
    mockApi(() => apiError(409, 'EMAIL_TAKEN', 'An account with this e-mail already exists.'));
    renderRegister();
    const user = userEvent.setup();
    await fill(user, { name: 'Mali', email: 'mali@example.com', password: 'secret-pass-1' });
    await user.click(screen.getByRole('button', { name: 'Create new user' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('create failed');
    expect(alert).toHaveTextContent('An account with this e-mail already exists.');
  });

  it("shows the server's domain alert when it knows another domain than the settings said", async () => {
    mockApi(() => apiError(403, 'EMAIL_DOMAIN', 'only accept @newco.example'));
    renderRegister();
    const user = userEvent.setup();
    await fill(user, { name: 'Mali', email: 'mali@example.com', password: 'secret-pass-1' });
    await user.click(screen.getByRole('button', { name: 'Create new user' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('only accept @newco.example');
    expect(alert).not.toHaveTextContent('create failed');
  });

  it('drops the wrong-domain alert as soon as the e-mail is corrected, without sending again', async () => {
    const api = mockApi(() => undefined);
    renderRegister();
    const user = userEvent.setup();
    await fill(user, { name: 'Mali', email: 'mali@gmail.com', password: 'secret-pass-1' });
    await user.click(screen.getByRole('button', { name: 'Create new user' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('@example.com');
    expect(api.calls).toHaveLength(0);
    const emailField = screen.getByLabelText('Email');
    await user.clear(emailField);
    await user.type(emailField, 'mali@example.com');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    // And it comes back when the e-mail goes wrong again, while typing.
    await user.type(emailField, '.org');
    expect(await screen.findByRole('alert')).toHaveTextContent('@example.com');
  });

  it('shows the wrong-domain alert when the e-mail field is left, before sending', async () => {
    mockApi(() => undefined);
    renderRegister();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'mali@gmail.com');
    await user.tab();
    expect(await screen.findByRole('alert')).toHaveTextContent('@example.com');
  });

  it('refuses a name past the limit as it is typed, with the shared message, and keeps what was typed', async () => {
    const api = mockApi(() => undefined);
    renderRegister();
    const user = userEvent.setup();
    const name = screen.getByLabelText('Name');
    await user.type(name, 'Maximiliana Ferdinanda');
    expect(name).toHaveValue('Maximiliana Ferdinanda');
    expect(await screen.findByText('Name must be at most 20 characters')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await fill(user, { email: 'max@example.com', password: 'secret-pass-1' });
    await user.click(screen.getByRole('button', { name: 'Create new user' }));
    expect(api.calls).toHaveLength(0);
    await user.clear(name);
    await user.type(name, 'Maximiliana');
    await waitFor(() => expect(screen.queryByText('Name must be at most 20 characters')).not.toBeInTheDocument());
    expect(screen.getByText(/11\/20/)).toBeInTheDocument();
  });

  it('creates the account, says so and goes to /login', async () => {
    const api = mockApi((call) =>
      call.path === '/auth/register'
        ? {
            status: 201,
            body: { id: 9, name: 'Mali', email: 'mali@example.com', role: 'user', isAvailable: 'available' },
          }
        : undefined,
    );
    renderRegister();
    const user = userEvent.setup();
    await fill(user, { name: 'Mali', email: 'mali@example.com', password: 'secret-pass-1' });
    await user.click(screen.getByRole('button', { name: 'Create new user' }));
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(toastSuccess).toHaveBeenCalledWith('create succeed, you can logging in now');
    expect(api.calls[0]).toMatchObject({
      method: 'POST',
      path: '/auth/register',
      body: { name: 'Mali', email: 'mali@example.com', password: 'secret-pass-1' },
    });
  });

  describe('where the deployment confirms e-mail addresses', () => {
    const created = { id: 9, name: 'Mali', email: 'mali@example.com', role: 'user', isAvailable: 'available' };

    function renderWithLogin() {
      return renderRoutes(
        [
          { path: '/create', element: <RegisterRoute /> },
          { path: '/login', element: <LoginRoute /> },
        ],
        '/create',
      );
    }

    it('says where the link went on the sign-in screen instead of "create succeed"', async () => {
      seedSettings({ emailConfirmation: true });
      const api = mockApi((call) => (call.path === '/auth/register' ? { status: 201, body: created } : undefined));
      renderWithLogin();
      const user = userEvent.setup();
      await fill(user, { name: 'Mali', email: 'mali@example.com', password: 'secret-pass-1' });
      await user.click(screen.getByRole('button', { name: 'Create new user' }));
      const notice = await screen.findByRole('status');
      expect(notice).toHaveTextContent(
        'Check your e-mail: we sent a link to mali@example.com. Open it within 24 hours to start ordering.',
      );
      // Read first: the focus is on it (also once the register screen's dialog has let it go).
      await waitFor(() => expect(notice).toHaveFocus());
      expect(screen.getByRole('heading', { name: 'Welcome to the Office Cafe' })).toBeInTheDocument();
      expect(toastSuccess).not.toHaveBeenCalled();
      // The mail is written in the language the app is shown in.
      expect(api.calls[0]?.headers).toMatchObject({ 'Accept-Language': 'en' });
    });

    it('keeps the specification\'s "create succeed" when the setting is off', async () => {
      seedSettings({ emailConfirmation: false });
      mockApi((call) => (call.path === '/auth/register' ? { status: 201, body: created } : undefined));
      renderWithLogin();
      const user = userEvent.setup();
      await fill(user, { name: 'Mali', email: 'mali@example.com', password: 'secret-pass-1' });
      await user.click(screen.getByRole('button', { name: 'Create new user' }));
      await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('create succeed, you can logging in now'));
      expect(await screen.findByRole('heading', { name: 'Welcome to the Office Cafe' })).toBeInTheDocument();
      expect(screen.queryByText(/Check your e-mail/)).not.toBeInTheDocument();

      // Signing in: the new address is filled in, the password is what is left to type.
      await user.click(screen.getByRole('button', { name: 'Login' }));
      const dialog = await screen.findByRole('dialog', { name: 'Login' });
      expect(within(dialog).getByLabelText('Email')).toHaveValue('mali@example.com');
      await waitFor(() => expect(within(dialog).getByLabelText('Password', { selector: 'input' })).toHaveFocus());
    });
  });
});
