import type { LiveEventPayload } from '@cafe/shared';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useScreenSite } from '@/api/site-state';
import { useStaffSite } from '@/hooks/use-staff-site';
import { useLiveEvent, useOnReconnect } from '@/lib/socket';
import { baristaHistoryQueryOptions } from '@/features/barista/api/get-barista-history';
import { applyOrderEvent } from '@/features/barista/lib/history';

/**
 * Keeps the barista history live without fetching its pages again: a finished order (or a
 * pick-up) from an `orders` event goes straight into the loaded pages with its day's total. While
 * a page is on its way the change may or may not be in it, so the history is fetched afresh once
 * that page has arrived; after a reconnect too (events were missed). The live channel follows the
 * staff site, so its events belong to the history of that site.
 */
export function useHistoryLive() {
  const queryClient = useQueryClient();
  const { siteId } = useStaffSite();
  const historyKey = useMemo(() => baristaHistoryQueryOptions(siteId).queryKey, [siteId]);
  const historyHash = hashKey(historyKey);
  const { timeZone: cafeTimeZone } = useScreenSite();
  const refetchWhenIdle = useRef(false);

  const refetch = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: historyKey }),
    [queryClient, historyKey],
  );

  const handleOrder = useCallback(
    (event: LiveEventPayload<'orders'>) => {
      if (queryClient.getQueryState(historyKey)?.fetchStatus === 'fetching') {
        refetchWhenIdle.current = true;
        return;
      }
      queryClient.setQueryData(historyKey, (data) => {
        if (!data) return data;
        const olderPagesRemain = data.pages.at(-1)?.nextCursor != null;
        return applyOrderEvent(data, event, cafeTimeZone, olderPagesRemain);
      });
    },
    [cafeTimeZone, queryClient, historyKey],
  );
  useLiveEvent('orders', handleOrder);
  useOnReconnect(refetch);

  useEffect(
    () =>
      queryClient.getQueryCache().subscribe(({ query }) => {
        if (!refetchWhenIdle.current || query.queryHash !== historyHash || query.state.fetchStatus !== 'idle') return;
        refetchWhenIdle.current = false;
        refetch();
      }),
    [queryClient, refetch, historyHash],
  );
}
