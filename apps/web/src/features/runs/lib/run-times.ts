/*
 * When a run stops taking drinks (docs/api/runs.md): after now, at or before its pickup time. The
 * choices are the pickup time less whole steps of five minutes, so they read as round clock times
 * when the slots do.
 */

const MINUTE = 60_000;
const STEP_MINUTES = 5;
/** How far before the pickup the choices reach: two hours is longer than anyone waits for a drink. */
const REACH_MINUTES = 120;
/** What a new run closes at unless the runner says otherwise: long enough to make the drinks. */
export const DEFAULT_CLOSE_MINUTES = 20;

export interface CloseChoice {
  /** The closing time (ISO). */
  at: string;
  /** How many minutes before the pickup (0: at the pickup itself). */
  minutesBefore: number;
}

/**
 * The closing times offered for a pickup at `pickupAt`, earliest first: every five minutes before
 * it that is still ahead of `now`. When none is (the pickup is a few minutes away), the pickup itself.
 */
export function closeChoices(pickupAt: string, now: Date): CloseChoice[] {
  const pickup = new Date(pickupAt).getTime();
  if (Number.isNaN(pickup) || pickup <= now.getTime()) return [];
  const choices: CloseChoice[] = [];
  for (let minutes = STEP_MINUTES; minutes <= REACH_MINUTES; minutes += STEP_MINUTES) {
    const at = pickup - minutes * MINUTE;
    if (at <= now.getTime()) break;
    choices.push({ at: new Date(at).toISOString(), minutesBefore: minutes });
  }
  return choices.length > 0 ? choices.reverse() : [{ at: new Date(pickup).toISOString(), minutesBefore: 0 }];
}

/**
 * The closing time a new run starts with: twenty minutes before the pickup, or the earliest choice
 * still ahead when that has passed already.
 */
export function defaultCloseAt(choices: readonly CloseChoice[]): string | undefined {
  const atDefault = choices.find((c) => c.minutesBefore === DEFAULT_CLOSE_MINUTES);
  return atDefault?.at ?? choices[0]?.at;
}
