import type { Me } from '@cafe/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiServerChecked, isApiError, refreshTokens } from '@/lib/api-client';
import { restoreQueries } from '@/lib/query-persistence';
import { reconnectSocket } from '@/lib/socket';
import { tokenStorage } from '@/lib/storage-keys';

/** GET /user/me; a failure is logged as the specification words it and passed on. */
export const fetchMe = () =>
  apiServerChecked<Me>('/user/me').catch((error: unknown) => {
    console.error('Access denied 401 (getUserMe)');
    throw error;
  });

/**
 * Start-up authentication: without a stored token nobody is signed in; otherwise
 * the access token fetches the profile, and when that fails the tokens are refreshed once and the
 * profile asked again. A server that cannot be reached keeps the tokens, so the next visit can
 * sign in silently; any other failure forgets them. Never fails: null is "signed out".
 */
async function loadSession(client: QueryClient): Promise<Me | null> {
  if (!tokenStorage.getAccess() && !tokenStorage.getRefresh()) {
    console.info('no token in storage');
    return null;
  }
  try {
    return await fetchMe();
  } catch (error) {
    console.error('start-up failed', error);
    if (tokenStorage.getRefresh() && (await refreshTokens())) {
      try {
        const me = await fetchMe();
        // The live connection opened with the old token: join this person's rooms with the new one.
        reconnectSocket();
        return me;
      } catch (retryError) {
        console.error('start-up failed after refresh', retryError);
      }
    }
    if (!(isApiError(error) && (error.status === 0 || error.status >= 500))) tokenStorage.clear();
    // A network that says it is there but does not reach the server: open with what was last
    // seen on this device, as when the browser knows it is offline (app/query-client.ts).
    else if (isApiError(error) && error.status === 0 && restoreQueries(client)) {
      return client.getQueryData<Me | null>(['me']) ?? null;
    }
    return null;
  }
}

/**
 * The signed-in person (null: signed out), the one copy on the device. Loaded once at start-up;
 * sign-in, sign-out, renaming and the `session-changed` live event write it.
 */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['me'] as const,
    queryFn: ({ client }) => loadSession(client),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

/** The signed-in person, or null for a visitor (and while start-up is still finding out). */
export function useMe(): Me | null {
  return useQuery(meQueryOptions()).data ?? null;
}
