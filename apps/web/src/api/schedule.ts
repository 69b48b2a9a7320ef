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
export const fetchSchedule = () => apiServerChecked<Schedule>('/schedule');

export const scheduleQueryOptions = () => queryOptions({ queryKey: ['schedule'] as const, queryFn: fetchSchedule });

/** The schedule, kept current by the `schedule` live event and read again after a reconnect. */
export function useSchedule(options: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  const handleSchedule = useCallback(
    (schedule: Schedule) => queryClient.setQueryData(scheduleQueryOptions().queryKey, schedule),
    [queryClient],
  );
  useLiveEvent('schedule', handleSchedule);
  const handleReconnect = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: scheduleQueryOptions().queryKey }),
    [queryClient],
  );
  useOnReconnect(handleReconnect);
  return useQuery({ ...scheduleQueryOptions(), enabled: options.enabled ?? true });
}
