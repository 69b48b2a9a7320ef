import { MESSAGES, type Category, type Order, type Site, type UserSearchResult } from '@cafe/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { useStaffSiteChoice } from '@/lib/site-choice';
import { apiError, mockApi, renderWithProviders, signIn, type Reply } from '@/test/render';
import { SiteScope } from '@/api/site-state';
import { WalkUpOrderDialog } from './walk-up-order-dialog';

const MENU: Category[] = [
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
        tags: ['milk', 'caffeine'],
      },
      { id: 4, name: 'Mocha', description: '-', category_id: 1, isActive: 'inactive', isAvailable: 'available' },
    ],
  },
  {
    id: 2,
    name: 'Tea',
    categoryFor: 'cafe',
    kind: 'tea',
    isAvailable: 'available',
    menu: [{ id: 5, name: 'Thai tea', description: '-', category_id: 2, isActive: 'active', isAvailable: 'available' }],
  },
];

const PEOPLE: UserSearchResult[] = [
  { id: 41, name: 'Ann Lee', email: 'ann@example.com' },
  { id: 42, name: 'Annop Chai', email: 'annop@example.com' },
  { id: 43, name: 'Mali Nomilk', email: 'mali@example.com', avoids: ['milk'] },
];

/** The order the server answers for a placed walk-up order. */
function placedOrder(body: { menu_id: number; userId?: number; guestName?: string }): Order {
  const person = PEOPLE.find((p) => p.id === body.userId);
  return {
    id: 900,
    status: 'ordered',
    orderDate: '2025-11-20T02:15:00.000Z',
    updatedAt: '2025-11-20T02:15:00.000Z',
    type: 'cold',
    sweetness: 25,
    remark: '-',
    tumblerImage: '',
    rejectNote: '',
    menu: { id: body.menu_id, name: 'Latte', category: { id: 1, name: 'Coffee', categoryFor: 'cafe' } },
    user: person ? { id: person.id, name: person.name } : { id: 7, name: body.guestName ?? '?' },
    site: { id: 1, name: 'Head office' },
    walkUp: true,
  };
}

/** Opens the dialog over a fake API: the cafe menu, a name search, and a placement answered by `place`. */
function setup(place?: Reply, title = 'Walk-up order') {
  const api = mockApi((call) => {
    if (call.method === 'GET' && call.path === '/category') return { body: MENU };
    if (call.method === 'GET' && call.path === '/user/search') {
      const q = (call.search.get('q') ?? '').toLowerCase();
      return { body: PEOPLE.filter((p) => p.name.toLowerCase().includes(q) || p.email.includes(q)) };
    }
    if (call.method === 'POST' && call.path === '/order/walk-up') {
      return place ?? { status: 201, body: placedOrder(call.body as Parameters<typeof placedOrder>[0]) };
    }
    return undefined;
  });
  const onOpenChange = vi.fn();
  const onPlaced = vi.fn();
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<WalkUpOrderDialog open onOpenChange={onOpenChange} onPlaced={onPlaced} />);
  const dialog = screen.getByRole('dialog', { name: title });
  const placements = () => api.calls.filter((c) => c.method === 'POST' && c.path === '/order/walk-up');
  return { ...api, user, dialog, onOpenChange, onPlaced, placements };
}

/** Chooses the drink, its type and sweetness as a barista would. */
async function chooseDrink(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  { drink = 'Latte', type = 'Cold', sweetness = '25%' } = {},
) {
  await user.selectOptions(await within(dialog).findByLabelText('Drink'), drink);
  await user.click(within(dialog).getByRole('radio', { name: type }));
  await user.click(within(dialog).getByRole('radio', { name: sweetness }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('WalkUpOrderDialog: who the drink is for', () => {
  it('finds a registered person by typing part of their name and places the order for them', async () => {
    const { user, dialog, calls, placements, onPlaced, onOpenChange } = setup();

    await user.type(within(dialog).getByRole('combobox', { name: 'Name or e-mail' }), 'ann');
    const list = await within(dialog).findByRole('listbox', { name: 'People' });
    expect(within(list).getAllByRole('option')).toHaveLength(2);
    expect(within(dialog).getByText('2 people found.')).toBeInTheDocument();
    // Asked once typing paused, not once per key.
    const searches = calls.filter((c) => c.path === '/user/search');
    expect(searches.map((c) => c.search.get('q'))).toEqual(['ann']);

    await user.click(within(list).getByRole('option', { name: /Ann Lee/ }));
    expect(within(dialog).getByText('Ann Lee')).toBeInTheDocument();
    expect(within(dialog).getByText('ann@example.com')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Choose someone else than Ann Lee' })).toBeInTheDocument();

    // Only active items can be chosen; an inactive one is shown as such.
    expect(within(dialog).getByRole('option', { name: 'Mocha (inactive)' })).toBeDisabled();
    await chooseDrink(user, dialog);
    await user.click(within(dialog).getByLabelText(/Additional request/));
    await user.paste('less ice');
    await user.click(within(dialog).getByRole('button', { name: 'Place order' }));

    await waitFor(() => expect(placements()).toHaveLength(1));
    expect(placements()[0]?.body).toEqual({ menu_id: 3, type: 'cold', sweetness: 25, remark: 'less ice', userId: 41 });
    await waitFor(() => expect(onPlaced).toHaveBeenCalledWith(expect.objectContaining({ id: 900, walkUp: true })));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(await screen.findByText('Walk-up order placed: Latte for Ann Lee')).toBeInTheDocument();
  });

  it('asks before placing a drink with what the person it is for avoids', async () => {
    const { user, dialog, placements } = setup();
    await user.type(within(dialog).getByRole('combobox', { name: 'Name or e-mail' }), 'mali');
    const list = await within(dialog).findByRole('listbox', { name: 'People' });
    await user.click(within(list).getByRole('option', { name: /Mali Nomilk/ }));
    await chooseDrink(user, dialog);
    expect(within(dialog).getByText('This drink contains Milk, which Mali Nomilk avoids.')).toBeInTheDocument();
    const place = within(dialog).getByRole('button', { name: 'Place order' });
    expect(place).toBeDisabled();
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Mali Nomilk knows what it contains. Place it anyway.' }),
    );
    await user.click(place);
    await waitFor(() => expect(placements()).toHaveLength(1));
    expect(placements()[0]?.body).toMatchObject({ menu_id: 3, userId: 43 });
  });

  it('picks from the list with the arrow keys and Enter, and says when nobody matches', async () => {
    const { user, dialog } = setup();
    const field = within(dialog).getByRole('combobox', { name: 'Name or e-mail' });

    await user.type(field, 'zzz');
    expect(
      await within(dialog).findByText('Nobody found. Check the spelling, or order for a guest.'),
    ).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, 'annop');
    await within(dialog).findByRole('option', { name: /Annop Chai/ });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(within(dialog).getByText('Annop Chai')).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Name or e-mail' })).toBeNull();
    // Enter picked the person; it did not send the form.
    expect(within(dialog).queryByText(MESSAGES.checkOrder)).toBeNull();
  });

  it('places an order for a guest by name, an empty request sent as "-"', async () => {
    const { user, dialog, placements, onPlaced } = setup();

    await user.click(within(dialog).getByRole('radio', { name: 'Guest' }));
    expect(within(dialog).queryByRole('combobox', { name: 'Name or e-mail' })).toBeNull();
    await user.type(within(dialog).getByLabelText("Guest's name"), 'Visitor Bo');
    await chooseDrink(user, dialog, { drink: 'Thai tea', type: 'Hot', sweetness: '100%' });
    await user.click(within(dialog).getByRole('button', { name: 'Place order' }));

    await waitFor(() => expect(placements()).toHaveLength(1));
    expect(placements()[0]?.body).toEqual({
      menu_id: 5,
      type: 'hot',
      sweetness: 100,
      remark: '-',
      guestName: 'Visitor Bo',
    });
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
  });

  it("offers the drink's options, from its defaults, and sends what was chosen", async () => {
    const sized = MENU.map((c) =>
      c.id === 1
        ? {
            ...c,
            menu: c.menu.map((m) =>
              m.name === 'Latte'
                ? {
                    ...m,
                    optionGroups: [
                      {
                        id: 1,
                        name: 'Size',
                        minChoices: 1,
                        maxChoices: 1,
                        maxQuantity: 1,
                        choices: [
                          { id: 11, name: 'Regular', isDefault: true, soldOut: false, soldOutUntil: null },
                          { id: 12, name: 'Large', isDefault: false, soldOut: false, soldOutUntil: null },
                        ],
                      },
                    ],
                  }
                : m,
            ),
          }
        : c,
    );
    const api = mockApi((call) => {
      if (call.method === 'GET' && call.path === '/category') return { body: sized };
      if (call.method === 'POST' && call.path === '/order/walk-up') {
        return { status: 201, body: placedOrder(call.body as Parameters<typeof placedOrder>[0]) };
      }
      return undefined;
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<WalkUpOrderDialog open onOpenChange={vi.fn()} onPlaced={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Walk-up order' });
    await user.click(within(dialog).getByRole('radio', { name: 'Guest' }));
    await user.type(within(dialog).getByLabelText("Guest's name"), 'Visitor Bo');
    await chooseDrink(user, dialog);
    expect(within(dialog).getByRole('radio', { name: 'Regular' })).toBeChecked();
    await user.click(within(dialog).getByText('Large', { exact: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      menu_id: 3,
      options: [{ choiceId: 12, quantity: 1 }],
    });
  });

  it('places the order at the site the board is switched to', async () => {
    signIn({ role: 'barista', homeSiteId: 1, staffSiteIds: [1, 2] });
    useStaffSiteChoice.setState({ siteId: 2 });
    const { user, dialog, placements, calls } = setup();
    await user.click(within(dialog).getByRole('radio', { name: 'Guest' }));
    await user.type(within(dialog).getByLabelText("Guest's name"), 'Visitor Bo');
    // The menu is that site's: what is sold out there, an item's and each option choice's.
    const menuReads = calls.filter((c) => c.path === '/category');
    expect(menuReads.map((c) => c.search.get('siteId'))).toEqual(['2']);
    await chooseDrink(user, dialog, { drink: 'Thai tea', type: 'Hot', sweetness: '100%' });
    await user.click(within(dialog).getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(placements()).toHaveLength(1));
    expect(placements()[0]?.body).toMatchObject({ guestName: 'Visitor Bo', siteId: 2 });
    useStaffSiteChoice.setState({ siteId: null });
  });
});

describe('WalkUpOrderDialog: what the counter can take now', () => {
  const site = (id: number, name: string, isCafeOpen: boolean): Site => ({
    id,
    name,
    latitude: 13.75,
    longitude: 100.54,
    radiusKm: 1,
    timeZone: 'Asia/Bangkok',
    venues: { cafe: true, bar: id === 1 },
    status: { isCafeOpen, isBarOpen: false },
    archived: false,
  });
  /** Tower B's menu: Latte sold out there, Thai tea not served there. */
  const towerMenu: Category[] = MENU.map((category) => ({
    ...category,
    menu: category.menu.map((item) => ({
      ...item,
      atSite: {
        siteId: 2,
        available: item.id !== 5,
        soldOut: item.id === 3,
        soldOutUntil: null,
      },
    })),
  }));

  function openAtTowerB(cafeOpen: boolean) {
    signIn({ role: 'barista', homeSiteId: 1, staffSiteIds: [1, 2] });
    useStaffSiteChoice.setState({ siteId: 2 });
    mockApi((call) => {
      if (call.method === 'GET' && call.path === '/category') return { body: towerMenu };
      if (call.method === 'GET' && call.path === '/sites') {
        return { body: [site(1, 'Head office', true), site(2, 'Tower B', cafeOpen)] };
      }
      return undefined;
    });
    renderWithProviders(
      <SiteScope of="staff">
        <WalkUpOrderDialog open onOpenChange={vi.fn()} onPlaced={vi.fn()} />
      </SiteScope>,
    );
    return screen.getByRole('dialog', { name: 'Walk-up order' });
  }
  afterEach(() => useStaffSiteChoice.setState({ siteId: null }));

  it('greys out a drink sold out or not served at the site the board is switched to, before anyone chooses it', async () => {
    const dialog = openAtTowerB(true);
    expect(await within(dialog).findByRole('option', { name: 'Latte (sold out)' })).toBeDisabled();
    expect(within(dialog).getByRole('option', { name: 'Thai tea (not served here)' })).toBeDisabled();
    expect(within(dialog).getByRole('option', { name: 'Mocha (inactive)' })).toBeDisabled();
    expect(within(dialog).queryByText(MESSAGES.cafeClosed)).toBeNull();
  });

  it('says the cafe is closed at that site, as the server would answer', async () => {
    const dialog = openAtTowerB(false);
    expect(await within(dialog).findByText(MESSAGES.cafeClosed)).toBeInTheDocument();
  });
});

describe("WalkUpOrderDialog: the customer's form rules", () => {
  it('asks for the person, the drink, the type and the sweetness with the specification words, and sends nothing', async () => {
    const { user, dialog, placements } = setup();
    await within(dialog).findByLabelText('Drink');

    await user.click(within(dialog).getByRole('button', { name: 'Place order' }));

    expect(await within(dialog).findByText(MESSAGES.checkOrder)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Drink')).toHaveAccessibleDescription('Choose a drink');
    expect(within(dialog).getByText('Choose hot, cold or frappe')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a sweetness level')).toBeInTheDocument();
    expect(
      within(dialog).getByText("Choose the person, or switch to Guest and type the guest's name."),
    ).toBeInTheDocument();
    expect(placements()).toHaveLength(0);
  });

  it("asks for the person even when the drink is complete, and a guest's name that is not blank", async () => {
    const { user, dialog, placements } = setup();
    await chooseDrink(user, dialog);

    await user.click(within(dialog).getByRole('button', { name: 'Place order' }));
    expect(
      await within(dialog).findByText("Choose the person, or switch to Guest and type the guest's name."),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.checkOrder)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: 'Guest' }));
    await user.type(within(dialog).getByLabelText("Guest's name"), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Place order' }));
    expect(await within(dialog).findByText(MESSAGES.nameEmpty)).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Guest's name")).toHaveAttribute('aria-invalid', 'true');
    expect(placements()).toHaveLength(0);
  });

  it('limits the additional request to 50 characters', async () => {
    const { user, dialog, placements } = setup();
    await chooseDrink(user, dialog);
    await user.click(within(dialog).getByRole('radio', { name: 'Guest' }));
    await user.type(within(dialog).getByLabelText("Guest's name"), 'Bo');
    await user.click(within(dialog).getByLabelText(/Additional request/));
    await user.paste('x'.repeat(51));

    expect(await within(dialog).findByText(MESSAGES.remarkTooLong)).toBeInTheDocument();
    expect(within(dialog).getByText('51/50')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Place order' }));
    expect(await within(dialog).findByText(MESSAGES.checkOrder)).toBeInTheDocument();
    expect(placements()).toHaveLength(0);

    await user.keyboard('{Backspace}');
    expect(within(dialog).getByText('50/50')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).queryByText(MESSAGES.remarkTooLong)).toBeNull());
  });
});

describe('WalkUpOrderDialog: a refusal of the server', () => {
  it('shows the daily limit in the specification words and keeps the dialog open', async () => {
    const { user, dialog, placements, onOpenChange, onPlaced } = setup(
      apiError(409, 'ORDER_LIMIT_REACHED', 'You already reached your order limit!'),
    );
    await user.type(within(dialog).getByRole('combobox', { name: 'Name or e-mail' }), 'Ann L');
    await user.click(await within(dialog).findByRole('option', { name: /Ann Lee/ }));
    await chooseDrink(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Place order' }));

    await waitFor(() => expect(placements()).toHaveLength(1));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.orderLimit);
    expect(screen.getByRole('dialog', { name: 'Walk-up order' })).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(onPlaced).not.toHaveBeenCalled();
    // The choices stay, so the barista can switch to a guest and send again.
    expect(within(dialog).getByLabelText('Drink')).toHaveValue('3');
    expect(within(dialog).getByRole('button', { name: 'Place order' })).toBeEnabled();
  });

  it('shows any other refusal as the server words it', async () => {
    const { user, dialog, placements } = setup(apiError(409, 'MENU_UNAVAILABLE', 'Latte is not available right now'));
    await user.click(within(dialog).getByRole('radio', { name: 'Guest' }));
    await user.type(within(dialog).getByLabelText("Guest's name"), 'Bo');
    await chooseDrink(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Place order' }));

    await waitFor(() => expect(placements()).toHaveLength(1));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Latte is not available right now');
  });
});

describe('WalkUpOrderDialog in Thai', () => {
  it('asks and answers in Thai, and places the order with the same body', async () => {
    await loadEverything('th');
    i18n.activate('th');
    const { user, dialog, placements } = setup(
      apiError(409, 'ORDER_LIMIT_REACHED', 'You already reached your order limit!'),
      'สั่งหน้าร้าน',
    );
    const drink = await within(dialog).findByLabelText('เครื่องดื่ม');
    expect(within(dialog).getByRole('option', { name: 'Mocha (ปิดอยู่)' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'สั่งเครื่องดื่ม' }));
    expect(await within(dialog).findByText('กรุณาตรวจสอบออเดอร์ของคุณ')).toBeInTheDocument();
    expect(drink).toHaveAccessibleDescription('เลือกเครื่องดื่ม');
    expect(within(dialog).getByText('เลือกผู้ใช้ หรือเปลี่ยนเป็น "แขก" แล้วพิมพ์ชื่อแขก')).toBeInTheDocument();
    expect(within(dialog).queryByText(MESSAGES.checkOrder)).toBeNull();

    await user.click(within(dialog).getByRole('radio', { name: 'แขก' }));
    await user.type(within(dialog).getByLabelText('ชื่อแขก'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'สั่งเครื่องดื่ม' }));
    expect(await within(dialog).findByText('ชื่อต้องไม่ว่าง')).toBeInTheDocument();
    expect(within(dialog).queryByText(MESSAGES.nameEmpty)).toBeNull();

    await user.click(within(dialog).getByRole('radio', { name: 'ผู้ใช้' }));
    await user.type(within(dialog).getByRole('combobox', { name: 'ชื่อหรืออีเมล' }), 'ann');
    expect(await within(dialog).findByText('พบ 2 คน')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('option', { name: /Ann Lee/ }));
    await user.selectOptions(drink, 'Latte');
    await user.click(within(dialog).getByRole('radio', { name: 'เย็น' }));
    await user.click(within(dialog).getByRole('radio', { name: '25%' }));
    await user.click(within(dialog).getByRole('button', { name: 'สั่งเครื่องดื่ม' }));

    await waitFor(() => expect(placements()).toHaveLength(1));
    expect(placements()[0]?.body).toEqual({ menu_id: 3, type: 'cold', sweetness: 25, remark: '-', userId: 41 });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('คุณสั่งครบจำนวนที่กำหนดแล้ว!');
  });
});
