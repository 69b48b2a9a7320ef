import { shopStatusFor, type CafeStatus, type ShopValue } from '@cafe/shared';
import type { AppContext } from '../../context';
import { createMemoryCache } from '../../lib/cache';
import { toCachedAnswer, type CachedAnswer } from '../../lib/cached-answer';
import { iso } from '../../lib/time';
import { fromCafeStatus, toCafeStatus } from './shop-status.mapper';
import { findShopStatus, saveShopStatus } from './shop-status.repository';

const BOTH_CLOSED: CafeStatus = { isBarOpen: false, isCafeOpen: false };

export function createShopStatusService(ctx: AppContext) {
  const { db, clock, events } = ctx;
  // Read by every screen and every order, changed a few times a day.
  const current = createMemoryCache<'status', { status: CafeStatus; answer: CachedAnswer }>({
    topic: 'shop-status',
    bus: ctx.bus,
    ttlMs: 60_000,
  });
  const read = () =>
    current.get('status', async () => {
      const row = await findShopStatus(db);
      const status = row ? toCafeStatus(row) : BOTH_CLOSED;
      return { status, answer: toCachedAnswer(status) };
    });

  return {
    async get(): Promise<CafeStatus> {
      return (await read()).status;
    },

    /** GET /cafe-status, made once per change. */
    async answer(): Promise<CachedAnswer> {
      return (await read()).answer;
    },

    /**
     * When the status was last set and by whom (null: nobody, as the database was first set up),
     * read from the database: the opening hours ask it to tell a person's choice from their own.
     */
    async lastChange(): Promise<{ at: string; by: number | null }> {
      const row = await findShopStatus(db);
      return { at: row?.updated_at ?? '', by: row?.updated_by ?? null };
    },

    /** `all-close` and `close-both` both close the cafe and the bar. */
    async set(value: ShopValue, changedBy: number): Promise<CafeStatus> {
      const row = await saveShopStatus(db, {
        ...fromCafeStatus(shopStatusFor(value)),
        updated_by: changedBy,
        updated_at: iso(clock.now()),
      });
      const status = toCafeStatus(row);
      current.invalidate();
      events.cafeStatus(status);
      return status;
    },
  };
}

export type ShopStatusService = ReturnType<typeof createShopStatusService>;
