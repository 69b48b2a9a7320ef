import type { AppContext } from '../../context';

/** The longest pause between two runs: an order placed in another process is noticed within it. */
const MAX_PAUSE_MS = 30_000;
/** After a failed run (the database away), try again this soon. */
const RETRY_MS = 5_000;
/** Runs a little after the instant, so the clock has passed it. */
const SLACK_MS = 25;

export interface ReleaseTimer {
  stop(): Promise<void>;
}

/**
 * Releases the orders for later of every site when they fall due (transitions.service
 * `releaseDue`): now, then at the next due instant, and at least every 30 seconds. Every process
 * of a deployment runs one; each move is made once. Tests call `releaseDue` with their own clock.
 */
export function startReleaseTimer(ctx: AppContext): ReleaseTimer {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const plan = (ms: number) => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(() => void tick(), ms);
    timer.unref();
  };

  async function runOnce(): Promise<number> {
    try {
      const now = ctx.clock.now();
      const outcome = await ctx.services.orders.releaseDue(now);
      if (outcome.released || outcome.rejected) ctx.log.info(outcome, 'orders for later: released the due ones');
      if (!outcome.nextDue) return MAX_PAUSE_MS;
      return Math.min(MAX_PAUSE_MS, Math.max(0, outcome.nextDue.getTime() - ctx.clock.now().getTime()) + SLACK_MS);
    } catch (error) {
      ctx.log.warn({ err: error }, 'orders for later: could not release the due ones; trying again shortly');
      return RETRY_MS;
    }
  }

  async function tick(): Promise<void> {
    if (stopped || running) return;
    running = runOnce().then((pause) => {
      running = undefined;
      plan(pause);
    });
    await running;
  }

  plan(0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
