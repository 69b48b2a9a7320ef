/**
 * Standing orders at the door (docs/standing-orders.md): what a standing order may be when it is
 * saved (a drink the menu knows, days the venue serves, a time that starts one of the site's slots
 * then, what the drink contains that its owner avoids confirmed), the next day it will really be
 * placed, and each day's placement, through the same `place` as every other channel. The standing
 * module keeps the standing orders themselves and their days; it decides nothing.
 */
import {
  cafeDayOf,
  clockMinutes,
  instantOfCafeTime,
  peopleText,
  standingNextDay,
  standingRefusal,
  type CafeDay,
  type CategoryFor,
  type DietTag,
  type DrinkChoice,
  type OrderCreateBody,
  type PeopleText,
} from '@cafe/shared';
import type { AppBase, AuthUser } from '../../context';
import { AppError, refusal, refuse } from '../../lib/errors';
import type { OrderableItem } from '../menu/menu.service';
import type { SiteRecord } from '../sites/sites.service';
import { dietOf } from './diet';
import type { OrderingDeps } from './ordering.service';
import type { createUsual } from './usual';

/** What a standing order is, as the door reads it. */
export interface StandingPlan {
  site: SiteRecord;
  /** The drink set; null: the owner's usual on the day. */
  drink: DrinkChoice | null;
  weekdays: readonly number[];
  time: string;
}

/** A day's outcome: placed (its order), skipped (nobody told), or failed (the owner is told why). */
export type StandingOutcome =
  | { outcome: 'placed'; orderId: number }
  | { outcome: 'skipped' | 'failed'; code: string; text: PeopleText; drink: string | null };

type Place = (user: AuthUser, body: OrderCreateBody, key: string) => Promise<{ order: { id: number } }>;

export function createStandingDoor(
  ctx: AppBase,
  deps: Pick<OrderingDeps, 'menu' | 'options' | 'pickup' | 'users' | 'orders'>,
  usual: ReturnType<typeof createUsual>,
  place: Place,
) {
  const { clock } = ctx;

  /** The drink of the day: the one set, or the owner's usual now. */
  const drinkOf = async (userId: number, drink: DrinkChoice | null) => drink ?? (await usual.usualOf(userId));

  /** The item of a drink and the venue its slots are of (the cafe when there is no drink yet). */
  async function itemOf(drink: DrinkChoice | null): Promise<OrderableItem | undefined> {
    return drink ? deps.menu.findForOrder(drink.menu_id) : undefined;
  }

  /** The site's slots of the venue with the standing order's days and time: what the shared rules read. */
  async function rulesOf(plan: StandingPlan, venue: CategoryFor) {
    const { now: _now, ...slots } = await deps.pickup.slotRulesOf(plan.site, venue);
    return { site: { name: plan.site.name }, slots, weekdays: plan.weekdays, time: plan.time };
  }

  return {
    /**
     * May this standing order be saved: the site serves drinks, the drink (or the usual) is one the
     * menu knows, its days and time start a slot of the site then, and what it contains that the
     * owner avoids is confirmed (`dietConfirmed`). Answers what was confirmed, to keep with it.
     */
    async check(user: AuthUser, plan: StandingPlan, dietConfirmed: boolean): Promise<DietTag[]> {
      const { site } = plan;
      if (!site.venues.cafe && !site.venues.bar) {
        throw refusal(400, 'VALIDATION', peopleText('people.standing.noSite', { site: site.name }));
      }
      const drink = await drinkOf(user.id, plan.drink);
      if (!drink) throw refusal(400, 'VALIDATION', peopleText('people.standing.noUsual'));
      const item = await usual.checkDrink(drink);
      const today = cafeDayOf(clock.now(), site.timeZone);
      refuse(standingRefusal({ ...(await rulesOf(plan, item.venue)), today }));
      return (await dietOf(deps, user.id, site, item, drink, dietConfirmed)).conflicts;
    },

    /** The next day it will really be placed (null while paused, or none within two weeks). */
    async nextDay(
      userId: number,
      plan: StandingPlan,
      options: { doneToday: boolean; skip: CafeDay | null },
    ): Promise<CafeDay | null> {
      const item = await itemOf(await drinkOf(userId, plan.drink));
      const now = clock.now();
      const today = cafeDayOf(now, plan.site.timeZone);
      return standingNextDay(await rulesOf(plan, item?.venue ?? 'cafe'), today, now, options);
    },

    /**
     * The day's order for later, placed through the door like any other: the drink of the day with
     * the owner's most recent tumbler photo, for the time on the site's clock, the Idempotency-Key
     * making it once. A day the venue does not serve at that time (a closed day, no hours) is skipped.
     */
    async placeDay(
      user: AuthUser,
      plan: StandingPlan & { dietConfirmed: readonly DietTag[] },
      day: CafeDay,
      key: string,
    ): Promise<StandingOutcome> {
      const { site } = plan;
      const drink = await drinkOf(user.id, plan.drink);
      const item = await itemOf(drink);
      const name = item?.name ?? null;
      const failed = (code: string, text: PeopleText): StandingOutcome => ({
        outcome: 'failed',
        code,
        text,
        drink: name,
      });
      if (!drink) return failed('NO_USUAL', peopleText('people.standing.noUsual'));
      const venue = item?.venue ?? 'cafe';
      const pickupAt = instantOfCafeTime(day, clockMinutes(plan.time), site.timeZone);
      if (standingNextDay(await rulesOf(plan, venue), day, new Date(0), { doneToday: false, skip: null }) !== day) {
        return { outcome: 'skipped', code: 'CLOSED_DAY', text: peopleText('people.standing.closedDay'), drink: name };
      }
      if (pickupAt <= clock.now()) return failed('TOO_LATE', peopleText('people.standing.tooLate'));
      const tumbler = venue === 'cafe' ? await deps.orders.recentTumblerOf(user.id) : (name ?? '-');
      if (!tumbler) return failed('NO_TUMBLER_PHOTO', peopleText('people.standing.noTumbler'));
      // Confirmed when it was set: anything the drink contains now that was not is asked again.
      const conflicts = item ? (await dietOf(deps, user.id, site, item, drink)).conflicts : [];
      const confirmed = conflicts.every((tag) => plan.dietConfirmed.includes(tag));
      try {
        const body: OrderCreateBody = {
          ...drink,
          tumblerImage: tumbler,
          siteId: site.id,
          pickupAt: pickupAt.toISOString(),
          dietConfirmed: confirmed,
        };
        const { order } = await place(user, body, key);
        return { outcome: 'placed', orderId: order.id };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return failed(error.code, error.text ?? peopleText('people.standing.notPlaced', { reason: error.message }));
      }
    },
  };
}

export type StandingDoor = ReturnType<typeof createStandingDoor>;
