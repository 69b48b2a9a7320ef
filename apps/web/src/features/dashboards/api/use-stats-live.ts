import {
  CATEGORY_FOR,
  periodRange,
  STATS_PERIODS,
  type CafeDay,
  type LiveEventPayload,
  type OrdersByHourRow,
  type OrdersByWeekdayRow,
  type PopularMenuRow,
} from '@cafe/shared';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useSettings } from '@/api/settings';
import { useCafeToday } from '@/hooks/use-cafe-today';
import { useLiveEvent, useOnReconnect } from '@/lib/socket';
import {
  addToHours,
  addToRanking,
  addToTotal,
  addToWeekdays,
  countsIn,
  finishesPreparation,
  servedChange,
  statsSlotOf,
} from '@/features/dashboards/lib/live-update';
import {
  cupsSavedQueryOptions,
  dashboardKeys,
  ordersByHourQueryOptions,
  ordersByWeekdayQueryOptions,
  popularMenuQueryOptions,
  preparationTimeQueryOptions,
  timesByHourQueryOptions,
  totalOrdersQueryOptions,
  uncollectedPeopleQueryOptions,
  uncollectedQueryOptions,
  type StatsParams,
} from './stats';

/**
 * How long what cannot be worked out from an event (the average preparation time, a ranking the
 * rows cannot place an item in) waits before it is asked for again: one request for a whole rush,
 * not one per drink.
 */
export const STATS_REFETCH_DELAY_MS = 3000;

/**
 * Keeps the dashboards live. An `orders` event carries the order and the status it left, which is
 * enough to move the total, the ranking, the hours and the weekdays in the cache for every period
 * it counts in (served orders by when they were placed). The preparation time, which needs
 * every finished order's timings, the drinks not collected (with the served ones beside them,
 * and who left them) and the cups saved are fetched again, at most once per STATS_REFETCH_DELAY_MS.
 * A reconnect fetches everything again (events were missed); a renamed item or category refreshes
 * the rankings.
 *
 * In a company of several sites (`scope.severalSites`) the dashboard shows one site or all of them
 * (`scope.siteId`), and
 * an event does not say its site or its zone: a served order then has the numbers of the venue
 * fetched again (at most once per STATS_REFETCH_DELAY_MS) instead of worked out. The live
 * connection follows one site, so orders of the other sites show on the next fetch.
 */
export function useStatsLive(
  refetchDelayMs = STATS_REFETCH_DELAY_MS,
  scope: { siteId?: number | undefined; today?: CafeDay | undefined; severalSites?: boolean } = {},
) {
  const queryClient = useQueryClient();
  const { cafeTimeZone } = useSettings();
  const cafeDay = useCafeToday(cafeTimeZone);
  const today = scope.today ?? cafeDay;
  const { siteId, severalSites = false } = scope;

  // Keys waiting to be fetched again, and the one timer that will do it.
  const stale = useRef(new Map<string, QueryKey>());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const keys = [...stale.current.values()];
    stale.current.clear();
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey, exact: true });
  }, [queryClient]);

  const refetchSoon = useCallback(
    (queryKey: QueryKey) => {
      stale.current.set(JSON.stringify(queryKey), queryKey);
      timer.current ??= setTimeout(flush, refetchDelayMs);
    },
    [flush, refetchDelayMs],
  );
  // Leaving the screen: what was waiting is marked stale now, fetched when next shown.
  useEffect(() => flush, [flush]);

  /** Every period a dashboard may have cached today, for both venues, of the site it shows. */
  const cachedParams = useCallback(
    (): StatsParams[] =>
      CATEGORY_FOR.flatMap((categoryFor) =>
        STATS_PERIODS.map((period) => ({ ...periodRange(period, today), categoryFor, siteId })),
      ),
    [today, siteId],
  );

  /**
   * Applies `update` to a cached answer. An answer on its way may or may not count the change,
   * and one that cannot take it (`update` gives null) is out of date: both are fetched again.
   */
  const patch = useCallback(
    <T>(queryKey: QueryKey, update: (data: T) => T | null) => {
      const state = queryClient.getQueryState<T>(queryKey);
      if (!state || state.data === undefined) return;
      const next = state.fetchStatus === 'fetching' ? null : update(state.data);
      if (next === null) refetchSoon(queryKey);
      else queryClient.setQueryData<T>(queryKey, next);
    },
    [queryClient, refetchSoon],
  );

  const handleOrder = useCallback(
    (event: LiveEventPayload<'orders'>) => {
      const delta = servedChange(event);
      const prepared = finishesPreparation(event);
      // Drinks not collected (and the served ones beside them) are counted by the server only.
      const left = event.status === 'uncollected' || event.from === 'uncollected';
      const venueParams = cachedParams().filter((params) => params.categoryFor === event.categoryFor);
      if (left || delta !== 0) {
        for (const params of venueParams) {
          refetchSoon(uncollectedQueryOptions(params).queryKey);
          if (left) refetchSoon(uncollectedPeopleQueryOptions(params).queryKey);
        }
      }
      // A cup is saved by a pick-up in the owner's tumbler, which only the server counts.
      const cupMoved = (event.status === 'picked' || event.from === 'picked') && event.order.ownCup !== false;
      if (cupMoved && event.categoryFor === 'cafe') {
        for (const params of venueParams) refetchSoon(cupsSavedQueryOptions(params).queryKey);
      }
      if (delta === 0 && !prepared) return;
      if (severalSites) {
        for (const params of venueParams) {
          for (const options of [
            totalOrdersQueryOptions,
            popularMenuQueryOptions,
            ordersByHourQueryOptions,
            ordersByWeekdayQueryOptions,
            preparationTimeQueryOptions,
            timesByHourQueryOptions,
          ]) {
            refetchSoon(options(params).queryKey);
          }
        }
        return;
      }
      const slot = statsSlotOf(event, cafeTimeZone);
      for (const params of cachedParams()) {
        if (!countsIn(slot, params)) continue;
        if (prepared) {
          refetchSoon(preparationTimeQueryOptions(params).queryKey);
          refetchSoon(timesByHourQueryOptions(params).queryKey);
        }
        if (delta === 0) continue;
        patch(totalOrdersQueryOptions(params).queryKey, (data: { totalOrder: number }) => addToTotal(data, delta));
        patch(popularMenuQueryOptions(params).queryKey, (rows: PopularMenuRow[]) => addToRanking(rows, slot, delta));
        patch(ordersByHourQueryOptions(params).queryKey, (rows: OrdersByHourRow[]) =>
          addToHours(rows, slot.hour, delta),
        );
        patch(ordersByWeekdayQueryOptions(params).queryKey, (rows: OrdersByWeekdayRow[]) =>
          addToWeekdays(rows, slot.weekday, delta),
        );
      }
    },
    [cachedParams, cafeTimeZone, patch, refetchSoon, severalSites],
  );
  useLiveEvent('orders', handleOrder);

  // Rankings name items and categories as they are now.
  const handleMenu = useCallback(() => {
    for (const params of cachedParams()) refetchSoon(popularMenuQueryOptions(params).queryKey);
  }, [cachedParams, refetchSoon]);
  useLiveEvent('menu', handleMenu);

  const handleReconnect = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
    [queryClient],
  );
  useOnReconnect(handleReconnect);
}
