import { CountSchema } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const fetchOrderCount = (signal?: AbortSignal) => api('/order/count/user', { schema: CountSchema, signal });

/** The caller's cafe orders today that count against the daily limit. */
export const orderCountQueryOptions = () =>
  queryOptions({
    queryKey: ['ordering', 'count'] as const,
    queryFn: ({ signal }) => fetchOrderCount(signal),
    select: (data) => data.totalOrder,
  });

export function useOrderCount(options: { enabled?: boolean } = {}) {
  return useQuery({ ...orderCountQueryOptions(), enabled: options.enabled ?? true });
}
