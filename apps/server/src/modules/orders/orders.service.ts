import {
  FINISHED_ORDER_STATUSES,
  LIMITS,
  MESSAGES,
  UNCOUNTED_ORDER_STATUSES,
  cafeDayOf,
  dashIfEmpty,
  canTransition,
  distanceKm,
  orderBlock,
  type BaristaOrderPatchBody,
  type CategoryFor,
  type Order,
  type OrderActor,
  type OrderCreateBody,
  type OrderListQuery,
  type OrderStatus,
  type OwnerOrderPatchBody,
  type QueuedOrder,
} from '@cafe/shared';
import type { AppContext, AuthUser } from '../../context';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { iso } from '../../lib/time';
import { toOrder, toOrdersEvent, toQueuedOrder } from './orders.mapper';
import {
  countCountedCafeOrders,
  countInProgress,
  findOrder,
  insertHistory,
  insertOrder,
  listOrders,
  listUserDayWithQueue,
  listUserHistory,
  recentPreparations,
  transitionOrder,
  type OrderRow,
} from './orders.repository';
import { PREP_SAMPLE_SIZE, averagePrepSeconds, estimateWaitMinutes } from './wait-estimate';

const invalidTransition = (from: OrderStatus, to: OrderStatus) =>
  conflict('INVALID_TRANSITION', `An order that is ${from} cannot be changed to ${to}.`);

export function createOrdersService(ctx: AppContext) {
  const { db, clock, events, config } = ctx;
  const today = () => cafeDayOf(clock.now(), config.cafeTimezone);

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
    actor: OrderActor,
    to: OrderStatus,
    changedBy: number,
    options: { rejectNote?: string; note?: string | null } = {},
  ): Promise<Order> {
    if (!canTransition(actor, row.status, to)) throw invalidTransition(row.status, to);
    const at = iso(clock.now());
    const changed = await db.transaction().execute(async (trx) => {
      const ok = await transitionOrder(trx, { id: row.id, from: row.status, to, at, rejectNote: options.rejectNote });
      if (ok)
        await insertHistory(trx, { orderId: row.id, from: row.status, to, changedBy, note: options.note ?? null, at });
      return ok;
    });
    const updated = await load(row.id);
    if (!changed) throw invalidTransition(updated.status, to);
    events.order(toOrdersEvent(updated));
    ctx.services.push.orderChanged({
      userId: updated.user_id,
      status: to,
      menuName: updated.menu_name,
      rejectNote: updated.reject_note,
    });
    return toOrder(updated);
  }

  /** Estimated minutes per venue: the inputs are read once per venue, not once per order. */
  async function waitInputs(venue: CategoryFor, day: string) {
    const [samples, inProgress] = await Promise.all([
      recentPreparations(db, venue, PREP_SAMPLE_SIZE),
      countInProgress(db, venue, day),
    ]);
    return { avgPrep: averagePrepSeconds(samples), inProgress };
  }

  return {
    /** POST /order: the checks run in the order docs/api.md lists them; the daily limit last, under a lock. */
    async place(user: AuthUser, body: OrderCreateBody): Promise<Order> {
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

      const at = iso(now);
      const day = cafeDayOf(now, config.cafeTimezone);
      const id = await db.transaction().execute(async (trx) => {
        if (venue === 'cafe') {
          // Count and insert in one transaction. PostgreSQL: the user's row lock makes a second
          // request of the same user wait here until the first commits, so it counts that order.
          // SQLite: Kysely runs transactions one at a time on its single connection.
          await ctx.services.users.lockAccount(user.id, trx);
          const counted = await countCountedCafeOrders(trx, user.id, day, UNCOUNTED_ORDER_STATUSES);
          if (counted >= LIMITS.dailyCafeOrders) throw conflict('ORDER_LIMIT_REACHED', MESSAGES.orderLimit);
        }
        const orderId = await insertOrder(trx, {
          user_id: user.id,
          menu_id: menu.id,
          category_for: venue,
          cafe_day: day,
          status: 'ordered',
          type: fields.type ?? null,
          sweetness: fields.sweetness,
          remark: dashIfEmpty(body.remark),
          tumbler_image: fields.tumbler,
          reject_note: '',
          order_date: at,
          updated_at: at,
        });
        await insertHistory(trx, { orderId, from: null, to: 'ordered', changedBy: user.id, note: null, at });
        return orderId;
      });

      const row = await load(id);
      events.order(toOrdersEvent(row));
      return toOrder(row);
    },

    /** GET /order/my-queue: today's orders of the caller, newest first, with queue place and wait. */
    async myQueue(userId: number): Promise<QueuedOrder[]> {
      const day = today();
      const rows = await listUserDayWithQueue(db, userId, day);
      const venues = [...new Set(rows.filter((r) => r.status === 'ordered').map((r) => r.category_for))];
      const inputs = new Map(await Promise.all(venues.map(async (v) => [v, await waitInputs(v, day)] as const)));
      return rows.map((row) => {
        const waiting = inputs.get(row.category_for);
        if (row.status !== 'ordered' || !waiting) return toQueuedOrder(row, null, null);
        return toQueuedOrder(row, row.ahead + 1, estimateWaitMinutes(waiting.avgPrep, row.ahead, waiting.inProgress));
      });
    },

    /** GET /order/count/user: the caller's cafe orders today that count against the limit. */
    async countMine(userId: number): Promise<{ totalOrder: number }> {
      return { totalOrder: await countCountedCafeOrders(db, userId, today(), UNCOUNTED_ORDER_STATUSES) };
    },

    async history(userId: number, range: { startDate?: string; endDate?: string }): Promise<Order[]> {
      const rows = await listUserHistory(db, userId, FINISHED_ORDER_STATUSES, range);
      return rows.map(toOrder);
    },

    /**
     * GET /order, oldest first. Today's waiting orders also carry estimatedWaitMinutes, their place
     * counted among the waiting orders of the same venue in this answer (the board asks for all of
     * today's waiting orders, so the count is the real queue there).
     */
    async list(query: OrderListQuery): Promise<QueuedOrder[]> {
      const rows = await listOrders(db, { statuses: query.status, startDate: query.startDate, endDate: query.endDate });
      const day = today();
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
        return toQueuedOrder(row, ahead + 1, estimateWaitMinutes(waiting.avgPrep, ahead, waiting.inProgress));
      });
    },

    /** The owner, baristas and admins may see an order; other users may not. */
    async get(user: AuthUser, id: number): Promise<Order> {
      const row = await load(id);
      if (user.role === 'user' && row.user_id !== user.id) throw forbidden('This order belongs to someone else.');
      return toOrder(row);
    },

    /** PATCH /order/{id}: the owner cancels a waiting order or picks up a finished one. */
    async ownerUpdate(user: AuthUser, id: number, body: OwnerOrderPatchBody): Promise<Order> {
      const row = await load(id);
      if (row.user_id !== user.id) throw forbidden('Only the person who placed this order can change it.');
      return transition(row, 'owner', body.status, user.id);
    },

    /** PATCH /order/barista/{id}: start, finish (the note is cleared) or reject (a note is required). */
    async baristaUpdate(user: AuthUser, id: number, body: BaristaOrderPatchBody): Promise<Order> {
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
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
