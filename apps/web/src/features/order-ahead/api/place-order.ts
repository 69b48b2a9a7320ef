import { IDEMPOTENCY_KEY_HEADER, QueuedOrderSchema, type OrderCreateBody, type QueuedOrder } from '@cafe/shared';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { myQueueQueryOptions } from './get-my-queue';
import { orderCountQueryOptions } from './get-order-count';
import { placementSettled, placementStarted } from './own-placements';

export interface PlaceOrderInput {
  body: OrderCreateBody;
  /** Sent as Idempotency-Key: a retry of the same draft answers the order already made. */
  placementKey?: string;
}

/**
 * POST /order's answer: a new order that joins its line comes back with its place and wait
 * (`queue_at`, `estimatedWaitMinutes`); an answer without them is an order all the same.
 */
const PlacedOrderSchema = QueuedOrderSchema.partial({ queue_at: true });
type PlacedOrder = z.infer<typeof PlacedOrderSchema>;

export const placeOrder = ({ body, placementKey }: PlaceOrderInput) =>
  api('/order', {
    method: 'POST',
    body,
    schema: PlacedOrderSchema,
    headers: placementKey ? { [IDEMPOTENCY_KEY_HEADER]: placementKey } : undefined,
  });

/**
 * Placing an order: the answer goes into My orders' list where it is held (a read of the list
 * when it is not held, the answer has no place, or another new order was announced meanwhile),
 * and the daily count is read again.
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onMutate: placementStarted,
    onSettled: (order: PlacedOrder | undefined) => {
      const { othersAnnounced } = placementSettled(order?.id);
      const queueKey = myQueueQueryOptions().queryKey;
      const list = queryClient.getQueryData(queueKey);
      const fits = order?.status === 'ordered' && order.queue_at != null && list !== undefined && !othersAnnounced;
      if (fits && list) {
        // A read that began before the placement would not have it: read again after it.
        if (queryClient.isFetching({ queryKey: queueKey }) > 0)
          void queryClient.invalidateQueries({ queryKey: queueKey });
        if (!list.some((o) => o.id === order.id)) queryClient.setQueryData(queueKey, [order as QueuedOrder, ...list]);
      } else {
        void queryClient.invalidateQueries({ queryKey: queueKey });
      }
      return queryClient.invalidateQueries({ queryKey: orderCountQueryOptions().queryKey });
    },
  });
}
