import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { tokenStorage } from '@/lib/storage-keys';
import { meQueryOptions } from './me';
import { signOutLocally } from './session';

/** PUT /user/{id}/push/disable: mark the person INACTIVE before signing out. */
export const disablePush = (id: number) =>
  api(`/user/${encodeURIComponent(id)}/push/disable`, { method: 'PUT', body: { status: 'INACTIVE' } });

/** POST /auth/logout: the refresh token stops working on the server. */
export const revokeRefreshToken = (refreshToken: string) =>
  api('/auth/logout', { method: 'POST', body: { refreshToken } });

/**
 * Logout: mark the person INACTIVE (a failure is logged and logout goes on),
 * revoke the refresh token (best effort), clear everything local, go to /login.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  const logout = useCallback(async () => {
    setPending(true);
    const me = queryClient.getQueryData(meQueryOptions().queryKey);
    if (me) await disablePush(me.id).catch((error: unknown) => console.error('push disable failed', error));
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
