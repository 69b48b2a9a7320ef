import { AuditPageSchema, LIMITS, type AuditFilter } from '@cafe/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /audit (admin): one page of entries, newest first, from `cursor` (null: the newest). */
export const fetchAuditPage = (filter: AuditFilter, cursor: string | null, signal?: AbortSignal) =>
  api('/audit', {
    query: { ...filter, limit: LIMITS.historyPageSize, cursor: cursor ?? undefined },
    schema: AuditPageSchema,
    signal,
  });

/** Prefix of every reading of the log. */
export const auditLogRootKey = ['audit'] as const;

/** The log under a filter, as pages loaded one after another ("Load more"); a page's nextCursor leads to the next. */
export const auditLogQueryOptions = (filter: AuditFilter) =>
  infiniteQueryOptions({
    queryKey: [...auditLogRootKey, filter] as const,
    queryFn: ({ pageParam, signal }) => fetchAuditPage(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export function useAuditLog(filter: AuditFilter) {
  return useInfiniteQuery(auditLogQueryOptions(filter));
}
