import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dispatchLiveEvent } from '@/lib/socket';
import { createTestQueryClient } from '@/test/render';
import { useBoardLive } from './use-board-live';
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

/** An `orders` event as it arrives on the socket (parsed at the edge, as in the app). */
function emitOrders(status: string, id = 1) {
  act(() =>
    dispatchLiveEvent('orders', {
      id,
      status,
      userId: 1,
      categoryFor: 'cafe',
      updatedAt: '2025-11-20T02:00:00.000Z',
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
  return { ...hook, invalidate };
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
  it('refetches on order events except pick-ups', () => {
    const { invalidate } = setup();
    emitOrders('in-progress');
    expect(invalidate).toHaveBeenCalledTimes(1);
    emitOrders('picked');
    expect(invalidate).toHaveBeenCalledTimes(1);
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
