import { OrderSchema, type Order, type OwnerOrderPatchBody } from '@cafe/shared';
import { useInvalidatingMutation } from '@/hooks/use-invalidating-mutation';
import { api } from '@/lib/api-client';
import { myOrdersKeys } from './get-my-queue';

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
  return useInvalidatingMutation(updateMyOrder, myOrdersKeys(), 'settled');
}
