import { PrepTimesSchema } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKeys, toQuery, type StatsParams } from './stats-params';

/** GET /stats/prep-times: median, 90th percentile and drinks over the target, per drink, hour and barista. */
export const fetchPrepTimes = (params: StatsParams) =>
  api('/stats/prep-times', { query: toQuery(params), schema: PrepTimesSchema });

export const prepTimesQueryOptions = (params: StatsParams) =>
  queryOptions({
    queryKey: dashboardKeys.stat('prep-times', params),
    queryFn: () => fetchPrepTimes(params),
  });

export function usePrepTimes(params: StatsParams) {
  return useQuery(prepTimesQueryOptions(params));
}
