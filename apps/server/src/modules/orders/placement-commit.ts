/**
 * The group commit of placements: an order about to be saved (its plan, the row and first history
 * entry built from it) goes into one short transaction with those that arrived while the last one
 * committed, where the daily limit and the Idempotency-Key are checked under the owners' locks.
 * Apart from placement.service.ts, which decides whether one placement or walk-up may be made:
 * this file is about saving many at once correctly and fast, and changes with the database, not
 * with the ordering rules.
 */
import {
  peopleText,
  dailyLimitOf,
  runJoinRefusal,
  estimateWaitMinutes,
  type PlacedOrder,
  type PlacementRefusal,
  type QueuedOrder,
} from '@cafe/shared';
import type { AppBase } from '../../context';
import type { Db } from '../../db/types';
import { AppError, notFound, refuse } from '../../lib/errors';
import { createGroupCommit } from '../../lib/group-commit';
import { isDatabaseUnavailable } from '../../plugins/error-handler';
import type { OrdersCore, OrdersDeps } from './orders.context';
import { SCHEDULED_TOPIC } from './release-timer';
import { toQueuedOrder, toReplayedAnswer } from './orders.mapper';
import type { QueueService } from './queue.service';
import { guardKey, insertPlacedOrders, placementGuardsOf } from './order-writes.repository';
import { aheadOf, type OrderRow } from './orders.repository';
import { insertGuardedOrder } from './guarded-insert.repository';
import { commitRefusal, pendingOrder, type OrderPlan, type PendingOrder } from './pending-order';
import { joinedRuns, joinKey, lockRunsForJoin } from './runs.repository';
import { promisedAtPlace, type PromiseTable } from './promise-sql';
import { createPromiseTables, type PlacementPromise } from './promise-table';

export const keyReused = () =>
  new AppError(
    422,
    'IDEMPOTENCY_KEY_REUSED',
    'Idempotency-Key: was already used for a different order; send a new key for a new order.',
  );

/**
 * What a placement's commit answers: the order it made (with the orders ahead of it in its line
 * when it joined one and they could be counted, and the owner's counted orders of its day with it
 * when it counts), the one made before with its key, or why not.
 */
type Committed = { placed: number; ahead?: number; counted?: number } | { replayed: number } | { refused: AppError };

/**
 * A placement answered again for its Idempotency-Key, or placed now. A new order waiting in a line
 * carries its place and wait as My orders shows them (`queue_at`, `estimatedWaitMinutes`), and a
 * counted one the owner's daily count (`dailyCount`), so the phone need not read either again;
 * otherwise they are null.
 */
export interface Placement {
  order: PlacedOrder;
  replayed: boolean;
}

/** Saving placements: the group commit, and the answer and announcement of each order it made. */
export function createPlacementCommit(
  ctx: AppBase,
  deps: Pick<OrdersDeps, 'users' | 'sites' | 'pickup' | 'options'>,
  core: OrdersCore,
  queue: Pick<QueueService, 'waitInputs'>,
) {
  const { db } = ctx;
  const { load } = core;

  /** A drink joining a run, asked again under the run's lock: the run still open, the owner not in it yet. */
  function joinRefusal(
    runId: number,
    ownerId: number,
    runs: ReadonlyMap<number, { closesAt: string; closedAt: string | null }>,
    joined: ReadonlySet<string>,
  ): PlacementRefusal | null {
    const run = runs.get(runId);
    if (!run) throw notFound('Run', peopleText('people.notFound.run'));
    return runJoinRefusal({ run, now: ctx.clock.now(), joined: joined.has(joinKey(runId, ownerId)) });
  }

  /**
   * Saves new orders in one short transaction (group commit: those that arrived while the last
   * one committed go together). The daily limit is counted under the owners' locks: PostgreSQL's
   * row locks make a transaction with the same person wait until the first commits, so it counts
   * that order and sees an order made with the same Idempotency-Key; SQLite runs one write
   * transaction at a time. Orders of the same person in one batch count each other in order.
   * Answers one outcome per plan: a rule's refusal is that plan's alone.
   */
  async function commitPlacements(pending: readonly PendingOrder[]): Promise<Committed[]> {
    const [only] = pending;
    if (pending.length === 1 && only && only.plan.pickupAt === null && only.plan.runId === null) {
      ctx.metrics.placementBatch.observe(1);
      return [await commitOne(only)];
    }
    const committed = await db.transaction().execute(async (trx) => {
      // Each owner once; the locks are taken in id order (lockUsers).
      const guarded = pending.filter(({ plan, counts }) => counts || plan.idempotency);
      await deps.users.lockAccounts([...new Set(guarded.map(({ plan }) => plan.owner.id))], trx);
      // An archive of a site waits for this transaction, or this one sees the site archived.
      const archivedSites = await deps.sites.holdForPlacement(
        trx,
        pending.map(({ plan }) => plan.site.id),
        new Set(pending.flatMap(({ plan }) => (plan.pickupAt === null ? [] : [plan.site.id]))),
      );
      // A drink joining a coffee run holds the run's row, so the runner's close either waits for
      // this transaction or is seen here: no drink is added after a close.
      const runIds = [...new Set(pending.flatMap(({ plan }) => (plan.runId === null ? [] : [plan.runId])))];
      const runs = await lockRunsForJoin(trx, ctx.dialect, runIds);
      const joined = await joinedRuns(
        trx,
        pending.flatMap(({ plan }) => (plan.runId === null ? [] : [{ runId: plan.runId, userId: plan.owner.id }])),
      );
      // The order made with a key (a retry) is answered again, before the daily limit (it may be
      // what fills it). Both read in one statement, after the locks.
      const guards = await placementGuardsOf(
        trx,
        pending.flatMap(({ plan, order, counts }) => (counts ? [{ userId: plan.owner.id, day: order.cafe_day }] : [])),
        pending.flatMap(({ plan }) => (plan.idempotency ? [{ userId: plan.owner.id, key: plan.idempotency.key }] : [])),
      );
      const outcomes: Committed[] = [];
      /** Plans of this batch answered with the order of an earlier, placed plan that had the same key. */
      const sameAs = new Map<number, number>();
      const keyedHere = new Map<string, number>();
      /** Orders for now, inserted together at the end (with the owner's counted orders of the day with each). */
      const later: { at: number; row: PendingOrder; counted: number | undefined }[] = [];
      for (const [i, row] of pending.entries()) {
        const { plan } = row;
        try {
          const keyAt = plan.idempotency ? guardKey(plan.owner.id, plan.idempotency.key) : null;
          if (plan.idempotency && keyAt !== null) {
            const found = guards.found.get(keyAt);
            const earlier = keyedHere.get(keyAt);
            const fingerprint = found
              ? found.fingerprint
              : earlier === undefined
                ? undefined
                : pending[earlier]?.plan.idempotency?.fingerprint;
            if (fingerprint !== undefined && fingerprint !== plan.idempotency.fingerprint) throw keyReused();
            if (found) {
              outcomes[i] = { replayed: found.id };
              continue;
            }
            if (earlier !== undefined) {
              sameAs.set(i, earlier);
              continue;
            }
          }
          const dayAt = guardKey(plan.owner.id, row.order.cafe_day);
          const counted = guards.counted.get(dayAt) ?? 0;
          const join = plan.runId === null ? null : joinRefusal(plan.runId, plan.owner.id, runs, joined);
          refuse(commitRefusal(plan, archivedSites.has(plan.site.id), row.counts ? counted : null, join));
          const countedWith = row.counts ? counted + 1 : undefined;
          if (plan.pickupAt !== null) {
            // The slot's room is counted with the orders for later inserted so far, this batch's too.
            await deps.pickup.claimSlot(trx, plan.site, plan.pickupAt);
            const [id] = await insertPlacedOrders(trx, ctx.dialect, [row]);
            outcomes[i] = { placed: id as number, counted: countedWith };
          } else {
            later.push({ at: i, row, counted: countedWith });
          }
          if (countedWith !== undefined) guards.counted.set(dayAt, countedWith);
          if (plan.runId !== null) joined.add(joinKey(plan.runId, plan.owner.id));
          if (keyAt !== null) keyedHere.set(keyAt, i);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          outcomes[i] = { refused: error };
        }
      }
      const ids = await insertPlacedOrders(
        trx,
        ctx.dialect,
        later.map(({ row }) => row),
      );
      later.forEach(({ at, counted }, j) => (outcomes[at] = { placed: ids[j] as number, counted }));
      await deps.options.saveForOrders(
        trx,
        pending.flatMap(({ plan }, i) => {
          const outcome = outcomes[i];
          return outcome && 'placed' in outcome ? [{ orderId: outcome.placed, options: plan.options }] : [];
        }),
      );
      // keyedHere holds placed plans only: the earlier plan of each pair has its order.
      for (const [i, earlier] of sameAs) {
        outcomes[i] = { replayed: (outcomes[earlier] as { placed: number }).placed };
      }
      return outcomes;
    });
    ctx.metrics.placementBatch.observe(pending.length);
    return withPlaces(pending, committed);
  }

  /**
   * One placement for now (an idle server's every placement, and most of a rush's): on PostgreSQL
   * one statement (insertGuardedOrder: the account held, the guards, the site, the insert, its
   * history and place; the options' insert after it in a transaction); on SQLite the site read and
   * the guarded insert. The insert's condition enforces the archived site and the daily limit
   * race-free in SQL; commitRefusal alone decides them, as a batch's.
   */
  async function commitOne(row: PendingOrder): Promise<Committed> {
    const { plan, order, entry, counts } = row;
    const guarded = {
      order,
      entry,
      limit: counts ? dailyLimitOf(plan.menu.venue) : null,
      key: plan.idempotency?.key ?? null,
      promise: row.promise,
    };
    const write = async (trx: Db): Promise<Committed> => {
      // PostgreSQL holds and reads the site in the insert's statement; SQLite reads it first.
      const read = ctx.dialect === 'sqlite' && (await deps.sites.holdForPlacement(trx, [plan.site.id], new Set()));
      const site = () => deps.sites.placementHold(plan.site.id);
      const done = await insertGuardedOrder(trx, ctx.dialect, { ...guarded, insert: !read || !read.size, site });
      const archived = done.archived ?? (read !== false && read.has(plan.site.id));
      if (done.placed !== null) {
        if (plan.options.length > 0)
          await deps.options.saveForOrders(trx, [{ orderId: done.placed, options: plan.options }]);
        return { placed: done.placed, counted: counts ? done.counted + 1 : undefined, ahead: done.ahead };
      }
      try {
        if (plan.idempotency && done.found) {
          if (done.found.fingerprint !== plan.idempotency.fingerprint) throw keyReused();
          return { replayed: done.found.id };
        }
        refuse(commitRefusal(plan, archived, counts ? done.counted : null));
      } catch (error) {
        if (error instanceof AppError) return { refused: error };
        throw error;
      }
      throw new Error('the placement was neither saved nor refused');
    };
    // One statement needs no transaction; the options' insert commits with the order.
    if (ctx.dialect === 'postgres' && plan.options.length === 0) return write(db);
    return db.transaction().execute(write);
  }

  /**
   * The place of each new order of the batch that joined a line, counted once it is committed (one
   * statement for the batch). A count that fails leaves the answer without a place: the order is
   * saved, and the phone reads its list instead.
   */
  async function withPlaces(pending: readonly PendingOrder[], committed: Committed[]): Promise<Committed[]> {
    const waiting = committed.flatMap((outcome, i) =>
      outcome && 'placed' in outcome && pending[i]?.order.status === 'ordered' ? [outcome.placed] : [],
    );
    if (waiting.length === 0) return committed;
    try {
      const ahead = await aheadOf(db, waiting);
      return committed.map((outcome) =>
        'placed' in outcome && ahead.has(outcome.placed) ? { ...outcome, ahead: ahead.get(outcome.placed) } : outcome,
      );
    } catch (error) {
      ctx.log.warn({ err: error }, 'could not count the places of new orders');
      return committed;
    }
  }

  /**
   * The answer's place and wait of a new waiting order (null, null without a count or the wait
   * inputs): the wait is the promise of its place (`promise`, worked out before it was saved).
   */
  async function placeOf(
    row: OrderRow,
    ahead: number | undefined,
    promise: PromiseTable | undefined,
  ): Promise<QueuedOrder> {
    // Counted only for an order that joined its line (withPlaces).
    if (ahead === undefined) return toQueuedOrder(row, null, null);
    const promised = promise && promisedAtPlace(promise, ahead);
    if (promised) {
      const minutes = Math.max(1, Math.ceil((Date.parse(promised) - Date.parse(row.order_date)) / 60_000));
      return { ...toQueuedOrder(row, ahead + 1, minutes), promisedReadyAt: promised };
    }
    try {
      const wait = await queue.waitInputs({ siteId: row.site_id, venue: row.category_for, day: row.cafe_day });
      const now = new Date(row.order_date);
      return toQueuedOrder(row, ahead + 1, estimateWaitMinutes(wait, ahead, { now, menuId: row.menu_id }));
    } catch (error) {
      ctx.log.warn({ err: error }, 'could not estimate the wait of a new order');
      return toQueuedOrder(row, ahead + 1, null);
    }
  }

  const promises = createPromiseTables();
  /**
   * What an order for now is promised by the number of waiting orders ahead of it, by the wait
   * inputs of its line (the model the server runs: promise.ts), as at its placement (promise-table.ts).
   * Undefined when they cannot be read (the order is saved without a promise).
   */
  async function promiseOf(pending: PendingOrder): Promise<PlacementPromise | undefined> {
    const { plan, order } = pending;
    if (plan.pickupAt !== null) return undefined;
    try {
      const read = await queue.waitInputs({ siteId: plan.site.id, venue: plan.menu.venue, day: order.cafe_day });
      return promises.tableFor(read, plan.menu.id, plan.now);
    } catch (error) {
      ctx.log.warn({ err: error }, 'could not work out the promise of a new order');
      return undefined;
    }
  }

  const commits = createGroupCommit<PendingOrder, Committed>({
    commit: commitPlacements,
    maxBatch: 64,
    // One batch at a time: SQLite runs one write transaction at a time anyway, and on PostgreSQL
    // two at once made bursts no faster (decision 0029); the next batch gathers meanwhile.
    maxInFlight: 1,
    failAll: isDatabaseUnavailable,
  });

  /**
   * Saves a new order (with those placed at the same moment, `commitPlacements`). Answers from
   * what it knows rather than reading the order back, and announces it.
   */
  async function saveOrder(plan: OrderPlan): Promise<Placement> {
    const pending = pendingOrder(plan);
    const promise = await promiseOf(pending);
    pending.promise = promise?.table;
    const outcome = await commits.submit(pending);
    if ('refused' in outcome) throw outcome.refused;
    if ('replayed' in outcome) return { order: toReplayedAnswer(await load(outcome.replayed)), replayed: true };
    if (promise && outcome.ahead !== undefined) promises.placed(promise, outcome.ahead);
    const { order, entry } = pending;
    const { site, menu, fields, owner } = plan;

    // Everything the answer shows of an order of no run is known here: no need to read it back. A
    // run's drink is read for its run and its place in it.
    const known: OrderRow = {
      id: outcome.placed,
      site_id: site.id,
      site_name: site.name,
      status: entry.to,
      order_date: entry.at,
      updated_at: entry.at,
      type: fields.type ?? null,
      sweetness: fields.sweetness,
      remark: plan.remark,
      tumbler_image: fields.tumbler,
      reject_note: '',
      category_for: menu.venue,
      cafe_day: order.cafe_day,
      taken_at: null,
      walk_up: plan.walkUp ? 1 : 0,
      guest_name: plan.guestName,
      user_id: owner.id,
      user_name: owner.name,
      menu_id: menu.id,
      menu_name: menu.name,
      category_id: menu.category.id,
      category_name: menu.category.name,
      category_kind: menu.category.kind,
      pickup_at: plan.pickupAt,
      done_at: null,
      tumbler_missing_at: null,
      tumbler_grace_seconds: site.pickup.tumblerGraceMinutes * 60,
      reminded_at: null,
      owner_avoids: plan.diet.avoids,
      diet_warnings: plan.diet.warnings,
      claimed_by: null,
      claimed_by_name: null,
      options_json: JSON.stringify(
        plan.options.map((o) => [
          o.group_id,
          o.group_name,
          o.choice_id,
          o.choice_name,
          o.quantity,
          o.is_default,
          o.sort_order,
        ]),
      ),
      own_cup: plan.ownCup ? 1 : 0,
      promised_ready_at:
        plan.pickupAt ?? (pending.promise && promisedAtPlace(pending.promise, outcome.ahead ?? 0)) ?? null,
      run_id: null,
      run_place: null,
      run_runner_id: null,
      run_runner_name: null,
      run_position: null,
      run_of: null,
    };
    const row = plan.runId === null ? known : await load(outcome.placed);
    core.ordersChanged({});
    core.announce(row, null);
    // Every process's release timer: this order may be the next one due.
    if (entry.to === 'scheduled') ctx.bus.publish(SCHEDULED_TOPIC, site.id);
    // The count is the one GET /order/count/user answers when the order is of the owner's today.
    const dailyCount = outcome.counted !== undefined && plan.countDay === order.cafe_day ? outcome.counted : null;
    return { order: { ...(await placeOf(row, outcome.ahead, pending.promise)), dailyCount }, replayed: false };
  }

  return { saveOrder };
}
