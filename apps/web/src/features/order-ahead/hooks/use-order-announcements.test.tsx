import type { OrdersEvent } from '@cafe/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { myQueueQueryOptions } from '@/features/order-ahead/api/get-my-queue';
import { makeOrder } from '@/features/order-ahead/test/fixtures';
import { dispatchLiveEvent } from '@/lib/live-dispatch';
import { createTestQueryClient } from '@/test/render';
import { useOrderAnnouncements } from './use-order-announcements';

describe('useOrderAnnouncements', () => {
  it('tells the owner at once that the barista can not find the tumbler, once per mark', () => {
    const queryClient = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useOrderAnnouncements(), { wrapper });
    const mine = makeOrder({ id: 7 });
    queryClient.setQueryData(myQueueQueryOptions().queryKey, [mine]);
    const { queue_at: _q, estimatedWaitMinutes: _w, ...order } = mine;
    const tumblerMissing = { since: '2026-11-20T03:00:00.000Z', deadline: '2026-11-20T03:05:00.000Z' };
    // A tumbler mark: the status stays as it was.
    const marked: OrdersEvent = {
      id: 7,
      status: 'ordered',
      from: 'ordered',
      userId: mine.user.id,
      categoryFor: 'cafe',
      updatedAt: tumblerMissing.since,
      order: { ...order, tumblerMissing },
    };
    act(() => dispatchLiveEvent('orders', marked));
    expect(result.current).toBe('The barista can not find the tumbler for your Latte: bring it to the counter');

    // The drink is started meanwhile: that is said, the tumbler not again.
    act(() =>
      dispatchLiveEvent('orders', {
        ...marked,
        status: 'in-progress',
        order: { ...marked.order, status: 'in-progress' },
      }),
    );
    expect(result.current).not.toMatch(/tumbler/);
  });
});
