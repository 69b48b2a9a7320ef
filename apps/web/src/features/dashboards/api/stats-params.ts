import type { CafeDay, CategoryFor } from '@cafe/shared';

/** The query every statistics call takes: [startDate, endDate) cafe days and the venue. */
export interface StatsParams {
  startDate: CafeDay;
  endDate: CafeDay;
  categoryFor: CategoryFor;
}

export const dashboardKeys = {
  all: ['dashboards'] as const,
  stat: (name: string, params: StatsParams) => [...dashboardKeys.all, name, params] as const,
};

export const toQuery = ({ startDate, endDate, categoryFor }: StatsParams) => ({ startDate, endDate, categoryFor });
