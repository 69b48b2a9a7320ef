import {
  orderingPause,
  orderingStatus,
  type OrderingStatus,
  type OrderingStatusPatch,
  type PauseReason,
} from '@cafe/shared';
import type { AppBase, AuthUser } from '../../context';
import { iso } from '../../lib/time';
import type { OrdersService } from '../orders/orders.service';
import type { SitesService } from '../sites/sites.service';
import { saveBusySettings } from './busy.repository';

/**
 * Busy mode of the cafe (docs/decisions/0018-the-counter.md): new online cafe orders pause while a
 * barista says so, or while the waiting queue or the wait for a new order is at its limit, and
 * resume by themselves when the queue shortens. Walk-up orders and bar orders are not paused.
 */
export function createBusyService(ctx: AppBase, deps: { sites: SitesService; orders: OrdersService }) {
  const queue = (siteId: number) => () => deps.orders.queueSnapshot(siteId, 'cafe');

  async function status(siteId: number): Promise<OrderingStatus> {
    const [site, snapshot] = await Promise.all([deps.sites.get(siteId), queue(siteId)()]);
    return orderingStatus(site.busy, snapshot);
  }

  /** Why a site's online cafe orders pause now, or null (the placement decision asks the same). */
  async function pauseOf(siteId: number): Promise<{ reason: PauseReason; estimatedWaitMinutes: number | null } | null> {
    return orderingPause((await deps.sites.get(siteId)).busy, queue(siteId));
  }

  // What this process last told each site, so a change of what the board shows is announced once.
  type Announced = Pick<OrderingStatus, 'paused' | 'reason' | 'waiting' | 'estimatedWaitMinutes'>;
  const announced = new Map<number, Announced>();
  const toRecheck = new Set<number>();
  let recheck: NodeJS.Immediate | undefined;
  /** Paused then and now for the same reason, with the same queue: nothing new to say. */
  const sameAs = (before: Announced, now: Announced) =>
    before.paused === now.paused &&
    before.reason === now.reason &&
    (!now.paused || (before.waiting === now.waiting && before.estimatedWaitMinutes === now.estimatedWaitMinutes));
  async function announceIfChanged(siteId: number, force = false): Promise<void> {
    const before = announced.get(siteId);
    // Open before and now: the board shows only the limits, which the queue does not change.
    if (!force && before && !before.paused && (await pauseOf(siteId)) === null) return;
    const now = await status(siteId);
    // While paused the board says how many wait and how long ("Paused: 14 orders are waiting"):
    // each change of them is announced, not only the pause itself.
    if (!force && before && sameAs(before, now)) return;
    const { paused, reason, waiting, estimatedWaitMinutes } = now;
    announced.set(siteId, { paused, reason, waiting, estimatedWaitMinutes });
    ctx.events.busyMode(siteId, now);
  }

  const service = {
    /** GET /ordering-status of a site. */
    status,

    /** PATCH /ordering-status: pause or resume a site by hand, or set its limits; announced to its people. */
    async update(user: AuthUser, siteId: number, patch: OrderingStatusPatch): Promise<OrderingStatus> {
      const before = (await deps.sites.get(siteId)).busy;
      await saveBusySettings(ctx.db, siteId, patch, user.id, iso(ctx.clock.now()));
      // The site's state follows (every process reads it again), and the audit log.
      const after = { ...before, ...patch };
      await ctx.domainEvents.emit('busy.changed', {
        siteId,
        changes: [
          {
            actor: user,
            action: 'shop.busy',
            target: { type: 'site', id: siteId },
            siteId,
            before,
            after,
            onlyChanged: true,
          },
        ],
      });
      await announceIfChanged(siteId, true);
      return status(siteId);
    },
  };

  /**
   * An order of a site was placed or moved on: its queue may have passed a limit or come back
   * under it. Worked out once per burst of changes, after them.
   */
  function ordersChanged(siteId: number): void {
    toRecheck.add(siteId);
    recheck ??= setImmediate(() => {
      recheck = undefined;
      const ids = [...toRecheck];
      toRecheck.clear();
      for (const id of ids) {
        announceIfChanged(id).catch((error: unknown) => ctx.log.warn({ err: error }, 'could not check busy mode'));
      }
    });
  }
  ctx.domainEvents.on('orders.changed', ({ siteId }) => ordersChanged(siteId));

  return service;
}

export type BusyService = ReturnType<typeof createBusyService>;
