import { cafeToday } from '@/lib/cafe-time';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeOrder } from '@/features/order-ahead/test/fixtures';
import { setBrowserOnline } from '@/test/network';
import { mockApi, renderWithProviders, seedSettings } from '@/test/render';
import { BERLIN_OFFICE, HEAD_OFFICE } from '@/test/sites';
import { WAITING } from '@/test/waits';
import { OrderCard } from './order-card';

describe('OrderCard', () => {
  it('shows the queue number (queue minus one) for a waiting order, with its wait estimate', () => {
    renderWithProviders(<OrderCard order={makeOrder({ queue_at: 3, estimatedWaitMinutes: 6 })} onCancel={vi.fn()} />);
    expect(screen.getByText('Queue no: 2')).toBeInTheDocument();
    expect(screen.getByText(/about 6 min/)).toBeInTheDocument();
  });

  it("shows the order's number, the one the counter's pickup screen shows it by", () => {
    renderWithProviders(<OrderCard order={makeOrder({ id: 123 })} />);
    expect(screen.getByText('Order #123')).toBeInTheDocument();
  });

  it('does not call an order that just joined the queue first while its place is being read', () => {
    // An order for later released into the queue: the live event carries no place.
    renderWithProviders(<OrderCard order={makeOrder({ queue_at: null, estimatedWaitMinutes: null })} />);
    expect(screen.getByText('Joining the queue…')).toBeInTheDocument();
    expect(screen.queryByText('It is your turn!')).toBeNull();
  });

  it('names the site where the drink waits when the company has several', async () => {
    mockApi({ 'GET /sites': [HEAD_OFFICE, BERLIN_OFFICE] });
    renderWithProviders(<OrderCard order={makeOrder({ site: { id: 2, name: 'Berlin office' } })} />);
    expect(await screen.findByText('At Berlin office')).toBeInTheDocument();
  });

  it('does not name the site of a company with one', async () => {
    const { calls } = mockApi({ 'GET /sites': [HEAD_OFFICE] });
    renderWithProviders(<OrderCard order={makeOrder()} />);
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/sites')).toBe(true), WAITING);
    expect(screen.queryByText('At Head office')).toBeNull();
  });

  it('tells the first waiting order it is its turn', () => {
    renderWithProviders(<OrderCard order={makeOrder({ queue_at: 1 })} />);
    expect(screen.getByText('It is your turn!')).toBeInTheDocument();
  });

  it('shows the order time for orders under way and the last change otherwise, on the cafe clock', () => {
    const orderDate = '2026-11-20T02:05:00.000Z'; // 09:05 in Bangkok
    const updatedAt = '2026-11-20T03:42:00.000Z'; // 10:42 in Bangkok
    const { rerender } = renderWithProviders(
      <OrderCard order={makeOrder({ status: 'in-progress', orderDate, updatedAt, queue_at: null })} />,
    );
    expect(screen.getByText('09:05')).toBeInTheDocument();
    expect(screen.queryByText('10:42')).not.toBeInTheDocument();

    rerender(<OrderCard order={makeOrder({ status: 'cancel', orderDate, updatedAt, queue_at: null })} />);
    expect(screen.getByText('10:42')).toBeInTheDocument();
    expect(screen.queryByText('09:05')).not.toBeInTheDocument();
  });

  it("follows the cafe's zone from the settings, not the device's", () => {
    seedSettings({ cafeTimeZone: 'America/New_York' });
    renderWithProviders(<OrderCard order={makeOrder({ orderDate: '2026-11-20T14:05:00.000Z' })} />);
    expect(screen.getByText('09:05')).toBeInTheDocument();
  });

  it('offers Cancel only on a waiting order', async () => {
    const onCancel = vi.fn();
    const order = makeOrder({ status: 'ordered' });
    const { rerender } = renderWithProviders(<OrderCard order={order} onCancel={onCancel} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledWith(order);

    rerender(<OrderCard order={makeOrder({ status: 'in-progress', queue_at: null })} onCancel={onCancel} />);
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Queue no|It is your turn/)).not.toBeInTheDocument();
  });

  it('marks the current step of the status bar', () => {
    renderWithProviders(<OrderCard order={makeOrder({ status: 'in-progress', queue_at: null })} />);
    expect(screen.getByText('In progress').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(screen.getByText('Waiting')).toBeInTheDocument();
    expect(screen.getByText('Finished')).toBeInTheDocument();
  });

  it('asks to pick up a finished drink', async () => {
    const onPickUp = vi.fn();
    renderWithProviders(<OrderCard order={makeOrder({ status: 'done', queue_at: null })} onPickUp={onPickUp} />);
    expect(screen.getByText('Click "Pick Up" after take your cup')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pick Up' }));
    expect(onPickUp).toHaveBeenCalledOnce();
  });

  it('shows a barista rejection with its note', () => {
    renderWithProviders(
      <OrderCard order={makeOrder({ status: 'rejected', rejectNote: 'Machine Failure', queue_at: null })} />,
    );
    expect(screen.getByText('Canceled By Barista')).toBeInTheDocument();
    expect(screen.getByText('Machine Failure')).toBeInTheDocument();
  });

  it('offline, keeps Pick Up and Cancel (the tap waits on the phone), and marks a waiting one', async () => {
    const onPickUp = vi.fn();
    const onCancel = vi.fn();
    renderWithProviders(
      <>
        <OrderCard order={makeOrder({ id: 1, status: 'done', queue_at: null })} onPickUp={onPickUp} />
        <OrderCard order={makeOrder({ id: 2, status: 'cancel' })} queued />
        <OrderCard order={makeOrder({ id: 3, status: 'ordered' })} onCancel={onCancel} />
      </>,
    );
    setBrowserOnline(false);
    const pickUp = screen.getByRole('button', { name: 'Pick Up' });
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    for (const button of [pickUp, cancel]) {
      expect(button).toBeEnabled();
      expect(button).not.toHaveAccessibleDescription();
    }
    await userEvent.click(pickUp);
    expect(onPickUp).toHaveBeenCalledOnce();
    await userEvent.click(cancel);
    expect(onCancel).toHaveBeenCalledOnce();
    expect(screen.getAllByText('Waiting for connection')).toHaveLength(1);
  });
  it('shows an order for later with its pickup time and options, outside the queue, and lets it be cancelled', async () => {
    const onCancel = vi.fn();
    renderWithProviders(
      <OrderCard
        order={makeOrder({
          status: 'scheduled',
          queue_at: null,
          pickupAt: `${cafeToday('Asia/Bangkok')}T10:30:00+07:00`, // 10:30 today in Bangkok
          options: [
            { groupId: 1, group: 'Size', choiceId: 12, choice: 'Large', quantity: 1, isDefault: false },
            { groupId: 3, group: 'Extras', choiceId: 31, choice: 'Extra shot', quantity: 2, isDefault: false },
          ],
        })}
        onCancel={onCancel}
      />,
    );
    expect(screen.getByText('Pickup at 10:30')).toBeInTheDocument();
    expect(screen.getByText('Scheduled')).toBeInTheDocument();
    expect(screen.getByText('Large · 2× Extra shot')).toBeInTheDocument();
    expect(screen.queryByText(/Queue no/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('names the day of an order for a later day', () => {
    renderWithProviders(
      <OrderCard
        order={makeOrder({ status: 'scheduled', queue_at: null, pickupAt: '2099-03-03T03:30:00.000Z' })}
        onCancel={vi.fn()}
      />,
    );
    expect(screen.getByText('Pickup at Tue 3 Mar 10:30')).toBeInTheDocument();
  });
});
