import {
  SERVED_ORDER_STATUSES,
  cafeClock,
  checkStatsRange,
  type OrdersByHourRow,
  type OrdersByWeekdayRow,
  type PopularMenuRow,
  type PreparationTime,
  type StatsQuery,
} from '@cafe/shared';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/errors';
import { toPopularMenuRow } from './stats.mapper';
import * as repo from './stats.repository';

/** Plain code-point order, so both database engines give the same ranking whatever their collation. */
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Statistics of served orders (done + picked). Periods are cafe calendar days [startDate, endDate)
 * matched against each order's cafe_day, the day it was placed in the cafe's time zone.
 */
export function createStatsService(ctx: AppContext) {
  const timeZone = ctx.config.cafeTimezone;

  function toRange(query: StatsQuery): repo.StatsRange {
    const problem = checkStatsRange(query.startDate, query.endDate);
    if (problem) throw badRequest(problem);
    return { startDate: query.startDate, endDate: query.endDate, categoryFor: query.categoryFor };
  }

  /** Served orders of the period counted into `size` slots of the cafe clock at placing (hour, weekday). */
  async function countServedBy(
    query: StatsQuery,
    size: number,
    slotOf: (clock: ReturnType<typeof cafeClock>) => number,
  ): Promise<number[]> {
    const counts = new Array<number>(size).fill(0);
    for (const placed of await repo.servedOrderDates(ctx.db, toRange(query), SERVED_ORDER_STATUSES)) {
      const slot = slotOf(cafeClock(new Date(placed), timeZone));
      counts[slot] = (counts[slot] ?? 0) + 1;
    }
    return counts;
  }

  return {
    async countTotal(query: StatsQuery): Promise<{ totalOrder: number }> {
      return { totalOrder: await repo.countServed(ctx.db, toRange(query), SERVED_ORDER_STATUSES) };
    },

    /** Most ordered first; ties by name, then by item. */
    async popularMenu(query: StatsQuery): Promise<PopularMenuRow[]> {
      const rows = await repo.popularMenu(ctx.db, toRange(query), SERVED_ORDER_STATUSES);
      rows.sort((a, b) => b.total - a.total || byCodePoint(a.menu_name, b.menu_name) || a.menu_id - b.menu_id);
      return rows.map(toPopularMenuRow);
    },

    /** All 24 hours of the cafe's clock, by when the order was placed. */
    async ordersByHour(query: StatsQuery): Promise<OrdersByHourRow[]> {
      const counts = await countServedBy(query, 24, (clock) => clock.hour);
      return counts.map((totalOrder, hour) => ({ hour, totalOrder }));
    },

    /** All 7 weekdays (0 = Sunday) of the cafe's calendar, by when the order was placed. */
    async ordersByWeekday(query: StatsQuery): Promise<OrdersByWeekdayRow[]> {
      const counts = await countServedBy(query, 7, (clock) => clock.weekday);
      return counts.map((totalOrder, weekday) => ({ weekday, totalOrder }));
    },

    /**
     * Mean seconds from the change to "in-progress" to the change to "done", over the orders of
     * the period that have both (a rejected order never reaches "done" and is left out).
     */
    async preparationTime(query: StatsQuery): Promise<PreparationTime> {
      const changes = await repo.statusChanges(ctx.db, toRange(query), ['in-progress', 'done']);
      const spans = new Map<number, { started?: number; done?: number }>();
      for (const change of changes) {
        const span = spans.get(change.order_id) ?? {};
        const at = Date.parse(change.changed_at);
        if (change.to_status === 'in-progress' && span.done === undefined) span.started = at;
        if (change.to_status === 'done' && span.started !== undefined && span.done === undefined) span.done = at;
        spans.set(change.order_id, span);
      }
      let samples = 0;
      let totalMs = 0;
      for (const { started, done } of spans.values()) {
        if (started === undefined || done === undefined || done < started) continue;
        samples += 1;
        totalMs += done - started;
      }
      return { averageSeconds: samples === 0 ? null : Math.round(totalMs / samples / 1000), samples };
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
