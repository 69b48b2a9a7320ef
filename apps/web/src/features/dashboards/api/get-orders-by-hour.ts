import { OrdersByHourRowSchema } from '@cafe/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { statQueryOptions, type StatsParams } from './stats-params';

/** GET /stats/orders-by-hour: served orders per hour of the cafe's day. */
export const ordersByHourQueryOptions = statQueryOptions(
  'orders-by-hour',
  '/stats/orders-by-hour',
  z.array(OrdersByHourRowSchema),
);

export function useOrdersByHour(params: StatsParams) {
  return useQuery(ordersByHourQueryOptions(params));
}
