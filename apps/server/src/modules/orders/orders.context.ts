import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { findOrder, type OrderRow } from './orders.repository';

/**
 * What the order services of this module share (placement, transitions, single-order reads): one
 * order read by id, and the one thing to do after an order was placed or moved on.
 */
export interface OrdersCore {
  /** The order with this id, or 404. */
  load: (id: number) => Promise<OrderRow>;
  /** After an order of a site was placed or moved on (committed): today's reads are stale, its busy mode may flip. */
  ordersChanged: (siteId: number) => void;
}

export function createOrdersCore(ctx: AppContext, dropTodaysReads: () => void): OrdersCore {
  return {
    async load(id) {
      const row = await findOrder(ctx.db, id);
      if (!row) throw notFound('Order');
      return row;
    },
    ordersChanged(siteId) {
      dropTodaysReads();
      ctx.services.busy.ordersChanged(siteId);
    },
  };
}
