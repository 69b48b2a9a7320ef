import type { CafeDay, CategoryFor } from '@cafe/shared';

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
