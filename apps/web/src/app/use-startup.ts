import { LIVE_EVENTS, type CafeStatus } from '@cafe/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { cafeStatusQueryOptions, fetchCafeStatus } from '../api/cafe-status';
import { fetchMe, meQueryOptions } from '../api/me';
import { onSessionExpired, refreshTokens } from '../lib/api-client';
import { getSocket, reconnectSocket, useLiveEvent } from '../lib/socket';
import { tokenStorage } from '../lib/storage-keys';
import { DEFAULT_USER, useSession } from '../stores/session';
import { landingPath, paths } from './paths';

/** Routes anyone may open without signing in. */
const PUBLIC_PATHS = new Set<string>([
  paths.home,
  paths.login,
  paths.create,
  paths.unauthorized,
  paths.orderBar,
  paths.teamCredit,
]);

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
    getSocket();
    const startPath = location.pathname;

    const finishSignedOut = () => {
      reset();
      setInitialised(true);
      if (!PUBLIC_PATHS.has(startPath)) {
        void navigate(paths.login, { replace: true, state: { from: `${startPath}${location.search}` } });
      }
    };

    const load = async () => {
      const [me, status] = await Promise.all([fetchMe(), fetchCafeStatus()]);
      queryClient.setQueryData(meQueryOptions().queryKey, me);
      queryClient.setQueryData(cafeStatusQueryOptions().queryKey, status);
      setUser({ login: true, id: me.id, sub: String(me.id), email: me.email, name: me.name, role: me.role, ...status });
      setInitialised(true);
      if (startPath === paths.home || startPath === paths.login) {
        void navigate(landingPath(me.role, status, 'startup'), { replace: true });
      }
    };

    const run = async () => {
      if (!tokenStorage.getAccess() && !tokenStorage.getRefresh()) {
        console.info('no token in storage');
        // Still learn the venue state, for the public menus and the themed navigation.
        fetchCafeStatus()
          .then((status) => {
            setShopStatus(status);
            queryClient.setQueryData(cafeStatusQueryOptions().queryKey, status);
          })
          .catch(() => console.error('Error fetching cafe status'));
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
        tokenStorage.clear();
        finishSignedOut();
      }
    };
    void run();
  }, [location.pathname, location.search, navigate, queryClient, reset, setInitialised, setShopStatus, setUser]);

  // Tokens that can no longer be refreshed: sign out locally.
  useEffect(
    () =>
      onSessionExpired(() => {
        tokenStorage.clear();
        useSession.setState({ user: DEFAULT_USER });
        queryClient.clear();
        void navigate(paths.login, { replace: true });
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
}
