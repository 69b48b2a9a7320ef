/**
 * The coffee run at the door (docs/api/runs.md): whether a run may start, who may close and collect
 * it, and what a drink joining it must pass besides the rules of any order (ordering.service.ts
 * asks `joinable` while it plans the drink). The rules are the shared ones
 * (packages/shared/src/run.ts); the orders module keeps the runs and moves their drinks.
 */
import {
  peopleText,
  personRefusal,
  runIsOpen,
  runJoinRefusal,
  runOpenAlreadyRefusal,
  runSiteRefusal,
  runTimesRefusal,
  type OrderCreateBody,
  type Run,
  type RunCreateBody,
} from '@cafe/shared';
import type { AppBase, AuthUser } from '../../context';
import { badRequest, forbidden, refuse } from '../../lib/errors';
import { iso } from '../../lib/time';
import type { RunRecord } from '../orders/runs.service';
import type { OrderingDeps } from './ordering.service';

export function createRunsDoor(ctx: AppBase, deps: OrderingDeps) {
  const { clock } = ctx;
  const runs = deps.orders.runs;

  return {
    /**
     * POST /runs: the runner may order at the site, the site has a cafe, the runner has no other
     * open run there, the pickup time is one of its cafe slots now, and the run closes after now
     * and no later than the pickup.
     */
    async start(user: AuthUser, body: RunCreateBody): Promise<Run> {
      refuse(personRefusal({ email: user.email, emailUnconfirmed: user.emailUnconfirmed ?? false }));
      const site = await deps.sites.forOrder(user, body.siteId);
      refuse(runSiteRefusal(site));
      // Before the times: none helps a runner with a run open. Counted again under a lock as it is saved.
      refuse(runOpenAlreadyRefusal(await runs.openRunsOf(user.id, site.id)));
      const slot = await deps.pickup.check(site, 'cafe', body.pickupAt);
      const closesAt = iso(new Date(body.closesAt));
      refuse(runTimesRefusal({ pickupAt: slot.start, closesAt }, clock.now()));
      return runs.start({ site, runnerId: user.id, place: body.place, pickupAt: slot.start, closesAt });
    },

    /** GET /runs: the open runs of a site (the person's home site without one). */
    async listOpen(user: AuthUser, siteId?: number): Promise<Run[]> {
      const site = await deps.sites.forReading(user, siteId);
      return runs.listOpen(site.id);
    },

    /** GET /runs/{id}: any signed-in person may follow a run (its link is shared). */
    get: (id: number): Promise<Run> => runs.get(id),

    /** POST /runs/{id}/close: its runner, or a barista of its site or an admin. Closing it again changes nothing. */
    async close(user: AuthUser, id: number): Promise<Run> {
      const run = await runs.find(id);
      if (run.runnerId !== user.id) {
        if (user.role === 'user')
          throw forbidden(
            'Only the runner or the cafe can close this run.',
            peopleText('people.runs.closeRunnerOrCafe'),
          );
        await deps.sites.forStaff(user, run.siteId);
      }
      return runs.close(id);
    },

    /** POST /runs/{id}/collect: the runner takes every finished drink of the run. */
    async collect(user: AuthUser, id: number): Promise<Run> {
      const run = await runs.find(id);
      if (run.runnerId !== user.id)
        throw forbidden('Only the runner can collect this run.', peopleText('people.runs.collectRunnerOnly'));
      return runs.collect(id, user.id);
    },

    /**
     * The run a drink is added to (POST /order with runId), or 404. Its site and pickup time are the
     * drink's: a body naming others is refused.
     */
    async runOf(body: OrderCreateBody & { runId: number }): Promise<RunRecord> {
      const run = await runs.find(body.runId);
      if (body.siteId !== undefined && body.siteId !== run.siteId) {
        throw badRequest("siteId: a drink of a coffee run is ordered at the run's site");
      }
      if (body.pickupAt !== undefined && Date.parse(body.pickupAt) !== Date.parse(run.pickupAt)) {
        throw badRequest("pickupAt: a drink of a coffee run is for the run's pickup time");
      }
      return run;
    },

    /**
     * May this person add this drink to the run now: open (not closed by its runner or the cafe, by
     * its time, or because every drink was collected: over), a cafe drink, none of theirs in it yet.
     */
    async refuseJoin(user: AuthUser, run: RunRecord, venue: 'cafe' | 'bar', now: Date): Promise<void> {
      const open = runIsOpen(run, now);
      const joined = open && venue === 'cafe' ? await runs.hasDrink(run.id, user.id) : false;
      // A run closed because its drinks were collected says so: it is over, not closing early.
      const over = !open && (await runs.allGone(run.id));
      refuse(runJoinRefusal({ run, now, venue, joined, over }));
    },
  };
}

export type RunsDoor = ReturnType<typeof createRunsDoor>;
