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
});
