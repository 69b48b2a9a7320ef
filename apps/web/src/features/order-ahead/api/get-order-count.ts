import type { CountSchema } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiServerChecked } from '@/lib/api-client';

/**
 * The caller's cafe orders today that count against the daily limit: GET /order/count/user, "Ordered
 * n/2" on the menu, the first screen, so not parsed again here.
 */
export const orderCountQueryOptions = () =>
  queryOptions({
    queryKey: ['ordering', 'count'] as const,
    queryFn: ({ signal }) => apiServerChecked<z.infer<typeof CountSchema>>('/order/count/user', { signal }),
    select: (data) => data.totalOrder,
  });

export function useOrderCount(options: { enabled?: boolean } = {}) {
  return useQuery({ ...orderCountQueryOptions(), enabled: options.enabled ?? true });
}
