import { PreparationTimeSchema } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKeys, toQuery, type StatsParams } from './stats-params';

/** GET /stats/preparation-time: mean time from in-progress to done. */
export const fetchPreparationTime = (params: StatsParams) =>
  api('/stats/preparation-time', { query: toQuery(params), schema: PreparationTimeSchema });

export const preparationTimeQueryOptions = (params: StatsParams) =>
  queryOptions({
    queryKey: dashboardKeys.stat('preparation-time', params),
    queryFn: () => fetchPreparationTime(params),
  });

export function usePreparationTime(params: StatsParams) {
  return useQuery(preparationTimeQueryOptions(params));
}
