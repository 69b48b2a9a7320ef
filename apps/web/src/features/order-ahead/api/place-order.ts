import { OrderSchema, type OrderCreateBody } from '@cafe/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { myQueueQueryOptions } from './get-my-queue';
import { orderCountQueryOptions } from './get-order-count';

export const placeOrder = (body: OrderCreateBody) => api('/order', { method: 'POST', body, schema: OrderSchema });

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: myQueueQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: orderCountQueryOptions().queryKey }),
      ]);
    },
  });
}
