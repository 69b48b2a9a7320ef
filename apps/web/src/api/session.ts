import type { QueryClient } from '@tanstack/react-query';
import { forgetPersistedQueries } from '@/lib/query-persistence';
import { chooseStaffSite } from '@/lib/site-choice';
import { reconnectSocket } from '@/lib/socket';
import { tokenStorage } from '@/lib/storage-keys';
import { cafeStatusQueryOptions } from './cafe-status';
import { meQueryOptions } from './me';
import { settingsQueryOptions } from './settings';

/** Answers that are the same for everyone: a visitor's screens keep using them after a sign-out. */
const PUBLIC_QUERY_ROOTS: readonly unknown[] = [
  settingsQueryOptions().queryKey[0],
  cafeStatusQueryOptions().queryKey[0],
  meQueryOptions().queryKey[0],
];

/**
 * Forget the signed-in person on this device: nobody signed in, every personal answer dropped from
 * the cache (the public ones stay), live connection reopened without a token so it leaves the
 * personal rooms. Logout clears ALL local storage (SPEC); an expired session only drops the tokens
 * and keeps the device's own flags (favourite order, last tumbler photo).
 */
export function signOutLocally(queryClient: QueryClient, { clearAllStorage }: { clearAllStorage: boolean }): void {
  queryClient.removeQueries({ predicate: (query) => !PUBLIC_QUERY_ROOTS.includes(query.queryKey[0]) });
  queryClient.setQueryData(meQueryOptions().queryKey, null);
  // The last-seen copy of the answers goes too (logout clears it with the rest of local storage).
  forgetPersistedQueries();
  if (clearAllStorage) {
    localStorage.clear();
    chooseStaffSite(null);
  } else tokenStorage.clear();
  reconnectSocket();
}
