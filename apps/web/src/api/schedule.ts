import type { Schedule } from '@cafe/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiServerChecked } from '@/lib/api-client';
import { useLiveEvent, useOnReconnect } from '@/lib/socket';

/**
 * GET /schedule: the opening hours (weekly periods, closed days, next opening). Public. Its answer
 * is checked by the server against the contract, so the screens that show the next opening (the
 * closed page, the cafe menu) do not load the schema library for it.
 */
export const fetchSchedule = (siteId?: number) => apiServerChecked<Schedule>('/schedule', { query: { siteId } });

/**
 * The person's own site's schedule, or with `siteId` that site's (the staff screens' site): an
 * entry of its own, so two sites' hours never mix.
 */
export const scheduleQueryOptions = (siteId?: number) =>
  queryOptions({
    queryKey: siteId === undefined ? (['schedule'] as const) : (['schedule', { siteId }] as const),
    queryFn: () => fetchSchedule(siteId),
  });

/**
 * The schedule, kept current by the `schedule` live event and read again after a reconnect. The
 * staff screens pass their site, which the live channel follows.
 */
export function useSchedule(options: { enabled?: boolean; siteId?: number | undefined } = {}) {
  const queryClient = useQueryClient();
  const { siteId } = options;
  const handleSchedule = useCallback(
    (schedule: Schedule) => queryClient.setQueryData(scheduleQueryOptions(siteId).queryKey, schedule),
    [queryClient, siteId],
  );
  useLiveEvent('schedule', handleSchedule);
  const handleReconnect = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: scheduleQueryOptions(siteId).queryKey, exact: true }),
    [queryClient, siteId],
  );
  useOnReconnect(handleReconnect);
  return useQuery({ ...scheduleQueryOptions(siteId), enabled: options.enabled ?? true });
}
