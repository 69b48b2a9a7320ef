import { screen, waitFor, within } from '@testing-library/react';
import { siteOf } from '@/test/sites';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteScope } from '@/api/site-state';
import { useStaffSiteChoice } from '@/lib/site-choice';
import { apiError, mockApi, renderRoutes, signIn } from '@/test/render';
import { CategoryMenuRoute } from './category-menu-route';

const menu = (id: number, name: string, isActive = 'active') => ({
  id,
  name,
  description: '-',
  category_id: 4,
  isActive,
  isAvailable: 'available',
});

let category: {
  id: number;
  name: string;
  categoryFor: string;
  kind: string;
  isAvailable: string;
  menu: ReturnType<typeof menu>[];
};

beforeEach(() => {
  category = {
    id: 4,
    name: 'Smoothie',
    categoryFor: 'cafe',
    kind: 'other',
    isAvailable: 'available',
    menu: [menu(41, 'Mango'), menu(42, 'Berry')],
  };
});
afterEach(() => vi.unstubAllGlobals());

/** The page as the router shows it: about the staff site. */
const renderPage = () =>
  renderRoutes(
    [
      {
        path: '/menuManagement/:categoryName/:categoryId',
        element: (
          <SiteScope of="staff">
            <CategoryMenuRoute />
          </SiteScope>
        ),
      },
      { path: '*', element: <p>Somewhere else</p> },
    ],
    '/menuManagement/Smoothie/4',
  );

describe('Category menu page', () => {
  it('switches an item inactive at once and keeps it when the server agrees', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /category/4': () => category,
      'PATCH /menu/41': () => {
        category.menu[0] = menu(41, 'Mango', 'inactive');
        return category.menu[0];
      },
    });
    renderPage();
    const toggle = await screen.findByRole('switch', { name: 'Mango active' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ isActive: 'inactive' });
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Mango active' })).not.toBeChecked());
  });

  it('flips the switch back when the server refuses', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /category/4': () => category, 'PATCH /menu/42': apiError(500, 'INTERNAL', 'Something went wrong') });
    renderPage();
    const toggle = await screen.findByRole('switch', { name: 'Berry active' });
    await user.click(toggle);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Berry active' })).toBeChecked());
  });

  it('soft-deletes the selected items after a confirmation', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /category/4': () => category,
      'PATCH /menu/42': () => {
        category.menu = category.menu.filter((m) => m.id !== 42);
        return { ...menu(42, 'Berry'), isAvailable: 'unavailable' };
      },
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Select' }));
    const deleteSelected = screen.getByRole('button', { name: 'Delete Selected' });
    expect(deleteSelected).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select Berry' }));
    await user.click(deleteSelected);
    const dialog = await screen.findByRole('alertdialog');
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Berry')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => [c.path, c.body])).toEqual([
      ['/menu/42', { isAvailable: 'unavailable' }],
    ]);
  });

  it('says so when the category is empty', async () => {
    category.menu = [];
    mockApi({ 'GET /category/4': () => category });
    renderPage();
    expect(await screen.findByText('This category is empty')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'New Menu' })[0]).toHaveAttribute('href', '/add-menu/4');
  });
});

describe('Category menu page: the items at a site', () => {
  const atSite = (menuId: number, available: boolean, soldOut = false) => ({
    menuId,
    siteId: 2,
    available,
    soldOut,
    soldOutUntil: null,
  });
  afterEach(() => useStaffSiteChoice.setState({ siteId: null }));

  it("gives a barista of one site the site's sold-out control too, named for what it does and where", async () => {
    signIn({ role: 'barista', homeSiteId: 1, staffSiteIds: [1] });
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /category/4': () => category,
      'GET /sites': [siteOf(1, 'Head office')],
      'GET /sites/1/menu-items': [
        { ...atSite(41, true), siteId: 1 },
        { ...atSite(42, true), siteId: 1 },
      ],
      'PATCH /sites/1/menu-items/42': { siteId: 1, available: true, soldOut: true, soldOutUntil: null },
    });
    renderPage();
    const berry = await screen.findByRole('group', { name: 'Berry at Head office' });
    expect(screen.queryByRole('combobox', { name: 'Site' })).not.toBeInTheDocument();
    const soldOut = within(berry).getByRole('switch', { name: 'Sold out at Head office: Berry' });
    expect(soldOut).not.toBeChecked();
    await user.click(soldOut);
    await waitFor(() => expect(soldOut).toBeChecked());
    expect(screen.getByText('Sold out here')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => [c.path, c.body])).toEqual([
      ['/sites/1/menu-items/42', { soldOut: true }],
    ]);
  });

  it("names each item's site switches by the item: no two switches share a name (WCAG 2.2, decision 55)", async () => {
    signIn({ role: 'barista', homeSiteId: 1, staffSiteIds: [1] });
    mockApi({
      'GET /category/4': () => category,
      'GET /sites': [siteOf(1, 'Head office')],
      'GET /sites/1/menu-items': [
        { ...atSite(41, true), siteId: 1 },
        { ...atSite(42, true), siteId: 1 },
      ],
    });
    renderPage();
    await screen.findByRole('group', { name: 'Berry at Head office' });
    // What a screen reader reads: the aria-label, or else the <label for> text.
    const names = screen
      .getAllByRole('switch')
      .map((el) => el.getAttribute('aria-label') ?? document.querySelector(`label[for="${el.id}"]`)?.textContent ?? '');
    const siteSwitches = names.filter((name) => name.includes('Head office'));
    expect(siteSwitches.sort()).toEqual([
      'Served at Head office: Berry',
      'Served at Head office: Mango',
      'Sold out at Head office: Berry',
      'Sold out at Head office: Mango',
    ]);
    expect(new Set(names).size).toBe(names.length);
  });

  it('says what the chosen site serves and marks an item sold out there', async () => {
    signIn({ role: 'barista', homeSiteId: 1, staffSiteIds: [1, 2] });
    useStaffSiteChoice.setState({ siteId: 2 });
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /category/4': () => category,
      'GET /sites': [siteOf(1, 'Head office'), siteOf(2, 'Tower B')],
      'GET /sites/2/menu-items': [atSite(41, true), atSite(42, false)],
      'PATCH /sites/2/menu-items/41': { siteId: 2, available: true, soldOut: true, soldOutUntil: null },
    });
    renderPage();
    const mango = await screen.findByRole('group', { name: 'Mango at Tower B' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Site' })).toHaveDisplayValue('Tower B'));
    expect(within(mango).getByRole('switch', { name: 'Served at Tower B: Mango' })).toBeChecked();
    const berry = screen.getByRole('group', { name: 'Berry at Tower B' });
    expect(within(berry).getByRole('switch', { name: 'Served at Tower B: Berry' })).not.toBeChecked();
    expect(screen.getByText('Not served here')).toBeInTheDocument();

    await user.click(within(mango).getByRole('switch', { name: 'Sold out at Tower B: Mango' }));
    expect(await screen.findByText('Sold out here')).toBeInTheDocument();
    expect(within(mango).getByRole('switch', { name: 'Sold out at Tower B: Mango' })).toBeChecked();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => [c.path, c.body])).toEqual([
      ['/sites/2/menu-items/41', { soldOut: true }],
    ]);
  });
});
