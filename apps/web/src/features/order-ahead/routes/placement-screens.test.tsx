import type { Category, MenuOptionGroup, OrderingStatus } from '@cafe/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { doorRefusal, makeHistoryOrder, menuVerdicts, REFUSED } from '@/features/order-ahead/test/fixtures';
import { apiError, currentPath, mockApi, renderRoutes, signIn, stubScreen } from '@/test/render';
import { BERLIN_OFFICE, HEAD_OFFICE } from '@/test/sites';
import { CafeFormRoute } from './cafe-form-route';
import { MenuCafeRoute } from './menu-cafe-route';
import { StatusOrderRoute } from './status-order-route';

/*
 * The customer's screens ask the ordering door (GET /menu/verdicts) before the person types: busy
 * mode and an archived site on the menu, and "Order again" of a drink it refuses or whose chosen
 * option is sold out at the site now.
 */

const OPEN: OrderingStatus = {
  paused: false,
  reason: null,
  waiting: 0,
  estimatedWaitMinutes: null,
  limits: { maxWaiting: null, maxWaitMinutes: null },
  message: null,
};
const PAUSED: OrderingStatus = {
  ...OPEN,
  paused: true,
  reason: 'manual',
  message:
    'The cafe has paused online orders for a moment. Please try again in a few minutes, or order at the counter.',
};

const MILK: MenuOptionGroup = {
  id: 20,
  name: 'Milk',
  minChoices: 1,
  maxChoices: 1,
  maxQuantity: 1,
  choices: [
    { id: 21, name: 'Whole', isDefault: true, soldOut: false, soldOutUntil: null },
    { id: 22, name: 'Oat', isDefault: false, soldOut: true, soldOutUntil: null },
  ],
};

function menu(optionGroups?: MenuOptionGroup[]): Category[] {
  return [
    {
      id: 1,
      name: 'Coffee',
      categoryFor: 'cafe',
      kind: 'coffee',
      isAvailable: 'available',
      menu: [
        {
          id: 3,
          name: 'Latte',
          description: '-',
          category_id: 1,
          isActive: 'active',
          isAvailable: 'available',
          atSite: { siteId: 1, available: true, soldOut: false, soldOutUntil: null },
          ...(optionGroups ? { optionGroups } : {}),
        },
      ],
    },
  ];
}

function renderMenu(answers: Record<string, unknown>) {
  const api = mockApi({
    'GET /sites': [HEAD_OFFICE, BERLIN_OFFICE],
    'GET /category': menu(),
    'GET /order/count/user': { totalOrder: 0 },
    'GET /ordering-status': OPEN,
    'GET /menu/verdicts': menuVerdicts(menu()),
    ...answers,
  });
  renderRoutes([{ path: '/menuCafe', Component: MenuCafeRoute }, stubScreen('/form/:menuName/:menuId')], '/menuCafe');
  return api;
}

describe('the menu asks the door before the form', () => {
  beforeEach(() => {
    signIn({ role: 'user', homeSiteId: 1, isCafeOpen: true });
  });

  it('greys the cafe drinks out while busy mode pauses online orders, saying why, so no form is filled in vain', async () => {
    renderMenu({
      'GET /ordering-status': PAUSED,
      'GET /menu/verdicts': menuVerdicts(menu(), { venue: REFUSED.paused }),
    });
    const latte = await screen.findByRole('button', { name: /^Latte/ });
    await waitFor(() => expect(latte).toBeDisabled());
    expect(latte).toHaveTextContent('Orders paused');
    expect(screen.getByText(PAUSED.message!)).toBeInTheDocument();
    await userEvent.click(latte);
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('lets the drink be chosen when orders are taken', async () => {
    renderMenu({});
    await userEvent.click(await screen.findByRole('button', { name: /^Latte/ }));
    expect(currentPath()).toBe('/form/Latte/3');
  });

  it('asks a person whose site was archived to choose another, and orders nothing meanwhile', async () => {
    signIn({ role: 'user', homeSiteId: 9, isCafeOpen: true });
    const { calls } = renderMenu({
      'PUT /user/home-site': BERLIN_OFFICE,
      // The door refuses the whole menu of an archived home site.
      'GET /menu/verdicts': apiError(
        409,
        'SITE_ARCHIVED',
        'Tower B is archived and takes no orders. Choose another site.',
        {
          messageId: 'people.refusal.siteArchived',
          params: { site: 'Tower B' },
        },
      ),
    });
    const prompt = await screen.findByRole('region', { name: 'Your site no longer takes orders' });
    expect(prompt).toHaveTextContent('Your site is archived and takes no orders. Choose another site.');
    expect(await screen.findByRole('button', { name: /^Latte/ })).toBeDisabled();

    await userEvent.selectOptions(within(prompt).getByRole('combobox', { name: 'Choose a site to order at' }), [
      'Berlin office',
    ]);
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ siteId: BERLIN_OFFICE.id }));
  });
});

describe('Order again of a drink whose choice is sold out at the site', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn({ role: 'user', homeSiteId: 1, isCafeOpen: true });
  });

  it('opens the form with that choice to make again, saying why, instead of sending a drink the server refuses', async () => {
    const usual = makeHistoryOrder({
      id: 11,
      status: 'picked',
      options: [{ groupId: 20, group: 'Milk', choiceId: 22, choice: 'Oat', quantity: 1, isDefault: false }],
    });
    const { calls } = mockApi({
      'GET /sites': [HEAD_OFFICE, BERLIN_OFFICE],
      'GET /category': menu([MILK]),
      'GET /order/count/user': { totalOrder: 0 },
      'GET /ordering-status': OPEN,
      'GET /menu/verdicts': menuVerdicts(menu([MILK])),
      'GET /order/my-queue': [],
      'GET /order/history/user': [usual],
    });
    renderRoutes(
      [
        { path: '/statusOrder', Component: StatusOrderRoute },
        { path: '/form/:menuName/:menuId', Component: CafeFormRoute },
      ],
      '/statusOrder',
    );
    const again = await screen.findByRole('button', { name: 'Order again' });
    await waitFor(() => expect(again).toBeEnabled());
    await userEvent.click(again);

    expect(await screen.findByText('Oat is sold out — choose another Milk.')).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: /Oat/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /Whole/ })).not.toBeChecked();
    expect(screen.queryByRole('dialog', { name: 'Your order' })).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});

describe('Order again of a drink the door refuses now', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn({ role: 'user', homeSiteId: 1, isCafeOpen: true });
  });

  it("says the door's reason in the person's language and opens nothing", async () => {
    const soldOut = doorRefusal('MENU_UNAVAILABLE', 'people.refusal.soldOut', { item: 'Latte', site: 'Head office' });
    const { calls } = mockApi({
      'GET /sites': [HEAD_OFFICE, BERLIN_OFFICE],
      'GET /category': menu(),
      'GET /order/count/user': { totalOrder: 0 },
      'GET /ordering-status': OPEN,
      'GET /menu/verdicts': menuVerdicts(menu(), { items: { 3: { now: soldOut, later: soldOut } } }),
      'GET /order/my-queue': [],
      'GET /order/history/user': [makeHistoryOrder({ id: 11, status: 'picked' })],
    });
    renderRoutes(
      [{ path: '/statusOrder', Component: StatusOrderRoute }, stubScreen('/form/:menuName/:menuId')],
      '/statusOrder',
    );
    const again = await screen.findByRole('button', { name: 'Order again' });
    await waitFor(() => expect(again).toBeEnabled());
    await userEvent.click(again);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Not available right now');
    expect(dialog).toHaveTextContent('Latte is sold out at Head office. Please choose another drink.');
    expect(screen.queryByTestId('location')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
