import { PrepTimesSchema } from '@cafe/shared';
import { useQuery } from '@tanstack/react-query';
import { statQueryOptions, type StatsParams } from './stats-params';

/** GET /stats/prep-times: median, 90th percentile and drinks over the target, per drink, hour and barista. */
export const prepTimesQueryOptions = statQueryOptions('prep-times', '/stats/prep-times', PrepTimesSchema);

export function usePrepTimes(params: StatsParams) {
  return useQuery(prepTimesQueryOptions(params));
}
