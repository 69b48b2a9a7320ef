import { TimesByHourRowSchema } from '@cafe/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { statQueryOptions, type StatsParams } from './stats-params';

/** GET /stats/times-by-hour: average wait (placed -> taken) and preparation (taken -> done) by hour. */
export const timesByHourQueryOptions = statQueryOptions(
  'times-by-hour',
  '/stats/times-by-hour',
  z.array(TimesByHourRowSchema),
);

export function useTimesByHour(params: StatsParams) {
  return useQuery(timesByHourQueryOptions(params));
}
