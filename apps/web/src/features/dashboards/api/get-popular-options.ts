import { PopularOptionRowSchema } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { dashboardKeys, toQuery, type StatsParams } from './stats-params';

/** GET /stats/popular-options: the ten drink options most chosen on served orders. */
export const popularOptionsQueryOptions = (params: StatsParams) =>
  queryOptions({
    queryKey: dashboardKeys.stat('popular-options', params),
    queryFn: () => api('/stats/popular-options', { query: toQuery(params), schema: z.array(PopularOptionRowSchema) }),
  });

export function usePopularOptions(params: StatsParams) {
  return useQuery(popularOptionsQueryOptions(params));
}
