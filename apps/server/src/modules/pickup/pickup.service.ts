import {
  addDays,
  cafeDayOf,
  checkPickup,
  clockTimeText,
  peopleText,
  type PeopleText,
  slotTimesNear,
  slotTimesOn,
  standingDayProblem,
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
import type { AppBase, AuthUser } from '../../context';
import type { Db } from '../../db/types';
import { refusal } from '../../lib/errors';
import type { ScheduleService } from '../schedule/schedule.service';
import type { SiteRecord, SitesService } from '../sites/sites.service';
import { drinksForSlot, savePickupSettings, takenBySlot } from './pickup.repository';

/** Why a pickup time cannot be ordered for, as the person reads it (400: the time, not the drink). */
const REFUSALS: Record<'too-soon' | 'too-far' | 'closed', (site: SiteRecord) => PeopleText> = {
  'too-soon': () => peopleText('people.refusal.slotTooSoon'),
  'too-far': (site) => peopleText('people.refusal.slotTooFar', { site: site.name }),
  closed: (site) => peopleText('people.refusal.slotClosedToday', { site: site.name }),
};

/**
 * Orders for later (docs/api.md, "Orders for later"): each site's pickup settings, the slots its
 * hours give, and the check of a placement's pickup time. The slots themselves are worked out by
 * packages/shared/src/pickup.ts, in the site's zone.
 */
export function createPickupService(
  ctx: AppBase,
  deps: {
    sites: SitesService;
    schedule: ScheduleService;
    /** When a drink joining a venue's line now would be ready (the orders module's queue; services.ts). */
    readyNow: (siteId: number, venue: CategoryFor) => Promise<Date>;
  },
) {
  const sites = () => deps.sites;

  /** What the slots of a venue at a site are worked out from, now. */
  async function slotRules(site: SiteRecord, venue: CategoryFor, now: Date): Promise<SlotRules> {
    const rules = await deps.schedule.rulesOf(site.id);
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
    async setSettings(user: AuthUser, siteId: number, patch: PickupSettingsPatch): Promise<PickupSettings> {
      const before = (await sites().get(siteId)).pickup;
      await savePickupSettings(ctx.db, siteId, patch);
      const after = { ...before, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) };
      // The site's state follows (every process reads it again), and the audit log.
      await ctx.domainEvents.emit('site.changed', {
        siteId,
        changes: [
          {
            actor: user,
            action: 'pickup.settings',
            target: { type: 'site', id: siteId },
            siteId,
            before,
            after,
            onlyChanged: true,
          },
        ],
      });
      return (await sites().get(siteId)).pickup;
    },

    /**
     * GET /sites/{siteId}/slots: the slots a person may order for now, with the room each has left;
     * a slot the line cannot meet carries when a drink for it would really be ready.
     */
    async slots(siteId: number, venue: CategoryFor, day?: CafeDay): Promise<SlotList> {
      const site = await sites().get(siteId);
      const now = ctx.clock.now();
      if (!site.venues[venue] || site.archived) return { siteId, timeZone: site.timeZone, slots: [] };
      const input = await slotRules(site, venue, now);
      const [taken, earliestReady] = await Promise.all([
        takenBySlot(ctx.db, siteId, now.toISOString()),
        deps.readyNow(siteId, venue),
      ]);
      return { siteId, timeZone: site.timeZone, slots: pickupSlots(input, taken, day, earliestReady) };
    },

    /** The clock times that start a slot of the venue on some day of the coming week: a standing order's choices. */
    async standingTimes(siteId: number, venue: CategoryFor): Promise<string[]> {
      const site = await sites().get(siteId);
      const rules = await slotRules(site, venue, ctx.clock.now());
      const today = cafeDayOf(rules.now, site.timeZone);
      const times = new Set([0, 1, 2, 3, 4, 5, 6].flatMap((i) => slotTimesOn(rules, addDays(today, i))));
      return [...times].sort();
    },

    /** What a venue's slots are worked out from now (a standing order's days and time are checked against them). */
    slotRulesOf: (site: SiteRecord, venue: CategoryFor): Promise<SlotRules> => slotRules(site, venue, ctx.clock.now()),

    /**
     * The slot an order for later names, checked against the site's hours, lead time and days
     * ahead (400 in the person's words). Its room is counted in the placement's transaction.
     */
    async check(site: SiteRecord, venue: CategoryFor, pickupAt: string): Promise<Omit<Slot, 'remaining'>> {
      const input = await slotRules(site, venue, ctx.clock.now());
      const at = new Date(pickupAt);
      const result = checkPickup(input, at);
      if (result.ok) return result.slot;
      const time = clockTimeText(at, site.timeZone);
      if (result.reason === 'not-a-slot') {
        const day = cafeDayOf(at, site.timeZone);
        const examples = slotTimesNear(input, day, time);
        // Outside the hours altogether, or between two slots of that day (with the nearest ones).
        if (!examples || standingDayProblem(input, day, time) !== 'not-a-slot') {
          throw refusal(400, 'VALIDATION', peopleText('people.refusal.slotClosed', { site: site.name, time }));
        }
        const values = { site: site.name, time, minutes: site.pickup.slotMinutes, examples };
        throw refusal(400, 'VALIDATION', peopleText('people.refusal.slotNotStart', values));
      }
      throw refusal(400, 'VALIDATION', REFUSALS[result.reason](site));
    },

    /**
     * Inside a placement's transaction: refuses with 409 SLOT_FULL when the slot has no room left.
     * The room is counted under the site's lock: of simultaneous orders for its last places, each
     * waits for the one before to commit and counts it (SQLite runs one write transaction at a time).
     */
    async claimSlot(trx: Db, site: SiteRecord, pickupAt: string): Promise<void> {
      await sites().lockForPlacement(trx, site.id);
      if ((await drinksForSlot(trx, site.id, pickupAt)) >= site.pickup.slotCapacity) {
        throw refusal(409, 'SLOT_FULL', peopleText('people.refusal.slotFull'));
      }
    },

    /** Whether the venue should be open at `instant` by the site's hours (the release of an order for later asks). */
    async openByHoursAt(site: SiteRecord, venue: CategoryFor, instant: Date): Promise<boolean> {
      const rules = await deps.schedule.rulesOf(site.id);
      return scheduledModeAt(rules, instant, site.timeZone) === (venue === 'cafe' ? 'cafe-open' : 'bar-open');
    },
  };
}

export type PickupService = ReturnType<typeof createPickupService>;
