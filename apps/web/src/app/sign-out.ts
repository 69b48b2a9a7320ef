import type { QueryClient } from '@tanstack/react-query';
import { cafeStatusQueryOptions } from '../api/cafe-status';
import { reconnectSocket } from '../lib/socket';
import { tokenStorage } from '../lib/storage-keys';
import { DEFAULT_USER, useSession } from '../stores/session';

/**
 * Forget the signed-in person on this device: default session user (keeping the venue state the
 * navigation shows), empty query cache, live connection reopened without a token so it leaves the
 * personal rooms. Logout clears ALL local storage (SPEC); an expired session only drops the tokens
 * and keeps the device's own flags (favourite order, last tumbler photo).
 */
export function signOutLocally(queryClient: QueryClient, { clearAllStorage }: { clearAllStorage: boolean }): void {
  const { isBarOpen, isCafeOpen } = useSession.getState().user;
  const status = queryClient.getQueryData(cafeStatusQueryOptions().queryKey);
  useSession.setState({ user: { ...DEFAULT_USER, isBarOpen, isCafeOpen } });
  queryClient.clear();
  if (status) queryClient.setQueryData(cafeStatusQueryOptions().queryKey, status);
  // After the store update, which the persist middleware writes to storage synchronously.
  if (clearAllStorage) localStorage.clear();
  else tokenStorage.clear();
  reconnectSocket();
}
