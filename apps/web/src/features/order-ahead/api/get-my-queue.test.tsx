import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLiveStatus } from '@/lib/live-listeners';
import { mockApi } from '@/test/fake-api';
import { createTestQueryClient } from '@/test/render';
import { WAITING } from '@/test/waits';
import { MY_QUEUE_POLL_MS, useMyQueue } from './get-my-queue';

describe('useMyQueue', () => {
  afterEach(() => {
    vi.useRealTimers();
    useLiveStatus.setState({ connected: false });
  });

  it('reads My orders on a timer only while the live channel is down', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { calls } = mockApi({ 'GET /order/my-queue': [] });
    const reads = () => calls.filter((c) => c.path === '/order/my-queue').length;
    const queryClient = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useMyQueue(), { wrapper });
    await vi.waitFor(() => expect(result.current.status).toBe('success'), WAITING);
    expect(reads()).toBe(1);

    // The channel is down: the fallback reads every 30 s.
    await act(async () => vi.advanceTimersByTimeAsync(MY_QUEUE_POLL_MS));
    await vi.waitFor(() => expect(reads()).toBe(2), WAITING);

    // The channel is up: its events keep the list true, and nothing is read on a timer.
    act(() => useLiveStatus.setState({ connected: true }));
    await act(async () => vi.advanceTimersByTimeAsync(MY_QUEUE_POLL_MS * 4));
    expect(reads()).toBe(2);

    // Down again: the fallback is back.
    act(() => useLiveStatus.setState({ connected: false }));
    await act(async () => vi.advanceTimersByTimeAsync(MY_QUEUE_POLL_MS));
    await vi.waitFor(() => expect(reads()).toBe(3), WAITING);
  });
});
