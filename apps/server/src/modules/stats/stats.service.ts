import {
  SERVED_ORDER_STATUSES,
  cafeClock,
  cafeDayOf,
  checkStatsRange,
  type CupFactors,
  type CupsSavedStats,
  type MyCupsSaved,
  weekdayOf,
  type OrdersByHourRow,
  type OrderStatus,
  type OrdersByWeekdayRow,
  type PopularMenuRow,
  type PopularOptionRow,
  type PreparationTime,
  type PrepTimes,
  prepFigures,
  type StatsQuery,
  type TimesByHourRow,
  type UncollectedPeopleQuery,
  type UncollectedPersonRow,
  type UncollectedStats,
  UNCOLLECTED_PEOPLE_DEFAULT,
} from '@cafe/shared';
import type { AppBase, AuthUser } from '../../context';
import type { SitesService } from '../sites/sites.service';
import { badRequest } from '../../lib/errors';
import { cupsSavedGroups, personalCupsSaved } from './cups.repository';
import { toPopularMenuRow } from './stats.mapper';
import * as repo from './stats.repository';

const UNCOLLECTED = 'uncollected' satisfies OrderStatus;
/** What the uncollected statistics count: the drinks left, and the served ones beside them. */
const COUNTED: readonly OrderStatus[] = [UNCOLLECTED, ...SERVED_ORDER_STATUSES];

/** Plain code-point order, so both database engines give the same ranking whatever their collation. */
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Grams rounded to hundredths: a factor like 14.1 times a count must not read 42.300000000000004. */
const grams = (cups: number, perCup: number) => Math.round(cups * perCup * 100) / 100;

/** The cafe days [start, end) of the calendar month `day` (YYYY-MM-DD) is in. */
function monthOf(day: string): { start: string; end: string } {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  const pad = (n: number) => String(n).padStart(2, '0');
  return { start: `${year}-${pad(month)}-01`, end: `${next.year}-${pad(next.month)}-01` };
}

/** The counts of `rows` summed per key. */
function sumBy<R extends { cups: number }, K>(rows: readonly R[], key: (row: R) => K): Map<K, number> {
  const sums = new Map<K, number>();
  for (const row of rows) sums.set(key(row), (sums.get(key(row)) ?? 0) + row.cups);
  return sums;
}

/**
 * Statistics of served orders (done + picked); drinks nobody collected are counted apart, never as
 * served (docs/decisions/0050-uncollected-statistics.md). Periods are calendar days [startDate, endDate)
 * matched against each order's cafe_day, the day it was placed in its site's time zone. They are
 * one site's, or every site's together for an admin who names none
 * (docs/decisions/0027-sites.md). The database does the counting, reading only the period's rows
 * of one index (docs/decisions/0016-statistics-and-history.md).
 */
export function createStatsService(ctx: AppBase, deps: { sites: SitesService }) {
  const sites = () => deps.sites;
  /** A copy each time: an answer never hands out the configuration's own object. */
  const cupFactors = (): CupFactors => ({ ...ctx.config.cups });

  /**
   * The period and the site a request reads: an admin without siteId every site together; anyone
   * else the site forStaff resolves (the one asked for when it is theirs, else their own; 403 for
   * another's).
   */
  async function toRange(user: AuthUser, query: StatsQuery): Promise<repo.StatsRange> {
    const problem = checkStatsRange(query.startDate, query.endDate);
    if (problem) throw badRequest(problem);
    const siteId =
      user.role === 'admin' && query.siteId === undefined ? undefined : (await sites().forStaff(user, query.siteId)).id;
    return { startDate: query.startDate, endDate: query.endDate, categoryFor: query.categoryFor, siteId };
  }

  return {
    async countTotal(user: AuthUser, query: StatsQuery): Promise<{ totalOrder: number }> {
      return { totalOrder: await repo.countServed(ctx.db, await toRange(user, query)) };
    },

    /** Most ordered first; ties by name, then by item. */
    async popularMenu(user: AuthUser, query: StatsQuery): Promise<PopularMenuRow[]> {
      const rows = await repo.popularMenu(ctx.db, await toRange(user, query));
      rows.sort((a, b) => b.total - a.total || byCodePoint(a.menu_name, b.menu_name) || a.menu_id - b.menu_id);
      return rows.map(toPopularMenuRow);
    },

    /** GET /stats/popular-options: the ten most chosen options of served orders. */
    async popularOptions(user: AuthUser, query: StatsQuery): Promise<PopularOptionRow[]> {
      return repo.popularOptions(ctx.db, await toRange(user, query));
    },

    /** GET /stats/times-by-hour: all 24 hours; null averages where nothing was taken in that hour. */
    async timesByHour(user: AuthUser, query: StatsQuery): Promise<TimesByHourRow[]> {
      const byHour = new Map<number, { wait_ms: number | null; prep_ms: number | null; samples: number }>();
      for (const row of await repo.timesByHour(ctx.db, await toRange(user, query))) {
        if (row.hour !== null) byHour.set(row.hour, row);
      }
      const seconds = (ms: number | null | undefined) => (ms == null ? null : Math.round(ms / 1000));
      return Array.from({ length: 24 }, (_, hour) => {
        const row = byHour.get(hour);
        return {
          hour,
          averageWaitSeconds: seconds(row?.wait_ms),
          averagePrepSeconds: seconds(row?.prep_ms),
          samples: row?.samples ?? 0,
        };
      });
    },

    /**
     * All 24 hours of the site's clock, by when the order was placed: counted by the database from
     * each order's cafe_hour. An order written without one (not by placing it) is converted here,
     * in the zone of the site it was placed at.
     */
    async ordersByHour(user: AuthUser, query: StatsQuery): Promise<OrdersByHourRow[]> {
      const range = await toRange(user, query);
      const counts = new Array<number>(24).fill(0);
      for (const { hour, total } of await repo.servedByHour(ctx.db, range)) {
        if (hour !== null) {
          counts[hour] = (counts[hour] ?? 0) + total;
          continue;
        }
        for (const placed of await repo.servedOrderDatesWithoutHour(ctx.db, range)) {
          const slot = cafeClock(new Date(placed.orderDate), (await sites().get(placed.siteId)).timeZone).hour;
          counts[slot] = (counts[slot] ?? 0) + 1;
        }
      }
      return counts.map((totalOrder, hour) => ({ hour, totalOrder }));
    },

    /**
     * All 7 weekdays (0 = Sunday) of the cafe's calendar, by when the order was placed: the
     * database counts per cafe day (at most two rows per day of the period, one per served
     * status), the weekday of a day is arithmetic.
     */
    async ordersByWeekday(user: AuthUser, query: StatsQuery): Promise<OrdersByWeekdayRow[]> {
      const counts = new Array<number>(7).fill(0);
      for (const { day, total } of await repo.servedByDay(ctx.db, await toRange(user, query))) {
        const weekday = weekdayOf(day);
        counts[weekday] = (counts[weekday] ?? 0) + total;
      }
      return counts.map((totalOrder, weekday) => ({ weekday, totalOrder }));
    },

    /**
     * Mean seconds from the change to "in-progress" to the change to "done", over the orders of
     * the period that have both (a rejected order never reaches "done" and is left out). Summed by
     * the database; a span that would end before it starts (clocks set back) is left out.
     */
    async preparationTime(user: AuthUser, query: StatsQuery): Promise<PreparationTime> {
      const { samples, totalMs } = await repo.preparationTotals(ctx.db, await toRange(user, query));
      return { averageSeconds: samples === 0 ? null : Math.round(totalMs / samples / 1000), samples };
    },

    /**
     * GET /stats/prep-times: median, 90th percentile and drinks over their site's target, in all
     * and per drink, hour and barista (who marked it done). The database reads the period's timed
     * drinks once; the figures are worked out here, the same on both engines. A barista reads only
     * their own row among the baristas.
     */
    async prepTimes(user: AuthUser, query: StatsQuery): Promise<PrepTimes> {
      const range = await toRange(user, query);
      const rows = await repo.prepRows(ctx.db, range);
      type Timed = { ms: number; targetMs: number };
      const group = <K>(map: Map<K, Timed[]>, key: K, timed: Timed) => map.set(key, [...(map.get(key) ?? []), timed]);
      const all: Timed[] = [];
      const drinks = new Map<number, Timed[]>();
      const names = new Map<number, string>();
      const hours = new Map<number, Timed[]>();
      const baristas = new Map<number, Timed[]>();
      const people = new Map<number, string>();
      for (const row of rows) {
        const timed = { ms: Number(row.prep_ms), targetMs: row.target_seconds * 1000 };
        if (timed.ms < 0) continue;
        all.push(timed);
        group(drinks, row.menu_id, timed);
        names.set(row.menu_id, row.menu_name);
        const hour =
          row.cafe_hour ?? cafeClock(new Date(row.order_date), (await sites().get(row.site_id)).timeZone).hour;
        group(hours, hour, timed);
        if (row.barista_id !== null && (user.role === 'admin' || row.barista_id === user.id)) {
          group(baristas, row.barista_id, timed);
          people.set(row.barista_id, row.barista_name ?? '');
        }
      }
      const targets =
        range.siteId !== undefined
          ? [(await sites().get(range.siteId)).pickup.prepTargetMinutes]
          : [...new Set((await sites().active()).map((s) => s.pickup.prepTargetMinutes))];
      return {
        targetMinutes: targets.length === 1 ? targets[0]! : null,
        all: prepFigures(all),
        byDrink: [...drinks]
          .map(([menuId, times]) => ({ menuId, name: names.get(menuId) ?? '', ...prepFigures(times) }))
          .sort((a, b) => b.samples - a.samples || byCodePoint(a.name, b.name) || a.menuId - b.menuId),
        byHour: [...hours].map(([hour, times]) => ({ hour, ...prepFigures(times) })).sort((a, b) => a.hour - b.hour),
        byBarista: [...baristas]
          .map(([userId, times]) => ({ userId, name: people.get(userId) ?? '', ...prepFigures(times) }))
          .sort((a, b) => byCodePoint(a.name, b.name) || a.userId - b.userId),
      };
    },

    /**
     * GET /stats/uncollected: drinks nobody collected in the period, beside the served ones, in all
     * and per site. One site: its row. Every site together (an admin without siteId): every site
     * not archived, zeros too, and an archived one wherever it had orders in the period.
     */
    async uncollected(user: AuthUser, query: StatsQuery): Promise<UncollectedStats> {
      const range = await toRange(user, query);
      const perSite = new Map<number, { uncollected: number; served: number }>();
      for (const row of await repo.countBySiteAndStatus(ctx.db, range, COUNTED)) {
        const counts = perSite.get(row.siteId) ?? { uncollected: 0, served: 0 };
        if (row.status === UNCOLLECTED) counts.uncollected += row.total;
        else counts.served += row.total;
        perSite.set(row.siteId, counts);
      }
      const shown =
        range.siteId !== undefined
          ? [await sites().get(range.siteId)]
          : (await sites().list({ includeArchived: true })).filter((s) => !s.archived || perSite.has(s.id));
      const bySite = shown.map((site) => ({
        siteId: site.id,
        name: site.name,
        archived: site.archived,
        ...(perSite.get(site.id) ?? { uncollected: 0, served: 0 }),
      }));
      return {
        total: bySite.reduce((sum, row) => sum + row.uncollected, 0),
        served: bySite.reduce((sum, row) => sum + row.served, 0),
        bySite,
      };
    },

    /**
     * GET /stats/cups-saved: the period's cups saved (drinks picked up in their owner's own
     * tumbler, docs/cups-saved.md) with the waste and CO2e they avoided by the configured factors,
     * per site (those with any, in the order of GET /sites), per month (each site's calendar,
     * earliest first) and per team of the drink's owner (most first, ties by name, no team last).
     */
    async cupsSaved(user: AuthUser, query: StatsQuery): Promise<CupsSavedStats> {
      const rows = await cupsSavedGroups(ctx.db, await toRange(user, query));
      const factors = cupFactors();
      const cups = rows.reduce((sum, row) => sum + row.cups, 0);
      const perSite = sumBy(rows, (row) => row.siteId);
      const shown = (await sites().list({ includeArchived: true })).filter((site) => perSite.has(site.id));
      const byTeam = [...sumBy(rows, (row) => row.team)]
        .map(([team, count]) => ({ team, cups: count }))
        .sort((a, b) => b.cups - a.cups || (a.team === null ? 1 : b.team === null ? -1 : byCodePoint(a.team, b.team)));
      return {
        cups,
        wasteGrams: grams(cups, factors.wasteGramsPerCup),
        co2Grams: grams(cups, factors.co2GramsPerCup),
        factors,
        bySite: shown.map((site) => ({ siteId: site.id, siteName: site.name, cups: perSite.get(site.id) ?? 0 })),
        byMonth: [...sumBy(rows, (row) => row.month)]
          .map(([month, count]) => ({ month, cups: count }))
          .sort((a, b) => byCodePoint(a.month, b.month)),
        byTeam,
      };
    },

    /**
     * GET /order/cups-saved/user: the caller's own cups saved, all time and in this calendar month of
     * their home site's clock (each drink on the cafe day of the site it was ordered at).
     */
    async myCupsSaved(user: AuthUser): Promise<MyCupsSaved> {
      const today = cafeDayOf(ctx.clock.now(), (await sites().homeSiteOf(user)).timeZone);
      return { ...(await personalCupsSaved(ctx.db, user.id, monthOf(today))), factors: cupFactors() };
    },

    /**
     * GET /stats/uncollected/people (admins; the route guards it): who left the most drinks in the
     * period, most first, ties by name, then by id; each with their served orders of the period.
     */
    async uncollectedPeople(user: AuthUser, query: UncollectedPeopleQuery): Promise<UncollectedPersonRow[]> {
      const range = await toRange(user, query);
      const people = new Map<number, UncollectedPersonRow>();
      for (const row of await repo.leaversByStatus(ctx.db, range, UNCOLLECTED, COUNTED)) {
        const person = people.get(row.userId) ?? { userId: row.userId, name: row.name, uncollected: 0, served: 0 };
        if (row.status === UNCOLLECTED) person.uncollected += row.total;
        else person.served += row.total;
        people.set(row.userId, person);
      }
      return [...people.values()]
        .sort((a, b) => b.uncollected - a.uncollected || byCodePoint(a.name, b.name) || a.userId - b.userId)
        .slice(0, query.limit ?? UNCOLLECTED_PEOPLE_DEFAULT);
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
