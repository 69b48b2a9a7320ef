import type { Category, MenuAtSite } from '@cafe/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { doorRefusal, menuVerdicts } from '@/features/order-ahead/test/fixtures';
import { currentPath, mockApi, renderRoutes, signIn, stubScreen } from '@/test/render';
import { BERLIN_OFFICE, HEAD_OFFICE } from '@/test/sites';
import { MenuCafeRoute } from './menu-cafe-route';

const at = (siteId: number, row: Partial<MenuAtSite> = {}): MenuAtSite => ({
  siteId,
  available: true,
  soldOut: false,
  soldOutUntil: null,
  ...row,
});

const item = (id: number, name: string, atSite: MenuAtSite) => ({
  id,
  name,
  description: '-',
  category_id: 1,
  isActive: 'active' as const,
  isAvailable: 'available' as const,
  atSite,
});

/** The menu at the Berlin office: 07:00 UTC is 08:00 in Berlin in winter. */
const BERLIN_MENU: Category[] = [
  {
    id: 1,
    name: 'Coffee',
    categoryFor: 'cafe',
    kind: 'coffee',
    isAvailable: 'available',
    menu: [
      item(1, 'Latte', at(2)),
      item(2, 'Mocha', at(2, { soldOut: true, soldOutUntil: '2099-01-05T07:00:00.000Z' })),
      item(3, 'Matcha', at(2, { available: false })),
      item(4, 'Cocoa', at(2, { soldOut: true })),
      // A sold-out that has already ended: the door takes it again.
      item(5, 'Chai', at(2, { soldOut: true, soldOutUntil: '2020-01-01T07:00:00.000Z' })),
    ],
  },
];

/** Both ways: for now and for later. */
const refused = (messageId: string, params: Record<string, string>) => {
  const refusal = doorRefusal('MENU_UNAVAILABLE', messageId, params);
  return { now: refusal, later: refusal };
};

/** What the door says of them at Berlin: the sold-out's end on the site's clock (08:00), the one already over orderable. */
const BERLIN_VERDICTS = menuVerdicts(BERLIN_MENU, {
  items: {
    2: refused('people.refusal.soldOutUntil', { item: 'Mocha', site: 'Berlin office', time: '08:00' }),
    3: refused('people.refusal.notServed', { item: 'Matcha', site: 'Berlin office' }),
    4: refused('people.refusal.soldOut', { item: 'Cocoa', site: 'Berlin office' }),
  },
});

function renderMenu() {
  mockApi({
    'GET /sites': [HEAD_OFFICE, BERLIN_OFFICE],
    'GET /category': BERLIN_MENU,
    'GET /order/count/user': { totalOrder: 0 },
    'GET /menu/verdicts': BERLIN_VERDICTS,
  });
  return renderRoutes(
    [{ path: '/menuCafe', Component: MenuCafeRoute }, stubScreen('/form/:menuName/:menuId')],
    '/menuCafe',
  );
}

describe("the menu at the person's site", () => {
  beforeEach(() => {
    signIn({ role: 'user', homeSiteId: 2, isCafeOpen: true });
  });

  it('disables the items the door says are sold out or not served there, saying why in a few words', async () => {
    renderMenu();
    const tile = async (name: string) => screen.findByRole('button', { name: new RegExp(`^${name}`) });

    const mocha = await tile('Mocha');
    expect(mocha).toBeDisabled();
    // On the Berlin clock (08:00), as the door says it.
    expect(await within(mocha).findByText('Sold out until 08:00')).toBeInTheDocument();
    expect(await tile('Matcha')).toBeDisabled();
    expect(await within(await tile('Matcha')).findByText('Not served at Berlin office')).toBeInTheDocument();
    expect(await tile('Cocoa')).toBeDisabled();
    expect(await tile('Cocoa')).toHaveTextContent('Sold out');
    expect(await tile('Latte')).toBeEnabled();
    expect(await tile('Chai')).toBeEnabled();
    expect(await tile('Chai')).not.toHaveTextContent('Sold out');
  });

  it('does not open the order form for a sold-out item', async () => {
    renderMenu();
    await userEvent.click(await screen.findByRole('button', { name: /^Mocha/ }));
    expect(screen.queryByTestId('location')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /^Latte/ }));
    expect(currentPath()).toBe('/form/Latte/1');
  });
});
