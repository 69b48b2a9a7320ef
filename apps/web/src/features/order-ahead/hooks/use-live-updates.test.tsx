import type { OrdersEvent } from '@cafe/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { myQueueQueryOptions } from '@/features/order-ahead/api/get-my-queue';
import { orderHistoryQueryOptions } from '@/features/order-ahead/api/get-order-history';
import { makeOrder } from '@/features/order-ahead/test/fixtures';
import { dispatchLiveEvent } from '@/lib/live-dispatch';
import { createTestQueryClient } from '@/test/render';
import { useMyOrdersLiveUpdates } from './use-live-updates';

function setup() {
  const queryClient = createTestQueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  renderHook(() => useMyOrdersLiveUpdates(), { wrapper });
  return { queryClient, invalidate };
}

describe('useMyOrdersLiveUpdates', () => {
  it('moves my waiting order up when an order ahead is taken, and follows my own order, without asking again', () => {
    const { queryClient, invalidate } = setup();
    const mine = makeOrder({ id: 7, queue_at: 3, estimatedWaitMinutes: 9, orderDate: '2026-11-18T03:10:00.000Z' });
    const key = myQueueQueryOptions().queryKey;
    queryClient.setQueryData(key, [mine]);

    act(() =>
      dispatchLiveEvent('queue', {
        siteId: 1,
        categoryFor: 'cafe',
        day: '2026-11-18',
        left: { id: 2, orderDate: '2026-11-18T03:01:00.000Z' },
        joined: null,
        wait: { secondsPerOrder: 120, inProgress: 1 },
      }),
    );
    expect(queryClient.getQueryData(key)?.[0]).toMatchObject({ queue_at: 2, estimatedWaitMinutes: 6 });

    const { queue_at: _place, estimatedWaitMinutes: _wait, ...order } = mine;
    const taken: OrdersEvent = {
      id: 7,
      status: 'in-progress',
      userId: mine.user.id,
      categoryFor: 'cafe',
      updatedAt: '2026-11-18T03:20:00.000Z',
      from: 'ordered',
      order: { ...order, status: 'in-progress', updatedAt: '2026-11-18T03:20:00.000Z' },
    };
    act(() => dispatchLiveEvent('orders', taken));
    expect(queryClient.getQueryData(key)?.[0]).toMatchObject({
      status: 'in-progress',
      queue_at: null,
      estimatedWaitMinutes: null,
    });
    expect(invalidate).not.toHaveBeenCalled();
  });

  it("shows the line model's estimate after a queue event: the baristas working, what is left, its own drink's time", () => {
    const { queryClient, invalidate } = setup();
    const mine = makeOrder({ id: 7, queue_at: 3, estimatedWaitMinutes: 9, orderDate: '2026-11-18T03:10:00.000Z' });
    const key = myQueueQueryOptions().queryKey;
    queryClient.setQueryData(key, [mine]);

    const at = '2026-11-18T03:20:00.000Z';
    act(() =>
      dispatchLiveEvent('queue', {
        siteId: 1,
        categoryFor: 'cafe',
        day: '2026-11-18',
        left: { id: 2, orderDate: '2026-11-18T03:01:00.000Z' },
        joined: null,
        at,
        // Two baristas; one drink in progress with 100 s left; one waiting ahead (120 s); this
        // drink measured at 240 s. One pace for every drink would say 9 minutes (3 × 180 s).
        wait: {
          secondsPerOrder: 180,
          inProgress: 1,
          baristas: 2,
          making: [{ seconds: 300, takenAt: '2026-11-18T03:16:40.000Z' }],
          line: [120, 240],
          itemSeconds: { [String(mine.menu.id)]: 240 },
          asOf: at,
        },
      }),
    );
    // Place 2: the drink ahead goes to the free barista; this one follows the drink in progress,
    // 100 + 240 s: about 6 minutes, as the server works it out (packages/shared/src/promise.ts).
    expect(queryClient.getQueryData(key)?.[0]).toMatchObject({ queue_at: 2, estimatedWaitMinutes: 6 });
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('reads the place of an order for later released into the queue, which the event does not carry', () => {
    const { queryClient, invalidate } = setup();
    const key = myQueueQueryOptions().queryKey;
    const later = makeOrder({
      id: 9,
      status: 'scheduled',
      queue_at: null,
      estimatedWaitMinutes: null,
      pickupAt: '2026-11-18T03:45:00.000Z',
    });
    queryClient.setQueryData(key, [later]);
    const { queue_at: _place, estimatedWaitMinutes: _wait, ...order } = later;
    const releasedAt = '2026-11-18T03:42:00.000Z';
    act(() =>
      dispatchLiveEvent('orders', {
        id: 9,
        status: 'ordered',
        userId: later.user.id,
        categoryFor: 'cafe',
        updatedAt: releasedAt,
        from: 'scheduled',
        order: { ...order, status: 'ordered', orderDate: releasedAt, updatedAt: releasedAt },
      }),
    );
    expect(queryClient.getQueryData(key)?.[0]).toMatchObject({ status: 'ordered', queue_at: null });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: key });
  });

  it('puts a finished order at the top of the history it carries, without reading the history again', () => {
    const { queryClient, invalidate } = setup();
    const queueKey = myQueueQueryOptions().queryKey;
    const historyKey = orderHistoryQueryOptions().queryKey;
    const ready = makeOrder({ id: 11, status: 'done', queue_at: null, estimatedWaitMinutes: null });
    const { queue_at: _place, estimatedWaitMinutes: _wait, ...order } = ready;
    const { queue_at: _p, estimatedWaitMinutes: _w, ...older } = makeOrder({ id: 3, status: 'picked' });
    queryClient.setQueryData(queueKey, [ready]);
    // The history as the server gave it: yesterday's drink, and this one once it was done.
    queryClient.setQueryData(historyKey, [order, older]);
    const pickedAt = '2026-11-18T04:00:00.000Z';
    act(() =>
      dispatchLiveEvent('orders', {
        id: 11,
        status: 'picked',
        userId: order.user.id,
        categoryFor: 'cafe',
        updatedAt: pickedAt,
        from: 'done',
        order: { ...order, status: 'picked', updatedAt: pickedAt },
      }),
    );
    const history = queryClient.getQueryData(historyKey);
    expect(history?.map((o) => [o.id, o.status])).toEqual([
      [11, 'picked'],
      [3, 'picked'],
    ]);
    expect(invalidate).not.toHaveBeenCalledWith({ queryKey: historyKey });
  });

  it('reads the list again for an order it does not know (placed from another device)', () => {
    const { queryClient, invalidate } = setup();
    queryClient.setQueryData(myQueueQueryOptions().queryKey, []);
    const { queue_at: _place, estimatedWaitMinutes: _wait, ...order } = makeOrder({ id: 8 });
    act(() =>
      dispatchLiveEvent('orders', {
        id: 8,
        status: 'ordered',
        userId: order.user.id,
        categoryFor: 'cafe',
        updatedAt: order.updatedAt,
        from: null,
        order,
      }),
    );
    expect(invalidate).toHaveBeenCalledWith({ queryKey: myQueueQueryOptions().queryKey });
  });
});
