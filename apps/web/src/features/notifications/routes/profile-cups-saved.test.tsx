import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders, signIn } from '@/test/render';
import { ProfileRoute } from './profile-route';

/* The profile shows the person's cups saved (GET /order/cups-saved/user) with who they are. */

describe('Profile: cups saved', () => {
  it("shows the person's cups saved this month and all time in their account", async () => {
    signIn({ id: 7, name: 'Mali', email: 'mali@example.com', role: 'user' });
    mockApi({
      'GET /order/cups-saved/user': {
        thisMonth: 0,
        allTime: 12,
        factors: { wasteGramsPerCup: 11.5, co2GramsPerCup: 33 },
      },
    });
    renderWithProviders(<ProfileRoute />);
    const account = screen.getByRole('region', { name: 'Your account' });
    expect(await within(account).findByText('Cups saved: 0 this month · 12 all time')).toBeInTheDocument();
    expect(within(account).getByText('Each drink in your own tumbler saves a disposable cup')).toBeInTheDocument();
  });
});
