// Test-only: the browser's network going away and coming back, as navigator.onLine and its events say.
import { act } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetConnectivity } from '@/lib/connectivity';
import { useLiveStatus } from '@/lib/live-listeners';

function setOnLine(online: boolean): void {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
}

/** Takes the network away (false) or brings it back (true), with the event a browser fires. */
export function setBrowserOnline(online: boolean): void {
  setOnLine(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

/** The live channel connects (true) or drops (false). */
export function setLiveConnected(connected: boolean): void {
  act(() => {
    useLiveStatus.setState({ connected });
  });
}

/** Online, the live channel down, after each test (shared-graph.ts: in a shared module graph too). */
export function resetNetwork(): void {
  setOnLine(true);
  useLiveStatus.setState({ connected: false });
  resetConnectivity();
}
afterEach(resetNetwork);
