import { PreparationTimeSchema } from '@cafe/shared';
import { useQuery } from '@tanstack/react-query';
import { statQueryOptions, type StatsParams } from './stats-params';

/** GET /stats/preparation-time: mean time from in-progress to done. */
export const preparationTimeQueryOptions = statQueryOptions(
  'preparation-time',
  '/stats/preparation-time',
  PreparationTimeSchema,
);

export function usePreparationTime(params: StatsParams) {
  return useQuery(preparationTimeQueryOptions(params));
}
