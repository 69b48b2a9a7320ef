import { UncollectedPersonRowSchema } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { dashboardKeys, toQuery, type StatsParams } from './stats-params';

/** How many people the admin's "Left most often" list shows. */
export const LEFT_MOST_OFTEN_LIMIT = 10;

/** GET /stats/uncollected/people (admins only): who left the most drinks in the period, most first. */
export const uncollectedPeopleQueryOptions = (params: StatsParams) =>
  queryOptions({
    queryKey: dashboardKeys.stat('uncollected-people', params),
    queryFn: () =>
      api('/stats/uncollected/people', {
        query: { ...toQuery(params), limit: LEFT_MOST_OFTEN_LIMIT },
        schema: z.array(UncollectedPersonRowSchema),
      }),
  });

export function useUncollectedPeople(params: StatsParams) {
  return useQuery(uncollectedPeopleQueryOptions(params));
}
