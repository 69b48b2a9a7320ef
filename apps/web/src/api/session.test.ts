import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { persistQueries } from '@/lib/query-persistence';
import { LAST_SEEN_STORAGE_KEY, STORAGE_KEYS, tokenStorage } from '@/lib/storage-keys';
import { signOutLocally } from './session';

vi.mock('@/lib/socket', () => ({ reconnectSocket: vi.fn() }));

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
