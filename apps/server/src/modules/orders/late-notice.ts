/**
 * Told once when late (docs/decisions/0101-one-promise-model.md): an order that will be ready more
 * than LATE_TOLD_AFTER_MS after what its owner was promised at placement (orders.promised_ready_at)
 * has its owner told the new time, once (orders.late_told_at), through the same messages as
 * "ready" (the outbox: Web Push, Slack, e-mail, the webhook; an order placed from a chat has its
 * message there brought up to date, as on every move). Worked out by the release timer (at least
 * every 30 seconds, and after every move that wakes it) with the same model as the promise.
 */
import { drinkSecondsOf, lineSchedule, modelOf, type CategoryFor, type WaitInputs } from '@cafe/shared';
import type { AppBase } from '../../context';
import { runWithin } from '../../lib/domain-events';
import { iso } from '../../lib/time';
import type { OrdersCore, OrdersDeps } from './orders.context';
import { toOrderFacts } from './orders.mapper';
import { queueOrders, type QueueKey } from './orders.repository';
import type { QueueService } from './queue.service';

/** A drink this much later than promised is told (once); less is within what "about" means. */
export const LATE_TOLD_AFTER_MS = 2 * 60_000;

const VENUES: readonly CategoryFor[] = ['cafe', 'bar'];

/** A drink whose owner was promised a time and not yet told it is late (walk-ups are never told). */
function untold<R extends { promised_ready_at: string | null; late_told_at: string | null; walk_up: unknown }>(
  row: R,
): row is R & { promised_ready_at: string } {
  return Boolean(row.promised_ready_at) && !row.late_told_at && Number(row.walk_up) !== 1;
}

export function createLateNotice(ctx: AppBase, deps: Pick<OrdersDeps, 'sites'>, core: OrdersCore, queue: QueueService) {
  const { db } = ctx;

  /** Today's drinks of a line that were promised and not yet told, with what the model needs. */
  function openPromises(key: QueueKey) {
    return queueOrders(db, key)
      .select(['id', 'menu_id', 'status', 'order_date', 'taken_at', 'promised_ready_at', 'late_told_at', 'walk_up'])
      .where('status', 'in', ['ordered', 'in-progress'])
      .orderBy('order_date')
      .orderBy('id')
      .execute();
  }

  /**
   * When each drink of the line will be ready by the line model at `now` (ms since the epoch, by
   * id): the drinks in progress as taken, then the waiting ones in queue order, each to the
   * barista free first, every drink with its own measured time.
   */
  function readyTimes(
    wait: WaitInputs,
    rows: readonly { id: number; menu_id: number; status: string; taken_at: string | null }[],
    now: Date,
  ): Map<number, number> {
    const making = rows
      .filter((row) => row.status === 'in-progress')
      .sort((a, b) => (a.taken_at ?? '').localeCompare(b.taken_at ?? '') || a.id - b.id);
    const waiting = rows.filter((row) => row.status === 'ordered');
    const seconds = (row: { menu_id: number }) => drinkSecondsOf(wait, Number(row.menu_id));
    const live: WaitInputs = {
      ...wait,
      inProgress: making.length,
      making: making.map((row) => ({ seconds: seconds(row), takenAt: row.taken_at })),
    };
    const schedule = lineSchedule(live, now, waiting.map(seconds));
    const ready = new Map<number, number>();
    making.forEach((row, i) => ready.set(Number(row.id), now.getTime() + (schedule.making[i] ?? 0) * 1000));
    waiting.forEach((row, i) => ready.set(Number(row.id), now.getTime() + (schedule.waiting[i] ?? 0) * 1000));
    return ready;
  }

  /** Tells the owner of `id` it will be ready at `readyAt`, once: false when told before (here or elsewhere). */
  async function tell(id: number, readyAt: Date): Promise<boolean> {
    const row = await core.load(id);
    const site = await deps.sites.get(row.site_id);
    const at = iso(ctx.clock.now());
    const writes = await ctx.domainEvents.prepareWithin('order.moving', {
      userId: row.user_id,
      to: row.status,
      notice: 'late',
      order: { ...toOrderFacts(row, site, row.status, null), readyAt: readyAt.toISOString() },
    });
    let notified = false;
    const told = await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('orders')
        .set({ late_told_at: at })
        .where('id', '=', id)
        .where('late_told_at', 'is', null)
        .where('status', 'in', ['ordered', 'in-progress'])
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return false;
      notified = await runWithin(trx, writes);
      return true;
    });
    if (told) await ctx.domainEvents.emit('order.moved', { orderId: id, siteId: row.site_id, notified });
    return told;
  }

  return {
    /**
     * The drinks that will be more than LATE_TOLD_AFTER_MS later than promised at `now`: each
     * owner told once. The line model's promises only (PROMISE_MODEL=pace makes none to keep).
     * Answers how many were told.
     */
    async lateDue(now: Date): Promise<{ toldLate: number }> {
      let toldLate = 0;
      if (queue.model !== 'line') return { toldLate };
      for (const site of await deps.sites.active()) {
        const day = await queue.siteToday(site.id);
        for (const venue of VENUES) {
          const key = { siteId: site.id, venue, day };
          const rows = await openPromises(key);
          if (!rows.some(untold)) continue;
          const wait = await queue.waitInputs(key);
          if (modelOf(wait) !== 'line') continue;
          const ready = readyTimes(wait, rows, now);
          for (const row of rows) {
            if (!untold(row)) continue;
            const at = ready.get(Number(row.id));
            if (at === undefined || at <= Date.parse(row.promised_ready_at) + LATE_TOLD_AFTER_MS) continue;
            if (await tell(Number(row.id), new Date(at))) toldLate += 1;
          }
        }
      }
      return { toldLate };
    },
  };
}
