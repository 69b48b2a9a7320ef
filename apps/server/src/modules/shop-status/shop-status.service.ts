import { SHOP_CLOSING_NOTE, shopStatusFor, type CafeStatus, type ShopValue } from '@cafe/shared';
import type { AppContext } from '../../context';
import { createMemoryCache } from '../../lib/cache';
import { toCachedAnswer, type CachedAnswer } from '../../lib/cached-answer';
import { badRequest } from '../../lib/errors';

/**
 * The shop status of each site (the specification's cafe-open / bar-open / close-both). It is kept
 * on the site's row (modules/sites); this service sets it as a person or the opening hours do and
 * tells that site's people.
 */
export function createShopStatusService(ctx: AppContext) {
  const { events } = ctx;
  const sites = () => ctx.services.sites;
  // GET /cafe-status is read by every screen: its answer per site, made once per change.
  const answers = createMemoryCache<number, CachedAnswer>({
    topic: 'shop-status',
    bus: ctx.bus,
    alsoDroppedBy: ['sites'],
    ttlMs: 60_000,
  });

  async function get(siteId: number): Promise<CafeStatus> {
    return (await sites().get(siteId)).status;
  }

  return {
    get,

    /** GET /cafe-status of a site, made once per change. */
    answer(siteId: number): Promise<CachedAnswer> {
      return answers.get(siteId, async () => toCachedAnswer(await get(siteId)));
    },

    /**
     * When the status was last set and by whom (by null: nobody since the site began), read from
     * the database: the opening hours ask it to tell a person's choice from their own.
     */
    lastChange(siteId: number): Promise<{ at: string; by: number | null }> {
      return sites().statusChangeNow(siteId);
    },

    /** `all-close` and `close-both` both close the cafe and the bar. */
    async set(siteId: number, value: ShopValue, changedBy: number): Promise<CafeStatus> {
      const wanted = shopStatusFor(value);
      const site = await sites().get(siteId);
      const missing =
        wanted.isCafeOpen && !site.venues.cafe ? 'cafe' : wanted.isBarOpen && !site.venues.bar ? 'bar' : null;
      if (missing) throw badRequest(`${site.name} does not run a ${missing}, so its ${missing} cannot be opened.`);
      const { status } = await sites().saveStatus(siteId, wanted, changedBy);
      // The opening hours set it here too, as their own account: recorded like a person's change.
      await ctx.services.audit.record(ctx.db, {
        actor: { id: changedBy },
        action: 'shop.status',
        target: { type: 'site', id: siteId },
        siteId,
        before: { ...site.status },
        after: { ...status },
      });
      answers.invalidate(siteId);
      events.shopStatus(siteId, status);
      // Today's orders for later of a venue that closes can no longer be served.
      for (const venue of ['cafe', 'bar'] as const) {
        const was = venue === 'cafe' ? site.status.isCafeOpen : site.status.isBarOpen;
        const is = venue === 'cafe' ? status.isCafeOpen : status.isBarOpen;
        if (was && !is) await ctx.services.orders.rejectScheduledAtClose(siteId, venue, SHOP_CLOSING_NOTE, changedBy);
      }
      return status;
    },
  };
}

export type ShopStatusService = ReturnType<typeof createShopStatusService>;
