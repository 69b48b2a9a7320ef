/** Preparation time assumed while a venue has no finished orders to learn from. */
export const DEFAULT_PREP_SECONDS = 3 * 60;
/** How many of the latest finished orders the average is taken over. */
export const PREP_SAMPLE_SIZE = 20;
/**
 * A single preparation counted at most this long: an order someone forgot to mark done should not
 * make every later estimate absurd.
 */
const MAX_SAMPLE_SECONDS = 30 * 60;
/** One barista makes one drink at a time. */
const BARISTAS = 1;

/** Average seconds from 'in-progress' to 'done' over the samples, or the default without any. */
export function averagePrepSeconds(samples: readonly { started_at: string; done_at: string }[]): number {
  const durations = samples
    .map((s) => (Date.parse(s.done_at) - Date.parse(s.started_at)) / 1000)
    .filter((d) => Number.isFinite(d) && d >= 0)
    .map((d) => Math.min(d, MAX_SAMPLE_SECONDS));
  if (durations.length === 0) return DEFAULT_PREP_SECONDS;
  return durations.reduce((sum, d) => sum + d, 0) / durations.length;
}

/**
 * Minutes until a waiting order is ready:
 *
 *   ceil( avgPrep × (inProgress + ordersAhead + 1) / baristas / 60 )
 *
 * Every drink being made now, every waiting drink ahead in the queue, and the order itself each
 * take one average preparation (a drink already in progress is counted whole: a slight
 * overestimate, which is kinder than promising too early). At least 1 minute.
 */
export function estimateWaitMinutes(avgPrepSeconds: number, ordersAhead: number, inProgress: number): number {
  const drinks = inProgress + ordersAhead + 1;
  return Math.max(1, Math.ceil((avgPrepSeconds * drinks) / BARISTAS / 60));
}
