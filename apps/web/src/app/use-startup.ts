import type { LiveEventPayload } from '@cafe/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { cafeStatusQueryOptions, UNKNOWN_CAFE_STATUS } from '@/api/cafe-status';
import { fetchMe, meQueryOptions } from '@/api/me';
import { signOutLocally } from '@/api/session';
import { onSessionExpired } from '@/lib/api-client';
import { openAfresh } from '@/lib/open-afresh';
import { landingPath, paths, PUBLIC_PATHS } from '@/lib/paths';
import { useLiveEvent, useOnReconnect } from '@/lib/socket';

/**
 * Start-up: find out who is signed in (meQueryOptions does the token dance) and
 * the venue state, then land by role and venue state (the live connection opens once the first
 * screen is shown: app/root-route.tsx). Visitors on a
 * screen that needs signing in go to /login. Gives whether start-up has finished: the person is
 * known, and for a signed-in person the venue state too (it decides their screens).
 */
export function useStartup(): boolean {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const session = useQuery(meQueryOptions());
  const status = useQuery(cafeStatusQueryOptions());
  // Where the app was opened: the landing table applies to the front door only.
  const start = useRef({ pathname: location.pathname, search: location.search });
  const landed = useRef(false);
  const me = session.data;
  const finished = me === null || (me !== undefined && !status.isPending);

  useEffect(() => {
    if (!finished || landed.current) return;
    landed.current = true;
    const { pathname, search } = start.current;
    if (!me) {
      if (!PUBLIC_PATHS.includes(pathname)) {
        void navigate(paths.login, { replace: true, state: { from: `${pathname}${search}` } });
      }
      return;
    }
    // A signed-in person on /login is sent on by the login screen itself (with a stored token it
    // redirects to /statusOrder); deep links stay where they are.
    if (pathname === paths.home) {
      const venue = status.data ?? UNKNOWN_CAFE_STATUS;
      void navigate(landingPath(me.role, venue, 'startup'), { replace: true });
    }
  }, [finished, me, navigate, status.data]);

  // Tokens that can no longer be refreshed: sign out locally.
  useEffect(
    () =>
      onSessionExpired(() => {
        signOutLocally(queryClient, { clearAllStorage: false });
        const from = `${window.location.pathname}${window.location.search}`;
        void navigate(paths.login, {
          replace: true,
          state: PUBLIC_PATHS.includes(window.location.pathname) ? undefined : { from },
        });
      }),
    [navigate, queryClient],
  );

  // The navigation and menus follow the venue state of the person's own site live. A customer's
  // connection follows their site, so its event is that site's status; a barista's or an admin's
  // follows the site they work at on this device, which may be another: then it is read again.
  const handleCafeStatus = useCallback(
    (status: LiveEventPayload<'cafe-status'>) => {
      const { queryKey } = cafeStatusQueryOptions();
      const role = queryClient.getQueryData(meQueryOptions().queryKey)?.role;
      if (role === 'barista' || role === 'admin') void queryClient.invalidateQueries({ queryKey });
      else queryClient.setQueryData(queryKey, status);
    },
    [queryClient],
  );
  useLiveEvent('cafe-status', handleCafeStatus);

  // An admin changed this person's role or account: take the new role at once. (A disabled
  // account answers 401 here and the session-expired handler signs it out.)
  const handleSessionChanged = useCallback(() => {
    const { queryKey } = meQueryOptions();
    fetchMe()
      .then((next) => {
        const previous = queryClient.getQueryData(queryKey);
        if (previous && next.role !== previous.role) {
          // Another role means other screens and other live rooms: open the app afresh where the
          // new role lands (the guards of the old role's screen would otherwise deny it).
          const venue = queryClient.getQueryData(cafeStatusQueryOptions().queryKey) ?? UNKNOWN_CAFE_STATUS;
          openAfresh(landingPath(next.role, venue, 'login'));
          return;
        }
        queryClient.setQueryData(queryKey, next);
      })
      .catch((error: unknown) => console.error('could not reload the profile', error));
  }, [queryClient]);
  useLiveEvent('session-changed', handleSessionChanged);

  // The role may have changed while the connection was down (or its session-changed event lost
  // with it): a signed-in person's profile is read again on every reconnect.
  // The venue may have changed too, before the channel was listening.
  const handleReconnect = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: cafeStatusQueryOptions().queryKey });
    if (queryClient.getQueryData(meQueryOptions().queryKey)) handleSessionChanged();
  }, [handleSessionChanged, queryClient]);
  useOnReconnect(handleReconnect);

  return finished;
}
