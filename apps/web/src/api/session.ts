import type { QueryClient } from '@tanstack/react-query';
import { forgetPersistedQueries } from '@/lib/query-persistence';
import { chooseStaffSite } from '@/lib/site-choice';
import { reconnectSocket } from '@/lib/socket';
import { tokenStorage } from '@/lib/storage-keys';
import { cafeStatusQueryOptions } from './cafe-status';
import { meQueryOptions } from './me';
import { settingsQueryOptions } from './settings';
import { sitesQueryOptions } from './sites';

/** Answers that are the same for everyone: a visitor's screens keep using them after a sign-out. */
const PUBLIC_QUERY_ROOTS: readonly unknown[] = [
  settingsQueryOptions().queryKey[0],
  sitesQueryOptions().queryKey[0],
  meQueryOptions().queryKey[0],
];

/**
 * The shop status is public but of one site: the person's home site while signed in, the default
 * (first) site for a visitor. It stays only when those are the same site; else a visitor would be
 * shown the previous person's site.
 */
function keepsShopStatus(queryClient: QueryClient): boolean {
  const homeSiteId = queryClient.getQueryData(meQueryOptions().queryKey)?.homeSiteId;
  if (homeSiteId == null) return true;
  return queryClient.getQueryData(sitesQueryOptions().queryKey)?.[0]?.id === homeSiteId;
}

/**
 * Forget the signed-in person on this device: nobody signed in, every personal answer dropped from
 * the cache (the public ones stay), live connection reopened without a token so it leaves the
 * personal rooms. Logout clears ALL local storage, every key; an expired session only drops the tokens
 * and keeps the device's own flags (favourite order, last tumbler photo).
 */
export function signOutLocally(queryClient: QueryClient, { clearAllStorage }: { clearAllStorage: boolean }): void {
  const kept = keepsShopStatus(queryClient)
    ? [...PUBLIC_QUERY_ROOTS, cafeStatusQueryOptions().queryKey[0]]
    : PUBLIC_QUERY_ROOTS;
  queryClient.removeQueries({ predicate: (query) => !kept.includes(query.queryKey[0]) });
  queryClient.setQueryData(meQueryOptions().queryKey, null);
  // The last-seen copy of the answers goes too (logout clears it with the rest of local storage).
  forgetPersistedQueries();
  if (clearAllStorage) {
    localStorage.clear();
    chooseStaffSite(null);
  } else tokenStorage.clear();
  reconnectSocket();
}
