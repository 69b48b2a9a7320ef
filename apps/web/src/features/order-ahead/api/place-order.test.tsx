import type { OrdersEvent, QueuedOrder } from '@cafe/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { makeOrder } from '@/features/order-ahead/test/fixtures';
import { useMyOrdersLiveUpdates } from '@/features/order-ahead/hooks/use-live-updates';
import { dispatchLiveEvent } from '@/lib/live-dispatch';
import { mockApi } from '@/test/fake-api';
import { createTestQueryClient } from '@/test/render';
import { WAITING } from '@/test/waits';
import { myQueueQueryOptions, useMyQueue } from './get-my-queue';
import { useOrderCount } from './get-order-count';
import { usePlaceOrder } from './place-order';

const BODY = { menu_id: 3, menu_name: 'Latte', type: 'cold', sweetness: 50, tumblerImage: 'x.png' } as const;

/** The `orders` event of a new order, as the server sends it to its owner. */
function placedEvent(order: QueuedOrder): OrdersEvent {
  const { queue_at: _place, estimatedWaitMinutes: _wait, ...rest } = order;
  return {
    id: order.id,
    status: 'ordered',
    userId: order.user.id,
    categoryFor: 'cafe',
    updatedAt: order.updatedAt,
    from: null,
    order: rest,
  };
}

/** My orders with its live updates, and the placement: a phone after tapping Place order. */
function setup(answer: () => Promise<QueuedOrder & { dailyCount?: number | null }>) {
  const held = makeOrder({ id: 1, queue_at: 1, estimatedWaitMinutes: 3 });
  const { calls } = mockApi(async (call) => {
    if (call.method === 'POST' && call.path === '/order') return { status: 201, body: await answer() };
    if (call.path === '/order/my-queue') return { body: [held] };
    if (call.path === '/order/count/user') return { body: { totalOrder: 1 } };
    return undefined;
  });
  const reads = (path: string) => calls.filter((c) => c.method === 'GET' && c.path === path).length;
  const queryClient = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(
    () => {
      useMyOrdersLiveUpdates();
      return { place: usePlaceOrder(), queue: useMyQueue(), count: useOrderCount() };
    },
    { wrapper },
  );
  return { queryClient, result, reads, held };
}

type Answer = QueuedOrder & { dailyCount: number };

/** A placement whose answer comes only after `meanwhile` (an `orders` event) reached the screen. */
async function placeWithEventMeanwhile(meanwhile: OrdersEvent, answerWith: Answer) {
  let answer: (order: Answer) => void = () => undefined;
  const phone = setup(() => new Promise((resolve) => (answer = resolve)));
  const { result } = phone;
  await vi.waitFor(() => expect(result.current.queue.status).toBe('success'), WAITING);
  await vi.waitFor(() => expect(result.current.count.status).toBe('success'), WAITING);
  let placed: Promise<unknown> = Promise.resolve();
  act(() => {
    placed = result.current.place.mutateAsync({ body: BODY });
  });
  await vi.waitFor(() => expect(result.current.place.isPending).toBe(true), WAITING);
  act(() => dispatchLiveEvent('orders', meanwhile));
  await act(async () => {
    answer(answerWith);
    await placed;
  });
  return phone;
}

describe('usePlaceOrder with My orders', () => {
  it('puts the answer, with its place and the daily count, into My orders; its own event reads nothing', async () => {
    const mine = makeOrder({ id: 42, queue_at: 5, estimatedWaitMinutes: 15 });
    const { queryClient, result, reads } = setup(async () => ({ ...mine, dailyCount: 2 }));
    await vi.waitFor(() => expect(result.current.queue.status).toBe('success'), WAITING);
    await vi.waitFor(() => expect(result.current.count.status).toBe('success'), WAITING);
    expect([reads('/order/my-queue'), reads('/order/count/user')]).toEqual([1, 1]);

    await act(async () => {
      await result.current.place.mutateAsync({ body: BODY });
    });
    act(() => dispatchLiveEvent('orders', placedEvent(mine)));

    const list = queryClient.getQueryData(myQueueQueryOptions().queryKey);
    expect(list?.map((o) => [o.id, o.queue_at, o.estimatedWaitMinutes])).toEqual([
      [42, 5, 15],
      [1, 1, 3],
    ]);
    await vi.waitFor(() => expect(result.current.count.data).toBe(2), WAITING);
    expect(queryClient.isFetching()).toBe(0);
    expect([reads('/order/my-queue'), reads('/order/count/user')]).toEqual([1, 1]);
  });

  it('reads the count when the answer cannot say it (a bar order, another day)', async () => {
    const mine = makeOrder({ id: 47, queue_at: 2, estimatedWaitMinutes: 6 });
    const { result, reads } = setup(async () => ({ ...mine, dailyCount: null }));
    await vi.waitFor(() => expect(result.current.count.status).toBe('success'), WAITING);
    await act(async () => {
      await result.current.place.mutateAsync({ body: BODY });
    });
    await vi.waitFor(() => expect(reads('/order/count/user')).toBe(2), WAITING);
    expect(reads('/order/my-queue')).toBe(1);
  });

  it('the event of its own order arriving before the answer reads nothing either', async () => {
    const mine = makeOrder({ id: 43, queue_at: 2, estimatedWaitMinutes: 6 });
    const { queryClient, result, reads } = await placeWithEventMeanwhile(placedEvent(mine), { ...mine, dailyCount: 1 });

    expect(queryClient.getQueryData(myQueueQueryOptions().queryKey)?.[0]).toMatchObject({ id: 43, queue_at: 2 });
    await vi.waitFor(() => expect(result.current.count.data).toBe(1), WAITING);
    expect([reads('/order/my-queue'), reads('/order/count/user')]).toEqual([1, 1]);
  });

  it('another new order announced while placing (Slack, another device) makes My orders read again', async () => {
    const mine = makeOrder({ id: 44, queue_at: 3, estimatedWaitMinutes: 9 });
    const elsewhere = makeOrder({ id: 45, queue_at: 4, estimatedWaitMinutes: 12 });
    const { reads } = await placeWithEventMeanwhile(placedEvent(elsewhere), { ...mine, dailyCount: 2 });
    await vi.waitFor(() => expect(reads('/order/my-queue')).toBe(2), WAITING);
    await vi.waitFor(() => expect(reads('/order/count/user')).toBe(2), WAITING);

    // Once the placement has ended, a new order from elsewhere is read as before.
    const later = makeOrder({ id: 46, queue_at: 6, estimatedWaitMinutes: 18 });
    act(() => dispatchLiveEvent('orders', placedEvent(later)));
    await vi.waitFor(() => expect(reads('/order/my-queue')).toBe(3), WAITING);
    await vi.waitFor(() => expect(reads('/order/count/user')).toBe(3), WAITING);
  });
});
