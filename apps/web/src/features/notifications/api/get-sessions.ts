import { SessionListSchema } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /auth/sessions: the signed-in person's sessions (one per sign-in on a device), this device's marked. */
export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'sessions'] as const,
    queryFn: () => api('/auth/sessions', { schema: SessionListSchema }),
  });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
