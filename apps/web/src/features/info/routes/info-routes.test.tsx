import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, renderWithProviders, seedSettings, signIn, signOut } from '@/test/render';
import { revealDelayMs } from '@/features/info/lib/team';
import { CloseAllRoute } from './close-all-route';
import { TeamCreditRoute } from './team-credit-route';
import { UnauthorizedRoute } from './unauthorized-route';

const inRouter = renderWithProviders;

describe('CloseAllRoute', () => {
  it('says both venues are closed and gives the hours of the schedule', async () => {
    mockApi({
      'GET /schedule': {
        weekly: [
          ...[1, 2, 3, 4].map((weekday) => ({ venue: 'cafe', weekday, opens: '09:00', closes: '16:00' })),
          { venue: 'cafe', weekday: 5, opens: '09:00', closes: '12:00' },
          { venue: 'bar', weekday: 5, opens: '15:00', closes: '18:00' },
        ],
        closedDays: [],
        nextOpening: null,
        closingWarningMinutes: 10,
        automatic: true,
      },
    });
    inRouter(<CloseAllRoute />);
    expect(
      screen.getByRole('heading', { name: 'Sorry, both the cafe and bar are currently closed' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Cafe: Monday - Thursday 9:00 - 16:00, Friday 9:00 - 12:00')).toBeInTheDocument();
    expect(screen.getByText('Bar: Friday 15:00 - 18:00')).toBeInTheDocument();
  });

  it('gives the hours the server knows when the schedule cannot be read', async () => {
    mockApi({ 'GET /schedule': apiError(503, 'DATABASE_UNAVAILABLE', 'The database is not reachable') });
    seedSettings({
      hours: {
        cafe: { open: 8, close: 17, label: 'Cafe: every working day 8:00 - 17:00' },
        bar: { weekday: 5, open: 16, close: 20, label: 'Bar: Friday 16:00 - 20:00' },
        fridayCafeCutoffHour: 12,
      },
    });
    inRouter(<CloseAllRoute />);
    expect(await screen.findByText('Cafe: every working day 8:00 - 17:00')).toBeInTheDocument();
    expect(screen.getByText('Bar: Friday 16:00 - 20:00')).toBeInTheDocument();
  });
});

describe('TeamCreditRoute', () => {
  it('lists the team with positions, quotes and a thank-you', () => {
    signIn({ role: 'user' });
    inRouter(<TeamCreditRoute />);
    expect(screen.getAllByRole('listitem').length).toBeGreaterThanOrEqual(4);
    expect(screen.getByText('Head Barista')).toBeInTheDocument();
    expect(screen.getByText(/Thank you/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to my order' })).toHaveAttribute('href', '/statusOrder');
  });

  it('links admins to their order page and visitors to Login', () => {
    signIn({ role: 'admin' });
    const { unmount } = inRouter(<TeamCreditRoute />);
    expect(screen.getByRole('link', { name: 'Back to my order' })).toHaveAttribute('href', '/statusOrder-admin');
    unmount();
    signOut();
    inRouter(<TeamCreditRoute />);
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });

  it('cascades the reveal from 400 ms over an 800 ms trail', () => {
    expect(revealDelayMs(0, 6)).toBe(400);
    expect(revealDelayMs(5, 6)).toBe(1200);
    expect(revealDelayMs(0, 1)).toBe(400);
  });
});

describe('UnauthorizedRoute', () => {
  it('offers the way home for the role', () => {
    signIn({ role: 'barista' });
    inRouter(<UnauthorizedRoute />);
    expect(screen.getByRole('heading', { name: "You can't open this page" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/ordering');
  });

  it('offers Login to visitors', () => {
    signOut();
    inRouter(<UnauthorizedRoute />);
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
  });
});
