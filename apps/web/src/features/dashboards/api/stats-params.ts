import type { CafeDay, CategoryFor } from '@cafe/shared';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/**
 * The query every statistics call takes: [startDate, endDate) cafe days, the venue, and the site
 * (none: every site together for an admin, their own site for a barista, as the server answers).
 */
export interface StatsParams {
  startDate: CafeDay;
  endDate: CafeDay;
  categoryFor: CategoryFor;
  siteId?: number;
}

export const dashboardKeys = {
  all: ['dashboards'] as const,
  stat: (name: string, params: StatsParams) => [...dashboardKeys.all, name, params] as const,
};

export const toQuery = ({ startDate, endDate, categoryFor, siteId }: StatsParams) => ({
  startDate,
  endDate,
  categoryFor,
  siteId,
});

/**
 * The queryOptions of one statistic, kept under its `name`: GET `path` with the period's query (and
 * `extra`), the answer checked by `schema`.
 */
export const statQueryOptions =
  <S extends z.ZodType>(name: string, path: string, schema: S, extra: Record<string, number> = {}) =>
  (params: StatsParams) =>
    queryOptions({
      queryKey: dashboardKeys.stat(name, params),
      queryFn: () => api(path, { query: { ...toQuery(params), ...extra }, schema }),
    });
