import { PopularMenuRowSchema } from '@cafe/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { statQueryOptions, type StatsParams } from './stats-params';

/** GET /order/find/popular-menu: menu items by served orders, most first. */
export const popularMenuQueryOptions = statQueryOptions(
  'popular-menu',
  '/order/find/popular-menu',
  z.array(PopularMenuRowSchema),
);

export function usePopularMenu(params: StatsParams) {
  return useQuery(popularMenuQueryOptions(params));
}
