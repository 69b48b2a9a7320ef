import { PopularMenuRowSchema } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { dashboardKeys, toQuery, type StatsParams } from './stats-params';

/** GET /order/find/popular-menu: menu items by served orders, most first. */
export const fetchPopularMenu = (params: StatsParams) =>
  api('/order/find/popular-menu', { query: toQuery(params), schema: z.array(PopularMenuRowSchema) });

export const popularMenuQueryOptions = (params: StatsParams) =>
  queryOptions({ queryKey: dashboardKeys.stat('popular-menu', params), queryFn: () => fetchPopularMenu(params) });

export function usePopularMenu(params: StatsParams) {
  return useQuery(popularMenuQueryOptions(params));
}
