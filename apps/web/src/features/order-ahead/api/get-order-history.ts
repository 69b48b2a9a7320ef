import { LIMITS, type Order } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const newestUpdateFirst = (a: Order, b: Order) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt);

/** The caller's finished orders (done, picked, cancel, rejected), newest update first, refreshed every 5 s. */
export const orderHistoryQueryOptions = () =>
  queryOptions({
    queryKey: ['ordering', 'history'] as const,
    // GET /order/history/user (the schema loads with the call: see order-schemas.ts).
    queryFn: async ({ signal }) => {
      const { OrderHistorySchema } = await import('./order-schemas');
      return api('/order/history/user', { schema: OrderHistorySchema, signal });
    },
    select: (orders: Order[]) => [...orders].sort(newestUpdateFirst),
    refetchInterval: LIMITS.historyRefreshMs,
  });

export function useOrderHistory(options: { refetchInterval?: number | false } = {}) {
  const base = orderHistoryQueryOptions();
  return useQuery({ ...base, refetchInterval: options.refetchInterval ?? base.refetchInterval });
}
