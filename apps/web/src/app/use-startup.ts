import { LIVE_EVENTS, type CafeStatus } from '@cafe/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { cafeStatusQueryOptions, fetchCafeStatus } from '../api/cafe-status';
import { fetchMe, meQueryOptions } from '../api/me';
import { isApiError, onSessionExpired, refreshTokens } from '../lib/api-client';
import { openSocket, reconnectSocket, useLiveEvent } from '../lib/socket';
import { tokenStorage } from '../lib/storage-keys';
import { useSession } from '../stores/session';
import { landingPath, paths, PUBLIC_PATHS } from './paths';
import { signOutLocally } from './sign-out';

/**
 * Start-up of SPEC section 4: with a stored token, fetch the profile and the venue status
 * (refreshing the tokens once if needed); land by role and venue state; open the live connection.
 */
export function useStartup(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const started = useRef(false);
  const { setUser, setShopStatus, setInitialised, reset } = useSession.getState();

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void openSocket();
    const startPath = location.pathname;

    const finishSignedOut = () => {
      reset();
      setInitialised(true);
      // Still learn the venue state, for the public menus and the themed navigation.
      fetchCafeStatus()
        .then((status) => {
          setShopStatus(status);
          queryClient.setQueryData(cafeStatusQueryOptions().queryKey, status);
        })
        .catch(() => console.error('Error fetching cafe status'));
      if (!PUBLIC_PATHS.includes(startPath)) {
        void navigate(paths.login, { replace: true, state: { from: `${startPath}${location.search}` } });
      }
    };

    const load = async () => {
      const [me, status] = await Promise.all([fetchMe(), fetchCafeStatus()]);
      queryClient.setQueryData(meQueryOptions().queryKey, me);
      queryClient.setQueryData(cafeStatusQueryOptions().queryKey, status);
      setUser({ login: true, id: me.id, sub: String(me.id), email: me.email, name: me.name, role: me.role, ...status });
      setInitialised(true);
      // The landing table applies to the app's front door; a signed-in person on /login is sent on
      // by the login screen itself (SPEC: "redirects to /statusOrder"); deep links stay where they are.
      if (startPath === paths.home) {
        void navigate(landingPath(me.role, status, 'startup'), { replace: true });
      }
    };

    const run = async () => {
      if (!tokenStorage.getAccess() && !tokenStorage.getRefresh()) {
        console.info('no token in storage');
        finishSignedOut();
        return;
      }
      try {
        await load();
      } catch (error) {
        console.error('start-up failed', error);
        if (tokenStorage.getRefresh() && (await refreshTokens())) {
          try {
            await load();
            reconnectSocket();
            return;
          } catch (retryError) {
            console.error('start-up failed after refresh', retryError);
          }
        }
        // A server that cannot be reached keeps the tokens: the next visit can sign in silently.
        if (!(isApiError(error) && (error.status === 0 || error.status >= 500))) tokenStorage.clear();
        finishSignedOut();
      }
    };
    void run();
  }, [location.pathname, location.search, navigate, queryClient, reset, setInitialised, setShopStatus, setUser]);

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

  // The navigation and menus follow the venue state live.
  const handleCafeStatus = useCallback(
    (status: CafeStatus) => {
      setShopStatus(status);
      queryClient.setQueryData(cafeStatusQueryOptions().queryKey, status);
    },
    [queryClient, setShopStatus],
  );
  useLiveEvent(LIVE_EVENTS.cafeStatus, handleCafeStatus);

  // An admin changed this person's role or account: take the new role at once. (A disabled
  // account answers 401 here and the session-expired handler signs it out.)
  const handleSessionChanged = useCallback(() => {
    fetchMe()
      .then((me) => {
        const previous = useSession.getState().user;
        if (me.role !== previous.role) {
          // Another role means other screens and other live rooms: open the app afresh where the
          // new role lands (the guards of the old role's screen would otherwise deny it).
          window.location.replace(landingPath(me.role, previous, 'login'));
          return;
        }
        queryClient.setQueryData(meQueryOptions().queryKey, me);
        setUser({ name: me.name, email: me.email });
      })
      .catch((error: unknown) => console.error('could not reload the profile', error));
  }, [queryClient, setUser]);
  useLiveEvent(LIVE_EVENTS.sessionChanged, handleSessionChanged);
}
