import type { Category } from '@cafe/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { OrderDraft } from '@/features/order-ahead/stores/order-draft';
import { makeOrder } from '@/features/order-ahead/test/fixtures';
import { apiError, mockApi, renderWithProviders, Reply, seedSettings, signIn, type RecordedCall } from '@/test/render';
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
    // The server places it only with the person's confirmation.
    expect(calls.find((c) => c.path === '/order')?.body).toMatchObject({ dietConfirmed: true });
    expect(dialog).toBeInTheDocument();
  });

  it('warns of the default milk of a drink that names no choice (a usual saved without them)', async () => {
    signIn({ avoids: ['milk'] });
    mockApi({ 'GET /category': MENU });
    const { options: _none, ...withDefaults } = draft(91);
    renderWithProviders(<OrderSummaryDialog open onOpenChange={vi.fn()} draft={withDefaults} />);
    expect(await screen.findByText('This drink contains Milk, which you avoid.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
  });

  it('asks again when the server finds what the person avoids (their list changed on another device)', async () => {
    signIn({ avoids: [] });
    seedSettings({ locationCheck: false });
    const { calls } = mockApi({
      'GET /category': MENU,
      'POST /order': (call: RecordedCall) =>
        (call.body as { dietConfirmed?: boolean }).dietConfirmed
          ? new Reply(201, { ...makeOrder(), dailyCount: 1 })
          : apiError(409, 'DIET_CONFIRMATION_NEEDED', 'This drink is not for you: Milk. …', {
              messageId: 'people.refusal.dietConfirmationNeeded',
              params: { tags: 'milk' },
            }),
    });
    const onOpenChange = vi.fn();
    renderWithProviders(<OrderSummaryDialog open onOpenChange={onOpenChange} draft={draft(91)} />);
    const place = await screen.findByRole('button', { name: 'Place order' });
    await waitFor(() => expect(place).toBeEnabled());
    await userEvent.click(place);
    expect(
      await screen.findByText('This drink is not for you: Milk. Confirm that you want it anyway, then place it again.'),
    ).toBeInTheDocument();
    expect(screen.getByText('This drink contains Milk, which you avoid.')).toBeInTheDocument();
    expect(place).toBeDisabled();
    expect(onOpenChange).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'I know what it contains. Place it anyway.' }));
    await userEvent.click(place);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(
      calls.filter((c) => c.method === 'POST').map((c) => (c.body as { dietConfirmed?: boolean }).dietConfirmed),
    ).toEqual([undefined, true]);
  });

  it('says a drink nobody has tagged is not tagged, to a person who avoids something', async () => {
    signIn({ avoids: ['milk'] });
    const untagged: Category[] = [{ ...MENU[0]!, menu: [{ ...MENU[0]!.menu[0]!, tags: [], optionGroups: [] }] }];
    mockApi({ 'GET /category': untagged });
    renderWithProviders(<OrderSummaryDialog open onOpenChange={vi.fn()} draft={{ ...draft(91), options: [] }} />);
    expect(
      await screen.findByText('Not tagged: nobody has said what this drink contains. Ask the barista.'),
    ).toBeInTheDocument();
    // Nothing to confirm: nothing is known to be in it.
    expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled();
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

  it('sends no confirmation for a drink without what the person avoids', async () => {
    signIn({ avoids: ['milk'] });
    seedSettings({ locationCheck: false });
    const { calls } = mockApi({ 'GET /category': MENU });
    renderWithProviders(<OrderSummaryDialog open onOpenChange={vi.fn()} draft={draft(92)} />);
    const place = await screen.findByRole('button', { name: 'Place order' });
    await waitFor(() => expect(place).toBeEnabled());
    await userEvent.click(place);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')?.body).not.toHaveProperty('dietConfirmed');
  });
});
