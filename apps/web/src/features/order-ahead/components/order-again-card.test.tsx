import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { OrderAgainCard } from '@/features/order-ahead/components/order-again-card';
import { makeHistoryOrder } from '@/features/order-ahead/test/fixtures';
import { LATTE_MENU, LATTE_THEN_GREEN_TEA, LATTE_USUAL } from '@/features/order-ahead/test/usual-fixtures';
import { mockApi, renderWithProviders, Reply, signIn, type RecordedCall } from '@/test/render';

describe('Order again', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });

  const orders = [makeHistoryOrder({ id: 11, status: 'picked', tumblerImage: '/api/images/old-cup.webp' })];

  it('offers the most recent drink, not called the usual, with its photo, once the menu at the site is known', async () => {
    const { calls } = mockApi({ 'GET /category': LATTE_MENU, 'GET /me/usual': null });
    const onOrderAgain = vi.fn();
    renderWithProviders(<OrderAgainCard orders={orders} onOrderAgain={onOrderAgain} />);
    const card = await screen.findByRole('region', { name: 'Your last drink' });
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Order again' })).toBeEnabled());
    fireEvent.click(within(card).getByRole('button', { name: 'Order again' }));
    expect(onOrderAgain).toHaveBeenCalledWith(
      expect.objectContaining({ menu_id: 3, tumblerImage: '/api/images/old-cup.webp' }),
      [],
    );
    // Ordering it again makes nothing the usual.
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('asks for a new photo when the old one was deleted, and orders without it', async () => {
    mockApi({ 'GET /category': LATTE_MENU, 'GET /me/usual': null });
    const onOrderAgain = vi.fn();
    renderWithProviders(<OrderAgainCard orders={orders} onOrderAgain={onOrderAgain} />);
    const card = await screen.findByRole('region', { name: 'Your last drink' });
    const photo = card.querySelector('img');
    expect(photo).not.toBeNull();
    fireEvent.error(photo as HTMLImageElement);
    expect(screen.getByText(/Your tumbler photo was deleted/)).toBeInTheDocument();
    expect(card.querySelector('img')).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add a photo and order' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Add a photo and order' }));
    expect(onOrderAgain).toHaveBeenCalledWith(expect.objectContaining({ menu_id: 3, tumblerImage: '' }), []);
  });

  it('keeps offering the usual after another drink is picked up (the drift defect)', async () => {
    mockApi({ 'GET /category': LATTE_MENU, 'GET /me/usual': LATTE_USUAL });
    const onOrderAgain = vi.fn();
    renderWithProviders(<OrderAgainCard orders={LATTE_THEN_GREEN_TEA} onOrderAgain={onOrderAgain} />);
    const card = await screen.findByRole('region', { name: 'Your usual' });
    expect(card).toHaveTextContent('Latte');
    expect(card).toHaveTextContent('Cold · Sweetness 50% · Oat · Large · 2× Vanilla');
    expect(card).not.toHaveTextContent('Green Tea');
    expect(within(card).queryByRole('button', { name: 'Make this my usual' })).toBeNull();
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Order again' })).toBeEnabled());
    fireEvent.click(within(card).getByRole('button', { name: 'Order again' }));
    // Exactly its choices, with the person's most recent photo.
    expect(onOrderAgain).toHaveBeenCalledWith(
      expect.objectContaining({
        menu_id: 3,
        menu_name: 'Latte',
        type: 'cold',
        sweetness: 50,
        tumblerImage: '/api/images/new-cup.webp',
        options: [
          { choiceId: 92, quantity: 1 },
          { choiceId: 102, quantity: 1 },
          { choiceId: 111, quantity: 2 },
        ],
      }),
      [],
    );
  });

  it('makes the most recent drink the usual when asked, with exactly its choices', async () => {
    let usual: unknown = null;
    const { calls } = mockApi({
      'GET /category': LATTE_MENU,
      'GET /me/usual': () => usual,
      'PUT /me/usual': (call: RecordedCall) => {
        usual = { drink: call.body, source: 'saved' };
        return new Reply(200, usual);
      },
    });
    renderWithProviders(<OrderAgainCard orders={LATTE_THEN_GREEN_TEA.slice(0, 1)} onOrderAgain={vi.fn()} />);
    const card = await screen.findByRole('region', { name: 'Your last drink' });
    await userEvent.click(within(card).getByRole('button', { name: 'Make this my usual' }));
    expect(await screen.findByRole('region', { name: 'Your usual' })).toHaveTextContent('Latte');
    expect(screen.getByRole('status')).toHaveTextContent('Saved as your usual.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      menu_id: 3,
      type: 'cold',
      sweetness: 50,
      options: [{ choiceId: 92 }, { choiceId: 102 }, { choiceId: 111, quantity: 2 }],
    });
  });

  it('warns of the default milk of a usual saved without choices', async () => {
    signIn({ avoids: ['milk'] });
    mockApi({
      'GET /category': LATTE_MENU,
      'GET /me/usual': { drink: { menu_id: 3, type: 'hot', sweetness: 50 }, source: 'saved' },
    });
    renderWithProviders(<OrderAgainCard orders={orders} onOrderAgain={vi.fn()} />);
    const card = await screen.findByRole('region', { name: 'Your usual' });
    expect(await within(card).findByText('Not for you: Milk')).toBeInTheDocument();
  });
});
