import type { AppBase } from '../../context';
import { startDueTimer, type DueTimer } from '../../lib/due-timer';

export type ReleaseTimer = DueTimer;

/** What the bus carries when an order for later is placed (any process): its due instant may be the nearest. */
export const SCHEDULED_TOPIC = 'orders-for-later';

/** The earliest of these instants, or null when there is none. */
export function earliest(...dues: (Date | null)[]): Date | null {
  return dues.reduce<Date | null>((first, due) => (due && (!first || due < first) ? due : first), null);
}

/**
 * Releases the orders for later of every site when they fall due (transitions.service
 * `releaseDue`), and runs the counter's timers (counter-day.ts: tumblers not brought, reminders): now, then at the next due instant, whenever an order for later is placed in any
 * process, and at least every 30 seconds. Every process of a deployment runs one; each move is
 * made once. Tests call `releaseDue` with their own clock.
 */
export function startReleaseTimer(
  ctx: AppBase,
  releaseDue: (now: Date) => Promise<{ nextDue: Date | null } & Record<string, number | Date | null>>,
): ReleaseTimer {
  return startDueTimer({
    now: () => ctx.clock.now(),
    maxPauseMs: 30_000,
    retryMs: 5_000,
    bus: ctx.bus,
    wakeOn: [SCHEDULED_TOPIC],
    onError: (error) =>
      ctx.log.warn({ err: error }, 'orders for later: could not release the due ones; trying again shortly'),
    async run() {
      const outcome = await releaseDue(ctx.clock.now());
      const { nextDue: _next, ...done } = outcome;
      if (Object.values(done).some((n) => Number(n) > 0)) ctx.log.info(done, 'the counter: moved the due orders on');
      return outcome.nextDue;
    },
  });
}
