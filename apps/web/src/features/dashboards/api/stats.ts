import {
  CountSchema,
  CupsSavedStatsSchema,
  OrdersByHourRowSchema,
  OrdersByWeekdayRowSchema,
  PopularMenuRowSchema,
  PopularOptionRowSchema,
  PreparationTimeSchema,
  PrepTimesSchema,
  TimesByHourRowSchema,
  UncollectedPersonRowSchema,
  UncollectedStatsSchema,
  type CafeDay,
  type CategoryFor,
} from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/**
 * The query every statistics call takes: [startDate, endDate) cafe days, the venue, and the site
 * (none: every site together for an admin, their own site for a barista, as the server answers).
 */
export interface StatsParams {
  startDate: CafeDay;
  endDate: CafeDay;
  categoryFor: CategoryFor;
  siteId?: number;
}

export const dashboardKeys = {
  all: ['dashboards'] as const,
  stat: (name: string, params: StatsParams) => [...dashboardKeys.all, name, params] as const,
};

export const toQuery = ({ startDate, endDate, categoryFor, siteId }: StatsParams) => ({
  startDate,
  endDate,
  categoryFor,
  siteId,
});

/**
 * The queryOptions of one statistic, kept under its `name`: GET `path` with the period's query (and
 * `extra`), the answer checked by `schema`.
 */
export const statQueryOptions =
  <S extends z.ZodType>(name: string, path: string, schema: S, extra: Record<string, number> = {}) =>
  (params: StatsParams) =>
    queryOptions({
      queryKey: dashboardKeys.stat(name, params),
      queryFn: () => api(path, { query: { ...toQuery(params), ...extra }, schema }),
    });

/** GET /order/count/total: served orders of a venue in the period. */
export const totalOrdersQueryOptions = statQueryOptions('total', '/order/count/total', CountSchema);
export const useTotalOrders = (params: StatsParams) => useQuery(totalOrdersQueryOptions(params));

/** GET /order/find/popular-menu: menu items by served orders, most first. */
export const popularMenuQueryOptions = statQueryOptions(
  'popular-menu',
  '/order/find/popular-menu',
  z.array(PopularMenuRowSchema),
);
export const usePopularMenu = (params: StatsParams) => useQuery(popularMenuQueryOptions(params));

/** GET /stats/popular-options: the ten drink options most chosen on served orders. */
export const popularOptionsQueryOptions = statQueryOptions(
  'popular-options',
  '/stats/popular-options',
  z.array(PopularOptionRowSchema),
);
export const usePopularOptions = (params: StatsParams) => useQuery(popularOptionsQueryOptions(params));

/** GET /stats/orders-by-hour: served orders per hour of the cafe's day. */
export const ordersByHourQueryOptions = statQueryOptions(
  'orders-by-hour',
  '/stats/orders-by-hour',
  z.array(OrdersByHourRowSchema),
);
export const useOrdersByHour = (params: StatsParams) => useQuery(ordersByHourQueryOptions(params));

/** GET /stats/orders-by-weekday: served orders per weekday (0 = Sunday). */
export const ordersByWeekdayQueryOptions = statQueryOptions(
  'orders-by-weekday',
  '/stats/orders-by-weekday',
  z.array(OrdersByWeekdayRowSchema),
);
export const useOrdersByWeekday = (params: StatsParams) => useQuery(ordersByWeekdayQueryOptions(params));

/** GET /stats/preparation-time: mean time from in-progress to done. */
export const preparationTimeQueryOptions = statQueryOptions(
  'preparation-time',
  '/stats/preparation-time',
  PreparationTimeSchema,
);
export const usePreparationTime = (params: StatsParams) => useQuery(preparationTimeQueryOptions(params));

/** GET /stats/times-by-hour: average wait (placed -> taken) and preparation (taken -> done) by hour. */
export const timesByHourQueryOptions = statQueryOptions(
  'times-by-hour',
  '/stats/times-by-hour',
  z.array(TimesByHourRowSchema),
);
export const useTimesByHour = (params: StatsParams) => useQuery(timesByHourQueryOptions(params));

/** GET /stats/prep-times: median, 90th percentile and drinks over the target, per drink, hour and barista. */
export const prepTimesQueryOptions = statQueryOptions('prep-times', '/stats/prep-times', PrepTimesSchema);
export const usePrepTimes = (params: StatsParams) => useQuery(prepTimesQueryOptions(params));

/** GET /stats/cups-saved: drinks picked up in their owner's tumbler, with the waste and CO2e avoided. */
export const cupsSavedQueryOptions = statQueryOptions('cups-saved', '/stats/cups-saved', CupsSavedStatsSchema);
export const useCupsSaved = (params: StatsParams) => useQuery(cupsSavedQueryOptions(params));

/** GET /stats/uncollected: drinks nobody collected in the period, in all and per site, beside the served ones. */
export const uncollectedQueryOptions = statQueryOptions('uncollected', '/stats/uncollected', UncollectedStatsSchema);
export const useUncollected = (params: StatsParams) => useQuery(uncollectedQueryOptions(params));

/** How many people the admin's "Left most often" list shows. */
export const LEFT_MOST_OFTEN_LIMIT = 10;

/** GET /stats/uncollected/people (admins only): who left the most drinks in the period, most first. */
export const uncollectedPeopleQueryOptions = statQueryOptions(
  'uncollected-people',
  '/stats/uncollected/people',
  z.array(UncollectedPersonRowSchema),
  { limit: LEFT_MOST_OFTEN_LIMIT },
);
export const useUncollectedPeople = (params: StatsParams) => useQuery(uncollectedPeopleQueryOptions(params));
