import { CountSchema } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKeys, toQuery, type StatsParams } from './stats-params';

/** GET /order/count/total: served orders of a venue in the period. */
export const fetchTotalOrders = (params: StatsParams) =>
  api('/order/count/total', { query: toQuery(params), schema: CountSchema });

export const totalOrdersQueryOptions = (params: StatsParams) =>
  queryOptions({ queryKey: dashboardKeys.stat('total', params), queryFn: () => fetchTotalOrders(params) });

export function useTotalOrders(params: StatsParams) {
  return useQuery(totalOrdersQueryOptions(params));
}
