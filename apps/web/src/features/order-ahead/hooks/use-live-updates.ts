import type { CategoryFor } from '@cafe/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLiveEvent, useOnReconnect } from '@/lib/socket';
import { categoriesQueryOptions } from '@/features/order-ahead/api/get-categories';
import { myQueueQueryOptions } from '@/features/order-ahead/api/get-my-queue';
import { orderCountQueryOptions } from '@/features/order-ahead/api/get-order-count';
import { orderHistoryQueryOptions } from '@/features/order-ahead/api/get-order-history';

/**
 * A barista's change to an item or category ('menu' event) refreshes the menu, so an item turned
 * inactive greys out without a reload; after a reconnect the menu is fetched again.
 */
export function useMenuLiveUpdates(categoryFor: CategoryFor): void {
  const queryClient = useQueryClient();
  const handleChange = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: categoriesQueryOptions(categoryFor).queryKey });
  }, [queryClient, categoryFor]);
  useLiveEvent('menu', handleChange);
  useOnReconnect(handleChange);
}

/**
 * The person's own orders move on ('orders' event, sent to the owner): refresh today's queue,
 * the daily count and the history; after a reconnect catch up on what was missed.
 */
export function useMyOrdersLiveUpdates(enabled = true): void {
  const queryClient = useQueryClient();
  const handleChange = useCallback(() => {
    if (!enabled) return;
    for (const queryKey of [
      myQueueQueryOptions().queryKey,
      orderCountQueryOptions().queryKey,
      orderHistoryQueryOptions().queryKey,
    ]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  }, [queryClient, enabled]);
  useLiveEvent('orders', handleChange);
  useOnReconnect(handleChange);
}
