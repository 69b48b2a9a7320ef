import {
  UNCOUNTED_ORDER_STATUSES,
  cafeDayOf,
  checkPickup,
  pickupSlots,
  scheduledModeAt,
  type CafeDay,
  type CategoryFor,
  type PickupSettings,
  type PickupSettingsPatch,
  type Slot,
  type SlotList,
  type SlotRules,
} from '@cafe/shared';
import type { AppContext, AuthUser } from '../../context';
import type { Db } from '../../db/types';
import { badRequest, conflict } from '../../lib/errors';
import type { SiteRecord } from '../sites/sites.service';

/** Why a pickup time cannot be ordered for, as the person reads it. */
const REFUSALS = {
  'not-a-slot': 'pickupAt: is not the start of a pickup slot of this site; choose one of its slots',
  'too-soon': 'pickupAt: is too soon; choose a later pickup time',
  'too-far': 'pickupAt: is further ahead than this site takes orders',
  closed: 'pickupAt: the shop has closed for today; choose another day',
} as const;

/** Drinks ordered for each slot of a site from `from` on (orders not cancelled or rejected), by the slot's start. */
async function takenBySlot(db: Db, siteId: number, from: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['pickup_at', eb.fn.countAll<number>().as('n')])
    .where('site_id', '=', siteId)
    .where('pickup_at', '>=', from)
    .where('status', 'not in', UNCOUNTED_ORDER_STATUSES)
    .groupBy('pickup_at')
    .execute();
  return new Map(rows.flatMap((r) => (r.pickup_at ? [[r.pickup_at, Number(r.n)] as const] : [])));
}

/** Drinks ordered for one slot of a site (in the placement's transaction). */
async function drinksForSlot(db: Db, siteId: number, pickupAt: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('site_id', '=', siteId)
    .where('pickup_at', '=', pickupAt)
    .where('status', 'not in', UNCOUNTED_ORDER_STATUSES)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Orders for later (docs/api.md, "Orders for later"): each site's pickup settings, the slots its
 * hours give, and the check of a placement's pickup time. The slots themselves are worked out by
 * packages/shared/src/pickup.ts, in the site's zone.
 */
export function createPickupService(ctx: AppContext) {
  const sites = () => ctx.services.sites;

  /** What the slots of a venue at a site are worked out from, now. */
  async function slotRules(site: SiteRecord, venue: CategoryFor, now: Date): Promise<SlotRules> {
    const rules = await ctx.services.schedule.rulesOf(site.id);
    const open = venue === 'cafe' ? site.status.isCafeOpen : site.status.isBarOpen;
    const openByHours = scheduledModeAt(rules, now, site.timeZone) === (venue === 'cafe' ? 'cafe-open' : 'bar-open');
    // Closed by a person today while the hours have it open: no more slots today.
    const closedByHandToday =
      !open &&
      openByHours &&
      site.statusChange.at !== '' &&
      cafeDayOf(new Date(site.statusChange.at), site.timeZone) === cafeDayOf(now, site.timeZone);
    return {
      rules,
      timeZone: site.timeZone,
      venue,
      settings: site.pickup,
      now,
      closedEarlyToday: closedByHandToday || !site.venues[venue],
    };
  }

  return {
    /** GET /sites/{siteId}/pickup. */
    async settings(siteId: number): Promise<PickupSettings> {
      return (await sites().get(siteId)).pickup;
    },

    /** PUT /sites/{siteId}/pickup (the caller's right to the site is checked by the route). */
    setSettings: (user: AuthUser, siteId: number, patch: PickupSettingsPatch): Promise<PickupSettings> =>
      sites().setPickup(user, siteId, patch),

    /** GET /sites/{siteId}/slots: the slots a person may order for now, with the room each has left. */
    async slots(siteId: number, venue: CategoryFor, day?: CafeDay): Promise<SlotList> {
      const site = await sites().get(siteId);
      const now = ctx.clock.now();
      if (!site.venues[venue] || site.archived) return { siteId, timeZone: site.timeZone, slots: [] };
      const input = await slotRules(site, venue, now);
      const taken = await takenBySlot(ctx.db, siteId, now.toISOString());
      return { siteId, timeZone: site.timeZone, slots: pickupSlots(input, taken, day) };
    },

    /**
     * The slot an order for later names, checked against the site's hours, lead time and days
     * ahead (400 naming pickupAt). Its room is counted in the placement's transaction.
     */
    async check(site: SiteRecord, venue: CategoryFor, pickupAt: string): Promise<Omit<Slot, 'remaining'>> {
      const input = await slotRules(site, venue, ctx.clock.now());
      const result = checkPickup(input, new Date(pickupAt));
      if (!result.ok) throw badRequest(REFUSALS[result.reason]);
      return result.slot;
    },

    /**
     * Inside a placement's transaction: refuses with 409 SLOT_FULL when the slot has no room left.
     * The room is counted under the site's lock: of simultaneous orders for its last places, each
     * waits for the one before to commit and counts it (SQLite runs one write transaction at a time).
     */
    async claimSlot(trx: Db, site: SiteRecord, pickupAt: string): Promise<void> {
      await sites().lockForPlacement(trx, site.id);
      if ((await drinksForSlot(trx, site.id, pickupAt)) >= site.pickup.slotCapacity) {
        throw conflict('SLOT_FULL', 'That pickup time is full. Please choose another one.');
      }
    },

    /** Whether the venue should be open at `instant` by the site's hours (the release of an order for later asks). */
    async openByHoursAt(site: SiteRecord, venue: CategoryFor, instant: Date): Promise<boolean> {
      const rules = await ctx.services.schedule.rulesOf(site.id);
      return scheduledModeAt(rules, instant, site.timeZone) === (venue === 'cafe' ? 'cafe-open' : 'bar-open');
    },
  };
}

export type PickupService = ReturnType<typeof createPickupService>;
