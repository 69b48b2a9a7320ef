/**
 * An order about to be saved: the plan the ordering module decided (whose, where, the drink), and
 * the row of the new order and its first history entry built from it once.
 */
import { cafeClock, cafeDayOf, dailyLimitRefusal, siteRefusal, type OrderCreateBody } from '@cafe/shared';
import { iso } from '../../lib/time';
import type { ResolvedOption } from '../options/options.service';
import type { SiteRecord } from '../sites/sites.service';
import type { NewOrder, PlacedEntry } from './order-writes.repository';
import type { PromiseTable } from './promise-sql';

export type DrinkFields = { type: OrderCreateBody['type'] | null; sweetness: number | null; tumbler: string };

/** The menu item an order is of, as the ordering module found it (its id, name, venue and category). */
export interface PlannedItem {
  id: number;
  name: string;
  venue: 'cafe' | 'bar';
  category: { id: number; name: string; kind: 'coffee' | 'tea' | 'other' };
}

/** An order about to be saved: whose it is, who placed it, the drink. */
export interface OrderPlan {
  /** Where it is placed: the site's queue, calendar and board. */
  site: SiteRecord;
  /** The owner's today at their home site (the day GET /order/count/user counts), when a person places it. */
  countDay?: string;
  /** Whose order it is: it counts toward their daily limit (a guest's is the barista's, and does not count). */
  owner: { id: number; name: string };
  placedBy: number;
  guestName: string | null;
  walkUp: boolean;
  menu: PlannedItem;
  now: Date;
  fields: DrinkFields;
  remark: string;
  /** The drink's options, checked (options/order-options.ts). */
  options: ResolvedOption[];
  /** An order for later: the slot's start (ISO), checked against the site's slots; null: as soon as possible. */
  pickupAt: string | null;
  /** What the owner avoids, and what of it the drink contains (docs/allergens.md): JSON lists as stored. */
  diet: { avoids: string; warnings: string };
  idempotency: { key: string; fingerprint: string } | null;
  /** Served into its owner's own tumbler: a disposable cup saved once picked up (orders.own_cup). */
  ownCup: boolean;
  /** The coffee run it is added to (its pickup slot is the run's), checked again under the run's lock; null: none. */
  runId: number | null;
}

/** A plan with the row of its new order and that order's first history entry, built once. */
export interface PendingOrder {
  plan: OrderPlan;
  order: NewOrder;
  entry: PlacedEntry;
  /** A person's cafe order counts toward their daily limit; a guest's (the barista's) does not. */
  counts: boolean;
  /**
   * An order for now: the instant it is promised (ISO) for each number of waiting orders ahead of
   * it around where its line is known to be, worked out before it is saved; the insert stores the
   * one of its place (promise-sql.ts), so what is stored is what the answer says. Absent: no
   * promise stored.
   */
  promise?: PromiseTable;
}

export function pendingOrder(plan: OrderPlan): PendingOrder {
  const { menu, fields, site } = plan;
  const at = iso(plan.now);
  // The site's calendar: its day is the queue's and the daily limit's (one allowance, every
  // site). An order for later is on the day and hour of its pickup.
  const when = plan.pickupAt === null ? plan.now : new Date(plan.pickupAt);
  const status = plan.pickupAt === null ? 'ordered' : 'scheduled';
  return {
    plan,
    order: {
      site_id: site.id,
      user_id: plan.owner.id,
      menu_id: menu.id,
      category_for: menu.venue,
      cafe_day: cafeDayOf(when, site.timeZone),
      cafe_hour: cafeClock(when, site.timeZone).hour,
      status,
      pickup_at: plan.pickupAt,
      type: fields.type ?? null,
      sweetness: fields.sweetness,
      remark: plan.remark,
      tumbler_image: fields.tumbler,
      reject_note: '',
      order_date: at,
      updated_at: at,
      idempotency_key: plan.idempotency?.key ?? null,
      idempotency_fingerprint: plan.idempotency?.fingerprint ?? null,
      walk_up: plan.walkUp ? 1 : 0,
      guest_name: plan.guestName,
      owner_avoids: plan.diet.avoids,
      diet_warnings: plan.diet.warnings,
      own_cup: plan.ownCup ? 1 : 0,
      run_id: plan.runId,
      // An order for later is promised for its pickup time; one for now by its place (`promise`).
      promised_ready_at: plan.pickupAt,
    },
    entry: { from: null, to: status, changedBy: plan.placedBy, note: null, at },
    counts: menu.venue === 'cafe' && plan.guestName === null,
  };
}

type Refused = ReturnType<typeof siteRefusal>;

/**
 * What a placement's commit refuses by what it read under the locks: the archived site, a batch's run
 * drink no longer joining (`join`), then the daily limit (`counted` null: it counts for nobody). Both
 * commit paths ask this alone; the SQL holding an order back meanwhile is their race-free enforcement.
 */
export const commitRefusal = (plan: OrderPlan, archived: boolean, counted: number | null, join: Refused = null) =>
  siteRefusal({ name: plan.site.name, archived }) ??
  join ??
  (counted === null ? null : dailyLimitRefusal(plan.menu.venue, counted));
