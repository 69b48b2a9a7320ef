import { OrderSchema, type Id, type Order } from '@cafe/shared';
import { useInvalidatingMutation } from '@/hooks/use-invalidating-mutation';
import { api } from '@/lib/api-client';
import { baristaOrdersRootKey } from './get-barista-orders';
import { orderTimelineRootKey } from './get-order-timeline';
import { keyHeaders } from './idempotency';

/**
 * POST /order/barista/{id}/undo: takes back the last Do, Done or reject of an order within
 * LIMITS.undoWindowSeconds; answers the order as it is again (409 UNDO_EXPIRED after the window,
 * 409 INVALID_TRANSITION when there is nothing to take back or someone changed it since).
 */
export const undoBaristaOrder = (id: Id, idempotencyKey?: string) =>
  api(`/order/barista/${id}/undo`, { method: 'POST', schema: OrderSchema, headers: keyHeaders(idempotencyKey) });

export interface UndoOutcome {
  undone: Order[];
  failures: { id: Id; error: unknown }[];
}

/**
 * Undo for one or several orders (a bulk move is taken back order by order), each with its tap's
 * key when it has one (the board's undo bar and U key): an undo whose answer was lost is sent again
 * with its key (lib/move-queue.ts) and never applied twice.
 */
export async function undoBaristaOrders(targets: readonly { id: Id; key?: string }[]): Promise<UndoOutcome> {
  const settled = await Promise.allSettled(targets.map((t) => undoBaristaOrder(t.id, t.key)));
  const outcome: UndoOutcome = { undone: [], failures: [] };
  settled.forEach((result, i) => {
    if (result.status === 'fulfilled') outcome.undone.push(result.value);
    else outcome.failures.push({ id: targets[i]!.id, error: result.reason });
  });
  return outcome;
}

export function useUndoBaristaOrders() {
  return useInvalidatingMutation(undoBaristaOrders, [baristaOrdersRootKey, orderTimelineRootKey], 'settled');
}
