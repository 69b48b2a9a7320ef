import { PopularOptionRowSchema } from '@cafe/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { statQueryOptions, type StatsParams } from './stats-params';

/** GET /stats/popular-options: the ten drink options most chosen on served orders. */
export const popularOptionsQueryOptions = statQueryOptions(
  'popular-options',
  '/stats/popular-options',
  z.array(PopularOptionRowSchema),
);

export function usePopularOptions(params: StatsParams) {
  return useQuery(popularOptionsQueryOptions(params));
}
