import { dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { LAST_SEEN_STORAGE_KEY, tokenStorage } from '@/lib/storage-keys';

/*
 * Last-seen data for a bad connection (docs/decisions/0024-bad-connection.md): the answers the
 * screens have shown are written to local storage as TanStack Query's own dehydrated state, and
 * read back into the cache when the app opens without a network. Local storage is what sign-out
 * clears (logout clears all of it; an expired session removes this key too), so no
 * answer with personal data outlives the session. The service worker never keeps API answers.
 */

/** Older than this, what was seen is no help: the day's orders have moved on. */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Writes are gathered: a board that changes every second writes once a second at most. */
const WRITE_DELAY_MS = 1000;
/** Well under the few megabytes a browser gives an origin's local storage. */
const MAX_BYTES = 1_000_000;

/**
 * Answers never written to the device (docs/security/data-classification.md): other people's
 * accounts and e-mail addresses, the audit log, a person's sessions and second factors. They are
 * no help offline, and a shared tablet or a lost phone must not hold them.
 */
const NEVER_KEPT = new Set(['users', 'user-search', 'audit', 'auth', 'sessions', 'second-factor', 'security']);

/** The person's own profile is kept (offline start knows who is signed in) without what they cannot drink. */
function withoutHealthData(state: ReturnType<typeof dehydrate>): ReturnType<typeof dehydrate> {
  return {
    ...state,
    queries: state.queries.map((query) => {
      const data = query.state.data;
      if (query.queryKey[0] !== 'me' || data === null || typeof data !== 'object') return query;
      const { avoids: _avoids, avoidsAwaitingConsent: _awaiting, ...rest } = data as Record<string, unknown>;
      return { ...query, state: { ...query.state, data: rest } };
    }),
  };
}

interface Saved {
  savedAt: number;
  state: ReturnType<typeof dehydrate>;
}

function save(client: QueryClient): void {
  try {
    // Only for a session: after a sign-out (here or in another tab, which clears the tokens) a
    // page still holding someone's answers must not write them back.
    if (!tokenStorage.getAccess() && !tokenStorage.getRefresh()) {
      localStorage.removeItem(LAST_SEEN_STORAGE_KEY);
      return;
    }
    const state = withoutHealthData(
      dehydrate(client, {
        shouldDehydrateQuery: (query) =>
          query.state.status === 'success' &&
          query.state.data !== undefined &&
          !NEVER_KEPT.has(String(query.queryKey[0])),
        shouldDehydrateMutation: () => false,
      }),
    );
    const text = JSON.stringify({ savedAt: Date.now(), state } satisfies Saved);
    if (text.length > MAX_BYTES) localStorage.removeItem(LAST_SEEN_STORAGE_KEY);
    else localStorage.setItem(LAST_SEEN_STORAGE_KEY, text);
  } catch (error) {
    // Full or refused storage only costs the offline copy.
    console.warn('last-seen data not kept', error);
  }
}

/** Keeps the cache's answers in local storage as they change (a second later, and when the page is hidden). */
export function persistQueries(client: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    save(client);
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' && event.type !== 'removed') return;
    timer ??= setTimeout(flush, WRITE_DELAY_MS);
  });
  const handleHide = () => {
    if (timer !== undefined) flush();
  };
  window.addEventListener('pagehide', handleHide);
  return () => {
    unsubscribe();
    clearTimeout(timer);
    window.removeEventListener('pagehide', handleHide);
  };
}

/**
 * Puts the last-seen answers back into the cache (those it does not already hold newer). Gives
 * whether there was anything to put back.
 */
export function restoreQueries(client: QueryClient): boolean {
  try {
    const text = localStorage.getItem(LAST_SEEN_STORAGE_KEY);
    if (!text) return false;
    const saved = JSON.parse(text) as Saved;
    if (Date.now() - saved.savedAt > MAX_AGE_MS) {
      localStorage.removeItem(LAST_SEEN_STORAGE_KEY);
      return false;
    }
    hydrate(client, saved.state);
    return true;
  } catch (error) {
    console.warn('last-seen data not read', error);
    return false;
  }
}

/** Sign-out: the copy goes with the session. */
export function forgetPersistedQueries(): void {
  localStorage.removeItem(LAST_SEEN_STORAGE_KEY);
}
