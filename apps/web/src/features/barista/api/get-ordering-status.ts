import { OrderingStatusSchema } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /ordering-status: whether new online cafe orders are paused, why, and the limits that pause them. */
export const fetchOrderingStatus = (signal?: AbortSignal) =>
  api('/ordering-status', { schema: OrderingStatusSchema, signal });

/** Kept current on the board by the `ordering-status` live event (hooks/use-board-live.ts). */
export const orderingStatusQueryOptions = () =>
  queryOptions({ queryKey: ['ordering-status'] as const, queryFn: ({ signal }) => fetchOrderingStatus(signal) });

export function useOrderingStatus() {
  return useQuery(orderingStatusQueryOptions());
}
