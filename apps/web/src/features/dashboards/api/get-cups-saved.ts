import { CupsSavedStatsSchema } from '@cafe/shared';
import { useQuery } from '@tanstack/react-query';
import { statQueryOptions, type StatsParams } from './stats-params';

/** GET /stats/cups-saved: drinks picked up in their owner's tumbler, with the waste and CO2e avoided. */
export const cupsSavedQueryOptions = statQueryOptions('cups-saved', '/stats/cups-saved', CupsSavedStatsSchema);

export function useCupsSaved(params: StatsParams) {
  return useQuery(cupsSavedQueryOptions(params));
}
