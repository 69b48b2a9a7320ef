import { LIMITS } from '@cafe/shared';
import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';
import { persistQueries, restoreQueries } from '@/lib/query-persistence';

/**
 * Server state cache. An answer unused by any screen is kept for the specification's 5 minutes
 * (gcTime); one in use is fetched again in the background once it is 30 seconds old.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      gcTime: LIMITS.queryCacheMs,
      refetchOnWindowFocus: true,
      retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});

// Opened without a network: the screens show what they showed last (docs/decisions/0024-bad-connection.md).
// Online, the app starts from the server as before and only keeps the copy up to date.
if (typeof navigator !== 'undefined' && !navigator.onLine) restoreQueries(queryClient);
persistQueries(queryClient);
