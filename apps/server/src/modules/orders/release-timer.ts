import type { AppBase } from '../../context';
import { startDueTimer, type DueTimer } from '../../lib/due-timer';

export type ReleaseTimer = DueTimer;

/** What the bus carries when an order for later is placed (any process): its due instant may be the nearest. */
export const SCHEDULED_TOPIC = 'orders-for-later';

/**
 * Releases the orders for later of every site when they fall due (transitions.service
 * `releaseDue`): now, then at the next due instant, whenever an order for later is placed in any
 * process, and at least every 30 seconds. Every process of a deployment runs one; each move is
 * made once. Tests call `releaseDue` with their own clock.
 */
export function startReleaseTimer(
  ctx: AppBase,
  releaseDue: (now: Date) => Promise<{ released: number; rejected: number; nextDue: Date | null }>,
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
      if (outcome.released || outcome.rejected) ctx.log.info(outcome, 'orders for later: released the due ones');
      return outcome.nextDue;
    },
  });
}
