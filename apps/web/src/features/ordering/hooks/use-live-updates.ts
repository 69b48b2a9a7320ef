import { LIVE_EVENTS, type CategoryFor } from '@cafe/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLiveEvent, useOnReconnect } from '../../../lib/socket';
import { categoriesQueryOptions } from '../api/get-categories';
import { myQueueQueryOptions } from '../api/get-my-queue';
import { orderCountQueryOptions } from '../api/get-order-count';
import { orderHistoryQueryOptions } from '../api/get-order-history';

/**
 * A barista's change to an item or category ('menu' event) refreshes the menu, so an item turned
 * inactive greys out without a reload; after a reconnect the menu is fetched again.
 */
export function useMenuLiveUpdates(categoryFor: CategoryFor): void {
  const queryClient = useQueryClient();
  const handleChange = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: categoriesQueryOptions(categoryFor).queryKey });
  }, [queryClient, categoryFor]);
  useLiveEvent(LIVE_EVENTS.menu, handleChange);
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
  useLiveEvent(LIVE_EVENTS.orders, handleChange);
  useOnReconnect(handleChange);
}
