import type { Category } from '@cafe/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { OrderDraft } from '@/features/order-ahead/stores/order-draft';
import { mockApi, renderWithProviders, seedSettings, signIn } from '@/test/render';
import { OrderSummaryDialog } from './order-summary-dialog';

/** A latte tagged milk, whose milk group offers whole milk (default) or soy. */
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
              { id: 92, name: 'Soy', isDefault: false, tags: ['soy', 'vegan'], soldOut: false, soldOutUntil: null },
            ],
          },
        ],
      },
    ],
  },
];

const draft = (choiceId: number): OrderDraft => ({
  venue: 'cafe',
  menu_id: 3,
  menu_name: 'Latte',
  type: 'hot',
  sweetness: 50,
  remark: '-',
  tumblerImage: '/api/images/cup.jpg',
  options: [{ choiceId, quantity: 1 }],
});

describe('OrderSummaryDialog: what the person cannot drink', () => {
  it('says what of the drink the person avoids and places it only once they confirm', async () => {
    signIn({ avoids: ['milk'] });
    seedSettings({ locationCheck: false });
    const { calls } = mockApi({ 'GET /category': MENU });
    renderWithProviders(<OrderSummaryDialog open onOpenChange={vi.fn()} draft={draft(91)} />);
    const dialog = screen.getByRole('dialog', { name: 'Your order' });
    expect(await screen.findByText('This drink contains Milk, which you avoid.')).toBeInTheDocument();
    const place = screen.getByRole('button', { name: 'Place order' });
    expect(place).toBeDisabled();
    expect(place).toHaveAccessibleDescription('This drink contains Milk, which you avoid.');
    await userEvent.click(screen.getByRole('checkbox', { name: 'I know what it contains. Place it anyway.' }));
    expect(place).toBeEnabled();
    await userEvent.click(place);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST' && c.path === '/order')).toHaveLength(1));
    expect(dialog).toBeInTheDocument();
  });

  it('asks nothing when the choices leave out what the person avoids', async () => {
    signIn({ avoids: ['milk'] });
    mockApi({ 'GET /category': MENU });
    renderWithProviders(<OrderSummaryDialog open onOpenChange={vi.fn()} draft={draft(92)} />);
    expect(await screen.findByText('Latte')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled());
    expect(screen.queryByTestId('diet-warning')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
