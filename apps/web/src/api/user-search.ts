import { UserSearchResultSchema } from '@cafe/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/**
 * GET /user/search?q=: available people by part of the name or e-mail (a walk-up order's person, a
 * site's new barista).
 */
export const searchUsers = (q: string, signal?: AbortSignal) =>
  api('/user/search', { query: { q }, schema: z.array(UserSearchResultSchema), signal });

export const userSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['user-search', q] as const,
    queryFn: ({ signal }) => searchUsers(q, signal),
    staleTime: 30_000,
  });

/** The matches for `q` (already debounced by the caller); nothing is asked for an empty text. */
export function useUserSearch(q: string) {
  const query = q.trim();
  return useQuery({
    ...userSearchQueryOptions(query),
    enabled: query.length > 0,
    // The list stays while the next answer is on its way, instead of flickering empty.
    placeholderData: keepPreviousData,
  });
}
