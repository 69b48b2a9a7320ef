import { peopleText, shopStatusFor, type CafeStatus, type CategoryFor, type ShopValue } from '@cafe/shared';
import type { AppBase } from '../../context';
import { createMemoryCache } from '../../lib/cache';
import { toCachedAnswer, type CachedAnswer } from '../../lib/cached-answer';
import { badRequest } from '../../lib/errors';
import { iso } from '../../lib/time';
import type { SitesService } from './sites.service';
import { saveShopStatus } from './shop-status.repository';

/**
 * The shop status of each site (the specification's cafe-open / bar-open / close-both). It is kept
 * on the site's row and read through the site's state (modules/sites); this service sets it as a
 * person or the opening hours do, tells that site's people, and emits `shop-status.changed` (the
 * orders that can no longer be served follow it, and the audit log).
 */
export function createShopStatusService(ctx: AppBase, { sites }: { sites: SitesService }) {
  // GET /cafe-status is read by every screen: its answer per site, made once per change.
  const answers = createMemoryCache<number, CachedAnswer>({
    topic: 'shop-status',
    bus: ctx.bus,
    alsoDroppedBy: ['sites'],
    ttlMs: 60_000,
  });

  async function get(siteId: number): Promise<CafeStatus> {
    return (await sites.get(siteId)).status;
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
      return sites.statusChangeNow(siteId);
    },

    /** `all-close` and `close-both` both close the cafe and the bar. */
    async set(
      siteId: number,
      value: ShopValue,
      changedBy: number,
      /** The venues whose waiting orders go with this change (the opening hours' closes). */
      closeWaiting: readonly CategoryFor[] = [],
    ): Promise<CafeStatus> {
      const wanted = shopStatusFor(value);
      const site = await sites.get(siteId);
      const missing =
        wanted.isCafeOpen && !site.venues.cafe ? 'cafe' : wanted.isBarOpen && !site.venues.bar ? 'bar' : null;
      if (missing)
        throw badRequest(
          `${site.name} does not run a ${missing}, so its ${missing} cannot be opened.`,
          peopleText('people.sites.noVenue', { site: site.name, venue: missing }),
        );
      await saveShopStatus(ctx.db, siteId, wanted, changedBy, iso(ctx.clock.now()));
      const status = { isBarOpen: wanted.isBarOpen, isCafeOpen: wanted.isCafeOpen };
      answers.invalidate(siteId);
      ctx.events.shopStatus(siteId, status);
      // The site's state, the orders a closing venue can no longer serve, and the audit log follow.
      // The opening hours set it here too, as their own account: recorded like a person's change.
      await ctx.domainEvents.emit('shop-status.changed', {
        siteId,
        before: site.status,
        after: status,
        closeWaiting,
        changedBy,
        changes: [
          {
            actor: { id: changedBy },
            action: 'shop.status',
            target: { type: 'site', id: siteId },
            siteId,
            before: { ...site.status },
            after: { ...status },
          },
        ],
      });
      return status;
    },
  };
}

export type ShopStatusService = ReturnType<typeof createShopStatusService>;
