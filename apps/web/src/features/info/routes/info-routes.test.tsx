import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { signIn, signOutStore } from '../../../app/test-helpers';
import { revealDelayMs } from '../lib/team';
import { CloseAllRoute } from './close-all-route';
import { TeamCreditRoute } from './team-credit-route';
import { UnauthorizedRoute } from './unauthorized-route';

const inRouter = (ui: React.ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);

describe('CloseAllRoute', () => {
  it('says both venues are closed and gives the hours', () => {
    inRouter(<CloseAllRoute />);
    expect(
      screen.getByRole('heading', { name: 'Sorry, both the cafe and bar are currently closed' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Cafe: every working day 9:00 - 16:00')).toBeInTheDocument();
    expect(screen.getByText('Bar: Friday 15:00 - 18:00')).toBeInTheDocument();
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
    signOutStore();
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
    signOutStore();
    inRouter(<UnauthorizedRoute />);
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
  });
});
