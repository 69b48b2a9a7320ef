import { OrderSchema, type ClaimBody, type Id } from '@cafe/shared';
import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/hooks/use-invalidating-mutation';
import { baristaOrdersRootKey } from './get-barista-orders';
import { keyHeaders } from './idempotency';

export interface ClaimOrderInput extends ClaimBody {
  id: Id;
  /** The tap's Idempotency-Key: a retry with it is answered again, never applied twice. */
  idempotencyKey?: string;
}

/**
 * POST /order/barista/{id}/claim: the barista takes an order (`claim: true`), gives it back
 * (`false`), or takes it over from another (`takeOver`); answers the Order with its `claimedBy`.
 * Another barista's order is 409 ORDER_CLAIMED, whose message names them.
 */
export const claimOrder = ({ id, idempotencyKey, ...body }: ClaimOrderInput) =>
  api(`/order/barista/${id}/claim`, { method: 'POST', body, schema: OrderSchema, headers: keyHeaders(idempotencyKey) });

/** The claim's `orders` event brings it to every board; without the live channel, the board reads. */
export function useClaimOrder() {
  return useInvalidatingMutation(claimOrder, [baristaOrdersRootKey], 'offline');
}
