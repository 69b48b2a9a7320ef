import type { PublicSettings } from '@cafe/shared';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { apiServerChecked } from '@/lib/api-client';

/** The settings change only when the server is restarted with others: an hour between checks is plenty. */
const SETTINGS_STALE_MS = 60 * 60 * 1000;
/** The longest pause between two tries while the server cannot be reached at start-up. */
const SETTINGS_RETRY_MAX_MS = 15_000;

/** GET /settings: the deployment's public settings (company domain, cafe zone and position, hours...). */
export const fetchSettings = (signal?: AbortSignal) => apiServerChecked<PublicSettings>('/settings', { signal });

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: ['settings'] as const,
    queryFn: ({ signal }) => fetchSettings(signal),
    staleTime: SETTINGS_STALE_MS,
    gcTime: Infinity,
    // Nothing works without them: keep trying, more slowly each time, while the start-up screen shows.
    retry: true,
    retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, SETTINGS_RETRY_MAX_MS),
  });

/**
 * The deployment's settings. The root route shows the start-up screen until they have arrived, so
 * below it they are always there.
 */
export function useSettings(): PublicSettings {
  return useSuspenseQuery(settingsQueryOptions()).data;
}
