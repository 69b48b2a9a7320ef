import type { SessionList } from '@cafe/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, renderWithProviders, signIn } from '@/test/render';
import { tokenStorage } from '@/lib/storage-keys';
import { SessionsSection } from './sessions-section';

const AT = '2026-11-20T03:00:00.000Z';
const session = (id: string, browser: string | null, system: string | null, current = false) => ({
  id,
  device: { browser, system, label: browser && system ? `${browser} on ${system}` : 'Unknown device' },
  signInMethod: 'password' as const,
  createdAt: AT,
  lastUsedAt: AT,
  endsAt: '2027-02-18T03:00:00.000Z',
  current,
});
const LIST: SessionList = {
  sessions: [session('phone', 'Chrome', 'Android'), session('laptop', 'Firefox', 'Windows', true)],
  confirmWith: 'password',
  recentSignInUntil: null,
};

describe('SessionsSection', () => {
  beforeEach(() => {
    signIn({ id: 7, email: 'mali@example.com', name: 'Mali', role: 'user' });
    tokenStorage.save('old-access', 'laptop-refresh');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('lists the devices in plain words, this one marked, and ends another after the password', async () => {
    let list = LIST;
    const api = mockApi({
      'GET /auth/sessions': () => list,
      'POST /auth/sessions/phone/end': () => {
        list = { ...LIST, sessions: [session('laptop', 'Firefox', 'Windows', true)] };
        return { ended: 1, accessToken: 'fresh-access' };
      },
    });
    renderWithProviders(<SessionsSection />);
    const rows = await screen.findAllByTestId('session');
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual([
      'Chrome on Android',
      'Firefox on WindowsThis device',
    ]);
    expect(within(rows[1] as HTMLElement).queryByRole('button')).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'End the session of Chrome on Android' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('button', { name: 'End session' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Your password'), 'my password');
    await user.click(within(dialog).getByRole('button', { name: 'End session' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The session is ended.');
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ password: 'my password' });
    expect(tokenStorage.getAccess()).toBe('fresh-access');
    expect(tokenStorage.getRefresh()).toBe('laptop-refresh');
    expect(await screen.findByText('No other device is signed in.')).toBeInTheDocument();
  });

  it("keeps the dialog open with the server's reason when the password is wrong", async () => {
    mockApi({
      'GET /auth/sessions': LIST,
      'POST /auth/sessions/end-others': apiError(400, 'WRONG_PASSWORD', 'The password is not right.'),
    });
    renderWithProviders(<SessionsSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'End all other sessions' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Your password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'End other sessions' }));
    expect(await within(dialog).findByText('The password is not right.')).toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and offers to try again', async () => {
    mockApi({ 'GET /auth/sessions': apiError(500, 'INTERNAL', 'Something went wrong.') });
    renderWithProviders(<SessionsSection />);
    expect(await screen.findByText('Your signed-in devices could not be loaded.')).toBeInTheDocument();
  });

  it('asks an account without a password to sign in again first', async () => {
    mockApi({
      'GET /auth/sessions': {
        ...LIST,
        sessions: LIST.sessions.map((s) => ({ ...s, signInMethod: 'sso' })),
        confirmWith: 'recent-sign-in',
        recentSignInUntil: null,
      },
    });
    renderWithProviders(<SessionsSection />);
    expect(await screen.findByRole('button', { name: 'Sign in again' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'End all other sessions' })).toBeNull();
    expect(screen.queryByRole('button', { name: /End the session of/ })).toBeNull();
  });

  it('says which sessions were signed in by single sign-on and which by LINE', async () => {
    const [phone, laptop] = LIST.sessions as [SessionList['sessions'][number], SessionList['sessions'][number]];
    mockApi({
      'GET /auth/sessions': {
        ...LIST,
        sessions: [
          { ...phone, signInMethod: 'line' },
          { ...laptop, signInMethod: 'sso' },
        ],
      },
    });
    renderWithProviders(<SessionsSection />);
    const rows = await screen.findAllByTestId('session');
    expect(rows[0]).toHaveTextContent('via LINE');
    expect(rows[0]).not.toHaveTextContent('single sign-on');
    expect(rows[1]).not.toHaveTextContent('via LINE');
  });
});
