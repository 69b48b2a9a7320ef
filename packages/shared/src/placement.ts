import { clockTimeText, distanceKm } from './cafe-time';
import type { OrderingStatus, PauseReason } from './counter';
import type { DietTag } from './diet';
import type { ErrorCode } from './errors';
import { LIMITS } from './limits';
import { orderBlock } from './ordering';
import { peopleText, tagsValue, type PeopleText } from './people-text';
import { atCapacity, modelOf, workSecondsPerBarista } from './promise';
import { estimateWaitMinutes } from './queue';
import type { WaitInputs } from './queue-schemas';

/*
 * May this person order this item, here, now: the one decision behind POST /order, the walk-up
 * order, the menu's greyed-out items, the order form and its summary. Each asks it with the state
 * it has; the server asks it last, with what it read for the placement, and still counts the daily
 * limit and a pickup slot's room inside its transaction.
 */

/** Why an order cannot be placed: the HTTP status and code the server answers with, and what the person reads. */
export interface PlacementRefusal {
  status: 400 | 403 | 409;
  code: Extract<
    ErrorCode,
    | 'VALIDATION'
    | 'DIET_CONFIRMATION_NEEDED'
    | 'EMAIL_NOT_CONFIRMED'
    | 'SITE_ARCHIVED'
    | 'MENU_UNAVAILABLE'
    | 'CAFE_CLOSED'
    | 'CAFE_MENU_CLOSED_FRIDAY'
    | 'BAR_CLOSED'
    | 'BAR_ORDERING_DISABLED'
    | 'OUT_OF_RANGE'
    | 'ORDERS_PAUSED'
    | 'ORDER_LIMIT_REACHED'
    | 'RUN_CLOSED'
    | 'RUN_JOINED'
    | 'RUN_TIMES'
    | 'RUN_OPEN_ALREADY'
    | 'RUN_CAFE_ONLY'
  >;
  /** The people catalogue's message: the server's `message` in English, every channel's in the person's language. */
  text: PeopleText;
  /** What of the drink the person avoids (DIET_CONFIRMATION_NEEDED). */
  dietConflicts?: DietTag[];
}

/** A site as the decision needs it: what `GET /sites` and the site's live state say. */
export interface PlacementSite {
  name: string;
  archived: boolean;
  timeZone: string;
  latitude: number;
  longitude: number;
  radiusKm: number;
  /** The venues the site runs. */
  venues: { cafe: boolean; bar: boolean };
  /** The shop status now. */
  status: { isCafeOpen: boolean; isBarOpen: boolean };
  /** Busy mode: why online cafe orders are paused now, or null. */
  pause: { reason: PauseReason; estimatedWaitMinutes: number | null } | null;
}

/** The item as it is at the site. */
export interface PlacementItem {
  name: string;
  venue: 'cafe' | 'bar';
  /** The item and its category are active and not deleted. */
  active: boolean;
  /** The site serves the item. */
  served: boolean;
  /** Sold out at the site now, and until when (null: until a barista clears it). */
  soldOut: { until: string | null } | null;
}

export interface PlacementInput {
  /** Who orders: a person online, or a barista at the counter (walk-up: no hours of online ordering, no busy mode, no position). */
  channel: 'online' | 'walk-up';
  person: { email: string; emailUnconfirmed?: boolean };
  site: PlacementSite;
  item: PlacementItem;
  /** An order for later: the shop need not be open now, and busy mode does not apply (its release checks again). */
  later: { at: Date } | null;
  now: Date;
  /** The deployment's settings that take part. */
  settings: { locationCheck: boolean; barOnlineOrdering: boolean };
  /** Where the person is (online orders with the location check on); undefined: not known. */
  position?: { latitude: number; longitude: number } | undefined;
  /**
   * The cafe orders that count today for the order's owner (undefined: not known here, or a
   * walk-up guest's order, which counts for nobody).
   */
  cafeOrdersToday?: number | undefined;
}

/** What people read while new orders are paused (the message of 409 ORDERS_PAUSED). */
export function pauseMessage(reason: PauseReason, estimatedWaitMinutes: number | null): string {
  if (reason === 'manual') {
    return 'The cafe has paused online orders for a moment. Please try again in a few minutes, or order at the counter.';
  }
  const wait = estimatedWaitMinutes === null ? '' : ` (about ${estimatedWaitMinutes} min wait)`;
  return `The cafe is very busy right now${wait}. Please try again in a few minutes.`;
}

/** Why online orders pause, as the person reads it (the refusal 409 ORDERS_PAUSED). */
export function pauseText(reason: PauseReason, estimatedWaitMinutes: number | null): PeopleText {
  if (reason === 'manual') return peopleText('people.refusal.pausedManual');
  return estimatedWaitMinutes === null
    ? peopleText('people.refusal.pausedBusy')
    : peopleText('people.refusal.pausedBusyWait', { minutes: estimatedWaitMinutes });
}

/** A site's busy mode settings: paused by hand, and the limits that pause it by themselves. */
export interface BusySettings {
  paused: boolean;
  maxWaiting: number | null;
  maxWaitMinutes: number | null;
}

/** The cafe queue of a site now: the waiting orders, and the wait estimate's inputs. */
export interface QueueSnapshot {
  waiting: number;
  wait: WaitInputs;
}

/**
 * Busy mode (GET /ordering-status): online cafe orders pause while a barista says so, or while the
 * line is at its capacity (`maxWaiting`: atCapacity, the waiting work per barista working) or the
 * wait for a new order (the promise model's) is at its limit.
 */
export function orderingStatus(busy: BusySettings, queue: QueueSnapshot): OrderingStatus {
  const { paused, maxWaiting, maxWaitMinutes } = busy;
  const active = queue.waiting > 0 || queue.wait.inProgress > 0;
  const estimatedWaitMinutes = active ? estimateWaitMinutes(queue.wait, queue.waiting) : null;
  let reason: PauseReason | null = null;
  if (paused) reason = 'manual';
  // Intake by capacity (promise.ts): the waiting work per barista working, not a count of orders.
  else if (maxWaiting !== null && atCapacity(queue.wait, queue.waiting, maxWaiting)) reason = 'queue';
  else if (maxWaitMinutes !== null && estimatedWaitMinutes !== null && estimatedWaitMinutes >= maxWaitMinutes)
    reason = 'wait';
  return {
    paused: reason !== null,
    reason,
    waiting: queue.waiting,
    estimatedWaitMinutes,
    limits: { maxWaiting, maxWaitMinutes },
    message: reason === null ? null : pauseMessage(reason, estimatedWaitMinutes),
    ...(modelOf(queue.wait) === 'line'
      ? {
          baristas: queue.wait.baristas ?? 1,
          workMinutesPerBarista: Math.round(workSecondsPerBarista(queue.wait, queue.waiting) / 6) / 10,
        }
      : {}),
  };
}

/**
 * Why a site's online cafe orders pause now, or null. The queue is asked for only when a limit is
 * set: without one (the default) only a barista's pause stops orders, and nobody need count the queue.
 */
export async function orderingPause(
  busy: BusySettings,
  queue: () => Promise<QueueSnapshot>,
): Promise<PlacementSite['pause']> {
  if (busy.paused) return { reason: 'manual', estimatedWaitMinutes: null };
  if (busy.maxWaiting === null && busy.maxWaitMinutes === null) return null;
  const now = orderingStatus(busy, await queue());
  return now.reason ? { reason: now.reason, estimatedWaitMinutes: now.estimatedWaitMinutes } : null;
}

/** " until 14:05" (the site's clock) for a sold-out with an end, "" for one without. */
export function soldOutUntilText(until: string | null, timeZone: string): string {
  return until ? ` until ${clockTimeText(new Date(until), timeZone)}` : '';
}

/** An item sold out at a site, with its end on the site's clock when it has one. */
export function soldOutText(item: string, site: string, until: string | null, timeZone: string): PeopleText {
  return until
    ? peopleText('people.refusal.soldOutUntil', { item, site, time: clockTimeText(new Date(until), timeZone) })
    : peopleText('people.refusal.soldOut', { item, site });
}

/** The person may not order anywhere yet: their address waits for its confirmation. */
export function personRefusal(person: PlacementInput['person']): PlacementRefusal | null {
  if (!person.emailUnconfirmed) return null;
  return {
    status: 403,
    code: 'EMAIL_NOT_CONFIRMED',
    text: peopleText('people.refusal.emailNotConfirmed', { email: person.email }),
  };
}

/** The site takes no orders at all: it is archived. */
export function siteRefusal(site: Pick<PlacementSite, 'name' | 'archived'>): PlacementRefusal | null {
  if (!site.archived) return null;
  return { status: 409, code: 'SITE_ARCHIVED', text: peopleText('people.refusal.siteArchived', { site: site.name }) };
}

/**
 * The item at the site: the item itself, the venue's hours (the slot's for an order for later),
 * the Friday cut-off, then whether the site serves it and has it. The menu greys an item out by it.
 */
export function itemRefusal(
  input: Pick<PlacementInput, 'channel' | 'item' | 'later' | 'now' | 'settings'> & {
    site: Pick<PlacementSite, 'name' | 'timeZone' | 'venues' | 'status'>;
  },
): PlacementRefusal | null {
  const { site, item } = input;
  const runs = site.venues[item.venue];
  const shop = !runs
    ? { isCafeOpen: false, isBarOpen: false }
    : input.later
      ? { isCafeOpen: true, isBarOpen: true }
      : site.status;
  const block = orderBlock({
    venue: item.venue,
    itemActive: item.active,
    shop,
    now: input.later?.at ?? input.now,
    timeZone: site.timeZone,
    // Taken at the counter: not an online order.
    barOnlineOrdering: input.channel === 'walk-up' || input.settings.barOnlineOrdering,
  });
  if (block && !runs && (block.code === 'BAR_CLOSED' || block.code === 'CAFE_CLOSED')) {
    // Not closed for now: the site has no such counter at all.
    const values = { site: site.name, item: item.name };
    const id = item.venue === 'cafe' ? 'people.refusal.noCafe' : 'people.refusal.noBar';
    return { status: 409, code: block.code, text: peopleText(id, values) };
  }
  if (block) return { status: 409, ...block };
  if (!item.served) {
    return {
      status: 409,
      code: 'MENU_UNAVAILABLE',
      text: peopleText('people.refusal.notServed', { item: item.name, site: site.name }),
    };
  }
  if (item.soldOut) {
    return {
      status: 409,
      code: 'MENU_UNAVAILABLE',
      text: soldOutText(item.name, site.name, item.soldOut.until, site.timeZone),
    };
  }
  return null;
}

/**
 * What is checked once the drink is filled in: the person's position (online, with the location
 * check on), busy mode (online cafe orders for now), and the daily limit when it is known.
 */
export function draftRefusal(
  input: Pick<PlacementInput, 'channel' | 'later' | 'settings' | 'position' | 'cafeOrdersToday'> & {
    site: Pick<PlacementSite, 'latitude' | 'longitude' | 'radiusKm' | 'pause'>;
    item: Pick<PlacementItem, 'venue'>;
  },
): PlacementRefusal | null {
  const { site, item } = input;
  if (input.channel === 'online' && input.settings.locationCheck) {
    if (!input.position) {
      return { status: 403, code: 'OUT_OF_RANGE', text: peopleText('people.refusal.locationPermission') };
    }
    const km = distanceKm(
      { lat: input.position.latitude, lng: input.position.longitude },
      { lat: site.latitude, lng: site.longitude },
    );
    if (km > site.radiusKm) return { status: 403, code: 'OUT_OF_RANGE', text: peopleText('people.refusal.outOfRange') };
  }
  if (input.channel === 'online' && item.venue === 'cafe' && !input.later && site.pause) {
    return {
      status: 409,
      code: 'ORDERS_PAUSED',
      text: pauseText(site.pause.reason, site.pause.estimatedWaitMinutes),
    };
  }
  return input.cafeOrdersToday === undefined ? null : dailyLimitRefusal(item.venue, input.cafeOrdersToday);
}

/** How many counted orders of a day a person may have at a venue (null: as many as they like): dailyLimitRefusal's bound. */
export function dailyLimitOf(venue: 'cafe' | 'bar'): number | null {
  return venue === 'cafe' ? LIMITS.dailyCafeOrders : null;
}

/** The daily limit: a third cafe drink of the day for the person the order counts toward. */
export function dailyLimitRefusal(venue: 'cafe' | 'bar', cafeOrdersToday: number): PlacementRefusal | null {
  const limit = dailyLimitOf(venue);
  if (limit === null || cafeOrdersToday < limit) return null;
  return { status: 409, code: 'ORDER_LIMIT_REACHED', text: peopleText('people.refusal.orderLimit') };
}

/** A cafe drink is made to a type and a sweetness: without both it cannot be ordered (400). */
export function drinkShapeRefusal(
  venue: 'cafe' | 'bar',
  drink: { type?: unknown; sweetness?: unknown },
): PlacementRefusal | null {
  if (venue !== 'cafe' || (drink.type != null && drink.sweetness != null)) return null;
  return { status: 400, code: 'VALIDATION', text: peopleText('people.refusal.drinkIncomplete') };
}

/**
 * What the person avoids is in the drink (`conflicts`, the shared conflictsOfDrink): placed only
 * once they said they know (`confirmed`), on every channel; otherwise 409 naming what it contains.
 */
export function dietRefusal(conflicts: readonly DietTag[], confirmed: boolean): PlacementRefusal | null {
  if (conflicts.length === 0 || confirmed) return null;
  return {
    status: 409,
    code: 'DIET_CONFIRMATION_NEEDED',
    text: peopleText('people.refusal.dietConfirmationNeeded', { tags: tagsValue(conflicts) }),
    dietConflicts: [...conflicts],
  };
}

/**
 * A refusal of the time chosen, not of the drink: a pickup slot that is no longer one (full, closed,
 * too soon or too far), or a standing order's time on days the venue does not serve then. A form
 * says it at its time field; every channel asks this rather than keeping its own list.
 */
export function isTimeRefusal(text: PeopleText | undefined): boolean {
  return /^people\.(refusal\.slot|standing\.(notServedAt|fridayCutoff))/.test(text?.id ?? '');
}

/**
 * The whole decision, the first refusal in the order docs/api.md lists the checks (the site, the
 * item there, then the filled-in drink); null when the order may be placed.
 */
export function placementRefusal(input: PlacementInput): PlacementRefusal | null {
  return personRefusal(input.person) ?? siteRefusal(input.site) ?? itemRefusal(input) ?? draftRefusal(input);
}
