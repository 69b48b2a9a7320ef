import { UncollectedStatsSchema } from '@cafe/shared';
import { useQuery } from '@tanstack/react-query';
import { statQueryOptions, type StatsParams } from './stats-params';

/** GET /stats/uncollected: drinks nobody collected in the period, in all and per site, beside the served ones. */
export const uncollectedQueryOptions = statQueryOptions('uncollected', '/stats/uncollected', UncollectedStatsSchema);

export function useUncollected(params: StatsParams) {
  return useQuery(uncollectedQueryOptions(params));
}
