import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { apiError, mockApi, renderRoutes, signOut, stubScreen } from '@/test/render';
import { LoginRoute } from './login-route';
import { RegisterRoute } from './register-route';

// The confirmation toast stands in for itself: called, nothing is shown.
vi.spyOn(toast, 'success').mockImplementation(() => '');

/** What a password manager fills in: long, random, pasted in one go. */
const PASTED = 'vR7#q!2Lm9$zX@4k wT8&pN3^ กาแฟ ☕';

/** ASVS 6.2.7: paste, browser password helpers and password managers are welcome. */
describe('password fields and password managers', () => {
  beforeEach(() => {
    signOut();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    i18n.activate('en');
  });

  it('takes a pasted new password at sign-up, marked new-password for the password manager, and sends it as pasted', async () => {
    const api = mockApi((call) =>
      call.path === '/auth/register'
        ? {
            status: 201,
            body: { id: 9, name: 'Mali', email: 'mali@example.com', role: 'user', isAvailable: 'available' },
          }
        : undefined,
    );
    renderRoutes([{ path: '/create', element: <RegisterRoute /> }, stubScreen('/login')], '/create');
    const user = userEvent.setup();
    const password = screen.getByLabelText('Password', { selector: 'input' });
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    expect(password).not.toHaveAttribute('onpaste');
    expect(password).not.toHaveAttribute('maxlength');
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', expect.stringMatching(/email|username/));
    await user.type(screen.getByLabelText('Name'), 'Mali');
    await user.type(screen.getByLabelText('Email'), 'mali@example.com');
    await user.click(password);
    await user.paste(PASTED);
    expect(password).toHaveValue(PASTED);
    await user.click(screen.getByRole('button', { name: 'Create new user' }));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]).toMatchObject({ path: '/auth/register', body: { password: PASTED } });
  });

  it('takes a pasted password at sign-in, marked current-password, and sends it unchanged', async () => {
    const api = mockApi((call) => {
      if (call.path === '/auth/v2/login') return apiError(401, 'UNAUTHENTICATED', 'Email or password is incorrect');
      return undefined;
    });
    renderRoutes([{ path: '/login', element: <LoginRoute /> }], '/login');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const dialog = await screen.findByRole('dialog', { name: 'Login' });
    const email = within(dialog).getByLabelText('Email');
    const password = within(dialog).getByLabelText('Password', { selector: 'input' });
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(email).toHaveAttribute('autocomplete', expect.stringMatching(/email|username/));
    await user.type(email, 'mali@example.com');
    await user.click(password);
    await user.paste(PASTED);
    expect(password).toHaveValue(PASTED);
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/auth/v2/login')).toBe(true));
    expect(api.calls.find((c) => c.path === '/auth/v2/login')).toMatchObject({ body: { password: PASTED } });
  });

  it('says in Thai why a breached password is refused (6.2.12)', async () => {
    await loadEverything('th');
    i18n.activate('th');
    mockApi((call) =>
      call.path === '/auth/register'
        ? apiError(400, 'WEAK_PASSWORD', 'This password is on a list of passwords leaked from other websites.', {
            messageId: 'people.password.breached',
          })
        : undefined,
    );
    renderRoutes([{ path: '/create', element: <RegisterRoute /> }, stubScreen('/login')], '/create');
    const user = userEvent.setup();
    const inputs = screen.getAllByRole('textbox');
    await user.type(inputs[0]!, 'Mali');
    await user.type(inputs[1]!, 'mali@example.com');
    await user.type(document.querySelector('input[autocomplete="new-password"]')!, 'sunshine');
    await user.click(screen.getByRole('button', { name: /สร้าง/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('รหัสผ่านนี้อยู่ในรายการรหัสผ่านที่รั่วไหลจากเว็บไซต์อื่น');
  });
});
