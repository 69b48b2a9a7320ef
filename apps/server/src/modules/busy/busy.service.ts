import { estimateWaitMinutes, type OrderingStatus, type OrderingStatusPatch, type PauseReason } from '@cafe/shared';
import type { AppContext, AuthUser } from '../../context';
import { createMemoryCache } from '../../lib/cache';
import { AppError } from '../../lib/errors';
import { iso } from '../../lib/time';
import { findOrderingSettings, saveOrderingSettings, type OrderingSettingsRow } from './busy.repository';

const NO_SETTINGS: OrderingSettingsRow = {
  id: 1,
  paused: 0,
  max_waiting: null,
  max_wait_minutes: null,
  updated_by: null,
  updated_at: null,
};

/** What people read while new orders are paused (also the message of 409 ORDERS_PAUSED). */
export function pauseMessage(reason: PauseReason, estimatedWaitMinutes: number | null): string {
  if (reason === 'manual') {
    return 'The cafe has paused online orders for a moment. Please try again in a few minutes, or order at the counter.';
  }
  const wait = estimatedWaitMinutes === null ? '' : ` (about ${estimatedWaitMinutes} min wait)`;
  return `The cafe is very busy right now${wait}. Please try again in a few minutes.`;
}

/**
 * Busy mode of the cafe (docs/decisions/0018-the-counter.md): new online cafe orders pause while a
 * barista says so, or while the waiting queue or the wait for a new order is at its limit, and
 * resume by themselves when the queue shortens. Walk-up orders and bar orders are not paused.
 */
export function createBusyService(ctx: AppContext) {
  const settings = createMemoryCache<'settings', OrderingSettingsRow>({
    topic: 'ordering-settings',
    bus: ctx.bus,
    ttlMs: 60_000,
  });
  const readSettings = () => settings.get('settings', async () => (await findOrderingSettings(ctx.db)) ?? NO_SETTINGS);

  async function status(): Promise<OrderingStatus> {
    const [row, snapshot] = await Promise.all([readSettings(), ctx.services.orders.queueSnapshot('cafe')]);
    const busy = snapshot.waiting > 0 || snapshot.wait.inProgress > 0;
    const estimatedWaitMinutes = busy ? estimateWaitMinutes(snapshot.wait, snapshot.waiting) : null;
    let reason: PauseReason | null = null;
    if (row.paused === 1) reason = 'manual';
    else if (row.max_waiting !== null && snapshot.waiting >= row.max_waiting) reason = 'queue';
    else if (
      row.max_wait_minutes !== null &&
      estimatedWaitMinutes !== null &&
      estimatedWaitMinutes >= row.max_wait_minutes
    )
      reason = 'wait';
    return {
      paused: reason !== null,
      reason,
      waiting: snapshot.waiting,
      estimatedWaitMinutes,
      limits: { maxWaiting: row.max_waiting, maxWaitMinutes: row.max_wait_minutes },
      message: reason === null ? null : pauseMessage(reason, estimatedWaitMinutes),
    };
  }

  // What this process last told everyone, so a change of the pause is announced once.
  let announced: { paused: boolean; reason: PauseReason | null } | null = null;
  let recheck: NodeJS.Immediate | undefined;
  async function announceIfChanged(force = false): Promise<void> {
    const now = await status();
    if (!force && announced && announced.paused === now.paused && announced.reason === now.reason) return;
    announced = { paused: now.paused, reason: now.reason };
    ctx.events.orderingStatus(now);
  }

  return {
    /** GET /ordering-status. */
    status,

    /** POST /order refuses a new online cafe order while paused: 409 ORDERS_PAUSED with the reason. */
    async refuseWhilePaused(): Promise<void> {
      const now = await status();
      if (now.paused && now.reason && now.message) throw new AppError(409, 'ORDERS_PAUSED', now.message);
    },

    /** PATCH /ordering-status: pause or resume by hand, or set the limits; announced to everyone. */
    async update(user: AuthUser, patch: OrderingStatusPatch): Promise<OrderingStatus> {
      const changes: Parameters<typeof saveOrderingSettings>[1] = {
        updated_by: user.id,
        updated_at: iso(ctx.clock.now()),
      };
      if (patch.paused !== undefined) changes.paused = patch.paused ? 1 : 0;
      if (patch.maxWaiting !== undefined) changes.max_waiting = patch.maxWaiting;
      if (patch.maxWaitMinutes !== undefined) changes.max_wait_minutes = patch.maxWaitMinutes;
      await saveOrderingSettings(ctx.db, changes);
      settings.invalidate();
      await announceIfChanged(true);
      return status();
    },

    /**
     * An order was placed or moved on: the queue may have passed a limit or come back under it.
     * Worked out once per burst of changes, after them.
     */
    ordersChanged(): void {
      recheck ??= setImmediate(() => {
        recheck = undefined;
        announceIfChanged().catch((error: unknown) => ctx.log.warn({ err: error }, 'could not check busy mode'));
      });
    },
  };
}

export type BusyService = ReturnType<typeof createBusyService>;
