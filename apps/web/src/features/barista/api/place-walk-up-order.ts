import { OrderSchema, type WalkUpOrderBody } from '@cafe/shared';
import { useInvalidatingMutation } from '@/hooks/use-invalidating-mutation';
import { useStaffSite } from '@/hooks/use-staff-site';
import { api } from '@/lib/api-client';
import { baristaOrdersRootKey } from './get-barista-orders';

/**
 * POST /order/walk-up: a barista enters an order for a person at the counter (it counts toward
 * their daily limit) or for a guest; answers 201 with the Order (`walkUp: true`).
 */
export const placeWalkUpOrder = (body: WalkUpOrderBody) =>
  api('/order/walk-up', { method: 'POST', body, schema: OrderSchema });

export function usePlaceWalkUpOrder() {
  const { siteId } = useStaffSite();
  // At the counter of the site the board shows. The `orders` event puts it on the board; without a
  // live connection this read does.
  return useInvalidatingMutation(
    (body: WalkUpOrderBody) => placeWalkUpOrder({ ...body, siteId }),
    [baristaOrdersRootKey],
  );
}
