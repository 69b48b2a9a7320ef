import { MESSAGES, type Category } from '@cafe/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cafeStatusQueryOptions } from '@/api/cafe-status';
import { paths } from '@/lib/paths';
import { MOVED_TO_OTHER_MENU } from '@/features/order-ahead/hooks/use-follow-venue';
import {
  currentPath,
  mockApi,
  renderRoutes,
  renderWithProviders,
  seedSettings,
  signIn,
  signOut,
  stubScreen,
} from '@/test/render';
import { MenuCafeRoute } from './menu-cafe-route';

vi.mock('@/lib/socket', () => ({ useLiveEvent: vi.fn(), useOnReconnect: vi.fn() }));

const item = (id: number, name: string, isActive: 'active' | 'inactive' = 'active') => ({
  id,
  name,
  description: '-',
  category_id: 1,
  isActive,
  isAvailable: 'available' as const,
});

const CATEGORIES: Category[] = [
  {
    id: 1,
    name: 'Coffee',
    categoryFor: 'cafe',
    kind: 'coffee',
    isAvailable: 'available',
    menu: [item(1, 'Latte'), item(2, 'Mocha', 'inactive')],
  },
  { id: 2, name: 'Tea', categoryFor: 'cafe', kind: 'tea', isAvailable: 'available', menu: [] },
  { id: 3, name: 'Other', categoryFor: 'cafe', kind: 'other', isAvailable: 'available', menu: [] },
  { id: 4, name: 'Seasonal', categoryFor: 'cafe', kind: 'other', isAvailable: 'available', menu: [] },
];

function serve(totalOrder: number, status = { isCafeOpen: true, isBarOpen: false }) {
  mockApi({ 'GET /category': CATEGORIES, 'GET /order/count/user': { totalOrder }, 'GET /cafe-status': status });
}

describe('MenuCafeRoute', () => {
  beforeEach(() => {
    signIn({ id: 5, role: 'user', name: 'Tess' });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows tabs for the first three categories and greys out inactive items', async () => {
    serve(0);
    renderWithProviders(<MenuCafeRoute />);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Coffee', 'Tea', 'Other']);
    expect(screen.getByRole('button', { name: /Latte/ })).toBeEnabled();
    const mocha = screen.getByRole('button', { name: /Mocha/ });
    expect(mocha).toBeDisabled();
    expect(within(mocha).getByText('Unavailable')).toBeInTheDocument();
  });

  it('shows "Ordered 2/2" in red and alerts instead of opening the form at the limit', async () => {
    serve(2);
    renderWithProviders(<MenuCafeRoute />);
    const badge = (await screen.findByText('Ordered 2/2')).closest('p');
    expect(badge).toHaveAttribute('data-limit-reached', 'true');
    await userEvent.click(screen.getByRole('button', { name: /Latte/ }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(MESSAGES.orderLimit);
  });

  it('gives a barista a dropdown of every cafe category', async () => {
    signIn({ id: 2, role: 'barista' });
    serve(0);
    renderWithProviders(<MenuCafeRoute />);
    const select = await screen.findByRole('combobox', { name: 'Category' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Coffee', 'Tea', 'Other', 'Seasonal']);
  });

  it('asks a visitor to sign in when they pick a drink', async () => {
    signOut();
    serve(0);
    renderWithProviders(<MenuCafeRoute />);
    await userEvent.click(await screen.findByRole('button', { name: /Latte/ }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Please sign in');
  });

  it('disables the menu on Friday from 12:00 cafe time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T06:30:00Z')); // Friday 13:30 in Bangkok
    serve(0);
    renderWithProviders(<MenuCafeRoute />);
    expect(await screen.findByText(MESSAGES.fridayCafeClosed)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Latte/ })).toBeDisabled();
  });

  it("takes the Friday cut-off in the cafe's zone from the settings", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Friday 13:30 in Bangkok, but still Friday 01:30 in New York: the menu is open there.
    vi.setSystemTime(new Date('2026-11-20T06:30:00Z'));
    seedSettings({ cafeTimeZone: 'America/New_York' });
    serve(0);
    renderWithProviders(<MenuCafeRoute />);
    expect(await screen.findByRole('button', { name: /Latte/ })).toBeEnabled();
    expect(screen.queryByText(MESSAGES.fridayCafeClosed)).not.toBeInTheDocument();
  });
});

describe('MenuCafeRoute for a visitor: one notice (issue 62)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('on a Friday afternoon: one notice, saying the cut-off once, and how to sign in', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T06:30:00Z')); // Friday 13:30 in Bangkok
    signOut();
    serve(0);
    renderWithProviders(<MenuCafeRoute />);
    expect(await screen.findByText(MESSAGES.fridayCafeClosed)).toBeInTheDocument();
    const notices = screen.getAllByRole('alert');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toHaveTextContent('You are browsing the menu. Sign in to order a drink.');
    expect(notices[0]).not.toHaveTextContent('The cafe menu closes at 12:00 on Fridays');
    expect(within(notices[0]!).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', paths.login);
  });

  it('while the cafe is closed: one notice, browsing and closed', async () => {
    signOut({ isCafeOpen: false, isBarOpen: false });
    serve(0, { isCafeOpen: false, isBarOpen: false });
    renderWithProviders(<MenuCafeRoute />);
    expect(await screen.findByText(/The cafe is closed right now/)).toBeInTheDocument();
    const notices = screen.getAllByRole('alert');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toHaveTextContent(
      /^You are browsing the menu\. Sign in to order a drink\.The cafe is closed right now\./,
    );
  });
});

describe('MenuCafeRoute while the cafe is closed', () => {
  it('says so and disables the drinks', async () => {
    signIn({ id: 5, role: 'user', isCafeOpen: false, isBarOpen: false });
    serve(0, { isCafeOpen: false, isBarOpen: false });
    renderWithProviders(<MenuCafeRoute />);
    expect(await screen.findByText(/The cafe is closed right now/)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Latte/ })).toBeDisabled();
  });
});

describe('MenuCafeRoute following the venue live', () => {
  const BAR_OPEN = { isCafeOpen: false, isBarOpen: true };

  function renderCafeMenu(entry: string) {
    return renderRoutes(
      [
        {
          // The toaster outlives the screen, as in the app.
          element: (
            <>
              <Outlet />
              <Toaster />
            </>
          ),
          children: [
            { path: entry, Component: MenuCafeRoute },
            stubScreen(paths.user.menuBar),
            stubScreen(paths.orderBar),
          ],
        },
      ],
      entry,
    );
  }

  it('takes a customer to the bar menu, and says why, when the cafe closes and the bar opens', async () => {
    signIn({ id: 5, role: 'user' });
    serve(0);
    const { queryClient } = renderCafeMenu(paths.user.menuCafe);
    expect(await screen.findByRole('button', { name: /Latte/ })).toBeEnabled();
    act(() => {
      queryClient.setQueryData(cafeStatusQueryOptions().queryKey, BAR_OPEN);
    });
    await waitFor(() => expect(currentPath()).toBe(paths.user.menuBar));
    expect(await screen.findByText(MOVED_TO_OTHER_MENU.bar)).toBeInTheDocument();
  });

  it('tells a visitor the cafe has closed, links to the bar menu and disables every drink', async () => {
    signOut();
    serve(0);
    const { queryClient } = renderCafeMenu(paths.home);
    expect(await screen.findByRole('button', { name: /Latte/ })).toBeEnabled();
    act(() => {
      queryClient.setQueryData(cafeStatusQueryOptions().queryKey, BAR_OPEN);
    });
    expect(await screen.findByText(/The cafe is closed right now/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Latte/ })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Go to the bar menu' })).toHaveAttribute('href', paths.orderBar);
    expect(screen.getByRole('heading', { name: 'Cafe Menu' })).toBeInTheDocument();
  });
});
