import { OrdersByWeekdayRowSchema } from '@cafe/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { statQueryOptions, type StatsParams } from './stats-params';

/** GET /stats/orders-by-weekday: served orders per weekday (0 = Sunday). */
export const ordersByWeekdayQueryOptions = statQueryOptions(
  'orders-by-weekday',
  '/stats/orders-by-weekday',
  z.array(OrdersByWeekdayRowSchema),
);

export function useOrdersByWeekday(params: StatsParams) {
  return useQuery(ordersByWeekdayQueryOptions(params));
}
