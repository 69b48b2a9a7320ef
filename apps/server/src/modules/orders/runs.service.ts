/**
 * The coffee runs' rows and their drinks' moves (docs/api/runs.md). A run is the group of the
 * orders added to it; whether one may start, be joined, closed or collected is the ordering door's
 * (modules/ordering/runs-door.ts). Here: saving a run once the door decided, reading it as the
 * contract's Run, closing it, and moving its drinks together, each through the one move of an order
 * (transitions.service), so events, notifications, the audit and claims follow as for a single move.
 */
import {
  canTransition,
  runOpenAlreadyRefusal,
  type BaristaOrderPatchBody,
  type Order,
  type Run,
  type RunMoveBody,
} from '@cafe/shared';
import type { AppBase, AuthUser } from '../../context';
import { AppError, notFound, refuse } from '../../lib/errors';
import { iso } from '../../lib/time';
import type { SiteRecord } from '../sites/sites.service';
import type { Move, OrdersDeps } from './orders.context';
import type { OrderRow } from './orders.repository';
import { inRun, toRun } from './runs.mapper';
import {
  closeRun,
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

export function createRunsService(ctx: AppBase, deps: Pick<OrdersDeps, 'users' | 'sites'>, moves: RunMoves) {
  const { db, clock } = ctx;

  async function rowOf(id: number): Promise<RunRow> {
    const run = await findRun(db, id);
    if (!run) throw notFound('Run');
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
    for (const row of inRun(await listRunDrinks(db, [runId]))) {
      try {
        await moveOne(row);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    }
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
      const drinks = await listRunDrinks(
        db,
        runs.map((run) => run.id),
      );
      return runs.map((run) =>
        toRun(
          run,
          drinks.filter((row) => row.run_id === run.id),
          now,
        ),
      );
    },

    /**
     * Saves a run the door decided may start. One open run per runner per site is counted under
     * the runner's lock (PostgreSQL; SQLite runs one write at a time), so two starts at once make one.
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
      await closeRun(db, id, iso(clock.now()));
      return read(await rowOf(id));
    },

    /**
     * Every drink (withdrawn and rejected ones left out) of the runs that hold one of `orderIds`,
     * with its run's place and runner: the pickup screen shows a run once all of them are finished.
     */
    drinksOfRunsHolding: (orderIds: readonly number[]): Promise<RunDrinkRow[]> => drinksOfRunsHolding(db, orderIds),

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
      await eachDrink(id, (row) =>
        canTransition('barista', row.status, status) ? moves.baristaUpdate(user, row.id, { status }) : null,
      );
      return read(run);
    },

    /** The runner takes every finished drink of the run (its owner's pick-up, made by `by`). */
    async collect(id: number, by: number): Promise<Run> {
      const run = await rowOf(id);
      await eachDrink(id, (row) => (row.status === 'done' ? moves.move(row, 'owner', 'picked', by) : null));
      return read(run);
    },
  };
}

export type RunsService = ReturnType<typeof createRunsService>;
