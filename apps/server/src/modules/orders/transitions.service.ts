import {
  peopleText,
  SHOP_CLOSING_NOTE,
  addDays,
  canTransition,
  canUndo,
  runWithdrawRefusal,
  uncollectedFrom,
  venuesClosing,
  type BaristaOrderPatchBody,
  type BulkBaristaAnswer,
  type BulkBaristaBody,
  type BulkResult,
  type CategoryFor,
  type Order,
  type OrderStatus,
  type OwnerOrderPatchBody,
  type QueueEvent,
} from '@cafe/shared';
import type { AppBase, AuthUser } from '../../context';
import { runWithin } from '../../lib/domain-events';
import { AppError, badRequest, conflict, errorBodyOfError, forbidden, refuse } from '../../lib/errors';
import { iso } from '../../lib/time';
import {
  auditCounter,
  onKnownOrder,
  pacedBy,
  refuseExpiredUndo,
  unlessRefused,
  type Move,
  type OrdersCore,
  type OrdersDeps,
} from './orders.context';
import { toOrder, toOrderFacts } from './orders.mapper';
import { lastHistoryEntry } from './order-history.repository';
import { moveOrder } from './order-moves.repository';
import { changedMeanwhile, claimedRefusal, heldByAnother } from './claims';
import { paceAfterMove, timesOf, timesUndone } from './move-times';
import { BARISTA_WINDOW_MS, factOf, factsAfterMove } from './promise-inputs';
import { listOrders, type OrderRow } from './orders.repository';
import type { QueueService } from './queue.service';
import { createRelease } from './release';
import { findRun } from './runs.repository';
import { RECENT_COMPLETIONS } from './wait-estimate';

/** The history note of a move taken back. */
const UNDO_NOTE = 'undo';

const invalidTransition = (from: OrderStatus, to: OrderStatus) =>
  conflict(
    'INVALID_TRANSITION',
    `An order that is ${from} cannot be changed to ${to}.`,
    peopleText('people.orders.cannotMove', { from, to }),
  );

/** Moving orders on: the barista's, the owner's, several at once, undo, and closing time. */
export function createTransitionsService(ctx: AppBase, deps: OrdersDeps, core: OrdersCore, queue: QueueService) {
  const { db, clock, events } = ctx;
  const { load } = core;

  /**
   * Moves an order on for `actor`, race-safely: the update only applies while the order is still in
   * the status it was read in, so of two simultaneous changes one wins and the other gets 409.
   */
  const transition: Move = async (row, actor, to, changedBy, options = {}) => {
    const allowed =
      actor === 'undo'
        ? canUndo(row.status, to)
        : actor === 'release'
          ? row.status === 'scheduled' && to === 'ordered'
          : canTransition(actor, row.status, to);
    if (!allowed) throw invalidTransition(row.status, to);
    // Today's line of the order at its site; an order for a later day is made on its day, not before.
    const day = await queue.siteToday(row.site_id);
    if (row.status === 'scheduled' && row.cafe_day > day && (to === 'in-progress' || to === 'done')) {
      throw conflict(
        'INVALID_TRANSITION',
        'This order is for a later day: it is made on its day.',
        peopleText('people.orders.notItsDay'),
      );
    }
    const at = iso(clock.now());
    const undone = actor === 'undo' ? row.status : undefined;
    const released = actor === 'release';
    // Read before the transaction: the site is served from memory, and a transaction holds SQLite's one connection.
    const site = await deps.sites.get(row.site_id);
    // What commits with the move (the owner's notifications: the outbox) reads what it needs now.
    const writes = await ctx.domainEvents.prepareWithin('order.moving', {
      userId: row.user_id,
      to,
      undone,
      released,
      order: toOrderFacts(row, site, to, to === 'rejected' ? (options.rejectNote ?? null) : null),
    });
    const change = {
      id: row.id,
      from: row.status,
      to,
      at,
      rejectNote: options.rejectNote,
      times: actor === 'undo' ? timesUndone(row.status) : released ? { order_date: at } : timesOf(row, to, at),
      // A barista's Do takes the order when nobody has; another barista's order it leaves (0074).
      claimBy: options.claimer?.id,
      whileRunOpen: options.whileRunOpen,
      unchangedSince: options.unchangedSince,
    };
    const entry = { changedBy, note: options.note ?? null };
    // A move that changes the line's pace (a drink starts or stops being made) counts the pace with
    // it (in its own statement on PostgreSQL); the past days' pace at this hour is read once an hour.
    const line = { siteId: row.site_id, venue: row.category_for, day };
    const paces = row.cafe_day === day && (row.status === 'in-progress' || to === 'in-progress');
    const pastPace = paces ? await queue.pastPaceOf(line) : null;
    // The line model also counts the line's facts (its drinks, who works) in the same statement.
    const workingSince =
      queue.model === 'line' ? new Date(clock.now().getTime() - BARISTA_WINDOW_MS).toISOString() : undefined;
    const pace = pastPace ? { key: line, recentLimit: RECENT_COMPLETIONS, workingSince } : undefined;
    let notified = false;
    // The move, its history entry and what commits with it are one statement on PostgreSQL (the
    // writes as CTEs made only when the order moved); otherwise a transaction holds them together.
    const inOne = writes.flatMap((write) => (write.onlyWhen ? [write.onlyWhen] : []));
    const reads = writes.flatMap((write) => (write.readBeside ? [write.readBeside] : []));
    let moved: Awaited<ReturnType<typeof moveOrder>>;
    if (ctx.dialect === 'postgres' && writes.every((write) => write.onlyWhen || write.readBeside)) {
      moved = await moveOrder(db, ctx.dialect, change, entry, { writes: inOne, reads, pace });
      notified = moved !== undefined && inOne.length > 0;
    } else {
      moved = await db.transaction().execute(async (trx) => {
        const done = await moveOrder(trx, ctx.dialect, change, entry, { pace });
        if (done) notified = await runWithin(trx, writes);
        return done;
      });
    }
    if (!moved) {
      // Decided on a known row that changed since: the caller reads the order and asks again (onKnownOrder).
      if (options.unchangedSince !== undefined) throw changedMeanwhile();
      const now = await load(row.id);
      // Another barista took it, or took it and started it, meanwhile: they are named.
      if (options.claimer && heldByAnother(now, options.claimer.id)) throw claimedRefusal(now);
      throw invalidTransition(now.status, to);
    }
    const { paceBefore, paceAfter, ...columns } = moved;
    // The order as the move left it: what it was read as, with what the move changed.
    const claimer = columns.claimed_by === row.claimed_by ? row.claimed_by_name : (options.claimer?.name ?? null);
    const updated: OrderRow = { ...row, ...columns, claimed_by_name: claimer };
    core.ordersChanged(pacedBy(row, row.status, to));
    // The line's wait inputs as the move left them, when its statement counted them.
    const paced = paceBefore ? paceAfterMove(paceBefore, row, to, change.times) : null;
    const after =
      paceAfter ??
      (paced && paceBefore?.facts ? { ...paced, facts: factsAfterMove(paceBefore.facts, factOf(updated)) } : paced);
    const prepMs = 'prep_ms' in change.times ? change.times.prep_ms : undefined;
    const finished = to === 'done' && typeof prepMs === 'number' ? { menuId: row.menu_id, ms: prepMs } : undefined;
    const wait = pastPace && after ? queue.primeWaits(line, after, pastPace, finished) : null;
    // Asked for right after the commit, with what was committed: a site's events are asked for in
    // the order of its writes (realtime/live-log.ts); the line's `queue` event in the same run,
    // so both are numbered together.
    core.announce(updated, row.status);
    // A released order joins the queue's end: its place counts from its release.
    const before = released ? { ...row, order_date: updated.order_date } : row;
    const queueMove = queueMoveOf(before, to, day, updated.updated_at);
    if (queueMove && wait) events.queue(line.siteId, { ...queueMove, wait });
    await ctx.domainEvents.emit('order.moved', { orderId: row.id, siteId: row.site_id, notified });
    if (queueMove && !wait) await announceQueueMove(queueMove);
    return toOrder(updated);
  };

  /**
   * After `before` moved to `to` (taken, finished, cancelled, rejected, or such a move undone),
   * today's queue of its venue at its site (`day`) may have moved: the `queue` event that tells the
   * site's baristas and everyone waiting there, so the screens of those behind it renumber without
   * asking again (without its wait inputs; `at`: when the move was made), or null when the line
   * did not move.
   */
  function queueMoveOf(before: OrderRow, to: OrderStatus, day: string, at: string): Omit<QueueEvent, 'wait'> | null {
    if (before.cafe_day !== day) return null;
    const spot = { id: before.id, orderDate: before.order_date };
    const left = before.status === 'ordered' && to !== 'ordered' ? spot : null;
    const joined = before.status !== 'ordered' && to === 'ordered' ? spot : null;
    const makingChanged = before.status === 'in-progress' || to === 'in-progress';
    if (!left && !joined && !makingChanged) return null;
    const move = { siteId: before.site_id, categoryFor: before.category_for, day, left, joined };
    return left || joined ? { ...move, at } : move;
  }

  /** Sends a line's `queue` event with its wait inputs as they are now (read again when a move dropped them). */
  async function announceQueueMove(move: Omit<QueueEvent, 'wait'>): Promise<void> {
    try {
      const wait = await queue.waitInputs({ siteId: move.siteId, venue: move.categoryFor, day: move.day });
      events.queue(move.siteId, { ...move, wait });
    } catch (error) {
      // The change is saved and announced; screens still renumber on their next read.
      ctx.log.warn({ err: error }, 'could not announce the queue move');
    }
  }

  /** An order a barista may move on: one of a site they work at (403 for another site's). */
  async function loadAtStaffSite(user: AuthUser, id: number): Promise<OrderRow> {
    const row = await load(id);
    await deps.sites.forStaff(user, row.site_id);
    return row;
  }

  /** Rejects the orders `filter` lists with `note`, as a barista would; one moved first stays. Answers how many. */
  async function rejectEach(filter: Parameters<typeof listOrders>[1], note: string, by: number): Promise<number> {
    let rejected = 0;
    for (const row of await listOrders(db, filter)) {
      const done = await unlessRefused(() => transition(row, 'barista', 'rejected', by, { rejectNote: note, note }));
      if (done) rejected += 1;
    }
    return rejected;
  }

  /** PATCH /order/barista/{id}: start, finish (the note is cleared) or reject (a note is required). */
  async function baristaUpdate(user: AuthUser, id: number, body: BaristaOrderPatchBody): Promise<Order> {
    if (body.status === 'rejected' && !body.reject_note) {
      throw badRequest('reject_note: is required to reject an order');
    }
    const { moved, row } = await onKnownOrder(core, id, async (order, unchangedSince) => {
      await deps.sites.forStaff(user, order.site_id);
      return { moved: await baristaMove(user, order, body, unchangedSince), row: order };
    });
    // Recorded once the move is made (a refusal of the audit does not ask for the move again).
    if (body.status === 'picked' || body.status === 'uncollected') {
      const action = body.status === 'picked' ? 'order.handover' : 'order.uncollected';
      await auditCounter(ctx, user, row, action, { status: row.status }, { status: body.status });
    }
    return moved;
  }

  async function baristaMove(
    user: AuthUser,
    row: OrderRow,
    body: BaristaOrderPatchBody,
    unchangedSince: string | undefined,
  ): Promise<Order> {
    if (body.status === 'in-progress') {
      // Another barista is making it: said before trying, with their name.
      if (row.claimed_by !== null && row.claimed_by !== user.id) throw claimedRefusal(row);
      return transition(row, 'barista', 'in-progress', user.id, { claimer: user, unchangedSince });
    }
    if (body.status === 'rejected') {
      const note = body.reject_note;
      return transition(row, 'barista', 'rejected', user.id, { rejectNote: note, note, unchangedSince });
    }
    if (body.status === 'done') return transition(row, 'barista', 'done', user.id, { rejectNote: '', unchangedSince });
    if (body.status === 'uncollected' && row.status === 'done') {
      // Only once the site's time has passed since it was finished: before, it is just waiting.
      const minutes = (await deps.sites.get(row.site_id)).pickup.uncollectedAfterMinutes;
      if (row.done_at && clock.now().getTime() < uncollectedFrom(row.done_at, minutes)) {
        throw conflict(
          'NOT_YET_UNCOLLECTED',
          `A finished drink can be marked not collected ${minutes} minutes after it was finished.`,
          peopleText('people.orders.notYetUncollected', { minutes }),
        );
      }
    }
    return transition(row, 'barista', body.status, user.id, { unchangedSince });
  }

  /**
   * The owner's move: cancel a waiting order or pick up a finished one. A drink of a coffee run is
   * withdrawn only while the run is open: checked first, and again in the move's own statement,
   * which a close racing it waits for or is seen by.
   */
  async function ownerMove(
    user: AuthUser,
    row: OrderRow,
    body: OwnerOrderPatchBody,
    unchangedSince: string | undefined,
  ): Promise<Order> {
    if (row.user_id !== user.id)
      throw forbidden('Only the person who placed this order can change it.', peopleText('people.orders.ownerOnly'));
    const runId = row.run_id;
    if (runId === null || body.status !== 'cancel')
      return transition(row, 'owner', body.status, user.id, { unchangedSince });
    const refuseClosed = async () => {
      const run = await findRun(db, runId);
      if (run) refuse(runWithdrawRefusal({ closesAt: run.closes_at, closedAt: run.closed_at }, clock.now()));
    };
    await refuseClosed();
    try {
      return await transition(row, 'owner', 'cancel', user.id, { whileRunOpen: true, unchangedSince });
    } catch (error) {
      if (error instanceof AppError && error.code === 'INVALID_TRANSITION') await refuseClosed();
      throw error;
    }
  }

  const api = {
    baristaUpdate,
    ...createRelease(ctx, deps, queue, transition),
    /** The one move of an order, for the counter's own moves (counter-day.ts): not a route of its own. */
    move: transition,

    /**
     * A venue of a site closed (by a person, or by the hours): today's orders for later of it can
     * no longer be served and are rejected with `note`. Answers how many.
     */
    async rejectScheduledAtClose(siteId: number, venue: CategoryFor, note: string, by: number): Promise<number> {
      const today = await queue.siteToday(siteId);
      const endDate = addDays(today, 1);
      return rejectEach({ siteId, venue, statuses: ['scheduled'], startDate: today, endDate }, note, by);
    },

    /**
     * The opening hours closed `venue` at a site (modules/schedule): every order of it still waiting is
     * rejected with `note` by the opening hours' account, through the same transition as a
     * barista's reject (history, `orders` and `queue` events, push notification). Orders in
     * progress stay for the baristas to finish; one someone moved first is left as it is.
     * Answers how many were rejected.
     */
    async rejectWaitingAtClose(siteId: number, venue: CategoryFor, note: string, by: number): Promise<number> {
      return rejectEach({ siteId, venue, statuses: ['ordered'] }, note, by);
    },

    /** PATCH /order/{id}: the owner cancels a waiting order or picks up a finished one (ownerMove). */
    async ownerUpdate(user: AuthUser, id: number, body: OwnerOrderPatchBody): Promise<Order> {
      return onKnownOrder(core, id, (row, unchangedSince) => ownerMove(user, row, body, unchangedSince));
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
          results.push({ id, ok: false, error: errorBodyOfError(error) });
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
      const row = await loadAtStaffSite(user, id);
      const last = await lastHistoryEntry(db, id);
      const undoable =
        last !== undefined &&
        last.note !== UNDO_NOTE &&
        last.to_status === row.status &&
        last.from_status !== null &&
        canUndo(last.to_status, last.from_status) &&
        // The owner's own pick-up is theirs: only a barista's handover is taken back.
        !(last.to_status === 'picked' && last.changed_by === row.user_id);
      if (!undoable || !last.from_status) {
        throw conflict(
          'INVALID_TRANSITION',
          'There is nothing to undo on this order.',
          peopleText('people.orders.nothingToUndo'),
        );
      }
      refuseExpiredUndo(last.changed_at, clock.now());
      return transition(row, 'undo', last.from_status, user.id, {
        note: UNDO_NOTE,
        ...(row.status === 'rejected' ? { rejectNote: '' } : {}),
      });
    },
  };

  // A venue that closes (by a person or by the hours) can no longer serve today's orders for
  // later; the opening hours' closes also reject what still waits there.
  ctx.domainEvents.on('shop-status.changed', async ({ siteId, before, after, closeWaiting, changedBy }) => {
    for (const venue of venuesClosing(before, after)) {
      await api.rejectScheduledAtClose(siteId, venue, SHOP_CLOSING_NOTE, changedBy);
    }
    for (const venue of closeWaiting) await api.rejectWaitingAtClose(siteId, venue, SHOP_CLOSING_NOTE, changedBy);
  });

  return api;
}
