import { LIMITS } from '@cafe/shared';
import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-client';

/** Server state cache; default lifetime 5 minutes as the specification says. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      gcTime: LIMITS.queryStaleMs,
      refetchOnWindowFocus: true,
      retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});
