import { OrderSchema, type BaristaOrderPatchBody, type Id } from '@cafe/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { baristaOrdersRootKey } from './get-barista-orders';

export interface UpdateBaristaOrderInput extends BaristaOrderPatchBody {
  id: Id;
}

/** PATCH /order/barista/{id}: Do (in-progress), Done (done) or Cancel (rejected with a note). */
export const updateBaristaOrder = ({ id, ...body }: UpdateBaristaOrderInput) =>
  api(`/order/barista/${id}`, { method: 'PATCH', body, schema: OrderSchema });

export function useUpdateBaristaOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBaristaOrder,
    // Success or failure (e.g. another barista was faster), the list must show the truth again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: baristaOrdersRootKey }),
  });
}

export interface RejectOrdersResult {
  rejected: number;
  /** Why the others were not rejected (e.g. another barista finished them first). */
  failures: string[];
}

/** Cancel (reject) one or more orders with one reason; each order is a PATCH of its own. */
export function useRejectOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, note }: { ids: readonly Id[]; note: string }): Promise<RejectOrdersResult> => {
      const results = await Promise.allSettled(
        ids.map((id) => updateBaristaOrder({ id, status: 'rejected', reject_note: note })),
      );
      const failures = results.flatMap((r) =>
        r.status === 'rejected' ? [r.reason instanceof Error ? r.reason.message : 'The order was not canceled'] : [],
      );
      return { rejected: results.length - failures.length, failures };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: baristaOrdersRootKey }),
  });
}
