import { OrderSchema, type BaristaOrderPatchBody, type Id, type Order } from '@cafe/shared';
import { useInvalidatingMutation } from '@/hooks/use-invalidating-mutation';
import { api, ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { bulkMoveOrders } from './bulk-barista-orders';
import { baristaOrdersRootKey } from './get-barista-orders';
import { keyHeaders } from './idempotency';

export interface UpdateBaristaOrderInput extends BaristaOrderPatchBody {
  id: Id;
  /** The tap's Idempotency-Key: a retry with it is answered again, never applied twice (lib/move-queue.ts). */
  idempotencyKey?: string;
}

/** PATCH /order/barista/{id}: Do (in-progress), Done (done) or Cancel (rejected with a note). */
export const updateBaristaOrder = ({ id, idempotencyKey, ...body }: UpdateBaristaOrderInput) =>
  api(`/order/barista/${id}`, { method: 'PATCH', body, schema: OrderSchema, headers: keyHeaders(idempotencyKey) });

/**
 * Success or failure (e.g. another barista was faster), the list must show the truth again. With
 * the live channel up, the move's `orders` event brings it (numbered: never missed, and never older
 * than what the board holds); a read of the whole day after every tap would only repeat it.
 * Without the channel, the board reads.
 */
export function useUpdateBaristaOrder() {
  return useInvalidatingMutation(updateBaristaOrder, [baristaOrdersRootKey], 'offline');
}

export interface RejectOrdersResult {
  /** The orders canceled, as they are now. */
  rejected: Order[];
  /** The others, and why each was not canceled (e.g. another barista finished it first). */
  failures: { id: Id; message: string }[];
}

/**
 * Cancel (reject) one or more orders with one reason: one order is a PATCH of its own, several go
 * in one bulk request, each checked on its own by the server.
 */
export async function rejectOrders({
  ids,
  note,
  idempotencyKey,
}: {
  ids: readonly Id[];
  note: string;
  /** One order's cancel: its tap's key (lib/move-queue.ts). */
  idempotencyKey?: string;
}): Promise<RejectOrdersResult> {
  if (ids.length === 1) {
    const order = await updateBaristaOrder({ id: ids[0]!, status: 'rejected', reject_note: note, idempotencyKey });
    return { rejected: [order], failures: [] };
  }
  const results = await bulkMoveOrders({ ids: [...ids], status: 'rejected', reject_note: note });
  return {
    rejected: results.flatMap((r) => (r.ok ? [r.order] : [])),
    // Each reason in the interface's language, as a single move's refusal would show.
    failures: results.flatMap((r) =>
      r.ok
        ? []
        : [{ id: r.id, message: errorText(new ApiError(r.error.statusCode, r.error.code, r.error.message)) ?? '' }],
    ),
  };
}

export function useRejectOrders() {
  return useInvalidatingMutation(rejectOrders, [baristaOrdersRootKey], 'settled');
}
