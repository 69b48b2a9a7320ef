import { afterEach, describe, expect, it, vi } from 'vitest';
import { setBrowserOnline, setLiveConnected } from '@/test/network';
import { formatDuration, useConnectivity } from './connectivity';

afterEach(() => {
  vi.useRealTimers();
});

describe('formatDuration', () => {
  it('says seconds, then minutes and seconds, then hours and minutes', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(59_999)).toBe('59 s');
    expect(formatDuration(80_000)).toBe('1 min 20 s');
    expect(formatDuration(3_600_000 + 5 * 60_000 + 7_000)).toBe('1 h 5 min');
    expect(formatDuration(-5)).toBe('0 s');
  });
});

describe('useConnectivity', () => {
  it('is not cut off while the live channel is first opening', () => {
    expect(useConnectivity.getState()).toMatchObject({ online: true, live: false, since: null });
  });

  it('counts from the moment the browser goes offline until the live channel is back', () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T03:00:00Z'), toFake: ['Date'] });
    setLiveConnected(true);
    expect(useConnectivity.getState().since).toBeNull();

    setBrowserOnline(false);
    const since = Date.now();
    expect(useConnectivity.getState()).toMatchObject({ online: false, since });

    // The socket noticing later does not move the start.
    vi.setSystemTime(since + 5000);
    setLiveConnected(false);
    expect(useConnectivity.getState().since).toBe(since);

    // The network is back but the live channel is not yet: still cut off.
    setBrowserOnline(true);
    expect(useConnectivity.getState()).toMatchObject({ online: true, since });

    setLiveConnected(true);
    expect(useConnectivity.getState().since).toBeNull();
  });

  it('counts a live channel lost while the browser stays online', () => {
    setLiveConnected(true);
    setLiveConnected(false);
    expect(useConnectivity.getState()).toMatchObject({ online: true, live: false, liveSeen: true });
    expect(useConnectivity.getState().since).not.toBeNull();
  });
});
