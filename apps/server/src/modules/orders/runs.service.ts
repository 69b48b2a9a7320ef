/**
 * The coffee runs' rows and their drinks' moves (docs/api/runs.md). A run is the group of the
 * orders added to it; whether one may start, be joined, closed or collected is the ordering door's
 * (modules/ordering/runs-door.ts). Here: saving a run once the door decided, reading it as the
 * contract's Run, closing it, and moving its drinks together, each through the one move of an order
 * (transitions.service), so events, notifications, the audit and claims follow as for a single move.
 */
import {
  peopleText,
  canTransition,
  runDrinksAllGone,
  runOpenAlreadyRefusal,
  type BaristaOrderPatchBody,
  type Order,
  type OrderStatus,
  type Run,
  type RunMoveBody,
} from '@cafe/shared';
import type { AppBase, AuthUser } from '../../context';
import { notFound, refuse } from '../../lib/errors';
import { iso } from '../../lib/time';
import type { SiteRecord } from '../sites/sites.service';
import { unlessRefused, type Move, type OrdersDeps } from './orders.context';
import type { OrderRow } from './orders.repository';
import { inRun, toRun } from './runs.mapper';
import {
  closeRun,
  closeRunIfOver,
  countOpenRunsOf,
  drinksOfRunsHolding,
  findRun,
  insertRun,
  joinedRuns,
  listOpenRuns,
  listRunDrinks,
  type RunDrinkRow,
  type RunRow,
} from './runs.repository';

export type { RunDrinkRow };

/** A run as the door decides about it: where, whose, its times (ISO). */
export interface RunRecord {
  id: number;
  siteId: number;
  runnerId: number | null;
  place: string;
  pickupAt: string;
  closesAt: string;
  closedAt: string | null;
}

/** A run the door decided may start: the site, the runner, where the drinks go, the slot and the closing time. */
export interface RunStart {
  site: SiteRecord;
  runnerId: number;
  place: string;
  pickupAt: string;
  closesAt: string;
}

/** The moves of single orders a run's group moves go through. */
export interface RunMoves {
  baristaUpdate: (user: AuthUser, id: number, body: BaristaOrderPatchBody) => Promise<Order>;
  move: Move;
}

const toRecord = (run: RunRow): RunRecord => ({
  id: run.id,
  siteId: run.site_id,
  runnerId: run.runner_id,
  place: run.place,
  pickupAt: run.pickup_at,
  closesAt: run.closes_at,
  closedAt: run.closed_at,
});

/** A drink that left the counter: the run may be over (runDrinksAllGone). */
const gone = (status: OrderStatus) => status === 'picked' || status === 'uncollected';

export function createRunsService(ctx: AppBase, deps: Pick<OrdersDeps, 'users' | 'sites'>, moves: RunMoves) {
  const { db, clock } = ctx;

  /**
   * The runs whose group move (the counter's, the runner's collect) is under way in this process,
   * each with how many: their drinks' moves are told as one `run` event when the group move ends.
   */
  const grouped = new Map<number, number>();
  /** Runs of `grouped` a drink of which moved meanwhile, and whether one left the counter. */
  const moved = new Map<number, boolean>();

  /** Its runner and the people with a drink in it: who hears a run's `run` event. */
  const followers = (run: Run): number[] => [
    ...(run.runner ? [run.runner.id] : []),
    ...run.drinks.map((drink) => drink.person.id),
  ];

  /**
   * After a drink of a run moved (committed): closes the run when that drink was the last on its
   * way (the run is over), then reads it and sends it to its people. Answers the run as read.
   */
  async function told(runId: number, left: boolean): Promise<Run> {
    if (left) await closeRunIfOver(db, runId, iso(clock.now()));
    const run = await read(await rowOf(runId));
    ctx.events.run(run, followers(run));
    return run;
  }

  /** Runs a drink of which moved in the code running now (outside a group move): told once it has run. */
  const soon = new Map<number, boolean>();

  /**
   * A drink of a run placed or moved on (orders.context `onRunDrink`). The drinks that move together
   * (a release of the run's orders when they fall due) are told as one event.
   */
  function drinkMoved(runId: number, status: OrderStatus): void {
    if (grouped.has(runId)) {
      moved.set(runId, (moved.get(runId) ?? false) || gone(status));
      return;
    }
    const before = soon.get(runId);
    soon.set(runId, (before ?? false) || gone(status));
    if (before !== undefined) return;
    queueMicrotask(() => {
      const left = soon.get(runId) ?? false;
      soon.delete(runId);
      told(runId, left).catch((error: unknown) =>
        ctx.log.warn({ err: error, runId }, 'coffee run: its live event could not be sent'),
      );
    });
  }

  /** Moves a run's drinks as one group: its people hear of it once, when every drink has moved. */
  async function asGroup(runId: number, work: () => Promise<void>): Promise<Run> {
    grouped.set(runId, (grouped.get(runId) ?? 0) + 1);
    try {
      await work();
    } finally {
      const left = (grouped.get(runId) ?? 1) - 1;
      if (left === 0) grouped.delete(runId);
      else grouped.set(runId, left);
    }
    const changed = moved.get(runId);
    moved.delete(runId);
    if (changed === undefined) return read(await rowOf(runId));
    return told(runId, changed);
  }

  async function rowOf(id: number): Promise<RunRow> {
    const run = await findRun(db, id);
    if (!run) throw notFound('Run', peopleText('people.notFound.run'));
    return run;
  }

  async function read(run: RunRow): Promise<Run> {
    return toRun(run, await listRunDrinks(db, [run.id]), clock.now());
  }

  /**
   * Moves each drink of a run that can make the move from where it is, one by one as a single move
   * would; one another barista is making, or that moved meanwhile, is left as it is.
   */
  async function eachDrink(runId: number, moveOne: (row: OrderRow) => Promise<unknown> | null): Promise<void> {
    for (const row of inRun(await listRunDrinks(db, [runId]))) await unlessRefused(async () => moveOne(row));
  }

  return {
    /** The run (404 when there is none), as the door decides about it. */
    async find(id: number): Promise<RunRecord> {
      return toRecord(await rowOf(id));
    },

    /** GET /runs/{id}: the run with its drinks, as it is now. */
    async get(id: number): Promise<Run> {
      return read(await rowOf(id));
    },

    /** GET /runs: a site's open runs, the soonest pickup first, with their drinks (two statements). */
    async listOpen(siteId: number): Promise<Run[]> {
      const now = clock.now();
      const runs = await listOpenRuns(db, siteId, iso(now));
      const ids = runs.map((run) => run.id);
      const drinks = await listRunDrinks(db, ids);
      const drinksOf = (runId: number) => drinks.filter((row) => row.run_id === runId);
      return runs.map((run) => toRun(run, drinksOf(run.id), now));
    },

    /** How many runs a runner has open at a site now: the door refuses a second (runOpenAlreadyRefusal). */
    openRunsOf: (runnerId: number, siteId: number) => countOpenRunsOf(db, runnerId, siteId, iso(clock.now())),
    /**
     * Saves a run the door decided may start. Its one open run per runner per site is enforced again
     * under the runner's lock (PostgreSQL; SQLite runs one write at a time): two starts at once make one.
     */
    async start(plan: RunStart): Promise<Run> {
      const now = iso(clock.now());
      const id = await db.transaction().execute(async (trx) => {
        await deps.users.lockAccounts([plan.runnerId], trx);
        refuse(runOpenAlreadyRefusal(await countOpenRunsOf(trx, plan.runnerId, plan.site.id, now)));
        return insertRun(trx, {
          site_id: plan.site.id,
          runner_id: plan.runnerId,
          place: plan.place,
          pickup_at: plan.pickupAt,
          closes_at: plan.closesAt,
          closed_at: null,
          created_at: now,
        });
      });
      return read(await rowOf(id));
    },

    /**
     * Closes a run now (nothing changes for one already closed, by its runner or by its time).
     * Answered once every join that got in first has committed: the drinks it lists are final.
     */
    async close(id: number): Promise<Run> {
      const row = await rowOf(id);
      await closeRun(db, id, iso(clock.now()));
      const run = await read(await rowOf(id));
      // Closed now (not before, by its runner or its time): its people hear it.
      if (row.closed_at === null && run.closedAt !== null) ctx.events.run(run, followers(run));
      return run;
    },

    /** Told of every drink of a run placed or moved on: sends the run's live event (and closes it once it is over). */
    drinkMoved,

    /**
     * Every drink (withdrawn and rejected ones left out) of the runs that hold one of `orderIds`,
     * with its run's place and runner: the pickup screen shows a run once all of them are finished.
     */
    drinksOfRunsHolding: (orderIds: readonly number[]): Promise<RunDrinkRow[]> => drinksOfRunsHolding(db, orderIds),

    /** Whether every drink of a run left the counter (runDrinksAllGone): why it closed, when it did. */
    async allGone(runId: number): Promise<boolean> {
      return runDrinksAllGone((await listRunDrinks(db, [runId])).map((row) => row.status));
    },

    /** Whether a person already has a drink in a run (not withdrawn or rejected). */
    async hasDrink(runId: number, userId: number): Promise<boolean> {
      return (await joinedRuns(db, [{ runId, userId }])).size > 0;
    },

    /**
     * PATCH /order/barista/run/{id}: a barista or admin of the run's site moves every drink of it
     * that can make the move (Start all, Ready all, Picked up), each as PATCH /order/barista/{id}.
     */
    async moveAll(user: AuthUser, id: number, status: RunMoveBody['status']): Promise<Run> {
      const run = await rowOf(id);
      await deps.sites.forStaff(user, run.site_id);
      return asGroup(id, () =>
        eachDrink(id, (row) =>
          canTransition('barista', row.status, status) ? moves.baristaUpdate(user, row.id, { status }) : null,
        ),
      );
    },

    /** The runner takes every finished drink of the run (its owner's pick-up, made by `by`). */
    async collect(id: number, by: number): Promise<Run> {
      await rowOf(id);
      return asGroup(id, () =>
        eachDrink(id, (row) => (row.status === 'done' ? moves.move(row, 'owner', 'picked', by) : null)),
      );
    },
  };
}

export type RunsService = ReturnType<typeof createRunsService>;
