import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { persistQueries } from '@/lib/query-persistence';
import { LAST_SEEN_STORAGE_KEY, STORAGE_KEYS, tokenStorage } from '@/lib/storage-keys';
import { signOutLocally } from './session';

afterEach(() => {
  vi.useRealTimers();
});

const myQueue = [{ id: 1, menu: { name: 'Latte' }, user: { name: 'Mali' } }];

function sessionWithLastSeen() {
  vi.useFakeTimers();
  tokenStorage.save('access', 'refresh');
  const client = new QueryClient();
  persistQueries(client);
  client.setQueryData(['orders', 'my-queue'], myQueue);
  vi.advanceTimersByTime(1000);
  expect(localStorage.getItem(LAST_SEEN_STORAGE_KEY)).toContain('Mali');
  return client;
}

describe('signOutLocally and the last-seen answers', () => {
  it('an expired session forgets them, keeping the device flags, and nothing personal is written again', () => {
    const client = sessionWithLastSeen();
    localStorage.setItem(STORAGE_KEYS.favOrder, '{}');
    signOutLocally(client, { clearAllStorage: false });
    expect(localStorage.getItem(LAST_SEEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.favOrder)).toBe('{}');
    vi.advanceTimersByTime(1000);
    expect(localStorage.getItem(LAST_SEEN_STORAGE_KEY) ?? '').not.toContain('Mali');
  });

  it('logout clears them with everything else', () => {
    const client = sessionWithLastSeen();
    signOutLocally(client, { clearAllStorage: true });
    vi.advanceTimersByTime(1000);
    expect(localStorage.length).toBe(0);
  });
});

describe("signOutLocally and the previous person's site", () => {
  const sites = [{ id: 1 }, { id: 2 }];
  const status = { isCafeOpen: false, isBarOpen: false };

  function signedInAt(homeSiteId: number | null) {
    const client = new QueryClient();
    client.setQueryData(['sites'], sites);
    client.setQueryData(['me'], { id: 7, email: 'a@example.com', name: 'A', role: 'user', homeSiteId });
    client.setQueryData(['cafe-status'], status);
    return client;
  }

  it('drops the shop status of a site other than the one a visitor follows (the first)', () => {
    const client = signedInAt(2);
    signOutLocally(client, { clearAllStorage: true });
    expect(client.getQueryData(['cafe-status'])).toBeUndefined();
    expect(client.getQueryData(['sites'])).toEqual(sites);
  });

  it('keeps it when the person followed the first site, or had chosen none', () => {
    for (const homeSiteId of [1, null]) {
      const client = signedInAt(homeSiteId);
      signOutLocally(client, { clearAllStorage: true });
      expect(client.getQueryData(['cafe-status'])).toEqual(status);
    }
  });
});
