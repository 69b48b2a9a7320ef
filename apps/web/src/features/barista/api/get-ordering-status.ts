import { OrderingStatusSchema } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useStaffSite } from '@/hooks/use-staff-site';
import { api } from '@/lib/api-client';

/** GET /ordering-status: whether new online cafe orders are paused, why, and the limits that pause them. */
export const fetchOrderingStatus = (siteId: number | undefined, signal?: AbortSignal) =>
  api('/ordering-status', { query: { siteId }, schema: OrderingStatusSchema, signal });

/** Busy mode of one site, kept current on the board by the `ordering-status` live event (hooks/use-board-live.ts). */
export const orderingStatusQueryOptions = (siteId: number | undefined) =>
  queryOptions({
    queryKey: ['ordering-status', { siteId }] as const,
    queryFn: ({ signal }) => fetchOrderingStatus(siteId, signal),
  });

export function useOrderingStatus() {
  return useQuery(orderingStatusQueryOptions(useStaffSite().siteId));
}
