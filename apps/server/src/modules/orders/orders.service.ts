import {
  peopleText,
  addDays,
  cafeDayOf,
  FINISHED_ORDER_STATUSES,
  ORDER_STATUSES,
  drinkOfOrder,
  type BaristaHistoryPage,
  type BaristaHistoryQuery,
  type DrinkChoice,
  type Order,
  type TimelineEntry,
} from '@cafe/shared';
import type { AppBase, AuthUser } from '../../context';
import { forbidden } from '../../lib/errors';
import { readBaristaHistory } from './barista-history';
import { createOrdersCore, type OrdersDeps } from './orders.context';
import { toOrder, toTimelineEntry } from './orders.mapper';
import { latestCafeOrderOf, listUserHistory, orderTimeline, sitesWaitingFor } from './order-history.repository';
import { createPlacementService } from './placement.service';
import { createQueueService } from './queue.service';
import { createLateNotice } from './late-notice';
import { earliest, startReleaseTimer, type ReleaseTimer } from './release-timer';
import { createTransitionsService } from './transitions.service';
import { createCounterDay } from './counter-day';
import { createClaims } from './claims';
import { createRunsService } from './runs.service';
import { withRequestKey, type KeyedMove, type MoveAnswer } from './request-keys';

/**
 * The orders module as the rest of the app reaches it: placing
 * (placement.service), moving on (transitions.service), today's queue (queue.service), and the
 * reads of single orders and of the past, which are here.
 */
export function createOrdersService(ctx: AppBase, deps: OrdersDeps) {
  const { db } = ctx;
  const queue = createQueueService(ctx, deps.sites);
  const core = createOrdersCore(ctx, queue.dropTodaysReads);
  const placement = createPlacementService(ctx, deps, core, queue);
  const { move, ...transitions } = createTransitionsService(ctx, deps, core, queue);
  const counter = createCounterDay(ctx, deps, core, move);
  const late = createLateNotice(ctx, deps, core, queue);
  const claims = createClaims(ctx, deps, core);
  const runs = createRunsService(ctx, deps, { baristaUpdate: transitions.baristaUpdate, move });
  core.onRunDrink(runs.drinkMoved);

  /** The owner, baristas and admins may see an order; other users may not. */
  async function loadVisible(user: AuthUser, id: number) {
    const row = await core.load(id);
    if (user.role === 'user' && row.user_id !== user.id)
      throw forbidden('This order belongs to someone else.', peopleText('people.orders.someoneElses'));
    return row;
  }

  let releases: ReleaseTimer | undefined;

  return {
    /** Releases the orders for later when they fall due, from now on (server.ts). */
    startReleases(): void {
      releases ??= startReleaseTimer(ctx, async (now) => {
        const released = await transitions.releaseDue(now);
        const counted = await counter.counterDue(now);
        const told = await late.lateDue(now);
        return { ...released, ...counted, ...told, nextDue: earliest(released.nextDue, counted.nextDue) };
      });
    },
    async stopReleases(): Promise<void> {
      await releases?.stop();
      releases = undefined;
    },
    // Saving a decided placement (the ordering module decides), the transitions and the counter's
    // day expose only what the app calls; the queue also holds what they use inside the module
    // (wait inputs, dropping today's reads), so the app's four are named.
    ...placement,
    ...transitions,
    ...counter,
    ...claims,
    /** Coffee runs: their rows, reads and group moves (runs.service; the rules are the ordering door's). */
    runs,
    /** POST /order/barista/{id}/undo: a tumbler mark, or the latest move (transitions.service). */
    async undo(user: AuthUser, id: number): Promise<Order> {
      return (await counter.undoTumbler(user, id)) ?? transitions.undo(user, id);
    },
    /**
     * A move of an order with its Idempotency-Key (request-keys.ts): made once per (person, key), a
     * retry answered the first answer again. Without a key, simply made.
     */
    keyed<T>(
      move: Omit<KeyedMove, 'key'> & { key: string | undefined },
      run: () => Promise<T>,
    ): Promise<MoveAnswer<T>> {
      return withRequestKey(db, ctx.clock, move, run);
    },
    readyIfJoinedNow: queue.readyIfJoinedNow,
    /** The owners of drinks later than promised by more than 2 minutes, told once (late-notice.ts; the release timer runs it). */
    lateDue: (now: Date) => late.lateDue(now),
    myQueueAnswer: queue.myQueueAnswer,
    listAnswer: queue.listAnswer,
    queueSnapshot: queue.queueSnapshot,
    countMine: queue.countMine,

    async get(user: AuthUser, id: number): Promise<Order> {
      return toOrder(await loadVisible(user, id));
    },

    async history(userId: number, range: { startDate?: string; endDate?: string }): Promise<Order[]> {
      return (await listUserHistory(db, userId, FINISHED_ORDER_STATUSES, range)).map(toOrder);
    },

    /**
     * A person's most recent picked-up cafe order as a drink to order again (the usual when none is
     * saved: docs/standing-orders.md), or null.
     */
    async lastPickedDrink(userId: number): Promise<DrinkChoice | null> {
      const row = await latestCafeOrderOf(db, userId, ['picked']);
      return row ? drinkOfOrder(toOrder(row)) : null;
    },

    /**
     * The sites where a person has an order waiting in line: a live connection joins their `queue`
     * events' rooms. From yesterday (UTC) on, which every site's today is.
     */
    waitingSitesOf(userId: number): Promise<number[]> {
      return sitesWaitingFor(db, userId, addDays(cafeDayOf(ctx.clock.now(), 'UTC'), -1));
    },

    /** The tumbler photo of a person's most recent cafe order (the specification's "recent" mode), or null. */
    async recentTumblerOf(userId: number): Promise<string | null> {
      return (await latestCafeOrderOf(db, userId, ORDER_STATUSES))?.tumbler_image ?? null;
    },

    /** GET /order/history/barista: one page of a site's finished orders, newest first, with the totals of its days. */
    baristaHistory: (query: BaristaHistoryQuery, siteId: number): Promise<BaristaHistoryPage> =>
      readBaristaHistory(db, siteId, query),

    /** GET /order/{id}/timeline: every move of an order, who made it and when; for its owner and the staff. */
    async timeline(user: AuthUser, id: number): Promise<TimelineEntry[]> {
      await loadVisible(user, id);
      return (await orderTimeline(db, id)).map(toTimelineEntry);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
