import { shopStatusFor, type CafeStatus, type ShopValue } from '@cafe/shared';
import type { AppContext } from '../../context';
import { iso } from '../../lib/time';
import { fromCafeStatus, toCafeStatus } from './shop-status.mapper';
import { findShopStatus, saveShopStatus } from './shop-status.repository';

const BOTH_CLOSED: CafeStatus = { isBarOpen: false, isCafeOpen: false };

export function createShopStatusService(ctx: AppContext) {
  const { db, clock, events } = ctx;

  return {
    async get(): Promise<CafeStatus> {
      const row = await findShopStatus(db);
      return row ? toCafeStatus(row) : BOTH_CLOSED;
    },

    /** `all-close` and `close-both` both close the cafe and the bar. */
    async set(value: ShopValue, changedBy: number): Promise<CafeStatus> {
      const row = await saveShopStatus(db, {
        ...fromCafeStatus(shopStatusFor(value)),
        updated_by: changedBy,
        updated_at: iso(clock.now()),
      });
      const status = toCafeStatus(row);
      events.cafeStatus(status);
      return status;
    },
  };
}

export type ShopStatusService = ReturnType<typeof createShopStatusService>;
