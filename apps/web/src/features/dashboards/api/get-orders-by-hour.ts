import { OrdersByHourRowSchema } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { dashboardKeys, toQuery, type StatsParams } from './stats-params';

/** GET /stats/orders-by-hour: served orders per hour of the cafe's day. */
export const fetchOrdersByHour = (params: StatsParams) =>
  api('/stats/orders-by-hour', { query: toQuery(params), schema: z.array(OrdersByHourRowSchema) });

export const ordersByHourQueryOptions = (params: StatsParams) =>
  queryOptions({ queryKey: dashboardKeys.stat('orders-by-hour', params), queryFn: () => fetchOrdersByHour(params) });

export function useOrdersByHour(params: StatsParams) {
  return useQuery(ordersByHourQueryOptions(params));
}
