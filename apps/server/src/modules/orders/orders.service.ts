import {
  addDays,
  FINISHED_ORDER_STATUSES,
  LIMITS,
  MESSAGES,
  cafeClock,
  cafeDayOf,
  startOfCafeDay,
  dashIfEmpty,
  canTransition,
  canUndo,
  distanceKm,
  estimateWaitMinutes,
  orderBlock,
  type BaristaHistoryPage,
  type BaristaHistoryQuery,
  type BaristaOrderPatchBody,
  type BulkBaristaAnswer,
  type BulkBaristaBody,
  type BulkResult,
  type ErrorBody,
  type TimelineEntry,
  type WalkUpOrderBody,
  type CategoryFor,
  type Order,
  type OrderActor,
  type OrderCreateBody,
  type OrderListQuery,
  type OrderStatus,
  type OwnerOrderPatchBody,
  type QueuedOrder,
  type WaitInputs,
} from '@cafe/shared';
import { createHash } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { AppContext, AuthUser } from '../../context';
import { createMemoryCache } from '../../lib/cache';
import { toCachedAnswer, type CachedAnswer } from '../../lib/cached-answer';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { iso } from '../../lib/time';
import type { OrderableItem } from '../menu/menu.service';
import { readBaristaHistory } from './barista-history';
import { toOrder, toOrdersEvent, toQueuedOrder } from './orders.mapper';
import {
  countCountedCafeOrders,
  countInProgress,
  findByIdempotencyKey,
  findOrder,
  insertHistory,
  insertOrder,
  listOrders,
  listUserDayWithQueue,
  listUserHistory,
  recentCompletions,
  completionsBetween,
  countWaiting,
  transitionOrder,
  lastHistoryEntry,
  orderTimeline,
  waitingUsersBehind,
  type OrderRow,
  type OrderTimes,
} from './orders.repository';
import { PAST_DAYS, RECENT_COMPLETIONS, secondsPerOrder } from './wait-estimate';

/**
 * What identifies a placement for its Idempotency-Key: the drink as ordered. The position is left
 * out, since a retry from a phone may carry a slightly different one.
 */
function placementFingerprint(body: OrderCreateBody): string {
  const drink = [
    body.menu_id,
    body.type ?? null,
    body.sweetness ?? null,
    dashIfEmpty(body.remark),
    body.tumblerImage.trim(),
  ];
  return createHash('sha256').update(JSON.stringify(drink)).digest('hex');
}

const keyReused = () =>
  new AppError(
    422,
    'IDEMPOTENCY_KEY_REUSED',
    'Idempotency-Key: was already used for a different order; send a new key for a new order.',
  );

/** A placement answered again for its Idempotency-Key, or placed now. */
export interface Placement {
  order: Order;
  replayed: boolean;
}

/** Milliseconds from one ISO instant to a later one; null when either is missing or they run backwards. */
function millisBetween(from: string | null, to: string): number | null {
  if (!from) return null;
  const ms = Date.parse(to) - Date.parse(from);
  return Number.isFinite(ms) && ms >= 0 ? ms : null;
}

/** The order's times a move to `to` at `at` writes: taken (and the wait before it), done (and the preparation). */
function timesOf(row: OrderRow, to: OrderStatus, at: string): OrderTimes {
  if (to === 'in-progress') return { taken_at: at, wait_ms: millisBetween(row.order_date, at) };
  if (to === 'done') return { done_at: at, prep_ms: millisBetween(row.taken_at, at) };
  return {};
}

/** What taking back a move to `undone` clears: the times that move wrote. */
function timesUndone(undone: OrderStatus): OrderTimes {
  if (undone === 'in-progress') return { taken_at: null, wait_ms: null };
  if (undone === 'done') return { done_at: null, prep_ms: null };
  return {};
}

/** The history note of a move taken back. */
const UNDO_NOTE = 'undo';

/** A refused move as the error answer of a single request would have said it. */
function errorBody(error: AppError): ErrorBody {
  return {
    statusCode: error.statusCode,
    error: STATUS_CODES[error.statusCode] ?? 'Error',
    message: error.message,
    code: error.code,
  };
}

const invalidTransition = (from: OrderStatus, to: OrderStatus) =>
  conflict('INVALID_TRANSITION', `An order that is ${from} cannot be changed to ${to}.`);

export function createOrdersService(ctx: AppContext) {
  const { db, clock, events, config } = ctx;
  const today = () => cafeDayOf(clock.now(), config.cafeTimezone);
  /**
   * Today's reads, kept until an order is placed or moves on (or a name they show changes): a
   * person's queue and count, the board, the wait inputs. Under a rush they are dropped often;
   * between changes every screen's read is served from memory.
   */
  const reads = createMemoryCache<string, unknown>({
    topic: 'orders',
    bus: ctx.bus,
    alsoDroppedBy: ['accounts', 'menu-items'],
    ttlMs: 30_000,
  });
  const remembered = <T>(key: string, load: () => Promise<T>): Promise<T> => reads.get(key, load) as Promise<T>;
  /** The same hours of the previous days, per venue, day and hour: they do not change. */
  const pastPace = createMemoryCache<string, string[][]>({ topic: 'past-pace', bus: ctx.bus, ttlMs: 15 * 60_000 });
  /** After an order was placed or moved on (committed): today's reads are stale, busy mode may flip. */
  const ordersChanged = () => {
    reads.invalidate();
    ctx.services.busy.ordersChanged();
  };

  async function load(id: number): Promise<OrderRow> {
    const row = await findOrder(db, id);
    if (!row) throw notFound('Order');
    return row;
  }

  /** The cafe-order fields: type, sweetness and a tumbler photo this server issued. */
  async function cafeFields(body: OrderCreateBody) {
    if (!body.type) throw badRequest('type: is required for a cafe order');
    if (body.sweetness === undefined) throw badRequest('sweetness: is required for a cafe order');
    const tumbler = await ctx.services.uploads.issuedImageUrl(body.tumblerImage);
    if (!tumbler) throw badRequest('tumblerImage: must be a photo uploaded with POST /upload/image');
    return { type: body.type, sweetness: body.sweetness, tumbler };
  }

  function checkLocation(body: OrderCreateBody): void {
    if (!config.locationCheck) return;
    if (body.latitude === undefined || body.longitude === undefined) {
      throw new AppError(403, 'OUT_OF_RANGE', MESSAGES.locationPermission);
    }
    const km = distanceKm({ lat: body.latitude, lng: body.longitude }, { lat: config.cafeLat, lng: config.cafeLng });
    if (km > config.orderRadiusKm) throw new AppError(403, 'OUT_OF_RANGE', MESSAGES.outOfRangeThai);
  }

  /**
   * Moves an order on for `actor`, race-safely: the update only applies while the order is still in
   * the status it was read in, so of two simultaneous changes one wins and the other gets 409.
   */
  async function transition(
    row: OrderRow,
    actor: OrderActor | 'undo',
    to: OrderStatus,
    changedBy: number,
    options: { rejectNote?: string; note?: string | null } = {},
  ): Promise<Order> {
    const allowed = actor === 'undo' ? canUndo(row.status, to) : canTransition(actor, row.status, to);
    if (!allowed) throw invalidTransition(row.status, to);
    const at = iso(clock.now());
    const changed = await db.transaction().execute(async (trx) => {
      const ok = await transitionOrder(trx, {
        id: row.id,
        from: row.status,
        to,
        at,
        rejectNote: options.rejectNote,
        times: actor === 'undo' ? timesUndone(row.status) : timesOf(row, to, at),
      });
      if (ok)
        await insertHistory(trx, { orderId: row.id, from: row.status, to, changedBy, note: options.note ?? null, at });
      return ok;
    });
    const updated = await load(row.id);
    if (!changed) throw invalidTransition(updated.status, to);
    ordersChanged();
    events.order(toOrdersEvent(updated, row.status));
    await announceQueueMove(row, to);
    ctx.services.push.orderChanged({
      userId: updated.user_id,
      status: to,
      menuName: updated.menu_name,
      rejectNote: updated.reject_note,
      undone: actor === 'undo' ? row.status : undefined,
    });
    return toOrder(updated);
  }

  /**
   * After `before` moved to `to` (taken, finished, cancelled, rejected, or such a move undone),
   * today's queue of its venue may have moved: tell the baristas and everyone waiting behind it
   * (the `queue` event), so their screens renumber without asking again.
   */
  async function announceQueueMove(before: OrderRow, to: OrderStatus): Promise<void> {
    const day = today();
    if (before.cafe_day !== day) return;
    const spot = { id: before.id, orderDate: before.order_date };
    const left = before.status === 'ordered' && to !== 'ordered' ? spot : null;
    const joined = before.status !== 'ordered' && to === 'ordered' ? spot : null;
    const makingChanged = before.status === 'in-progress' || to === 'in-progress';
    if (!left && !joined && !makingChanged) return;
    const venue = before.category_for;
    try {
      const [wait, behind] = await Promise.all([
        waitInputs(venue, day),
        waitingUsersBehind(db, venue, day, left ?? joined),
      ]);
      events.queue({ categoryFor: venue, day, left, joined, wait }, behind);
    } catch (error) {
      // The change is saved and announced; screens still renumber on their next read.
      ctx.log.warn({ err: error }, 'could not announce the queue move');
    }
  }

  /** Estimated minutes per venue: the inputs are read once per venue, not once per order. */
  function waitInputs(venue: CategoryFor, day: string): Promise<WaitInputs> {
    return remembered(`wait:${venue}:${day}`, () => readWaitInputs(venue, day));
  }

  async function readWaitInputs(venue: CategoryFor, day: string): Promise<WaitInputs> {
    const now = clock.now();
    const [today, before, inProgress] = await Promise.all([
      recentCompletions(db, venue, day, RECENT_COMPLETIONS),
      sameHoursBefore(venue, day, now),
      countInProgress(db, venue, day),
    ]);
    return { secondsPerOrder: secondsPerOrder(today, before), inProgress };
  }

  /**
   * The completions of the previous days around this time of day (the hour before to the hour
   * after, cafe time), one list per day: the pace to expect when today has too little to go on.
   * Past days do not change, so they are read once per venue and hour.
   */
  function sameHoursBefore(venue: CategoryFor, day: string, now: Date): Promise<string[][]> {
    const hour = cafeClock(now, config.cafeTimezone).hour;
    return pastPace.get(`${venue}:${day}:${hour}`, async () => {
      const startOfToday = startOfCafeDay(day, config.cafeTimezone);
      const from = new Date(startOfToday.getTime() - PAST_DAYS * 24 * 3600_000).toISOString();
      const completions = await completionsBetween(db, venue, from, startOfToday.toISOString());
      const byDay = new Map<string, string[]>();
      for (const at of completions) {
        const clock = cafeClock(new Date(at), config.cafeTimezone);
        if (Math.abs(clock.hour - hour) > 1) continue;
        const list = byDay.get(clock.day) ?? [];
        list.push(at);
        byDay.set(clock.day, list);
      }
      return [...byDay.values()];
    });
  }

  async function readMyQueue(userId: number, day: string): Promise<QueuedOrder[]> {
    const rows = await listUserDayWithQueue(db, userId, day);
    const venues = [...new Set(rows.filter((r) => r.status === 'ordered').map((r) => r.category_for))];
    const inputs = new Map(await Promise.all(venues.map(async (v) => [v, await waitInputs(v, day)] as const)));
    return rows.map((row) => {
      const waiting = inputs.get(row.category_for);
      if (row.status !== 'ordered' || !waiting) return toQueuedOrder(row, null, null);
      return toQueuedOrder(row, row.ahead + 1, estimateWaitMinutes(waiting, row.ahead));
    });
  }

  async function readList(query: OrderListQuery, day: string): Promise<QueuedOrder[]> {
    const rows = await listOrders(db, { statuses: query.status, startDate: query.startDate, endDate: query.endDate });
    const venues = [
      ...new Set(rows.filter((r) => r.status === 'ordered' && r.cafe_day === day).map((r) => r.category_for)),
    ];
    const inputs = new Map(await Promise.all(venues.map(async (v) => [v, await waitInputs(v, day)] as const)));
    const aheadByVenue = new Map<CategoryFor, number>();
    return rows.map((row) => {
      const waiting = inputs.get(row.category_for);
      if (row.status !== 'ordered' || row.cafe_day !== day || !waiting) return toQueuedOrder(row, null, null);
      const ahead = aheadByVenue.get(row.category_for) ?? 0;
      aheadByVenue.set(row.category_for, ahead + 1);
      return toQueuedOrder(row, ahead + 1, estimateWaitMinutes(waiting, ahead));
    });
  }

  /** PATCH /order/barista/{id}: start, finish (the note is cleared) or reject (a note is required). */
  async function baristaUpdate(user: AuthUser, id: number, body: BaristaOrderPatchBody): Promise<Order> {
    if (body.status === 'rejected' && !body.reject_note) {
      throw badRequest('reject_note: is required to reject an order');
    }
    const row = await load(id);
    if (body.status === 'rejected') {
      return transition(row, 'barista', 'rejected', user.id, {
        rejectNote: body.reject_note,
        note: body.reject_note,
      });
    }
    if (body.status === 'done') return transition(row, 'barista', 'done', user.id, { rejectNote: '' });
    return transition(row, 'barista', body.status, user.id);
  }

  /** An order about to be saved: whose it is, who placed it, the drink. */
  interface OrderPlan {
    /** Whose order it is: it counts toward their daily limit (a guest's is the barista's, and does not count). */
    owner: { id: number; name: string };
    placedBy: number;
    guestName: string | null;
    walkUp: boolean;
    menu: OrderableItem;
    now: Date;
    fields: { type: OrderCreateBody['type'] | null; sweetness: number | null; tumbler: string };
    remark: string;
    idempotency: { key: string; fingerprint: string } | null;
  }

  /**
   * Saves a new order in one short transaction: the daily limit counted under the owner's lock
   * (cafe orders of a person, not a guest's), the order and its first history entry. Answers from
   * what it knows rather than reading the order back, and announces it.
   */
  async function saveOrder(plan: OrderPlan): Promise<Placement> {
    const { owner, menu, now, fields } = plan;
    const venue = menu.venue;
    const at = iso(now);
    const day = cafeDayOf(now, config.cafeTimezone);
    const counts = venue === 'cafe' && plan.guestName === null;
    const placed = await db.transaction().execute(async (trx): Promise<number | { replayed: number }> => {
      if (counts || plan.idempotency) {
        // Count and insert in one transaction. PostgreSQL: the owner's row lock makes a second
        // request for the same person wait here until the first commits, so it counts that order
        // (and sees an order made with the same Idempotency-Key). SQLite: Kysely runs
        // transactions one at a time on its single connection.
        await ctx.services.users.lockAccount(owner.id, trx);
      }
      if (plan.idempotency) {
        const found = await findByIdempotencyKey(trx, owner.id, plan.idempotency.key);
        if (found && found.fingerprint !== plan.idempotency.fingerprint) throw keyReused();
        if (found) return { replayed: found.id };
      }
      if (counts) {
        const counted = await countCountedCafeOrders(trx, owner.id, day);
        if (counted >= LIMITS.dailyCafeOrders) throw conflict('ORDER_LIMIT_REACHED', MESSAGES.orderLimit);
      }
      const orderId = await insertOrder(trx, {
        user_id: owner.id,
        menu_id: menu.id,
        category_for: venue,
        cafe_day: day,
        cafe_hour: cafeClock(now, config.cafeTimezone).hour,
        status: 'ordered',
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
      });
      await insertHistory(trx, { orderId, from: null, to: 'ordered', changedBy: plan.placedBy, note: null, at });
      return orderId;
    });
    if (typeof placed !== 'number') return { order: toOrder(await load(placed.replayed)), replayed: true };

    // Everything the answer shows is known here: no need to read the order back.
    const row: OrderRow = {
      id: placed,
      status: 'ordered',
      order_date: at,
      updated_at: at,
      type: fields.type ?? null,
      sweetness: fields.sweetness,
      remark: plan.remark,
      tumbler_image: fields.tumbler,
      reject_note: '',
      category_for: venue,
      cafe_day: day,
      taken_at: null,
      walk_up: plan.walkUp ? 1 : 0,
      guest_name: plan.guestName,
      user_id: owner.id,
      user_name: owner.name,
      menu_id: menu.id,
      menu_name: menu.name,
      category_id: menu.category.id,
      category_name: menu.category.name,
    };
    ordersChanged();
    events.order(toOrdersEvent(row, null));
    return { order: toOrder(row), replayed: false };
  }

  return {
    /**
     * POST /order: the checks run in the order docs/api.md lists them; the daily limit last, under a
     * lock. With an Idempotency-Key, a placement this person already made with that key is answered
     * again (before any rule: the order itself may be what now fills the daily limit), and two
     * requests with one key racing each other make one order.
     */
    async place(user: AuthUser, body: OrderCreateBody, idempotencyKey?: string): Promise<Placement> {
      const fingerprint = idempotencyKey === undefined ? null : placementFingerprint(body);
      const earlier = async (reader: typeof db): Promise<Placement | null> => {
        if (idempotencyKey === undefined) return null;
        const found = await findByIdempotencyKey(reader, user.id, idempotencyKey);
        if (!found) return null;
        if (found.fingerprint !== fingerprint) throw keyReused();
        return { order: toOrder(await load(found.id)), replayed: true };
      };
      const replay = await earlier(db);
      if (replay) return replay;

      const menu = await ctx.services.menu.findForOrder(body.menu_id);
      if (!menu) throw notFound('Menu item');
      const venue = menu.venue;
      const now = clock.now();
      const block = orderBlock({
        venue,
        itemActive: menu.orderable,
        shop: await ctx.services.shopStatus.get(),
        now,
        timeZone: config.cafeTimezone,
        barOnlineOrdering: config.barOnlineOrdering,
      });
      if (block) throw conflict(block.code, block.message);

      let fields: { type: OrderCreateBody['type'] | null; sweetness: number | null; tumbler: string };
      if (venue === 'cafe') {
        fields = await cafeFields(body);
      } else {
        // A bar order carries the drink's description where a cafe order has its tumbler photo.
        const description = body.tumblerImage.trim();
        if (description.length > LIMITS.descriptionMax) {
          throw badRequest(
            `tumblerImage: a bar order's description must be at most ${LIMITS.descriptionMax} characters`,
          );
        }
        fields = { type: null, sweetness: null, tumbler: description };
      }
      checkLocation(body);

      // Online cafe orders wait while the counter is too busy (busy mode); bar orders are the bar's.
      if (venue === 'cafe') await ctx.services.busy.refuseWhilePaused();
      return saveOrder({
        owner: { id: user.id, name: user.name },
        placedBy: user.id,
        guestName: null,
        walkUp: false,
        menu,
        now,
        fields,
        remark: dashIfEmpty(body.remark),
        idempotency: idempotencyKey === undefined || fingerprint === null ? null : { key: idempotencyKey, fingerprint },
      });
    },

    /**
     * GET /order/my-queue: today's orders of the caller, newest first, with queue place and wait;
     * the answer's JSON text, made once until an order changes.
     */
    myQueueAnswer(userId: number): Promise<CachedAnswer> {
      const day = today();
      return remembered(`queue:${userId}:${day}`, async () => toCachedAnswer(await readMyQueue(userId, day)));
    },

    /** Today's waiting orders of a venue and the inputs of the wait estimate (busy mode). */
    queueSnapshot(venue: CategoryFor): Promise<{ waiting: number; wait: WaitInputs }> {
      const day = today();
      return remembered(`snapshot:${venue}:${day}`, async () => {
        const [waiting, wait] = await Promise.all([countWaiting(db, venue, day), waitInputs(venue, day)]);
        return { waiting, wait };
      });
    },

    /** GET /order/count/user: the caller's cafe orders today that count against the limit. */
    countMine(userId: number): Promise<{ totalOrder: number }> {
      const day = today();
      return remembered(`count:${userId}:${day}`, async () => ({
        totalOrder: await countCountedCafeOrders(db, userId, day),
      }));
    },

    async history(userId: number, range: { startDate?: string; endDate?: string }): Promise<Order[]> {
      const rows = await listUserHistory(db, userId, FINISHED_ORDER_STATUSES, range);
      return rows.map(toOrder);
    },

    /**
     * GET /order, oldest first. Today's waiting orders also carry estimatedWaitMinutes, their place
     * counted among the waiting orders of the same venue in this answer (the board asks for all of
     * today's waiting orders, so the count is the real queue there). Today's board is remembered.
     */
    async listAnswer(query: OrderListQuery): Promise<CachedAnswer> {
      const day = today();
      const todayOnly = query.startDate === day && query.endDate === addDays(day, 1);
      if (!todayOnly) return toCachedAnswer(await readList(query, day));
      return remembered(`list:${(query.status ?? []).join(',')}:${day}`, async () =>
        toCachedAnswer(await readList(query, day)),
      );
    },

    /** GET /order/history/barista: one page of finished orders, newest first, with the totals of its days. */
    baristaHistory: (query: BaristaHistoryQuery): Promise<BaristaHistoryPage> => readBaristaHistory(db, query),

    /** The owner, baristas and admins may see an order; other users may not. */
    async get(user: AuthUser, id: number): Promise<Order> {
      const row = await load(id);
      if (user.role === 'user' && row.user_id !== user.id) throw forbidden('This order belongs to someone else.');
      return toOrder(row);
    },

    /**
     * The opening hours closed `venue` (modules/schedule): every order of it still waiting is
     * rejected with `note` by the opening hours' account, through the same transition as a
     * barista's reject (history, `orders` and `queue` events, push notification). Orders in
     * progress stay for the baristas to finish; one someone moved first is left as it is.
     * Answers how many were rejected.
     */
    async rejectWaitingAtClose(venue: CategoryFor, note: string, systemUserId: number): Promise<number> {
      const waiting = (await listOrders(db, { statuses: ['ordered'] })).filter((row) => row.category_for === venue);
      let rejected = 0;
      for (const row of waiting) {
        try {
          await transition(row, 'barista', 'rejected', systemUserId, { rejectNote: note, note });
          rejected += 1;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
        }
      }
      return rejected;
    },

    /** PATCH /order/{id}: the owner cancels a waiting order or picks up a finished one. */
    async ownerUpdate(user: AuthUser, id: number, body: OwnerOrderPatchBody): Promise<Order> {
      const row = await load(id);
      if (row.user_id !== user.id) throw forbidden('Only the person who placed this order can change it.');
      return transition(row, 'owner', body.status, user.id);
    },

    /**
     * POST /order/barista/bulk: one move for several orders, each made (or refused) as a single
     * PATCH would be, in the order given; the answer says for each what happened.
     */
    async baristaBulk(user: AuthUser, body: BulkBaristaBody): Promise<BulkBaristaAnswer> {
      if (body.status === 'rejected' && !body.reject_note) {
        throw badRequest('reject_note: is required to reject orders');
      }
      const results: BulkResult[] = [];
      for (const id of [...new Set(body.ids)]) {
        try {
          const order = await baristaUpdate(user, id, { status: body.status, reject_note: body.reject_note });
          results.push({ id, ok: true, order });
        } catch (error) {
          // A refusal of this one order; anything else (the database away) fails the whole request.
          if (!(error instanceof AppError)) throw error;
          results.push({ id, ok: false, error: errorBody(error) });
        }
      }
      return { results };
    },

    /**
     * POST /order/barista/{id}/undo: takes back the latest Do, Done or reject of an order within
     * LIMITS.undoWindowSeconds, back to the status it had; recorded with the note "undo". Of an
     * undo and the owner's pick-up at the same moment, one wins and the other gets 409.
     */
    async undo(user: AuthUser, id: number): Promise<Order> {
      const row = await load(id);
      const last = await lastHistoryEntry(db, id);
      const undoable =
        last !== undefined &&
        last.note !== UNDO_NOTE &&
        last.to_status === row.status &&
        last.from_status !== null &&
        canUndo(last.to_status, last.from_status);
      if (!undoable || !last.from_status) {
        throw conflict('INVALID_TRANSITION', 'There is nothing to undo on this order.');
      }
      const ageMs = clock.now().getTime() - Date.parse(last.changed_at);
      if (ageMs > LIMITS.undoWindowSeconds * 1000) {
        throw conflict(
          'UNDO_EXPIRED',
          `The last change of this order is more than ${LIMITS.undoWindowSeconds} seconds old and can no longer be undone.`,
        );
      }
      return transition(row, 'undo', last.from_status, user.id, {
        note: UNDO_NOTE,
        ...(row.status === 'rejected' ? { rejectNote: '' } : {}),
      });
    },

    /** GET /order/{id}/timeline: every move of an order, who made it and when; for its owner and the staff. */
    async timeline(user: AuthUser, id: number): Promise<TimelineEntry[]> {
      const row = await load(id);
      if (user.role === 'user' && row.user_id !== user.id) throw forbidden('This order belongs to someone else.');
      const entries = await orderTimeline(db, id);
      return entries.map((entry) => ({
        status: entry.to_status,
        from: entry.from_status,
        at: entry.changed_at,
        by: entry.changed_by_name === null ? null : { id: entry.changed_by, name: entry.changed_by_name },
        note: entry.note,
      }));
    },

    /**
     * POST /order/walk-up: a barista enters an order for someone at the counter, for a person
     * (counting toward their daily limit) or a guest (the barista's own, not counted). The item and
     * hours rules hold as for any order; no tumbler photo, no position, and busy mode does not
     * apply (the barista decides at the counter).
     */
    async walkUp(barista: AuthUser, body: WalkUpOrderBody): Promise<Order> {
      const menu = await ctx.services.menu.findForOrder(body.menu_id);
      if (!menu) throw notFound('Menu item');
      const now = clock.now();
      const block = orderBlock({
        venue: menu.venue,
        itemActive: menu.orderable,
        shop: await ctx.services.shopStatus.get(),
        now,
        timeZone: config.cafeTimezone,
        // Taken at the counter: not an online order.
        barOnlineOrdering: true,
      });
      if (block) throw conflict(block.code, block.message);
      if (menu.venue === 'cafe') {
        if (!body.type) throw badRequest('type: is required for a cafe order');
        if (body.sweetness === undefined) throw badRequest('sweetness: is required for a cafe order');
      }
      let owner: { id: number; name: string } = { id: barista.id, name: barista.name };
      if (body.userId !== undefined) {
        const person = await ctx.services.users.findActive(body.userId);
        if (!person) throw notFound('User');
        owner = { id: person.id, name: person.name };
      }
      const { order } = await saveOrder({
        owner,
        placedBy: barista.id,
        guestName: body.userId === undefined ? (body.guestName ?? null) : null,
        walkUp: true,
        menu,
        now,
        fields:
          menu.venue === 'cafe'
            ? { type: body.type ?? null, sweetness: body.sweetness ?? null, tumbler: '' }
            : { type: null, sweetness: null, tumbler: '' },
        remark: dashIfEmpty(body.remark),
        idempotency: null,
      });
      return order;
    },

    baristaUpdate,
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
