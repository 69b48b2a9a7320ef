import { BulkBaristaAnswerSchema, LIMITS, type BulkBaristaBody, type BulkResult } from '@cafe/shared';
import { useInvalidatingMutation } from '@/hooks/use-invalidating-mutation';
import { api } from '@/lib/api-client';
import { baristaOrdersRootKey } from './get-barista-orders';

/** POST /order/barista/bulk: one move for several orders, each checked and made on its own. */
export const bulkBaristaOrders = (body: BulkBaristaBody) =>
  api('/order/barista/bulk', { method: 'POST', body, schema: BulkBaristaAnswerSchema });

/**
 * One move for any number of orders: sent in batches the server takes (LIMITS.bulkOrdersMax), the
 * outcome of every order in the order given.
 */
export async function bulkMoveOrders({ ids, ...move }: BulkBaristaBody): Promise<BulkResult[]> {
  const results: BulkResult[] = [];
  for (let start = 0; start < ids.length; start += LIMITS.bulkOrdersMax) {
    const answer = await bulkBaristaOrders({ ...move, ids: ids.slice(start, start + LIMITS.bulkOrdersMax) });
    results.push(...answer.results);
  }
  return results;
}

export function useBulkBaristaOrders() {
  // The live events move each ticket; reading the board once more settles any that raced.
  return useInvalidatingMutation(bulkMoveOrders, [baristaOrdersRootKey], 'settled');
}
