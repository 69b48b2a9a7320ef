import { QueuedOrderSchema, type CafeDay, type OrderStatus } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export interface BaristaOrdersQuery {
  status: readonly OrderStatus[];
  startDate?: CafeDay;
  endDate?: CafeDay;
  /** The site whose board (the staff site chosen on this device); undefined: the server's choice. */
  siteId?: number | undefined;
}

/** GET /order (barista): orders by status and cafe-day range, oldest first; today's waiting ones with a wait estimate. */
export const fetchBaristaOrders = (query: BaristaOrdersQuery, signal?: AbortSignal) =>
  api('/order', {
    query: { status: query.status.join(','), startDate: query.startDate, endDate: query.endDate, siteId: query.siteId },
    schema: z.array(QueuedOrderSchema),
    signal,
  });

/** Prefix of every barista order list, for invalidation on live events. */
export const baristaOrdersRootKey = ['barista-orders'] as const;

export const baristaOrdersQueryOptions = (query: BaristaOrdersQuery) =>
  queryOptions({
    queryKey: [...baristaOrdersRootKey, { ...query, status: [...query.status] }] as const,
    queryFn: ({ signal }) => fetchBaristaOrders(query, signal),
  });

export function useBaristaOrders(
  query: BaristaOrdersQuery,
  options: { refetchInterval?: number; staleTime?: number } = {},
) {
  return useQuery({ ...baristaOrdersQueryOptions(query), ...options });
}
