import { isStatusIn, SERVED_ORDER_STATUSES, type LiveEventPayload } from '@cafe/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLiveEvent } from '@/lib/socket';
import { dashboardKeys } from './stats-params';

/** A served order changes the numbers: refresh the dashboard when one comes in. */
export function useStatsLive() {
  const queryClient = useQueryClient();
  const handleOrder = useCallback(
    (event: LiveEventPayload<'orders'>) => {
      if (isStatusIn(SERVED_ORDER_STATUSES, event.status)) {
        void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
      }
    },
    [queryClient],
  );
  useLiveEvent('orders', handleOrder);
}
