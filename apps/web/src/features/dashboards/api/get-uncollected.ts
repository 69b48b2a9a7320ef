import { UncollectedStatsSchema } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKeys, toQuery, type StatsParams } from './stats-params';

/** GET /stats/uncollected: drinks nobody collected in the period, in all and per site, beside the served ones. */
export const uncollectedQueryOptions = (params: StatsParams) =>
  queryOptions({
    queryKey: dashboardKeys.stat('uncollected', params),
    queryFn: () => api('/stats/uncollected', { query: toQuery(params), schema: UncollectedStatsSchema }),
  });

export function useUncollected(params: StatsParams) {
  return useQuery(uncollectedQueryOptions(params));
}
