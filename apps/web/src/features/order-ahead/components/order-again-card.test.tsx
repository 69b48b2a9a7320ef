import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { OrderAgainCard } from '@/features/order-ahead/components/order-again-card';
import { makeHistoryOrder } from '@/features/order-ahead/test/fixtures';
import { mockApi, renderWithProviders, signIn } from '@/test/render';

describe('Order again', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
    mockApi({ 'GET /category': [] });
  });

  const orders = [makeHistoryOrder({ id: 11, status: 'picked', tumblerImage: '/api/images/old-cup.webp' })];

  it('offers the usual drink with its photo, as it was, once the menu at the site is known', async () => {
    const onOrderAgain = vi.fn();
    renderWithProviders(<OrderAgainCard orders={orders} onOrderAgain={onOrderAgain} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Order again' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Order again' }));
    expect(onOrderAgain).toHaveBeenCalledWith(
      expect.objectContaining({ menu_id: 3, tumblerImage: '/api/images/old-cup.webp' }),
      [],
    );
  });

  it('asks for a new photo when the old one was deleted, and orders without it', async () => {
    const onOrderAgain = vi.fn();
    const { container } = renderWithProviders(<OrderAgainCard orders={orders} onOrderAgain={onOrderAgain} />);
    const photo = container.querySelector('img');
    expect(photo).not.toBeNull();
    fireEvent.error(photo as HTMLImageElement);
    expect(screen.getByText(/Your tumbler photo was deleted/)).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add a photo and order' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Add a photo and order' }));
    expect(onOrderAgain).toHaveBeenCalledWith(expect.objectContaining({ menu_id: 3, tumblerImage: '' }), []);
  });
});
