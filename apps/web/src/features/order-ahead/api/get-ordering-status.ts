import type { OrderingStatus } from '@cafe/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiServerChecked } from '@/lib/api-client';
import { useLiveEvent, useOnReconnect } from '@/lib/socket';

/** GET /ordering-status (public): busy mode. Read on the menu, a first screen, so not parsed again here. */
export const orderingStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['ordering', 'status'] as const,
    queryFn: ({ signal }) => apiServerChecked<OrderingStatus>('/ordering-status', { signal }),
  });

/** Busy mode, kept live: the `ordering-status` event carries it whole; a reconnect reads it again. */
export function useOrderingStatus() {
  const queryClient = useQueryClient();
  const { queryKey } = orderingStatusQueryOptions();
  const handleStatus = useCallback(
    (status: OrderingStatus) => queryClient.setQueryData(queryKey, status),
    [queryClient, queryKey],
  );
  useLiveEvent('ordering-status', handleStatus);
  const handleReconnect = useCallback(() => void queryClient.invalidateQueries({ queryKey }), [queryClient, queryKey]);
  useOnReconnect(handleReconnect);
  return useQuery(orderingStatusQueryOptions());
}
