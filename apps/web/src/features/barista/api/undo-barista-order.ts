import { OrderSchema, type Id, type Order } from '@cafe/shared';
import { useInvalidatingMutation } from '@/hooks/use-invalidating-mutation';
import { api } from '@/lib/api-client';
import { baristaOrdersRootKey } from './get-barista-orders';
import { orderTimelineRootKey } from './get-order-timeline';

/**
 * POST /order/barista/{id}/undo: takes back the last Do, Done or reject of an order within
 * LIMITS.undoWindowSeconds; answers the order as it is again (409 UNDO_EXPIRED after the window,
 * 409 INVALID_TRANSITION when there is nothing to take back or someone changed it since).
 */
export const undoBaristaOrder = (id: Id, idempotencyKey?: string) =>
  api(`/order/barista/${id}/undo`, {
    method: 'POST',
    schema: OrderSchema,
    ...(idempotencyKey === undefined ? {} : { headers: { 'Idempotency-Key': idempotencyKey } }),
  });

export interface UndoOutcome {
  undone: Order[];
  failures: { id: Id; error: unknown }[];
}

/** Undo for one or several orders (a bulk move is taken back order by order). */
export async function undoBaristaOrders(ids: readonly Id[]): Promise<UndoOutcome> {
  const settled = await Promise.allSettled(ids.map((id) => undoBaristaOrder(id)));
  return outcomeOf(ids, settled);
}

/**
 * Undo with a key for each order (the taps of the board): an undo whose answer was lost is sent
 * again with its key (lib/move-queue.ts) and never applied twice.
 */
export async function undoBaristaOrdersKeyed(targets: readonly { id: Id; key: string }[]): Promise<UndoOutcome> {
  const settled = await Promise.allSettled(targets.map((t) => undoBaristaOrder(t.id, t.key)));
  return outcomeOf(
    targets.map((t) => t.id),
    settled,
  );
}

function outcomeOf(ids: readonly Id[], settled: PromiseSettledResult<Order>[]): UndoOutcome {
  const outcome: UndoOutcome = { undone: [], failures: [] };
  settled.forEach((result, i) => {
    if (result.status === 'fulfilled') outcome.undone.push(result.value);
    else outcome.failures.push({ id: ids[i]!, error: result.reason });
  });
  return outcome;
}

export function useUndoBaristaOrders() {
  return useInvalidatingMutation(undoBaristaOrders, [baristaOrdersRootKey, orderTimelineRootKey], 'settled');
}

/** Undo of the board's undo bar and U key: each order with its tap's key (lib/move-queue.ts). */
export function useUndoBaristaOrdersKeyed() {
  return useInvalidatingMutation(undoBaristaOrdersKeyed, [baristaOrdersRootKey, orderTimelineRootKey], 'settled');
}
