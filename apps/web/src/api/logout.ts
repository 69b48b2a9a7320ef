import { api } from '../lib/api-client';

/** PUT /user/{id}/push/disable: mark the person INACTIVE before signing out. */
export const disablePush = (id: number) =>
  api(`/user/${encodeURIComponent(id)}/push/disable`, { method: 'PUT', body: { status: 'INACTIVE' } });

/** POST /auth/logout: the refresh token stops working on the server. */
export const revokeRefreshToken = (refreshToken: string) =>
  api('/auth/logout', { method: 'POST', body: { refreshToken } });
