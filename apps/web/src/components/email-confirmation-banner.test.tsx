import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, Reply, renderWithProviders, seedSettings, signIn, signOut } from '@/test/render';
import { EmailConfirmationBanner } from './email-confirmation-banner';

const UNCONFIRMED = { required: true, confirmed: false, email: 'mali@example.com' };
const BANNER = 'Confirm your e-mail address to order: we sent a link to mali@example.com.';

describe('EmailConfirmationBanner', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('tells a person who has not opened the link yet, and sends it again with a toast', async () => {
    seedSettings({ emailConfirmation: true });
    signIn();
    const { calls } = mockApi({
      'GET /auth/email-confirmation': UNCONFIRMED,
      'POST /auth/email-confirmation/resend': new Reply(204),
    });
    renderWithProviders(<EmailConfirmationBanner />);
    const banner = await screen.findByRole('region', { name: BANNER });
    expect(banner).toBeVisible();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(
      await screen.findByText('A new link is on its way to mali@example.com. Earlier links no longer work.'),
    ).toBeInTheDocument();
    const resent = calls.filter((c) => c.method === 'POST' && c.path === '/auth/email-confirmation/resend');
    expect(resent).toHaveLength(1);
    expect(resent[0]?.headers).toMatchObject({ 'Accept-Language': 'en' });
  });

  it('says so when a new link was asked for too often', async () => {
    seedSettings({ emailConfirmation: true });
    signIn();
    mockApi({
      'GET /auth/email-confirmation': UNCONFIRMED,
      'POST /auth/email-confirmation/resend': apiError(429, 'RATE_LIMITED', 'Too many requests'),
    });
    renderWithProviders(<EmailConfirmationBanner />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Send the link again' }));
    const region = screen.getByRole('region', { name: BANNER });
    await waitFor(() =>
      expect(region.querySelector('[role="status"]')).toHaveTextContent(
        'You asked for a new link too often. Wait a while, then try again.',
      ),
    );
    // Still there to try later.
    expect(screen.getByRole('button', { name: 'Send the link again' })).toBeEnabled();
  });

  it('shows nothing once the address is confirmed', async () => {
    seedSettings({ emailConfirmation: true });
    signIn();
    const { calls } = mockApi({ 'GET /auth/email-confirmation': { ...UNCONFIRMED, confirmed: true } });
    renderWithProviders(<EmailConfirmationBanner />);
    await waitFor(() => expect(calls.some((c) => c.path === '/auth/email-confirmation')).toBe(true));
    expect(screen.queryByText(/Confirm your e-mail address/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send the link again' })).not.toBeInTheDocument();
  });

  it('asks nothing where the deployment does not confirm addresses, nor for a visitor', async () => {
    signIn();
    const { calls } = mockApi({ 'GET /auth/email-confirmation': UNCONFIRMED });
    const first = renderWithProviders(<EmailConfirmationBanner />);
    first.unmount();
    seedSettings({ emailConfirmation: false });
    signIn();
    renderWithProviders(<EmailConfirmationBanner />).unmount();
    seedSettings({ emailConfirmation: true });
    signOut();
    renderWithProviders(<EmailConfirmationBanner />);
    // Give a request the time it would take.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
    expect(screen.queryByText(/Confirm your e-mail address/)).not.toBeInTheDocument();
  });
});
