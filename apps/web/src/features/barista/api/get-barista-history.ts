import { BaristaHistoryPageSchema, LIMITS } from '@cafe/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useStaffSite } from '@/hooks/use-staff-site';
import { api } from '@/lib/api-client';

/** GET /order/history/barista: one page of finished orders, newest first, from `cursor` (null: the newest). */
export const fetchBaristaHistoryPage = (siteId: number | undefined, cursor: string | null, signal?: AbortSignal) =>
  api('/order/history/barista', {
    query: { limit: LIMITS.historyPageSize, cursor: cursor ?? undefined, siteId },
    schema: BaristaHistoryPageSchema,
    signal,
  });

/** Prefix of the history of every site. */
export const baristaHistoryRootKey = ['barista-history'] as const;

/** A site's history as pages loaded one after another; a page's nextCursor leads to the next. */
export const baristaHistoryQueryOptions = (siteId: number | undefined) =>
  infiniteQueryOptions({
    queryKey: [...baristaHistoryRootKey, { siteId }] as const,
    queryFn: ({ pageParam, signal }) => fetchBaristaHistoryPage(siteId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export function useBaristaHistory() {
  return useInfiniteQuery(baristaHistoryQueryOptions(useStaffSite().siteId));
}
