import { MESSAGES, type Category, type MenuVerdicts } from '@cafe/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { Toaster } from 'sonner';
import { beforeEach, describe, expect, it } from 'vitest';
import { cafeStatusQueryOptions } from '@/api/cafe-status';
import { paths } from '@/lib/paths';
import { MOVED_TO_OTHER_MENU } from '@/features/order-ahead/hooks/use-follow-venue';
import { doorRefusal, menuVerdicts, REFUSED } from '@/features/order-ahead/test/fixtures';
import { live } from '@/test/fake-live';
import { currentPath, mockApi, renderRoutes, renderWithProviders, signIn, signOut, stubScreen } from '@/test/render';
import { MenuCafeRoute } from './menu-cafe-route';

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

/** The door's verdicts: the inactive Mocha refused, anything else as `venue` says. */
const verdicts = (venue: Parameters<typeof menuVerdicts>[1] = {}) =>
  menuVerdicts(CATEGORIES, { ...venue, items: { 2: { now: REFUSED.inactive, later: REFUSED.inactive } } });

function serve(
  totalOrder: number,
  status = { isCafeOpen: true, isBarOpen: false },
  door: () => MenuVerdicts = () => verdicts(),
) {
  mockApi({
    'GET /category': CATEGORIES,
    'GET /order/count/user': { totalOrder },
    'GET /cafe-status': status,
    'GET /menu/verdicts': door,
  });
}

describe('MenuCafeRoute', () => {
  beforeEach(() => {
    signIn({ id: 5, role: 'user', name: 'Tess' });
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
    // The door counts the limit too: it does not grey the drinks out, the alert says it.
    serve(2, undefined, () => verdicts({ venue: doorRefusal('ORDER_LIMIT_REACHED', 'people.refusal.orderLimit') }));
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

  it('disables the menu when the door says the Friday cut-off has passed, and says so', async () => {
    serve(0, undefined, () => verdicts({ venue: REFUSED.friday }));
    renderWithProviders(<MenuCafeRoute />);
    expect(await screen.findByText(MESSAGES.fridayCafeClosed)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Latte/ })).toBeDisabled();
  });

  it("asks the door for the person's verdicts, and greys nothing out it does not refuse", async () => {
    serve(0);
    renderWithProviders(<MenuCafeRoute />);
    expect(await screen.findByRole('button', { name: /Latte/ })).toBeEnabled();
    expect(screen.queryByText(MESSAGES.fridayCafeClosed)).not.toBeInTheDocument();
  });
});

describe('MenuCafeRoute for a visitor: one notice (issue 62)', () => {
  it('on a Friday afternoon: one notice, saying the cut-off once, and how to sign in', async () => {
    signOut();
    serve(0, undefined, () => verdicts({ venue: REFUSED.friday }));
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
    serve(0, { isCafeOpen: false, isBarOpen: false }, () => verdicts({ venue: REFUSED.cafeClosed }));
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
    serve(0, { isCafeOpen: false, isBarOpen: false }, () => verdicts({ venue: REFUSED.cafeClosed }));
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
    let door = verdicts();
    serve(0, undefined, () => door);
    const { queryClient } = renderCafeMenu(paths.home);
    expect(await screen.findByRole('button', { name: /Latte/ })).toBeEnabled();
    // The cafe closes: the event reaches the screen, which asks the door again.
    door = verdicts({ venue: REFUSED.cafeClosed });
    act(() => {
      queryClient.setQueryData(cafeStatusQueryOptions().queryKey, BAR_OPEN);
      live.emit('cafe-status', BAR_OPEN);
    });
    expect(await screen.findByText(/The cafe is closed right now/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Latte/ })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Go to the bar menu' })).toHaveAttribute('href', paths.orderBar);
    expect(screen.getByRole('heading', { name: 'Cafe Menu' })).toBeInTheDocument();
  });
});
