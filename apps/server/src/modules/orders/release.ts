import { PICKUP_CLOSED_NOTE, PICKUP_PAUSED_NOTE, fireTime } from '@cafe/shared';
import type { AppBase } from '../../context';
import { findSystemAccountId } from '../../db/system-account';
import type { SiteRecord } from '../sites/sites.service';
import { unlessRefused, type Move, type OrdersDeps } from './orders.context';
import { listOrders, type OrderRow } from './orders.repository';
import type { QueueService } from './queue.service';
import { earliest } from './release-timer';

/**
 * Orders for later joining their line when they fall due (the release timer runs it), each through
 * the one move of an order (transitions.service `move`).
 */
export function createRelease(ctx: AppBase, deps: OrdersDeps, queue: QueueService, transition: Move) {
  const { db } = ctx;

  /** Why a due order for later cannot join the queue (the person reads it), or null when it can. */
  async function releaseRefusal(row: OrderRow, site: SiteRecord, now: Date): Promise<string | null> {
    const venue = row.category_for;
    const open = venue === 'cafe' ? site.status.isCafeOpen : site.status.isBarOpen;
    if (!open) {
      // Not open yet, and the hours open it by the pickup time: it joins the queue to be made first.
      const opening =
        !(await deps.pickup.openByHoursAt(site, venue, now)) &&
        (await deps.pickup.openByHoursAt(site, venue, new Date(row.pickup_at ?? now)));
      if (!opening) return PICKUP_CLOSED_NOTE;
    }
    if (venue === 'cafe' && site.busy.paused) return PICKUP_PAUSED_NOTE;
    return null;
  }

  /**
   * When an order for later must join its line to be ready at its pickup time: today, its pickup
   * time minus what the counter needs for today's line (waiting, in progress) and the drink, read
   * again for each order (one released just before lengthens the line); another day's, minus the
   * drink alone.
   */
  async function fireTimeOf(row: OrderRow, today: string, now: Date): Promise<Date> {
    const pickupAt = new Date(row.pickup_at ?? 0);
    // The same model as every promise (promise.ts): the drink's own time, the baristas working,
    // what is ahead; the line model's fields are dropped for another day's (nothing is ahead then).
    const ask = { now, menuId: row.menu_id };
    if (row.cafe_day !== today) {
      const wait = await queue.waitInputs({ siteId: row.site_id, venue: row.category_for, day: row.cafe_day });
      const empty =
        wait.baristas === undefined
          ? { secondsPerOrder: wait.secondsPerOrder, inProgress: 0 }
          : { ...wait, inProgress: 0, making: [], line: [] };
      return fireTime(pickupAt, empty, 0, ask);
    }
    const { waiting, wait } = await queue.queueSnapshot(row.site_id, row.category_for);
    return fireTime(pickupAt, wait, waiting, ask);
  }

  return {
    /**
     * Orders for later that are due at `now` (their pickup time minus the time the counter needs
     * for its line and the drink: `fireTimeOf`) join the queue: `orders` event from `scheduled`, so the board chimes. One the site
     * cannot serve then (the venue closed, online orders paused by hand) is rejected with the reason
     * instead. Safe to run from any number of processes at once: each move is made once. Answers
     * what it did and when the next order falls due (null: none waiting).
     */
    async releaseDue(now: Date): Promise<{ released: number; rejected: number; nextDue: Date | null }> {
      const outcome = { released: 0, rejected: 0, nextDue: null as Date | null };
      let systemId: number | undefined;
      for (const site of await deps.sites.active()) {
        const today = await queue.siteToday(site.id);
        // The nearest pickup first: of two due at once, the earlier one joins the line first.
        const scheduled = (await listOrders(db, { siteId: site.id, statuses: ['scheduled'] }))
          .filter((row) => row.pickup_at)
          .sort((a, b) => (a.pickup_at ?? '').localeCompare(b.pickup_at ?? '') || a.id - b.id);
        for (const row of scheduled) {
          const due = await fireTimeOf(row, today, now);
          if (due > now) {
            outcome.nextDue = earliest(outcome.nextDue, due);
            continue;
          }
          const by = (systemId ??= await findSystemAccountId(db));
          const refusal = await releaseRefusal(row, site, now);
          // Moved by someone else first (another process, a barista, its owner): left as it is.
          const moved = await unlessRefused(() =>
            refusal
              ? transition(row, 'barista', 'rejected', by, { rejectNote: refusal, note: refusal })
              : transition(row, 'release', 'ordered', by, { note: 'due' }),
          );
          if (moved) outcome[refusal ? 'rejected' : 'released'] += 1;
        }
      }
      return outcome;
    },
  };
}
