import type { CountSchema } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiServerChecked } from '@/lib/api-client';

/** GET /order/count/user: "Ordered n/2" on the menu, the first screen, so not parsed again here. */
export const fetchOrderCount = (signal?: AbortSignal) =>
  apiServerChecked<z.infer<typeof CountSchema>>('/order/count/user', { signal });

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
