import { OrderSchema, type Order, type OwnerOrderPatchBody } from '@cafe/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { myQueueQueryOptions } from './get-my-queue';
import { orderCountQueryOptions } from './get-order-count';
import { orderHistoryQueryOptions } from './get-order-history';

export const updateMyOrder = ({
  id,
  status,
  idempotencyKey,
}: { id: Order['id']; idempotencyKey?: string } & OwnerOrderPatchBody) =>
  api(`/order/${encodeURIComponent(String(id))}`, {
    method: 'PATCH',
    body: { status },
    schema: OrderSchema,
    // The tap's key (lib/move-queue.ts): a retry is answered again, never applied twice.
    ...(idempotencyKey === undefined ? {} : { headers: { 'Idempotency-Key': idempotencyKey } }),
  });

/** The owner cancels an ordered drink or picks up a done one. */
export function useUpdateMyOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMyOrder,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: myQueueQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: orderCountQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: orderHistoryQueryOptions().queryKey }),
      ]);
    },
  });
}
