import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, currentPath, mockApi, renderRoutes, signOut, stubScreen, type RecordedCall } from '@/test/render';
import { LoginRoute } from '@/features/auth/routes/login-route';

const ME = { id: 7, email: 'mali@example.com', name: 'Mali', role: 'barista' };
const PENDING = { secondFactor: { token: 'p'.repeat(43), methods: ['totp'], expiresAt: '2026-11-24T03:05:00.000Z' } };
const PAIR = { accessToken: 'access-after-factor', refreshToken: 'refresh-after-factor' };

function mockSecondFactorApi(factor: (call: RecordedCall) => { status?: number; body?: unknown }) {
  return mockApi((call) => {
    if (call.path === '/auth/v2/login') return { status: 202, body: PENDING };
    if (call.path === '/auth/second-factor') return factor(call);
    if (call.path === '/user/me') return { body: ME };
    if (call.path === '/cafe-status') return { body: { isCafeOpen: true, isBarOpen: false } };
    return undefined;
  });
}

async function passwordStep() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Login' }));
  const dialog = await screen.findByRole('dialog', { name: 'Login' });
  await user.type(within(dialog).getByLabelText('Email'), 'mali@example.com');
  await user.type(within(dialog).getByLabelText('Password', { selector: 'input' }), 'right-password-1');
  await user.click(within(dialog).getByRole('button', { name: 'Login' }));
  await within(dialog).findByRole('heading', { name: "Confirm it's you" });
  return { user, dialog };
}

describe('the second step of sign-in', () => {
  beforeEach(() => {
    signOut();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  const routes = () => [
    { path: '/login', element: <LoginRoute /> },
    stubScreen('/ordering'),
    stubScreen('/statusOrder'),
  ];

  it('asks the six-digit code after the right password, with no token saved until it verifies', async () => {
    const { calls } = mockSecondFactorApi(() => ({ body: PAIR }));
    renderRoutes(routes(), '/login');
    const { user, dialog } = await passwordStep();
    expect(localStorage.getItem('access_token')).toBeNull();
    const code = within(dialog).getByLabelText('6-digit code from your authenticator app');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await user.type(code, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(currentPath()).toBe('/ordering'));
    expect(localStorage.getItem('access_token')).toBe(PAIR.accessToken);
    const factor = calls.find((call) => call.path === '/auth/second-factor');
    expect(factor?.body).toEqual({ token: PENDING.secondFactor.token, code: '123456' });
  });

  it('says so when the code is wrong, and takes a recovery code instead', async () => {
    const { calls } = mockSecondFactorApi((call) =>
      (call.body as { code?: string }).code
        ? apiError(401, 'SECOND_FACTOR_FAILED', 'That did not work.')
        : { body: PAIR },
    );
    renderRoutes(routes(), '/login');
    const { user, dialog } = await passwordStep();
    await user.type(within(dialog).getByLabelText('6-digit code from your authenticator app'), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That did not work. Check the code');
    await user.click(within(dialog).getByRole('button', { name: 'Use a recovery code' }));
    await user.type(within(dialog).getByLabelText('Recovery code'), 'abcdef-ghijkl-mnopqr-stuvwx');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(currentPath()).toBe('/ordering'));
    expect(calls.filter((call) => call.path === '/auth/second-factor').at(-1)?.body).toEqual({
      token: PENDING.secondFactor.token,
      recoveryCode: 'abcdef-ghijkl-mnopqr-stuvwx',
    });
  });

  it('goes back to the password when the pending sign-in has ended', async () => {
    mockSecondFactorApi(() => apiError(401, 'UNAUTHENTICATED', 'This sign-in has ended. Please sign in again.'));
    renderRoutes(routes(), '/login');
    const { user, dialog } = await passwordStep();
    await user.type(within(dialog).getByLabelText('6-digit code from your authenticator app'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This sign-in has ended');
    await user.click(within(dialog).getByRole('button', { name: 'Sign in again' }));
    expect(within(dialog).getByLabelText('Password', { selector: 'input' })).toBeInTheDocument();
  });
});
