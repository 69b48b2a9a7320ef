import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, currentPath, mockApi, renderRoutes, signIn, signOut, stubScreen } from '@/test/render';
import { live } from '@/test/fake-live';
import { setLiveConnected } from '@/test/network';
import { cafeStatusQueryOptions } from '@/api/cafe-status';
import { meQueryOptions } from '@/api/me';
import { AppLayout } from './app-layout';

// The live connection is up (test/network.ts); no event arrives unless a test sends one (test/fake-live.ts).
beforeEach(() => {
  setLiveConnected(true);
});

const SCREENS = [
  '/',
  '/login',
  '/order_bar',
  '/menuCafe',
  '/menucafe',
  '/statusOrder',
  '/ordered',
  '/close-all',
  '/menuCafe-admin',
  '/statusOrder-admin',
  '/close-all-admin',
  '/ordering',
];

function renderLayout(at: string) {
  return renderRoutes(
    [{ element: <AppLayout />, children: SCREENS.filter((p) => p !== '/login').map(stubScreen) }, stubScreen('/login')],
    at,
  );
}

function mainNav() {
  return screen.getByRole('navigation', { name: 'Main' });
}

function linkNames(container: HTMLElement) {
  return within(container)
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);
}

describe('AppLayout navigation', () => {
  beforeEach(() => {
    live.reconnectSocket.mockClear();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi(() => undefined);
  });

  it('gives visitors a minimal bar with a Login link and no bottom bar', () => {
    signOut();
    renderLayout('/');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Quick links' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('greeting')).not.toBeInTheDocument();
  });

  it('has a skip link to the main content', () => {
    signOut();
    renderLayout('/');
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    expect(document.getElementById('main')).toBeInTheDocument();
  });

  it('shows a user Menu, My Order, Coffee runs and History while the cafe is open', () => {
    signIn({ role: 'user', isCafeOpen: true, isBarOpen: false });
    renderLayout('/statusOrder');
    expect(linkNames(mainNav())).toEqual([
      ['Menu', '/menuCafe'],
      ['My Order', '/statusOrder'],
      ['Coffee runs', '/runs'],
      ['History', '/ordered'],
    ]);
    expect(screen.getByRole('link', { name: 'Office Cafe home' })).toHaveAttribute('href', '/statusOrder');
    expect(screen.getByTestId('greeting')).toHaveTextContent('Hi, Mali');
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(document.querySelector('[data-logo="cafe"]')).toBeInTheDocument();
  });

  it('hides Menu and My Order while only the bar is open, with the cocktail logo', () => {
    signIn({ role: 'user', isCafeOpen: false, isBarOpen: true });
    renderLayout('/order_bar');
    expect(linkNames(mainNav())).toEqual([['History', '/ordered']]);
    expect(screen.getByRole('link', { name: 'Office Cafe home' })).toHaveAttribute('href', '/order_bar');
    expect(document.querySelector('[data-logo="bar"]')).toBeInTheDocument();
  });

  it('shows Menu and My Order disabled while both venues are closed', () => {
    signIn({ role: 'user', isCafeOpen: false, isBarOpen: false });
    renderLayout('/close-all');
    const nav = mainNav();
    expect(within(nav).getByText('Menu').closest('[aria-disabled="true"]')).toBeInTheDocument();
    expect(within(nav).getByText('My Order').closest('[aria-disabled="true"]')).toBeInTheDocument();
    expect(within(nav).getByText('Coffee runs').closest('[aria-disabled="true"]')).toBeInTheDocument();
    expect(linkNames(nav)).toEqual([['History', '/ordered']]);
    expect(screen.getByRole('link', { name: 'Office Cafe home' })).toHaveAttribute('href', '/close-all');
  });

  it('gives admins the -admin routes, User Management and the dashboards; their tools under More', async () => {
    signIn({ role: 'admin', isCafeOpen: true, isBarOpen: false });
    renderLayout('/statusOrder-admin');
    const bar = mainNav();
    expect(linkNames(bar)).toEqual([
      ['Menu', '/menuCafe-admin'],
      ['My Order', '/statusOrder-admin'],
      ['History', '/ordered-admin'],
      ['User Management', '/userManagement'],
      ['Cafe Dashboard', '/dashboard-admin'],
      ['Bar Dashboard', '/dashboard-admin-bar'],
      ['Opening Hours', '/opening-hours-admin'],
    ]);
    // Their occasional tools are in the bar too, under More.
    const more = within(bar).getByRole('button', { name: 'More' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup().click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(linkNames(bar).slice(7)).toEqual([
      ['Coffee runs', '/runs'],
      ['Sites', '/sites-admin'],
      ['Pickup screens', '/pickup-screens-admin'],
      ['Notifications', '/notifications-admin'],
      ['Audit log', '/audit-admin'],
      ['Chat channels', '/chat-channels-admin'],
    ]);
    const quick = screen.getByRole('navigation', { name: 'Quick links' });
    expect(linkNames(quick)).toEqual([
      ['History', '/ordered-admin'],
      ['', '/menuCafe-admin'],
      ['My Order', '/statusOrder-admin'],
    ]);
  });

  it('gives baristas their staff bar and no bottom bar', async () => {
    signIn({ role: 'barista' });
    renderLayout('/ordering');
    const user = userEvent.setup();
    await user.click(within(mainNav()).getByRole('button', { name: 'More' }));
    expect(linkNames(mainNav())).toEqual([
      ['Order', '/ordering'],
      ['History', '/history'],
      ['Menu Management', '/menuManagement'],
      ['Cafe Dashboard', '/dashboard-cafe'],
      ['Bar Dashboard', '/dashboard-bar'],
      ['Opening Hours', '/opening-hours'],
      ['Pickup screens', '/pickup-screens'],
    ]);
    // Escape closes More and gives the focus back to its button.
    await user.keyboard('{Escape}');
    expect(within(mainNav()).queryByRole('link', { name: 'Pickup screens' })).toBeNull();
    expect(within(mainNav()).getByRole('button', { name: 'More' })).toHaveFocus();
    // Opened with the keyboard, its links come next in the Tab order; tabbing past them closes it.
    await user.keyboard('{Enter}');
    await user.tab();
    expect(within(mainNav()).getByRole('link', { name: 'Pickup screens' })).toHaveFocus();
    await user.tab();
    expect(within(mainNav()).queryByRole('link', { name: 'Pickup screens' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Office Cafe home' })).toHaveAttribute('href', '/ordering');
    expect(screen.queryByRole('navigation', { name: 'Quick links' })).not.toBeInTheDocument();
    expect(screen.getByTestId('greeting')).toHaveTextContent('Hi, Mali');
  });

  it('gives customers the bottom bar: history, menu, order status', () => {
    signIn({ role: 'user', isCafeOpen: true, isBarOpen: false });
    renderLayout('/statusOrder');
    const quick = screen.getByRole('navigation', { name: 'Quick links' });
    expect(within(quick).getByRole('link', { name: 'History' })).toHaveAttribute('href', '/ordered');
    expect(within(quick).getByRole('link', { name: 'Menu' })).toHaveAttribute('href', '/menuCafe');
    expect(within(quick).getByRole('link', { name: 'My Order' })).toHaveAttribute('href', '/statusOrder');
  });

  it('follows a live venue change in the navigation', async () => {
    signIn({ role: 'user', isCafeOpen: true, isBarOpen: false });
    const { queryClient } = renderLayout('/ordered');
    expect(within(mainNav()).getByRole('link', { name: 'Menu' })).toBeInTheDocument();
    act(() => {
      queryClient.setQueryData(cafeStatusQueryOptions().queryKey, { isCafeOpen: false, isBarOpen: true });
    });
    await waitFor(() => expect(within(mainNav()).queryByRole('link', { name: 'Menu' })).not.toBeInTheDocument());
  });

  it.each(['admin', 'barista', 'user'] as const)(
    'lists the same links in the bar (inline and under More) and in the hamburger menu: %s',
    async (role) => {
      signIn({ role, isCafeOpen: true, isBarOpen: false });
      renderLayout(role === 'barista' ? '/ordering' : role === 'admin' ? '/statusOrder-admin' : '/statusOrder');
      const user = userEvent.setup();
      const more = within(mainNav()).queryByRole('button', { name: 'More' });
      if (more) await user.click(more);
      const inBar = linkNames(mainNav());
      await user.click(screen.getByRole('button', { name: 'Open menu' }));
      const sheet = await screen.findByRole('dialog', { name: 'Menu' });
      expect(linkNames(within(sheet).getByRole('navigation', { name: 'Main' }))).toEqual(inBar);
    },
  );

  it('opens the hamburger menu with the same links', async () => {
    signIn({ role: 'user', isCafeOpen: true, isBarOpen: false });
    renderLayout('/statusOrder');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const sheet = await screen.findByRole('dialog', { name: 'Menu' });
    // The sheet takes pointer input once its layer is in place (the page behind it then takes
    // none): on a loaded machine that can come a moment after the sheet shows.
    await waitFor(() => expect(sheet).toHaveStyle({ pointerEvents: 'auto' }));
    expect(within(sheet).getByRole('link', { name: 'History' })).toHaveAttribute('href', '/ordered');
    expect(within(sheet).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(within(sheet).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    await user.click(within(sheet).getByRole('link', { name: 'History' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
    expect(currentPath()).toBe('/ordered');
  });
});

describe('renaming', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signIn({ role: 'user', name: 'Mali' });
  });

  it('refuses an empty name with an alert and calls nothing', async () => {
    const api = mockApi(() => undefined);
    renderLayout('/statusOrder');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit name' }));
    const field = screen.getByLabelText('New name:');
    expect(field).toHaveAttribute('maxLength', '20');
    await user.clear(field);
    await user.type(field, '   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Name cannot be empty');
    expect(api.calls.filter((c) => c.path === '/user')).toHaveLength(0);
  });

  it('saves a new name and shows it in the greeting', async () => {
    const api = mockApi((call) =>
      call.method === 'PATCH' && call.path === '/user'
        ? { body: { id: 7, name: 'Kanda', email: 'mali@example.com', role: 'user', isAvailable: 'available' } }
        : undefined,
    );
    const { queryClient } = renderLayout('/statusOrder');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit name' }));
    const field = screen.getByLabelText('New name:');
    await user.clear(field);
    await user.type(field, 'Kanda');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByTestId('greeting')).toHaveTextContent('Hi, Kanda');
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/user')).toMatchObject({ method: 'PATCH', body: { name: 'Kanda' } }),
    );
    expect(queryClient.getQueryData(meQueryOptions().queryKey)?.name).toBe('Kanda');
  });

  it('keeps the old name when the server refuses, logging only', async () => {
    mockApi((call) => (call.path === '/user' ? apiError(500, 'INTERNAL', 'boom') : undefined));
    renderLayout('/statusOrder');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit name' }));
    await user.clear(screen.getByLabelText('New name:'));
    await user.type(screen.getByLabelText('New name:'), 'Kanda');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('greeting')).toHaveTextContent('Hi, Mali'));
    expect(console.error).toHaveBeenCalledWith('rename failed', expect.anything());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
  it('closes the rename panel with Escape or a tap elsewhere, giving the focus back to the pencil', async () => {
    mockApi(() => undefined);
    renderLayout('/statusOrder');
    const user = userEvent.setup();
    const pencil = screen.getByRole('button', { name: 'Edit name' });
    await user.click(pencil);
    expect(pencil).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('New name:')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByLabelText('New name:')).not.toBeInTheDocument();
    await waitFor(() => expect(pencil).toHaveFocus());

    await user.click(pencil);
    expect(screen.getByLabelText('New name:')).toBeInTheDocument();
    await user.click(screen.getByRole('main'));
    expect(screen.queryByLabelText('New name:')).not.toBeInTheDocument();
    expect(screen.getByTestId('greeting')).toHaveTextContent('Hi, Mali');
  });
});

describe('logout', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    live.reconnectSocket.mockClear();
  });

  it.each([
    ['', 204],
    [' even when marking inactive fails', 500],
  ])(
    'marks the person inactive, revokes the token, clears the device and goes to /login%s',
    async (_label, disableStatus) => {
      signIn({ role: 'user', id: 7 });
      localStorage.setItem('access_token', 'acc');
      localStorage.setItem('refresh_token', 'ref');
      localStorage.setItem('favOrder', '{"menu":1}');
      const api = mockApi((call) => {
        if (call.path === '/user/7/push/disable')
          return disableStatus === 204 ? { status: 204 } : apiError(500, 'INTERNAL', 'down');
        if (call.path === '/auth/logout') return { status: 204 };
        return undefined;
      });
      const { queryClient } = renderLayout('/statusOrder');
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Logout' }));
      await waitFor(() => expect(currentPath()).toBe('/login'));
      expect(api.calls.find((c) => c.path === '/user/7/push/disable')).toMatchObject({
        method: 'PUT',
        body: { status: 'INACTIVE' },
      });
      expect(api.calls.find((c) => c.path === '/auth/logout')).toMatchObject({
        method: 'POST',
        body: { refreshToken: 'ref' },
      });
      expect(localStorage.length).toBe(0);
      expect(queryClient.getQueryData(meQueryOptions().queryKey)).toBeNull();
      expect(live.reconnectSocket).toHaveBeenCalled();
    },
  );
});
