import { UncollectedPersonRowSchema } from '@cafe/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { statQueryOptions, type StatsParams } from './stats-params';

/** How many people the admin's "Left most often" list shows. */
export const LEFT_MOST_OFTEN_LIMIT = 10;

/** GET /stats/uncollected/people (admins only): who left the most drinks in the period, most first. */
export const uncollectedPeopleQueryOptions = statQueryOptions(
  'uncollected-people',
  '/stats/uncollected/people',
  z.array(UncollectedPersonRowSchema),
  { limit: LEFT_MOST_OFTEN_LIMIT },
);

export function useUncollectedPeople(params: StatsParams) {
  return useQuery(uncollectedPeopleQueryOptions(params));
}
