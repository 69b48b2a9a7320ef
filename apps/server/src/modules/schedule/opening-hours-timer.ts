import type { AppBase } from '../../context';
import type { RunReport } from './schedule.service';
import { startDueTimer, type DueTimer } from '../../lib/due-timer';
import { zonedText } from '../../lib/readable-log';

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
      // In the words of the cafe's clock (the first site's zone), not as an object in UTC.
      const when = (at: Date) => zonedText(at, ctx.config.cafeTimezone);
      if (report.applied) {
        const { at, from, to } = report.applied;
        ctx.log.info(`opening hours: the schedule changed the shop status from ${from} to ${to} (due ${when(at)})`);
      }
      if (report.skipped) {
        const { at, from, to } = report.skipped;
        ctx.log.info(
          `opening hours: kept the shop status a person set; the schedule's change from ${from} to ${to} due ${when(at)} was not made`,
        );
      }
      for (const warning of report.warned) ctx.log.info({ warning }, 'opening hours: closing soon');
      return service.nextDue(ctx.clock.now());
    },
  });
}
