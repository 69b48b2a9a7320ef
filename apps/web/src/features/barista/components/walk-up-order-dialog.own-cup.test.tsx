import type { Category } from '@cafe/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeOrder } from '@/features/barista/test/fixtures';
import { mockApi, renderWithProviders } from '@/test/render';
import { WalkUpOrderDialog } from './walk-up-order-dialog';

/*
 * The walk-up order served into the person's own cup or tumbler: a disposable cup saved once it is
 * picked up (docs/cups-saved.md). The barista ticks "Own cup" and the body says `ownCup: true`.
 */

const MENU: Category[] = [
  {
    id: 1,
    name: 'Coffee',
    categoryFor: 'cafe',
    kind: 'coffee',
    isAvailable: 'available',
    menu: [{ id: 3, name: 'Latte', description: '-', category_id: 1, isActive: 'active', isAvailable: 'available' }],
  },
];

function setup() {
  const api = mockApi((call) => {
    if (call.method === 'GET' && call.path === '/category') return { body: MENU };
    if (call.method === 'POST' && call.path === '/order/walk-up')
      return { status: 201, body: { ...makeOrder({ id: 900, userName: 'Visitor Bo' }), walkUp: true } };
    return undefined;
  });
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<WalkUpOrderDialog open onOpenChange={vi.fn()} />);
  const dialog = screen.getByRole('dialog', { name: 'Walk-up order' });
  const placements = () => api.calls.filter((c) => c.method === 'POST' && c.path === '/order/walk-up');
  return { user, dialog, placements };
}

/** A latte for a guest, as a barista enters it. */
async function fillIn(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('radio', { name: 'Guest' }));
  await user.type(within(dialog).getByLabelText("Guest's name"), 'Visitor Bo');
  await user.selectOptions(await within(dialog).findByLabelText('Drink'), 'Latte');
  await user.click(within(dialog).getByRole('radio', { name: 'Hot' }));
  await user.click(within(dialog).getByRole('radio', { name: '50%' }));
}

describe('WalkUpOrderDialog: own cup', () => {
  it('sends ownCup when the person brought their own cup or tumbler', async () => {
    const { user, dialog, placements } = setup();
    await fillIn(user, dialog);
    const ownCup = within(dialog).getByRole('checkbox', { name: 'Own cup' });
    expect(ownCup).not.toBeChecked();
    expect(ownCup).toHaveAccessibleDescription('They brought their own cup or tumbler: no paper cup for this drink.');
    await user.click(ownCup);
    await user.click(within(dialog).getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(placements()).toHaveLength(1));
    expect(placements()[0]?.body).toEqual({
      menu_id: 3,
      type: 'hot',
      sweetness: 50,
      remark: '-',
      guestName: 'Visitor Bo',
      ownCup: true,
    });
  });

  it('leaves ownCup out when the box is not ticked (a paper cup)', async () => {
    const { user, dialog, placements } = setup();
    await fillIn(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(placements()).toHaveLength(1));
    expect(placements()[0]?.body).not.toHaveProperty('ownCup');
  });
});
