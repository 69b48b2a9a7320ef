import {
  estimateWaitMinutes,
  pauseMessage,
  type OrderingStatus,
  type OrderingStatusPatch,
  type PauseReason,
} from '@cafe/shared';
import type { AppContext, AuthUser } from '../../context';

/**
 * Busy mode of the cafe (docs/decisions/0018-the-counter.md): new online cafe orders pause while a
 * barista says so, or while the waiting queue or the wait for a new order is at its limit, and
 * resume by themselves when the queue shortens. Walk-up orders and bar orders are not paused.
 */
export function createBusyService(ctx: AppContext) {
  async function status(siteId: number): Promise<OrderingStatus> {
    const [site, snapshot] = await Promise.all([
      ctx.services.sites.get(siteId),
      ctx.services.orders.queueSnapshot(siteId, 'cafe'),
    ]);
    const { paused, maxWaiting, maxWaitMinutes } = site.busy;
    const busy = snapshot.waiting > 0 || snapshot.wait.inProgress > 0;
    const estimatedWaitMinutes = busy ? estimateWaitMinutes(snapshot.wait, snapshot.waiting) : null;
    let reason: PauseReason | null = null;
    if (paused) reason = 'manual';
    else if (maxWaiting !== null && snapshot.waiting >= maxWaiting) reason = 'queue';
    else if (maxWaitMinutes !== null && estimatedWaitMinutes !== null && estimatedWaitMinutes >= maxWaitMinutes)
      reason = 'wait';
    return {
      paused: reason !== null,
      reason,
      waiting: snapshot.waiting,
      estimatedWaitMinutes,
      limits: { maxWaiting, maxWaitMinutes },
      message: reason === null ? null : pauseMessage(reason, estimatedWaitMinutes),
    };
  }

  /**
   * Why a site's online cafe orders pause now, or null. The queue is read only when a limit is set:
   * without one (the default), only a barista's pause can stop orders, and a placement need not
   * count the waiting queue (which it would read afresh, since every order makes the last count stale).
   */
  async function pauseOf(siteId: number): Promise<{ reason: PauseReason; estimatedWaitMinutes: number | null } | null> {
    const { paused, maxWaiting, maxWaitMinutes } = (await ctx.services.sites.get(siteId)).busy;
    if (paused) return { reason: 'manual', estimatedWaitMinutes: null };
    if (maxWaiting === null && maxWaitMinutes === null) return null;
    const now = await status(siteId);
    return now.reason ? { reason: now.reason, estimatedWaitMinutes: now.estimatedWaitMinutes } : null;
  }

  // What this process last told each site, so a change of the pause is announced once.
  const announced = new Map<number, { paused: boolean; reason: PauseReason | null }>();
  const toRecheck = new Set<number>();
  let recheck: NodeJS.Immediate | undefined;
  async function announceIfChanged(siteId: number, force = false): Promise<void> {
    const before = announced.get(siteId);
    if (!force && before) {
      const pause = await pauseOf(siteId);
      if (before.paused === (pause !== null) && before.reason === (pause?.reason ?? null)) return;
    }
    const now = await status(siteId);
    announced.set(siteId, { paused: now.paused, reason: now.reason });
    ctx.events.busyMode(siteId, now);
  }

  return {
    /** GET /ordering-status of a site. */
    status,

    /** Why a site's online cafe orders pause now (the placement decision refuses by it), or null. */
    pauseOf,

    /** PATCH /ordering-status: pause or resume a site by hand, or set its limits; announced to its people. */
    async update(user: AuthUser, siteId: number, patch: OrderingStatusPatch): Promise<OrderingStatus> {
      const before = (await ctx.services.sites.get(siteId)).busy;
      const { busy } = await ctx.services.sites.saveBusy(siteId, patch, user.id);
      await ctx.services.audit.recordChanges(ctx.db, {
        actor: user,
        action: 'shop.busy',
        target: { type: 'site', id: siteId },
        siteId,
        before,
        after: busy,
      });
      await announceIfChanged(siteId, true);
      return status(siteId);
    },

    /**
     * An order of a site was placed or moved on: its queue may have passed a limit or come back
     * under it. Worked out once per burst of changes, after them.
     */
    ordersChanged(siteId: number): void {
      toRecheck.add(siteId);
      recheck ??= setImmediate(() => {
        recheck = undefined;
        const ids = [...toRecheck];
        toRecheck.clear();
        for (const id of ids) {
          announceIfChanged(id).catch((error: unknown) => ctx.log.warn({ err: error }, 'could not check busy mode'));
        }
      });
    },
  };
}

export type BusyService = ReturnType<typeof createBusyService>;
