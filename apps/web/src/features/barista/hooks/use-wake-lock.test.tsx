import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useWakeLock } from './use-wake-lock';

/** A screen wake lock as the browser hands it out: let go by release(), or by the browser when the page hides. */
class FakeSentinel extends EventTarget {
  readonly type = 'screen';
  released = false;
  release = vi.fn(() => {
    this.letGo();
    return Promise.resolve();
  });
  /** What the browser does on its own when the page is hidden. */
  letGo() {
    if (this.released) return;
    this.released = true;
    this.dispatchEvent(new Event('release'));
  }
}

/** navigator.wakeLock of a browser that has the API; `refuse` makes it say no (e.g. battery saver). */
function installWakeLock({ refuse = false } = {}) {
  const sentinels: FakeSentinel[] = [];
  const request = vi.fn((type: string) => {
    if (type !== 'screen') return Promise.reject(new TypeError('unknown type'));
    if (refuse) return Promise.reject(new DOMException('Battery saver is on', 'NotAllowedError'));
    const sentinel = new FakeSentinel();
    sentinels.push(sentinel);
    return Promise.resolve(sentinel);
  });
  Object.defineProperty(navigator, 'wakeLock', { configurable: true, value: { request } });
  return { request, sentinels };
}

let visibility: DocumentVisibilityState = 'visible';

/** The page hidden (another tab, the power button) or shown again; hiding lets go of every lock, as browsers do. */
function setVisibility(next: DocumentVisibilityState, sentinels: FakeSentinel[] = []) {
  visibility = next;
  act(() => {
    if (next === 'hidden') for (const sentinel of sentinels) sentinel.letGo();
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

beforeEach(() => {
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'wakeLock');
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('useWakeLock', () => {
  it('keeps the screen awake while mounted, and lets go on unmount', async () => {
    const { request, sentinels } = installWakeLock();
    const { result, unmount } = renderHook(() => useWakeLock());

    await waitFor(() => expect(result.current).toBe('active'));
    expect(request).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledWith('screen');

    unmount();
    expect(sentinels[0]!.release).toHaveBeenCalledTimes(1);
    expect(sentinels[0]!.released).toBe(true);

    // Gone from the page: showing it again asks for nothing.
    setVisibility('hidden');
    setVisibility('visible');
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('asks again each time the page becomes visible after the browser let go', async () => {
    const { request, sentinels } = installWakeLock();
    const { result } = renderHook(() => useWakeLock());
    await waitFor(() => expect(result.current).toBe('active'));

    setVisibility('hidden', sentinels);
    expect(result.current).toBe('released');
    expect(request).toHaveBeenCalledTimes(1); // not while hidden

    setVisibility('visible', sentinels);
    await waitFor(() => expect(result.current).toBe('active'));
    expect(request).toHaveBeenCalledTimes(2);
    expect(sentinels[1]!.released).toBe(false);

    setVisibility('hidden', sentinels);
    setVisibility('visible', sentinels);
    await waitFor(() => expect(request).toHaveBeenCalledTimes(3));
    await waitFor(() => expect(result.current).toBe('active'));
  });

  it('does not ask twice while it still holds the lock', async () => {
    const { request } = installWakeLock();
    const { result } = renderHook(() => useWakeLock());
    await waitFor(() => expect(result.current).toBe('active'));
    // A visibilitychange without the lock being let go (e.g. the page was only partly covered).
    setVisibility('visible');
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('waits for the page to be visible before asking', async () => {
    visibility = 'hidden';
    const { request, sentinels } = installWakeLock();
    const { result } = renderHook(() => useWakeLock());
    expect(request).not.toHaveBeenCalled();
    expect(result.current).toBe('released');

    setVisibility('visible', sentinels);
    await waitFor(() => expect(result.current).toBe('active'));
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('lets go of a lock that arrives after unmount', async () => {
    let grant: (sentinel: FakeSentinel) => void = () => undefined;
    const request = vi.fn(
      () =>
        new Promise<FakeSentinel>((resolve) => {
          grant = resolve;
        }),
    );
    Object.defineProperty(navigator, 'wakeLock', { configurable: true, value: { request } });
    const { unmount } = renderHook(() => useWakeLock());
    expect(request).toHaveBeenCalledTimes(1);

    unmount();
    const late = new FakeSentinel();
    await act(async () => {
      grant(late);
      await Promise.resolve();
    });
    expect(late.release).toHaveBeenCalled();
    expect(late.released).toBe(true);
  });

  it('says so when the browser refuses, without an error', async () => {
    const { request } = installWakeLock({ refuse: true });
    const { result } = renderHook(() => useWakeLock());
    await waitFor(() => expect(result.current).toBe('failed'));
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('does nothing where the API is missing', () => {
    expect('wakeLock' in navigator).toBe(false);
    const { result, unmount } = renderHook(() => useWakeLock());
    expect(result.current).toBe('unsupported');
    setVisibility('hidden');
    setVisibility('visible');
    expect(result.current).toBe('unsupported');
    expect(() => unmount()).not.toThrow();
  });

  it('asks for nothing while turned off', async () => {
    const { request, sentinels } = installWakeLock();
    const { result, rerender } = renderHook(({ enabled }) => useWakeLock(enabled), {
      initialProps: { enabled: false },
    });
    setVisibility('visible');
    expect(request).not.toHaveBeenCalled();

    rerender({ enabled: true });
    await waitFor(() => expect(result.current).toBe('active'));
    rerender({ enabled: false });
    expect(sentinels[0]!.released).toBe(true);
    expect(result.current).toBe('released');
  });
});
