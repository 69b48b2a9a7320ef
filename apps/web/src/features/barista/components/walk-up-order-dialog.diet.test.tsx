import type { Category, UserSearchResult } from '@cafe/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, renderWithProviders, signIn } from '@/test/render';
import { makeOrder } from '@/features/barista/test/fixtures';
import { WalkUpOrderDialog } from './walk-up-order-dialog';

/*
 * The walk-up order and what the person it is for avoids, through the server's door: the barista
 * is asked, `dietConfirmed` is sent only once they ticked the box, and a refusal of the server
 * (the person's list changed since they were found) asks the question again.
 */

/** A latte made with whole milk by default (Milk), or oat milk. */
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
        tags: ['caffeine'],
        optionGroups: [
          {
            id: 9,
            name: 'Milk',
            minChoices: 1,
            maxChoices: 1,
            maxQuantity: 1,
            choices: [
              { id: 91, name: 'Whole', isDefault: true, tags: ['milk'], soldOut: false, soldOutUntil: null },
              { id: 92, name: 'Oat', isDefault: false, tags: [], soldOut: false, soldOutUntil: null },
            ],
          },
        ],
      },
    ],
  },
];

/** The person as the search found them: with what they avoid then. */
function setup(person: UserSearchResult) {
  const api = mockApi((call) => {
    if (call.method === 'GET' && call.path === '/category') return { body: MENU };
    if (call.method === 'GET' && call.path === '/user/search') return { body: [person] };
    if (call.method === 'POST' && call.path === '/order/walk-up') {
      const body = call.body as { dietConfirmed?: boolean };
      // Mali avoids milk now, whatever the search said.
      if (!body.dietConfirmed) {
        return apiError(409, 'DIET_CONFIRMATION_NEEDED', 'This drink is not for you: Milk. …', {
          messageId: 'people.refusal.dietConfirmationNeeded',
          params: { tags: 'milk' },
        });
      }
      return { status: 201, body: { ...makeOrder({ id: 900, userName: 'Mali Nomilk' }), walkUp: true } };
    }
    return undefined;
  });
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<WalkUpOrderDialog open onOpenChange={vi.fn()} />);
  const dialog = screen.getByRole('dialog', { name: 'Walk-up order' });
  const placements = () => api.calls.filter((c) => c.method === 'POST' && c.path === '/order/walk-up');
  return { user, dialog, placements };
}

async function choose(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, name: string) {
  await user.type(within(dialog).getByRole('combobox', { name: 'Name or e-mail' }), name.slice(0, 4));
  await user.click(await within(dialog).findByRole('option', { name: new RegExp(name) }));
  await user.selectOptions(await within(dialog).findByLabelText('Drink'), 'Latte');
  await user.click(within(dialog).getByRole('radio', { name: 'Cold' }));
  await user.click(within(dialog).getByRole('radio', { name: '25%' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('WalkUpOrderDialog: what the person avoids, at the door', () => {
  it('sends dietConfirmed once the barista ticked the box, for the default milk', async () => {
    signIn({ role: 'barista' });
    const { user, dialog, placements } = setup({
      id: 43,
      name: 'Mali Nomilk',
      email: 'mali@example.com',
      avoids: ['milk'],
    });
    await choose(user, dialog, 'Mali Nomilk');
    expect(within(dialog).getByText('This drink contains Milk, which Mali Nomilk avoids.')).toBeInTheDocument();
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Mali Nomilk knows what it contains. Place it anyway.' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(placements()).toHaveLength(1));
    expect(placements()[0]?.body).toMatchObject({ menu_id: 3, userId: 43, dietConfirmed: true });
  });

  it('sends no confirmation for a drink without what the person avoids', async () => {
    signIn({ role: 'barista' });
    const { user, dialog, placements } = setup({
      id: 43,
      name: 'Mali Nomilk',
      email: 'mali@example.com',
      avoids: ['milk'],
    });
    await choose(user, dialog, 'Mali Nomilk');
    await user.click(within(dialog).getByRole('radio', { name: /Oat/ }));
    expect(within(dialog).queryByRole('checkbox', { name: /knows what it contains/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(placements()).toHaveLength(1));
    expect(placements()[0]?.body).not.toHaveProperty('dietConfirmed');
  });

  it('asks again when the server says the person avoids what the drink has now', async () => {
    signIn({ role: 'barista' });
    const { user, dialog, placements } = setup({ id: 43, name: 'Mali Nomilk', email: 'mali@example.com', avoids: [] });
    await choose(user, dialog, 'Mali Nomilk');
    const place = within(dialog).getByRole('button', { name: 'Place order' });
    await user.click(place);
    expect(await within(dialog).findByText('This drink contains Milk, which Mali Nomilk avoids.')).toBeInTheDocument();
    expect(place).toBeDisabled();
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Mali Nomilk knows what it contains. Place it anyway.' }),
    );
    await user.click(place);
    await waitFor(() => expect(placements()).toHaveLength(2));
    expect(placements().map((c) => (c.body as { dietConfirmed?: boolean }).dietConfirmed)).toEqual([undefined, true]);
  });
});
