import { IDEMPOTENCY_KEY_HEADER, OrderSchema, type OrderCreateBody } from '@cafe/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { myQueueQueryOptions } from './get-my-queue';
import { orderCountQueryOptions } from './get-order-count';

export interface PlaceOrderInput {
  body: OrderCreateBody;
  /** Sent as Idempotency-Key: a retry of the same draft answers the order already made. */
  placementKey?: string;
}

export const placeOrder = ({ body, placementKey }: PlaceOrderInput) =>
  api('/order', {
    method: 'POST',
    body,
    schema: OrderSchema,
    headers: placementKey ? { [IDEMPOTENCY_KEY_HEADER]: placementKey } : undefined,
  });

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
