import type { WaitInputs } from './queue-schemas';

/*
 * The promise: how long until a drink is ready (docs/decisions/0101-one-promise-model.md). Both
 * models are here, in one file, so that what the server promises, what My orders shows live and
 * what the bench compares are exactly the same arithmetic.
 *
 * - `pace` (the estimate before issue 62): one pace for every drink, the gaps between the counter's
 *   completions while busy; every drink in progress, every waiting order ahead and the drink itself
 *   one such step each.
 * - `line`: each drink's own measured preparation time, the baristas working now, and what is
 *   ahead: the drinks in progress (what is left of each) and the waiting drinks ahead, handed in
 *   queue order to the barista free first (list scheduling). The drink's own finish is its ready time.
 *
 * Wait inputs with `baristas` are the line model's; without it (an older server, or
 * PROMISE_MODEL=pace) the pace model's.
 */

/** Which estimate the promise is made with (the server's PROMISE_MODEL). */
export type PromiseModel = 'pace' | 'line';

/** A drink in progress that has run past its measured time is taken to need at least this much more. */
export const MIN_REMAINING_SECONDS = 30;

/** What a drink's own finish is asked with: when (the wait inputs' `asOf` otherwise) and which drink. */
export interface ReadyAsk {
  now?: Date;
  /** The menu item of the drink (its measured time, `itemSeconds`). */
  menuId?: number;
}

/** The pace model: secondsPerOrder × (drinks in progress + waiting ahead + the drink). */
export function paceReadySeconds(wait: Pick<WaitInputs, 'secondsPerOrder' | 'inProgress'>, ahead: number): number {
  return wait.secondsPerOrder * (wait.inProgress + ahead + 1);
}

/** Seconds a drink of `menuId` takes at this line: its measured time, else the line's typical drink. */
export function drinkSecondsOf(wait: WaitInputs, menuId: number | undefined): number {
  const own = menuId === undefined ? undefined : wait.itemSeconds?.[String(menuId)];
  return own ?? wait.drinkSeconds ?? wait.secondsPerOrder;
}

/**
 * The line model's schedule at `now`: when (seconds from now) each drink in progress and each
 * waiting drink of `waiting` (their seconds, in queue order) will be ready, each handed to the
 * barista free first. A drink in progress needs what is left of its time (at least
 * MIN_REMAINING_SECONDS); the waiting ones their whole time.
 */
export function lineSchedule(
  wait: WaitInputs,
  now: Date,
  waiting: readonly number[],
): { making: number[]; waiting: number[] } {
  const free = new Array<number>(Math.max(1, Math.floor(wait.baristas ?? 1))).fill(0);
  const take = (seconds: number): number => {
    let at = 0;
    for (let i = 1; i < free.length; i += 1) if ((free[i] ?? 0) < (free[at] ?? 0)) at = i;
    free[at] = (free[at] ?? 0) + seconds;
    return free[at] ?? 0;
  };
  return { making: remainingOf(wait, now).map(take), waiting: waiting.map(take) };
}

/** What is left (seconds) of each drink in progress at `now`: its time less how long it has been made, at least MIN_REMAINING_SECONDS. */
export function remainingOf(wait: WaitInputs, now: Date): number[] {
  const making =
    wait.making ??
    Array.from({ length: wait.inProgress }, () => ({ seconds: drinkSecondsOf(wait, undefined), takenAt: null }));
  return making.map(({ seconds, takenAt }) => {
    const since = takenAt ? Date.parse(takenAt) : NaN;
    const made = Number.isFinite(since) ? Math.max(0, (now.getTime() - since) / 1000) : 0;
    return Math.max(Math.min(MIN_REMAINING_SECONDS, seconds), seconds - made);
  });
}

/** The line model: seconds from `now` until a waiting drink with `ahead` waiting drinks before it is ready. */
export function lineReadySeconds(wait: WaitInputs, ahead: number, ask: ReadyAsk = {}): number {
  const now = ask.now ?? asOfDate(wait);
  const typical = drinkSecondsOf(wait, undefined);
  const line = wait.line ?? [];
  const before = Array.from({ length: Math.max(0, ahead) }, (_, i) => line[i] ?? typical);
  const own = ask.menuId !== undefined ? drinkSecondsOf(wait, ask.menuId) : (line[ahead] ?? typical);
  return lineSchedule(wait, now, [...before, own]).waiting.at(-1) ?? own;
}

/**
 * Seconds until ready of the drink at each place of the line, in one pass: `menuIds[k]` is the
 * drink with k waiting drinks ahead of it (undefined: the line's own drink there), and the answer's
 * k-th is `readySeconds(wait, k, { now, menuId: menuIds[k] })`. The line model schedules the
 * drinks ahead once for all the places (one step more each), not once per place: a promise table
 * of a long line, or a board's waiting orders, cost as much as the line is long, not its square.
 */
export function readySecondsAlong(wait: WaitInputs, menuIds: readonly (number | undefined)[], now?: Date): number[] {
  if (modelOf(wait) === 'pace') return menuIds.map((_, ahead) => paceReadySeconds(wait, ahead));
  const typical = drinkSecondsOf(wait, undefined);
  const line = wait.line ?? [];
  const free = new Array<number>(Math.max(1, Math.floor(wait.baristas ?? 1))).fill(0);
  /** The barista free first (the first of them on a tie, as lineSchedule hands them out). */
  const first = (): number => {
    let at = 0;
    for (let i = 1; i < free.length; i += 1) if ((free[i] ?? 0) < (free[at] ?? 0)) at = i;
    return at;
  };
  const take = (seconds: number): void => {
    const at = first();
    free[at] = (free[at] ?? 0) + seconds;
  };
  for (const seconds of remainingOf(wait, now ?? asOfDate(wait))) take(seconds);
  return menuIds.map((menuId, ahead) => {
    const own = menuId !== undefined ? drinkSecondsOf(wait, menuId) : (line[ahead] ?? typical);
    const ready = (free[first()] ?? 0) + own;
    // The drink at this place, as the line was read, is ahead of every later place.
    take(line[ahead] ?? typical);
    return ready;
  });
}

/** When the line model's inputs were read (their `asOf`), or now. */
function asOfDate(wait: WaitInputs): Date {
  const at = wait.asOf ? Date.parse(wait.asOf) : NaN;
  return Number.isFinite(at) ? new Date(at) : new Date();
}

/** The model the wait inputs are for: the line model's carry `baristas`. */
export function modelOf(wait: WaitInputs): PromiseModel {
  return wait.baristas === undefined ? 'pace' : 'line';
}

/** Seconds until a waiting drink with `ahead` waiting drinks before it is ready, by the inputs' model. */
export function readySeconds(wait: WaitInputs, ahead: number, ask: ReadyAsk = {}): number {
  return modelOf(wait) === 'line' ? lineReadySeconds(wait, ahead, ask) : paceReadySeconds(wait, ahead);
}

/**
 * Seconds of work waiting per barista working (intake by capacity, busy mode): the waiting drinks'
 * own times (the line as read, the typical drink beyond it), shared among the baristas working.
 * The drinks in progress are left out: they are being worked off already, and a Do then frees
 * room at once as it did when orders were counted. The pace model's inputs know no baristas: one
 * pace per waiting drink.
 */
export function workSecondsPerBarista(wait: WaitInputs, waiting: number): number {
  if (modelOf(wait) === 'pace') return wait.secondsPerOrder * waiting;
  const typical = drinkSecondsOf(wait, undefined);
  const line = wait.line ?? [];
  let work = 0;
  for (let i = 0; i < waiting; i += 1) work += line[i] ?? typical;
  return work / Math.max(1, wait.baristas ?? 1);
}

/**
 * Whether a line is at the busy-mode limit `maxWaiting` (GET/PATCH /ordering-status): by the line
 * model, when the work waiting per barista working reaches `maxWaiting` typical drinks (one barista
 * with the site's typical drinks pauses at the same count as before; two take twice as many); by
 * the pace model, when `maxWaiting` orders wait (the rule before).
 */
export function atCapacity(wait: WaitInputs, waiting: number, maxWaiting: number): boolean {
  if (modelOf(wait) === 'pace') return waiting >= maxWaiting;
  return workSecondsPerBarista(wait, waiting) >= maxWaiting * drinkSecondsOf(wait, undefined);
}
