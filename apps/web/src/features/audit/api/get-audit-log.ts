import { AuditPageSchema, LIMITS, type AuditFilter } from '@cafe/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET /audit (admin): the log under a filter, newest first, as pages loaded one after another
 * ("Load more"); a page's nextCursor leads to the next.
 */
export function useAuditLog(filter: AuditFilter) {
  return useInfiniteQuery({
    queryKey: ['audit', filter] as const,
    queryFn: ({ pageParam, signal }) =>
      api('/audit', {
        query: { ...filter, limit: LIMITS.historyPageSize, cursor: pageParam ?? undefined },
        schema: AuditPageSchema,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}
