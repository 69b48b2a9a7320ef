import { SessionsEndedSchema, type EndSessionsBody, type SessionsEnded } from '@cafe/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tokenStorage } from '@/lib/storage-keys';
import { sessionsQueryOptions } from './get-sessions';

/** What to end: one session by its id, or every one but this device's. */
export type EndSessionsTarget = { sessionId: string } | { others: true };

/**
 * POST /auth/sessions/{id}/end or POST /auth/sessions/end-others, with the password (or, for an
 * account without one, nothing: a recent sign-in counts). Every access token of the person ends with
 * it; this device goes on with the fresh one answered.
 */
export const endSessions = ({ target, body }: { target: EndSessionsTarget; body: EndSessionsBody }) =>
  api(
    'sessionId' in target ? `/auth/sessions/${encodeURIComponent(target.sessionId)}/end` : '/auth/sessions/end-others',
    {
      method: 'POST',
      body,
      schema: SessionsEndedSchema,
    },
  );

export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSessions,
    onSuccess: (answer: SessionsEnded) => {
      const refresh = tokenStorage.getRefresh();
      if (refresh) tokenStorage.save(answer.accessToken, refresh);
      void queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey });
    },
  });
}
