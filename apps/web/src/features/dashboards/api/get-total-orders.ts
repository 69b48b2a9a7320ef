import { CountSchema } from '@cafe/shared';
import { useQuery } from '@tanstack/react-query';
import { statQueryOptions, type StatsParams } from './stats-params';

/** GET /order/count/total: served orders of a venue in the period. */
export const totalOrdersQueryOptions = statQueryOptions('total', '/order/count/total', CountSchema);

export function useTotalOrders(params: StatsParams) {
  return useQuery(totalOrdersQueryOptions(params));
}
