import type { AppContext } from '../../context';

/** The longest pause between two runs: a clock set forward, or a lost message, is noticed within it. */
const MAX_PAUSE_MS = 60_000;
/** After a failed run (the database away), try again this soon. */
const RETRY_MS = 5_000;
/** Runs a little after the instant, so the clock has passed it. */
const SLACK_MS = 25;

export interface OpeningHoursTimer {
  stop(): Promise<void>;
}

/**
 * Runs the opening hours in this process: now, then at each instant something is due (a change,
 * or the warning ten minutes before a close), and at least every minute. Every process of a
 * deployment runs one; the schedule service makes each change happen once. Tests call `runDue`
 * with their own clock instead.
 */
export function startOpeningHoursTimer(ctx: AppContext): OpeningHoursTimer {
  const service = ctx.services.schedule;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  /** Woken while a run was under way: run again straight after it. */
  let again = false;
  let stopped = false;

  const plan = (ms: number) => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(() => void tick(), ms);
    // The server's own connections keep the process alive, not this.
    timer.unref();
  };

  async function runOnce(): Promise<number> {
    try {
      const report = await service.runDue(ctx.clock.now());
      if (report.applied)
        ctx.log.info({ change: report.applied }, 'opening hours: shop status changed by the schedule');
      if (report.skipped) ctx.log.info({ change: report.skipped }, 'opening hours: a person set the shop status since');
      for (const warning of report.warned) ctx.log.info({ warning }, 'opening hours: closing soon');
      const now = ctx.clock.now();
      const due = await service.nextDue(now);
      if (!due) return MAX_PAUSE_MS;
      return Math.min(MAX_PAUSE_MS, Math.max(0, due.getTime() - now.getTime()) + SLACK_MS);
    } catch (error) {
      ctx.log.warn({ err: error }, 'opening hours: could not run; trying again shortly');
      return RETRY_MS;
    }
  }

  async function tick(): Promise<void> {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = runOnce().then((pause) => {
      running = undefined;
      plan(again ? 0 : pause);
    });
    await running;
  }

  // An edit through any process (the bus tells every one) may bring the next instant closer.
  ctx.bus.subscribe('schedule', () => void tick());
  plan(0);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
