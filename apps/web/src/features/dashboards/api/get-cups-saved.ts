import { CupsSavedStatsSchema } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKeys, toQuery, type StatsParams } from './stats-params';

/** GET /stats/cups-saved: drinks picked up in their owner's tumbler, with the waste and CO2e avoided. */
export const cupsSavedQueryOptions = (params: StatsParams) =>
  queryOptions({
    queryKey: dashboardKeys.stat('cups-saved', params),
    queryFn: () => api('/stats/cups-saved', { query: toQuery(params), schema: CupsSavedStatsSchema }),
  });

export function useCupsSaved(params: StatsParams) {
  return useQuery(cupsSavedQueryOptions(params));
}
