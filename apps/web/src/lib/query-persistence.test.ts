import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetPersistedQueries, persistQueries, restoreQueries } from './query-persistence';
import { LAST_SEEN_STORAGE_KEY, tokenStorage } from './storage-keys';

beforeEach(() => {
  tokenStorage.save('access', 'refresh');
});

afterEach(() => {
  vi.useRealTimers();
});

const myQueue = [{ id: 1, menu: { name: 'Latte' }, user: { name: 'Mali' } }];

describe('last-seen answers', () => {
  it('are kept a second after a change and read back into an empty cache', () => {
    vi.useFakeTimers();
    const seen = new QueryClient();
    const stop = persistQueries(seen);
    seen.setQueryData(['orders', 'my-queue'], myQueue);
    expect(localStorage.getItem(LAST_SEEN_STORAGE_KEY)).toBeNull();
    vi.advanceTimersByTime(1000);
    expect(localStorage.getItem(LAST_SEEN_STORAGE_KEY)).toContain('Latte');
    stop();

    const reopened = new QueryClient();
    expect(restoreQueries(reopened)).toBe(true);
    expect(reopened.getQueryData(['orders', 'my-queue'])).toEqual(myQueue);
  });

  it('older than a day are not used', () => {
    vi.useFakeTimers({ now: new Date('2026-11-20T03:00:00Z') });
    const seen = new QueryClient();
    persistQueries(seen);
    seen.setQueryData(['orders', 'my-queue'], myQueue);
    vi.advanceTimersByTime(1000);
    vi.setSystemTime(new Date('2026-11-21T04:00:00Z'));
    const reopened = new QueryClient();
    expect(restoreQueries(reopened)).toBe(false);
    expect(reopened.getQueryData(['orders', 'my-queue'])).toBeUndefined();
    expect(localStorage.getItem(LAST_SEEN_STORAGE_KEY)).toBeNull();
  });

  it('are forgotten on request', () => {
    vi.useFakeTimers();
    const seen = new QueryClient();
    persistQueries(seen);
    seen.setQueryData(['orders', 'my-queue'], myQueue);
    vi.advanceTimersByTime(1000);
    forgetPersistedQueries();
    expect(localStorage.getItem(LAST_SEEN_STORAGE_KEY)).toBeNull();
  });

  it('are not written without a session, as by a tab still open after a sign-out elsewhere', () => {
    vi.useFakeTimers();
    const stale = new QueryClient();
    persistQueries(stale);
    tokenStorage.clear();
    stale.setQueryData(['orders', 'my-queue'], myQueue);
    vi.advanceTimersByTime(1000);
    expect(localStorage.getItem(LAST_SEEN_STORAGE_KEY)).toBeNull();
  });

  it("keep no other person's account, no audit entry, no session list and not what the person cannot drink", () => {
    vi.useFakeTimers();
    const seen = new QueryClient();
    const stop = persistQueries(seen);
    seen.setQueryData(['orders', 'my-queue'], myQueue);
    seen.setQueryData(['users', 'list'], [{ id: 2, email: 'somchai@example.com' }]);
    seen.setQueryData(['user-search', 'som'], [{ id: 2, email: 'somchai@example.com' }]);
    seen.setQueryData(['audit', {}], [{ action: 'user.role', actor: 'admin@example.com' }]);
    seen.setQueryData(['me'], { id: 7, name: 'Mali', avoids: ['dairy'], avoidsAwaitingConsent: ['nuts'] });
    seen.setQueryData(['auth', 'sessions'], [{ id: 3, device: 'Firefox on Linux' }]);
    vi.advanceTimersByTime(1000);
    const kept = localStorage.getItem(LAST_SEEN_STORAGE_KEY) ?? '';
    expect(kept).toContain('Latte');
    for (const secret of ['somchai@example.com', 'admin@example.com', 'dairy', 'nuts', 'Firefox on Linux'])
      expect(kept).not.toContain(secret);
    stop();

    const reopened = new QueryClient();
    expect(restoreQueries(reopened)).toBe(true);
    expect(reopened.getQueryData(['me'])).toEqual({ id: 7, name: 'Mali' });
    expect(reopened.getQueryData(['users', 'list'])).toBeUndefined();
  });
});
