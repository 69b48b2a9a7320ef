import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { disablePush, revokeRefreshToken } from '../api/logout';
import { tokenStorage } from '../lib/storage-keys';
import { useSession } from '../stores/session';
import { paths } from './paths';
import { signOutLocally } from './sign-out';

/**
 * Logout of SPEC section 4: mark the person INACTIVE (a failure is logged and logout goes on),
 * revoke the refresh token (best effort), clear everything local, go to /login.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  const logout = useCallback(async () => {
    setPending(true);
    const { id } = useSession.getState().user;
    if (id !== null) {
      await disablePush(id).catch((error: unknown) => console.error('push disable failed', error));
    }
    // Read after the call above, which may have rotated the tokens.
    const refreshToken = tokenStorage.getRefresh();
    if (refreshToken) {
      await revokeRefreshToken(refreshToken).catch((error: unknown) => console.error('logout call failed', error));
    }
    signOutLocally(queryClient, { clearAllStorage: true });
    setPending(false);
    await navigate(paths.login, { replace: true });
  }, [navigate, queryClient]);

  return { logout, pending };
}
