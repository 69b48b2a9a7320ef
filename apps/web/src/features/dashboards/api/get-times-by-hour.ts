import { TimesByHourRowSchema } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { dashboardKeys, toQuery, type StatsParams } from './stats-params';

/** GET /stats/times-by-hour: average wait (placed -> taken) and preparation (taken -> done) by hour. */
export const fetchTimesByHour = (params: StatsParams) =>
  api('/stats/times-by-hour', { query: toQuery(params), schema: z.array(TimesByHourRowSchema) });

export const timesByHourQueryOptions = (params: StatsParams) =>
  queryOptions({
    queryKey: dashboardKeys.stat('times-by-hour', params),
    queryFn: () => fetchTimesByHour(params),
  });

export function useTimesByHour(params: StatsParams) {
  return useQuery(timesByHourQueryOptions(params));
}
