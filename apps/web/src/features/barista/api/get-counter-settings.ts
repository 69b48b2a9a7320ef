import { PickupSettingsSchema } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET /sites/{siteId}/pickup, read by the board for the counter's times (when a drink may be
 * marked not collected). Features do not import each other, so the board has its own read of it.
 */
export const counterSettingsQueryOptions = (siteId: number) =>
  queryOptions({
    queryKey: ['barista', 'counter-settings', siteId] as const,
    queryFn: ({ signal }) => api(`/sites/${siteId}/pickup`, { schema: PickupSettingsSchema, signal }),
    // Settings change seldom; the server checks the time again on every move.
    staleTime: 5 * 60_000,
  });

export function useCounterSettings(siteId: number | undefined) {
  return useQuery({ ...counterSettingsQueryOptions(siteId ?? 0), enabled: siteId !== undefined });
}
