import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TO_MAKE_ORDER_STATUSES, type OrderStatus, type QueuedOrder } from '@cafe/shared';
import { baristaOrdersQueryOptions } from '@/features/barista/api/get-barista-orders';
import { dispatchLiveEvent } from '@/lib/live-dispatch';
import { createTestQueryClient } from '@/test/render';
import { NEW_BADGE_MS, useBoardLive } from './use-board-live';
import { CHIME_MUTED_KEY } from './use-chime';

/** A stand-in for the Web Audio API that records the notes played. */
class FakeAudioContext {
  static instances: FakeAudioContext[] = [];
  state: AudioContextState = 'running';
  currentTime = 0;
  destination = {};
  notes: number[] = [];
  constructor() {
    FakeAudioContext.instances.push(this);
  }
  resume = () => Promise.resolve();
  close = () => Promise.resolve();
  createGain() {
    return {
      gain: { setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() },
      connect: (target: unknown) => target,
    };
  }
  createOscillator() {
    const osc = {
      type: 'sine',
      frequency: { value: 0 },
      connect: (target: unknown) => target,
      start: () => this.notes.push(osc.frequency.value),
      stop: vi.fn(),
    };
    return osc;
  }
}

/** Today on the test clock, in the cafe's zone (Asia/Bangkok, the test settings). */
const TODAY = '2025-11-20';
const BOARD_QUERY = { status: TO_MAKE_ORDER_STATUSES, startDate: TODAY, endDate: '2025-11-21' };

/** An order of today, placed `minute` minutes after 09:00 cafe time. */
function orderAt(id: number, minute: number, status: OrderStatus = 'ordered'): QueuedOrder {
  const at = new Date(Date.UTC(2025, 10, 20, 2, minute)).toISOString();
  return {
    id,
    status,
    orderDate: at,
    updatedAt: at,
    type: 'hot',
    sweetness: 50,
    remark: '-',
    tumblerImage: '/api/images/cup.webp',
    rejectNote: '',
    menu: { id: 1, name: 'Latte', category: { id: 1, name: 'Coffee', categoryFor: 'cafe' } },
    user: { id: 1, name: 'Ann' },
    site: { id: 1, name: 'Head office' },
    queue_at: null,
    estimatedWaitMinutes: null,
  };
}

/** An `orders` event as it arrives on the socket (parsed at the edge, as in the app). */
function emitOrders(status: OrderStatus, id = 1, from: OrderStatus | null = status === 'ordered' ? null : 'ordered') {
  const { queue_at: _place, estimatedWaitMinutes: _wait, ...order } = orderAt(id, id, status);
  act(() =>
    dispatchLiveEvent('orders', {
      id,
      status,
      userId: 1,
      categoryFor: 'cafe',
      updatedAt: order.updatedAt,
      from,
      order,
    }),
  );
}

function setup() {
  const queryClient = createTestQueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useBoardLive(), { wrapper });
  return { ...hook, invalidate, queryClient };
}

let focused = true;
beforeEach(() => {
  FakeAudioContext.instances = [];
  vi.stubGlobal('AudioContext', FakeAudioContext);
  focused = true;
  vi.spyOn(document, 'hasFocus').mockImplementation(() => focused);
  document.title = 'Office Cafe';
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useBoardLive', () => {
  it('updates the board from the events alone: new orders in queue order, taken ones out of the line, no request', () => {
    vi.useFakeTimers({ now: new Date('2025-11-20T03:00:00.000Z'), toFake: ['Date'] });
    const { invalidate, queryClient } = setup();
    const key = baristaOrdersQueryOptions(BOARD_QUERY).queryKey;
    queryClient.setQueryData(key, [{ ...orderAt(2, 2), queue_at: 1, estimatedWaitMinutes: 3 }]);

    emitOrders('ordered', 1); // placed before order 2 (an earlier orderDate)
    emitOrders('ordered', 3);
    expect(queryClient.getQueryData(key)?.map((o) => [o.id, o.status, o.queue_at])).toEqual([
      [1, 'ordered', 1],
      [2, 'ordered', 2],
      [3, 'ordered', 3],
    ]);

    emitOrders('in-progress', 1);
    act(() =>
      dispatchLiveEvent('queue', {
        siteId: 1,
        categoryFor: 'cafe',
        day: TODAY,
        left: { id: 1, orderDate: orderAt(1, 1).orderDate },
        joined: null,
        wait: { secondsPerOrder: 120, inProgress: 1 },
      }),
    );
    expect(queryClient.getQueryData(key)?.map((o) => [o.id, o.status, o.queue_at, o.estimatedWaitMinutes])).toEqual([
      [1, 'in-progress', null, null],
      [2, 'ordered', 1, 4],
      [3, 'ordered', 2, 6],
    ]);

    emitOrders('done', 1, 'in-progress');
    emitOrders('picked', 1, 'done');
    expect(queryClient.getQueryData(key)?.map((o) => o.id)).toEqual([2, 3]);
    expect(invalidate).not.toHaveBeenCalled();
    vi.useRealTimers();
  });

  it('never sees a payload that does not match the contract', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { invalidate } = setup();
    act(() => dispatchLiveEvent('orders', { id: 'one', status: 'ordered' }));
    expect(invalidate).not.toHaveBeenCalled();
    expect(console.warn).toHaveBeenCalled();
  });

  it('chimes for a new order only after the first interaction, and not when muted', () => {
    const { result } = setup();
    emitOrders('ordered', 1);
    expect(FakeAudioContext.instances).toHaveLength(0); // no sound before a gesture

    act(() => void window.dispatchEvent(new Event('pointerdown')));
    emitOrders('ordered', 2);
    const context = FakeAudioContext.instances[0]!;
    expect(context.notes).toEqual([880, 1318.5]);

    act(() => result.current.chime.toggleMuted());
    expect(localStorage.getItem(CHIME_MUTED_KEY)).toBe('true');
    emitOrders('ordered', 3);
    expect(context.notes).toHaveLength(2);
    emitOrders('in-progress', 3);
    expect(context.notes).toHaveLength(2);
  });

  it('chimes when an order for later falls due and joins Waiting, not when it is placed for later', () => {
    vi.useFakeTimers({ now: new Date('2025-11-20T03:00:00.000Z'), toFake: ['Date'] });
    const { result, queryClient } = setup();
    const key = baristaOrdersQueryOptions(BOARD_QUERY).queryKey;
    queryClient.setQueryData(key, []);
    act(() => void window.dispatchEvent(new Event('pointerdown')));
    emitOrders('scheduled', 4, null);
    expect(FakeAudioContext.instances.flatMap((c) => c.notes)).toEqual([]);
    expect(queryClient.getQueryData(key)).toEqual([]);
    emitOrders('ordered', 4, 'scheduled');
    expect(FakeAudioContext.instances.flatMap((c) => c.notes)).toEqual([880, 1318.5]);
    expect(queryClient.getQueryData(key)?.map((o) => [o.id, o.status])).toEqual([[4, 'ordered']]);
    expect(result.current.newOrderIds.has(4)).toBe(true);
    vi.useRealTimers();
  });

  it('lets "New" go by itself three minutes after the order arrived, if nobody took it', () => {
    vi.useFakeTimers({ now: new Date('2025-11-20T03:00:00.000Z') });
    try {
      const { result } = setup();
      emitOrders('ordered', 1);
      act(() => void vi.advanceTimersByTime(60_000));
      emitOrders('ordered', 2);
      expect([...result.current.newOrderIds]).toEqual([1, 2]);
      act(() => void vi.advanceTimersByTime(NEW_BADGE_MS - 60_000));
      expect([...result.current.newOrderIds]).toEqual([2]);
      act(() => void vi.advanceTimersByTime(60_000));
      expect(result.current.newOrderIds.size).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('remembers the mute switch', () => {
    localStorage.setItem(CHIME_MUTED_KEY, 'true');
    const { result } = setup();
    expect(result.current.chime.muted).toBe(true);
  });

  it('counts unseen new orders in the tab title until the page is looked at again', () => {
    const { result, unmount } = setup();
    emitOrders('ordered', 1);
    expect(document.title).toBe('Office Cafe'); // seen at once
    expect(result.current.newOrderIds.has(1)).toBe(true);

    focused = false;
    emitOrders('ordered', 2);
    emitOrders('ordered', 3);
    expect(document.title).toBe('(2) New orders · Office Cafe');

    focused = true;
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(document.title).toBe('Office Cafe');

    focused = false;
    emitOrders('ordered', 4);
    unmount();
    expect(document.title).toBe('Office Cafe');
  });
});
