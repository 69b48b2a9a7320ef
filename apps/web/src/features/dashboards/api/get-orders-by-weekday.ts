import { OrdersByWeekdayRowSchema } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { dashboardKeys, toQuery, type StatsParams } from './stats-params';

/** GET /stats/orders-by-weekday: served orders per weekday (0 = Sunday). */
export const fetchOrdersByWeekday = (params: StatsParams) =>
  api('/stats/orders-by-weekday', { query: toQuery(params), schema: z.array(OrdersByWeekdayRowSchema) });

export const ordersByWeekdayQueryOptions = (params: StatsParams) =>
  queryOptions({
    queryKey: dashboardKeys.stat('orders-by-weekday', params),
    queryFn: () => fetchOrdersByWeekday(params),
  });

export function useOrdersByWeekday(params: StatsParams) {
  return useQuery(ordersByWeekdayQueryOptions(params));
}
