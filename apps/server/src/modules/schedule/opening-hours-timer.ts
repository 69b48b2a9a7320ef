import type { AppBase } from '../../context';
import type { RunReport } from './schedule.service';
import { startDueTimer, type DueTimer } from '../../lib/due-timer';

export type OpeningHoursTimer = DueTimer;

/**
 * Runs the opening hours in this process: now, then at each instant something is due (a change,
 * or the warning ten minutes before a close), and at least every minute (a clock set forward, or
 * a lost message, is noticed within it). Every process of a deployment runs one; the schedule
 * service makes each change happen once. Tests call `runDue` with their own clock instead.
 */
export function startOpeningHoursTimer(
  ctx: AppBase,
  service: { runDue: (now: Date) => Promise<RunReport>; nextDue: (now: Date) => Promise<Date | null> },
): OpeningHoursTimer {
  return startDueTimer({
    now: () => ctx.clock.now(),
    maxPauseMs: 60_000,
    retryMs: 5_000,
    bus: ctx.bus,
    // An edit through any process may bring the next instant closer.
    wakeOn: ['schedule'],
    onError: (error) => ctx.log.warn({ err: error }, 'opening hours: could not run; trying again shortly'),
    async run() {
      const report = await service.runDue(ctx.clock.now());
      if (report.applied)
        ctx.log.info({ change: report.applied }, 'opening hours: shop status changed by the schedule');
      if (report.skipped) ctx.log.info({ change: report.skipped }, 'opening hours: a person set the shop status since');
      for (const warning of report.warned) ctx.log.info({ warning }, 'opening hours: closing soon');
      return service.nextDue(ctx.clock.now());
    },
  });
}
