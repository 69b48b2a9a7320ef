import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { apiError, mockApi, renderWithProviders, signIn } from '@/test/render';
import { SignInSecuritySection } from './sign-in-security-section';

const NONE = { factors: [], recoveryCodesLeft: 0, required: false, hasPassword: true };
const APP = { id: 3, kind: 'totp', name: 'Authenticator app', createdAt: '2026-11-20T03:00:00.000Z', lastUsedAt: null };
const CODES = Array.from({ length: 10 }, (_, i) => `code${i}a-bcdefg-hijklm-nopqrs`);

describe('SignInSecuritySection', () => {
  beforeEach(() => {
    signIn({ id: 7, email: 'bea@example.com', name: 'Bea', role: 'barista' });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('sets up an authenticator app: QR code and key as text, the first code, then the recovery codes once', async () => {
    let added = false;
    const { calls } = mockApi((call) => {
      if (call.path === '/auth/second-factors')
        return { body: added ? { ...NONE, factors: [APP], recoveryCodesLeft: 10 } : NONE };
      if (call.path === '/auth/second-factors/totp/setup') {
        return {
          body: {
            token: 't'.repeat(43),
            secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
            uri: 'otpauth://totp/Office%20Cafe:bea?secret=JBSWY3DPEHPK3PXPJBSWY3DP',
          },
        };
      }
      if (call.path === '/auth/second-factors/totp') {
        added = true;
        return { status: 201, body: { factor: APP, recoveryCodes: CODES } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<SignInSecuritySection />);
    expect(await screen.findByText('No second step yet: your password alone signs you in.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeInTheDocument();
    const code = screen.getByLabelText('6-digit code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm and add' }));
    const codes = await screen.findByRole('region', { name: 'Your recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    expect(calls.find((call) => call.path === '/auth/second-factors/totp')?.body).toEqual({
      token: 't'.repeat(43),
      code: '123456',
    });
    await user.click(within(codes).getByRole('button', { name: 'I have saved them' }));
    expect(screen.queryByRole('region', { name: 'Your recovery codes' })).toBeNull();
    expect(await screen.findByText('10 recovery codes left.')).toBeInTheDocument();
  });

  it('asks the password again to remove a factor, and says when it is wrong', async () => {
    const { calls } = mockApi((call) => {
      if (call.path === '/auth/second-factors') return { body: { ...NONE, factors: [APP], recoveryCodesLeft: 8 } };
      if (call.method === 'DELETE') return apiError(400, 'WRONG_PASSWORD', 'The password is not right.');
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<SignInSecuritySection />);
    await user.click(await screen.findByRole('button', { name: 'Remove Authenticator app' }));
    await user.type(screen.getByLabelText('Your password, to confirm'), 'not-it');
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The password is not right.');
    expect(calls.find((call) => call.method === 'DELETE')).toMatchObject({
      path: '/auth/second-factors/3',
      body: { password: 'not-it' },
    });
  });

  it('tells a barista the cafe asks a second step of them, when they have none', async () => {
    mockApi({ 'GET /auth/second-factors': { ...NONE, required: true } });
    renderWithProviders(<SignInSecuritySection />);
    expect(await screen.findByText(/The cafe asks baristas and admins to add a second step/)).toBeInTheDocument();
  });

  it('has nothing to set up for a company sign-in account', async () => {
    mockApi({ 'GET /auth/second-factors': { ...NONE, hasPassword: false } });
    renderWithProviders(<SignInSecuritySection />);
    expect(await screen.findByText(/You sign in with your company account/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set up an authenticator app' })).toBeNull();
  });
  it('names a passkey nobody named "Passkey" once, and a named one "Passkey: <name>"', async () => {
    const at = '2026-11-20T03:00:00.000Z';
    const factors = [
      { id: 1, kind: 'passkey', name: 'Passkey', createdAt: at, lastUsedAt: null },
      { id: 2, kind: 'passkey', name: 'Passkey 2', createdAt: at, lastUsedAt: null },
      { id: 3, kind: 'passkey', name: 'Work laptop', createdAt: at, lastUsedAt: null },
      APP,
    ];
    mockApi({ 'GET /auth/second-factors': { ...NONE, factors, recoveryCodesLeft: 10 } });
    renderWithProviders(<SignInSecuritySection />);
    const list = await screen.findByRole('list', { name: 'Your sign-in methods' });
    const names = within(list)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('p')?.textContent);
    expect(names).toEqual(['Passkey', 'Passkey 2', 'Passkey: Work laptop', 'Authenticator app']);
    expect(within(list).getByRole('button', { name: 'Remove Passkey' })).toBeInTheDocument();
    expect(list).not.toHaveTextContent('Passkey: Passkey');
  });

  it('names the factors in Thai for a Thai person, the name the server gave included', async () => {
    await loadEverything('th');
    i18n.activate('th');
    const at = '2026-11-20T03:00:00.000Z';
    const factors = [
      { id: 1, kind: 'passkey', name: 'Passkey', createdAt: at, lastUsedAt: null },
      { id: 2, kind: 'totp', name: 'Authenticator app 2', createdAt: at, lastUsedAt: null },
    ];
    mockApi({ 'GET /auth/second-factors': { ...NONE, factors, recoveryCodesLeft: 10 } });
    renderWithProviders(<SignInSecuritySection />);
    expect(await screen.findByText('พาสคีย์')).toBeInTheDocument();
    expect(screen.getByText('แอปยืนยันตัวตน 2')).toBeInTheDocument();
    expect(screen.queryByText(/Passkey|Authenticator app/)).toBeNull();
  });
});
