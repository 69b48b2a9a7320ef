import { SessionListSchema } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /auth/sessions: the signed-in person's sessions (one per sign-in on a device), this device's marked. */
export const fetchSessions = () => api('/auth/sessions', { schema: SessionListSchema });

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'sessions'] as const,
    queryFn: fetchSessions,
  });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
