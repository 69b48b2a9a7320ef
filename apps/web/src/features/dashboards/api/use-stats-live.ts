import { LIVE_EVENTS, SERVED_ORDER_STATUSES, type OrdersEvent } from '@cafe/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLiveEvent } from '../../../lib/socket';
import { dashboardKeys } from './stats-params';

/** A served order changes the numbers: refresh the dashboard when one comes in. */
export function useStatsLive() {
  const queryClient = useQueryClient();
  const handleOrder = useCallback(
    (event: OrdersEvent) => {
      if ((SERVED_ORDER_STATUSES as readonly string[]).includes(event.status)) {
        void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
      }
    },
    [queryClient],
  );
  useLiveEvent(LIVE_EVENTS.orders, handleOrder);
}
