/**
 * How long a waiting order will take is worked out from what people actually experience: how
 * often the counter finishes an order while it is busy (the gaps between consecutive "done"s), not
 * from Do -> Done, which collapses to nothing when a barista taps both at once.
 */

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

/** The gaps (ms) between consecutive completion instants of one stretch of work, idle ones left out. */
export function busyGaps(doneAt: readonly string[]): number[] {
  const times = doneAt
    .map((t) => Date.parse(t))
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  const gaps: number[] = [];
  for (let i = 1; i < times.length; i += 1) {
    const gap = (times[i] ?? 0) - (times[i - 1] ?? 0);
    if (gap > 0 && gap <= IDLE_GAP_MS) gaps.push(gap);
  }
  return gaps;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
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
  return Math.min(MAX_SECONDS, Math.max(MIN_SECONDS, Math.round(median(gaps) / 1000)));
}
