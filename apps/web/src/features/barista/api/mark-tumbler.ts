import { OrderSchema, type Id, type TumblerMarkBody } from '@cafe/shared';
import { useInvalidatingMutation } from '@/hooks/use-invalidating-mutation';
import { api } from '@/lib/api-client';
import { baristaOrdersRootKey } from './get-barista-orders';

/**
 * POST /order/barista/{id}/tumbler: the tumbler is not at the counter (`missing: true`, the owner
 * has the site's grace minutes to bring it) or was found (`missing: false`); answers the Order.
 */
export const markTumbler = ({ id, ...body }: TumblerMarkBody & { id: Id }) =>
  api(`/order/barista/${id}/tumbler`, { method: 'POST', body, schema: OrderSchema });

export function useMarkTumbler() {
  return useInvalidatingMutation(markTumbler, [baristaOrdersRootKey], 'settled');
}
