/**
 * How long a waiting order will take is worked out from what people actually experience: how
 * often the counter finishes an order while it is busy (the gaps between consecutive "done"s), not
 * from Do -> Done, which collapses to nothing when a barista taps both at once.
 */
import { median } from '@cafe/shared';

/** Seconds per order assumed while there is nothing to learn from. */
export const DEFAULT_SECONDS_PER_ORDER = 3 * 60;
/** Today's latest completions the pace is taken from. */
export const RECENT_COMPLETIONS = 21;
/** How many days back the same hours are looked at when today has too little to go on. */
export const PAST_DAYS = 14;
/** A gap longer than this is the counter standing idle, not working. */
const IDLE_GAP_MS = 15 * 60 * 1000;
/** Fewer gaps than this say too little. */
const MIN_GAPS = 3;
/** The pace is kept within these bounds, so one odd day cannot promise the impossible. */
const MIN_SECONDS = 20;
const MAX_SECONDS = 15 * 60;

/**
 * Completions this close to the one before are one tap finishing several drinks (Done Selected, a
 * bulk move): the server writes them a few milliseconds apart, which says nothing of the pace.
 */
export const BATCH_MS = 5_000;

/**
 * The time (ms) each drink took, from consecutive completion instants of one stretch of work, idle
 * gaps left out. Completions within BATCH_MS of each other are one batch: the time since the
 * completion before it is shared among its drinks (13 drinks done at once after 26 busy minutes
 * are 2 minutes each, not 13 drinks in a second). A batch after an idle gap teaches nothing.
 */
export function busyGaps(doneAt: readonly string[]): number[] {
  const times = doneAt
    .map((t) => Date.parse(t))
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  const batches: { first: number; last: number; size: number }[] = [];
  for (const time of times) {
    const batch = batches.at(-1);
    if (batch && time - batch.last <= BATCH_MS) {
      batch.last = time;
      batch.size += 1;
    } else batches.push({ first: time, last: time, size: 1 });
  }
  const gaps: number[] = [];
  batches.forEach((batch, i) => {
    const before = batches[i - 1];
    if (!before) return;
    const gap = batch.first - before.last;
    if (gap <= IDLE_GAP_MS) for (let n = 0; n < batch.size; n += 1) gaps.push(gap / batch.size);
  });
  return gaps;
}

/**
 * Seconds the counter takes per order now: the median busy gap between today's latest
 * completions; with too few of them, the same hours of the previous days (one list of completion
 * instants per day); with too few of those, the default.
 */
export function secondsPerOrder(today: readonly string[], sameHoursBefore: readonly (readonly string[])[]): number {
  let gaps = busyGaps(today);
  if (gaps.length < MIN_GAPS) gaps = sameHoursBefore.flatMap((day) => busyGaps(day));
  if (gaps.length < MIN_GAPS) return DEFAULT_SECONDS_PER_ORDER;
  return boundedSeconds(median(gaps) ?? 0);
}

/** Milliseconds as whole seconds within the bounds (the pace, or a drink's measured time). */
export function boundedSeconds(ms: number): number {
  return Math.min(MAX_SECONDS, Math.max(MIN_SECONDS, Math.round(ms / 1000)));
}
