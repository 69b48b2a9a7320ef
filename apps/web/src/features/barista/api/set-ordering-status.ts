import { OrderingStatusSchema, type OrderingStatusPatch } from '@cafe/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { orderingStatusQueryOptions } from './get-ordering-status';

/** PATCH /ordering-status: pause or resume online orders by hand, or set the limits (null: no limit). */
export const setOrderingStatus = (body: OrderingStatusPatch) =>
  api('/ordering-status', { method: 'PATCH', body, schema: OrderingStatusSchema });

export function useSetOrderingStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOrderingStatus,
    onSuccess: (status) => queryClient.setQueryData(orderingStatusQueryOptions().queryKey, status),
  });
}
