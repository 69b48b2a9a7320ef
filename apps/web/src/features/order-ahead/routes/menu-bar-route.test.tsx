import { MESSAGES, type Category, type ErrorBody } from '@cafe/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cafeStatusQueryOptions } from '@/api/cafe-status';
import { paths } from '@/lib/paths';
import { MOVED_TO_OTHER_MENU } from '@/features/order-ahead/hooks/use-follow-venue';
import { menuVerdicts, REFUSED } from '@/features/order-ahead/test/fixtures';
import { live } from '@/test/fake-live';
import {
  currentPath,
  mockApi,
  renderRoutes,
  seedSettings,
  signIn,
  signOut,
  stubScreen,
  type RecordedCall,
} from '@/test/render';
import { MenuBarRoute } from './menu-bar-route';

const item = (id: number, name: string, isActive: 'active' | 'inactive' = 'active') => ({
  id,
  name,
  description: 'Rum, lime, mint and soda',
  category_id: 10,
  isActive,
  isAvailable: 'available' as const,
});

const CATEGORIES: Category[] = [
  {
    id: 10,
    name: 'Cocktails',
    categoryFor: 'bar',
    kind: 'other',
    isAvailable: 'available',
    menu: [item(21, 'Mojito'), item(22, 'Negroni', 'inactive')],
  },
];

const BAR_OPEN = { isCafeOpen: false, isBarOpen: true };
const CAFE_OPEN = { isCafeOpen: true, isBarOpen: false };

/** What the door says of the whole bar (for now), the inactive Negroni refused besides. */
let barVerdict: ErrorBody | null = null;

function serve() {
  barVerdict = null;
  mockApi((call: RecordedCall) => {
    if (call.path === '/category') return { body: CATEGORIES };
    if (call.path !== '/menu/verdicts') return undefined;
    const inactive = { now: REFUSED.inactive, later: REFUSED.inactive };
    return { body: menuVerdicts(CATEGORIES, { venue: barVerdict, items: { 22: inactive } }) };
  });
}

/** The bar menu at /order_bar, with stand-ins for where it may lead. */
function renderBarMenu() {
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
          { path: paths.orderBar, Component: MenuBarRoute },
          stubScreen(paths.user.menuCafe),
          stubScreen(paths.home),
          stubScreen('/form-bar/*'),
        ],
      },
    ],
    paths.orderBar,
  );
}

describe('MenuBarRoute', () => {
  beforeEach(() => {
    // The house rules were read before.
    localStorage.setItem('bannerShown', 'true');
    serve();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says at the top that bar drinks are ordered at the bar, and offers nothing to tap, while online bar ordering is off', async () => {
    signIn({ ...BAR_OPEN });
    barVerdict = REFUSED.barOnline;
    renderBarMenu();
    expect(await screen.findByText('Mojito')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.cocktailOffline)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Meet the team behind the bar' })).toHaveAttribute(
      'href',
      paths.teamCredit,
    );
    expect(screen.queryByRole('button', { name: /Mojito/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Negroni/ })).toBeNull();
    // An item that is off still says so.
    expect(screen.getByText('Negroni').closest('li')).toHaveTextContent('Unavailable');
  });

  it('opens the bar form from an item while the bar takes online orders', async () => {
    seedSettings({ barOnlineOrdering: true });
    signIn({ ...BAR_OPEN });
    renderBarMenu();
    const mojito = await screen.findByRole('button', { name: /Mojito/ });
    expect(screen.queryByText(MESSAGES.cocktailOffline)).toBeNull();
    expect(screen.getByRole('button', { name: /Negroni/ })).toBeDisabled();
    await userEvent.click(mojito);
    await waitFor(() => expect(currentPath()).toMatch(/^\/form-bar\/Mojito\/21\//));
  });

  it('takes a customer to the cafe menu, and says why, when the bar closes and the cafe opens', async () => {
    seedSettings({ barOnlineOrdering: true });
    signIn({ ...BAR_OPEN });
    const { queryClient } = renderBarMenu();
    expect(await screen.findByRole('button', { name: /Mojito/ })).toBeEnabled();

    act(() => {
      queryClient.setQueryData(cafeStatusQueryOptions().queryKey, CAFE_OPEN);
    });
    await waitFor(() => expect(currentPath()).toBe(paths.user.menuCafe));
    expect(await screen.findByText(MOVED_TO_OTHER_MENU.cafe)).toBeInTheDocument();
  });

  it('tells a visitor the bar has closed, links to the cafe menu and disables every drink', async () => {
    seedSettings({ barOnlineOrdering: true });
    signOut(BAR_OPEN);
    const { queryClient } = renderBarMenu();
    expect(await screen.findByRole('button', { name: /Mojito/ })).toBeEnabled();

    // The bar closes: the event reaches the screen, which asks the door again.
    barVerdict = REFUSED.barClosed;
    act(() => {
      queryClient.setQueryData(cafeStatusQueryOptions().queryKey, CAFE_OPEN);
      live.emit('cafe-status', CAFE_OPEN);
    });
    expect(await screen.findByText(new RegExp(MESSAGES.barClosed))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Mojito/ })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Go to the cafe menu' })).toHaveAttribute('href', paths.home);
    expect(screen.getByRole('heading', { name: 'Bar Menu' })).toBeInTheDocument();
  });

  it('disables the drinks, with no link, while both venues are closed', async () => {
    seedSettings({ barOnlineOrdering: true });
    signOut({ isCafeOpen: false, isBarOpen: false });
    barVerdict = REFUSED.barClosed;
    renderBarMenu();
    expect(await screen.findByRole('button', { name: /Mojito/ })).toBeDisabled();
    expect(screen.getByText(new RegExp(MESSAGES.barClosed))).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go to the cafe menu' })).toBeNull();
  });
});
