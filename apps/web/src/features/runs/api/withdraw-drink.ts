import { OrderSchema } from '@cafe/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { runQueryOptions } from '@/api/run';
import { api } from '@/lib/api-client';

/**
 * PATCH /order/{id} {status: 'cancel'}: the owner's own cancel takes their drink out of a run (the
 * server refuses once the run has closed).
 */
export const withdrawDrink = ({ orderId }: { orderId: number; runId: number }) =>
  api(`/order/${encodeURIComponent(String(orderId))}`, {
    method: 'PATCH',
    body: { status: 'cancel' },
    schema: OrderSchema,
  });

/** Withdrawing one's drink: the run is read again, with the others' places counted anew. */
export function useWithdrawDrink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawDrink,
    onSettled: (_order, _error, { runId }) =>
      queryClient.invalidateQueries({ queryKey: runQueryOptions(runId).queryKey }),
  });
}
