import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, renderWithProviders, signIn } from '@/test/render';
import { tokenStorage } from '@/lib/storage-keys';
import { ChangePasswordSection } from './change-password-section';

describe('ChangePasswordSection', () => {
  beforeEach(() => {
    signIn({ id: 7, email: 'mali@example.com', name: 'Mali', role: 'user' });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  async function fill(current: string, next: string) {
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Current password'), current);
    await user.type(screen.getByLabelText('New password'), next);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
  }

  it("announces the server's reason when the new password is refused", async () => {
    mockApi((call) =>
      call.path === '/auth/password'
        ? apiError(400, 'WEAK_PASSWORD', 'This password is too easy to guess. This is a heavily used password.')
        : undefined,
    );
    renderWithProviders(<ChangePasswordSection />);
    await fill('old-password-1', 'password');
    expect(await screen.findByRole('alert')).toHaveTextContent('This is a heavily used password.');
  });

  it('keeps this device signed in with the fresh tokens the server answers', async () => {
    mockApi((call) =>
      call.path === '/auth/password'
        ? { body: { accessToken: 'fresh-access', refreshToken: 'fresh-refresh' } }
        : undefined,
    );
    renderWithProviders(<ChangePasswordSection />);
    await fill('old-password-1', 'kettle orbit lantern 42');
    expect(await screen.findByRole('status')).toHaveTextContent('Your password is changed');
    expect(tokenStorage.getAccess()).toBe('fresh-access');
    expect(tokenStorage.getRefresh()).toBe('fresh-refresh');
  });

  it('takes both passwords pasted, marked current-password and new-password for the password manager', async () => {
    const api = mockApi((call) =>
      call.path === '/auth/password' ? { body: { accessToken: 'a', refreshToken: 'r' } } : undefined,
    );
    renderWithProviders(<ChangePasswordSection />);
    const user = userEvent.setup();
    const current = screen.getByLabelText('Current password');
    const next = screen.getByLabelText('New password');
    expect(current).toHaveAttribute('autocomplete', 'current-password');
    expect(next).toHaveAttribute('autocomplete', 'new-password');
    await user.click(current);
    await user.paste('old pasted password 1');
    await user.click(next);
    await user.paste('vR7#q!2Lm9$zX@4k wT8&pN3^');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password is changed');
    expect(api.calls.find((c) => c.path === '/auth/password')).toMatchObject({
      body: { currentPassword: 'old pasted password 1', newPassword: 'vR7#q!2Lm9$zX@4k wT8&pN3^' },
    });
  });
});
