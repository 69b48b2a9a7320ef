import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeOrder } from '@/features/barista/test/fixtures';
import { useLiveStatus } from '@/lib/live-listeners';
import { mockApi } from '@/test/fake-api';
import { createTestQueryClient } from '@/test/render';
import { WAITING } from '@/test/waits';
import { useBaristaOrders } from './get-barista-orders';
import { useUpdateBaristaOrder } from './update-barista-order';

/** The board's list and a Do tap on it. */
function setup() {
  const waiting = makeOrder({ id: 5 });
  const { calls } = mockApi((call) => {
    if (call.method === 'GET' && call.path === '/order') return { body: [waiting] };
    if (call.method === 'PATCH' && call.path === '/order/barista/5')
      return { body: { ...waiting, status: 'in-progress' } };
    return undefined;
  });
  const reads = () => calls.filter((c) => c.method === 'GET' && c.path === '/order').length;
  const queryClient = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(
    () => ({ board: useBaristaOrders({ status: ['ordered', 'in-progress'] }), tap: useUpdateBaristaOrder() }),
    { wrapper },
  );
  return { result, reads };
}

describe('useUpdateBaristaOrder', () => {
  afterEach(() => useLiveStatus.setState({ connected: false }));

  it("reads the board after a tap only while the live channel is down (else the tap's event brings the change)", async () => {
    const { result, reads } = setup();
    await vi.waitFor(() => expect(result.current.board.status).toBe('success'), WAITING);
    expect(reads()).toBe(1);

    act(() => useLiveStatus.setState({ connected: true }));
    await act(async () => {
      await result.current.tap.mutateAsync({ id: 5, status: 'in-progress' });
    });
    expect(reads()).toBe(1);

    act(() => useLiveStatus.setState({ connected: false }));
    await act(async () => {
      await result.current.tap.mutateAsync({ id: 5, status: 'in-progress' });
    });
    await vi.waitFor(() => expect(reads()).toBe(2), WAITING);
  });
});
