import type { BulkResult, Order, PeopleText } from '@cafe/shared';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { orderLabel, unknownOrderLabel } from './order-label';

/** What a bulk move did: the orders moved, and each one that was not with the server's reason. */
export interface BulkOutcome {
  moved: Order[];
  failed: { id: number; label: string; message: string }[];
}

/** Reads a bulk answer against the tickets that were selected (for their names). */
export function bulkOutcome(
  results: readonly BulkResult[],
  orders: readonly Pick<Order, 'id' | 'menu' | 'user'>[],
): BulkOutcome {
  const byId = new Map(orders.map((o) => [o.id, o]));
  const outcome: BulkOutcome = { moved: [], failed: [] };
  for (const result of results) {
    if (result.ok) outcome.moved.push(result.order);
    else {
      const order = byId.get(result.id);
      outcome.failed.push({
        id: result.id,
        label: order ? orderLabel(order) : unknownOrderLabel(result.id),
        message:
          errorText(
            new ApiError(result.error.statusCode, result.error.code, result.error.message, textOf(result.error)),
          ) ?? '',
      });
    }
  }
  return outcome;
}

/** The people message a refused move's answer names (the server's, as a single request's would). */
function textOf(error: { messageId?: string; params?: Record<string, string | number> }): PeopleText | undefined {
  return error.messageId === undefined ? undefined : { id: error.messageId, values: error.params };
}
