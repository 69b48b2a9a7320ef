import { IDEMPOTENCY_KEY_HEADER, PlacedOrderSchema, type OrderCreateBody, type QueuedOrder } from '@cafe/shared';
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
 * POST /order's answer (PlacedOrderSchema): a new order that joins its line comes back with its
 * place and wait (`queue_at`, `estimatedWaitMinutes`), a counted one with the daily count
 * (`dailyCount`); an answer without them is an order all the same.
 */
const AnswerSchema = PlacedOrderSchema.partial({ queue_at: true, dailyCount: true });
type Answer = z.infer<typeof AnswerSchema>;

export const placeOrder = ({ body, placementKey }: PlaceOrderInput) =>
  api('/order', {
    method: 'POST',
    body,
    schema: AnswerSchema,
    headers: placementKey ? { [IDEMPOTENCY_KEY_HEADER]: placementKey } : undefined,
  });

/**
 * Placing an order: the answer goes into My orders' list where it is held, and its daily count
 * into the count (each read instead when the answer cannot say, the list is not held, or another
 * new order was announced meanwhile).
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onMutate: placementStarted,
    onSettled: (order: Answer | undefined) => {
      const { othersAnnounced } = placementSettled(order?.id);
      const queueKey = myQueueQueryOptions().queryKey;
      const list = queryClient.getQueryData(queueKey);
      if (list && order?.status === 'ordered' && order.queue_at != null && !othersAnnounced) {
        // A read that began before the placement would not have it: read again after it.
        if (queryClient.isFetching({ queryKey: queueKey }) > 0)
          void queryClient.invalidateQueries({ queryKey: queueKey });
        if (!list.some((o) => o.id === order.id)) queryClient.setQueryData(queueKey, [order as QueuedOrder, ...list]);
      } else {
        void queryClient.invalidateQueries({ queryKey: queueKey });
      }
      const countKey = orderCountQueryOptions().queryKey;
      if (
        typeof order?.dailyCount === 'number' &&
        !othersAnnounced &&
        queryClient.isFetching({ queryKey: countKey }) === 0
      ) {
        queryClient.setQueryData(countKey, { totalOrder: order.dailyCount });
        return undefined;
      }
      return queryClient.invalidateQueries({ queryKey: countKey });
    },
  });
}
