import { LIMITS, OrderSchema, type Order } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const fetchOrderHistory = (signal?: AbortSignal) =>
  api('/order/history/user', { schema: z.array(OrderSchema), signal });

const newestUpdateFirst = (a: Order, b: Order) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt);

/** The caller's finished orders (done, picked, cancel, rejected), newest update first, refreshed every 5 s. */
export const orderHistoryQueryOptions = () =>
  queryOptions({
    queryKey: ['ordering', 'history'] as const,
    queryFn: ({ signal }) => fetchOrderHistory(signal),
    select: (orders: Order[]) => [...orders].sort(newestUpdateFirst),
    refetchInterval: LIMITS.historyRefreshMs,
  });

export function useOrderHistory(options: { refetchInterval?: number | false } = {}) {
  const base = orderHistoryQueryOptions();
  return useQuery({ ...base, refetchInterval: options.refetchInterval ?? base.refetchInterval });
}
