import { UNCOUNTED_ORDER_STATUSES, type OrderStatus } from './enums';
import { peopleText } from './people-text';
import type { PlacementRefusal } from './placement';
import type { RunState } from './run-schemas';

/*
 * The coffee run's rules (docs/api/runs.md, docs/decisions/0094-coffee-runs-and-cups-saved.md):
 * whether a run is open, whether one may start, whether a person may add a drink to it now. The
 * server asks them at its door (and again under the run's lock); the run's page asks them before a
 * person taps.
 */

/** A run's times as stored: when it closes by itself, and when its runner closed it (null: not yet). */
export interface RunTimes {
  closesAt: string;
  closedAt: string | null;
}

/** Open while nobody closed it and its closing time has not come (by the server's clock). */
export function runIsOpen(run: RunTimes, now: Date): boolean {
  return run.closedAt === null && now.getTime() < Date.parse(run.closesAt);
}

/** What a run is now: open, closed, or dropped (closed without a drink: nothing to make or collect). */
export function runState(run: RunTimes & { drinks: number }, now: Date): RunState {
  if (runIsOpen(run, now)) return 'open';
  return run.drinks === 0 ? 'dropped' : 'closed';
}

/** Where a run's drink ends once it left the counter: picked up (by its runner or at the counter), or marked not collected. */
const GONE: readonly OrderStatus[] = ['picked', 'uncollected'];
const uncounted: readonly OrderStatus[] = UNCOUNTED_ORDER_STATUSES;

/**
 * A run is over once it has a drink and every drink of it (withdrawn and rejected ones left out)
 * left the counter: the runner collected them. The server then closes it (nobody joins a run whose
 * tray is gone), and the run says `over`.
 */
export function runDrinksAllGone(statuses: readonly OrderStatus[]): boolean {
  const counted = statuses.filter((status) => !uncounted.includes(status));
  return counted.length > 0 && counted.every((status) => GONE.includes(status));
}

/** A run collects cafe drinks: a site without a cafe cannot have one. */
export function runSiteRefusal(site: { name: string; venues: { cafe: boolean } }): PlacementRefusal | null {
  if (site.venues.cafe) return null;
  return { status: 409, code: 'RUN_CAFE_ONLY', text: peopleText('people.refusal.runNoCafe', { site: site.name }) };
}

/** Its closing time lies after now and no later than its pickup time. */
export function runTimesRefusal(times: { pickupAt: string; closesAt: string }, now: Date): PlacementRefusal | null {
  const closes = Date.parse(times.closesAt);
  if (closes > now.getTime() && closes <= Date.parse(times.pickupAt)) return null;
  return { status: 400, code: 'RUN_TIMES', text: peopleText('people.refusal.runTimes') };
}

/** One open run per runner per site: a second one would split the colleagues between two trays. */
export function runOpenAlreadyRefusal(openRunsOfRunnerHere: number): PlacementRefusal | null {
  if (openRunsOfRunnerHere === 0) return null;
  return { status: 409, code: 'RUN_OPEN_ALREADY', text: peopleText('people.refusal.runOpenAlready') };
}

/**
 * May this person add a drink to the run now: it is open, the drink is a cafe drink, and they have
 * no drink in it yet (not withdrawn or rejected). The server asks it at its door and again under
 * the run's lock, where a close that came first is seen.
 */
export function runJoinRefusal(input: {
  run: RunTimes;
  now: Date;
  venue?: 'cafe' | 'bar' | undefined;
  /** The person already has a drink in the run. */
  joined: boolean;
  /** Every drink of the run was collected (runDrinksAllGone): said so when it is why the run closed. */
  over?: boolean;
}): PlacementRefusal | null {
  if (!runIsOpen(input.run, input.now)) {
    const text = peopleText(input.over ? 'people.refusal.runOver' : 'people.refusal.runClosed');
    return { status: 409, code: 'RUN_CLOSED', text };
  }
  if (input.venue === 'bar') {
    return { status: 409, code: 'RUN_CAFE_ONLY', text: peopleText('people.refusal.runCafeOnly') };
  }
  if (input.joined) return { status: 409, code: 'RUN_JOINED', text: peopleText('people.refusal.runJoined') };
  return null;
}

/** A drink of a run is withdrawn (its owner's cancel) only while the run is open. */
export function runWithdrawRefusal(run: RunTimes, now: Date): PlacementRefusal | null {
  if (runIsOpen(run, now)) return null;
  return { status: 409, code: 'RUN_CLOSED', text: peopleText('people.refusal.runClosedWithdraw') };
}
