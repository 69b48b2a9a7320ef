import type { LiveEventPayload } from '@cafe/shared';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useSettings } from '@/api/settings';
import { useLiveEvent, useOnReconnect } from '@/lib/socket';
import { baristaHistoryQueryOptions } from '@/features/barista/api/get-barista-history';
import { applyOrderEvent } from '@/features/barista/lib/history';

const HISTORY_KEY = baristaHistoryQueryOptions().queryKey;
const HISTORY_HASH = hashKey(HISTORY_KEY);

/**
 * Keeps the barista history live without fetching its pages again: a finished order (or a
 * pick-up) from an `orders` event goes straight into the loaded pages with its day's total. While
 * a page is on its way the change may or may not be in it, so the history is fetched afresh once
 * that page has arrived; after a reconnect too (events were missed).
 */
export function useHistoryLive() {
  const queryClient = useQueryClient();
  const { cafeTimeZone } = useSettings();
  const refetchWhenIdle = useRef(false);

  const refetch = useCallback(() => void queryClient.invalidateQueries({ queryKey: HISTORY_KEY }), [queryClient]);

  const handleOrder = useCallback(
    (event: LiveEventPayload<'orders'>) => {
      if (queryClient.getQueryState(HISTORY_KEY)?.fetchStatus === 'fetching') {
        refetchWhenIdle.current = true;
        return;
      }
      queryClient.setQueryData(HISTORY_KEY, (data) => {
        if (!data) return data;
        const olderPagesRemain = data.pages.at(-1)?.nextCursor != null;
        return applyOrderEvent(data, event, cafeTimeZone, olderPagesRemain);
      });
    },
    [cafeTimeZone, queryClient],
  );
  useLiveEvent('orders', handleOrder);
  useOnReconnect(refetch);

  useEffect(
    () =>
      queryClient.getQueryCache().subscribe(({ query }) => {
        if (!refetchWhenIdle.current || query.queryHash !== HISTORY_HASH || query.state.fetchStatus !== 'idle') return;
        refetchWhenIdle.current = false;
        refetch();
      }),
    [queryClient, refetch],
  );
}
