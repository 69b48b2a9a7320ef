import { BaristaHistoryPageSchema, LIMITS } from '@cafe/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /order/history/barista: one page of finished orders, newest first, from `cursor` (null: the newest). */
export const fetchBaristaHistoryPage = (cursor: string | null, signal?: AbortSignal) =>
  api('/order/history/barista', {
    query: { limit: LIMITS.historyPageSize, cursor: cursor ?? undefined },
    schema: BaristaHistoryPageSchema,
    signal,
  });

/** The history as pages loaded one after another; a page's nextCursor leads to the next. */
export const baristaHistoryQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['barista-history'] as const,
    queryFn: ({ pageParam, signal }) => fetchBaristaHistoryPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export function useBaristaHistory() {
  return useInfiniteQuery(baristaHistoryQueryOptions());
}
