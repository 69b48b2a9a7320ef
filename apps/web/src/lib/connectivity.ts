import { create } from 'zustand';
import { i18n } from '@/i18n';
import { useLiveStatus } from './live-listeners';

/*
 * Whether the app can reach the cafe right now, from two sources: the browser's own word
 * (navigator.onLine, with its online/offline events) and the live channel. Neither alone is enough:
 * a browser that says "online" may still have lost the server, and a live channel may not have
 * noticed yet that the network is gone.
 */

interface Connectivity {
  /** The browser has a network (navigator.onLine). */
  online: boolean;
  /** The live channel is connected. */
  live: boolean;
  /** The live channel has been connected at least once on this page. */
  liveSeen: boolean;
  /**
   * Since when (ms since the epoch) the app has been cut off: the browser offline, or the live
   * channel lost after it had been up. null while connected (or while the channel is first opening).
   */
  since: number | null;
}

const isCutOff = (state: Omit<Connectivity, 'since'>) => !state.online || (state.liveSeen && !state.live);

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

function initial(): Connectivity {
  const online = browserOnline();
  return { online, live: false, liveSeen: false, since: online ? null : Date.now() };
}

export const useConnectivity = create<Connectivity>(initial);

function update(patch: Partial<Omit<Connectivity, 'since'>>): void {
  useConnectivity.setState((state) => {
    const next = { ...state, ...patch };
    return { ...next, since: isCutOff(next) ? (state.since ?? Date.now()) : null };
  });
}

/** Tells the store what the browser says now (also what the online/offline events call). */
export function readBrowserOnline(): void {
  update({ online: browserOnline() });
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', readBrowserOnline);
  window.addEventListener('offline', readBrowserOnline);
}
useLiveStatus.subscribe(({ connected }) => {
  update({ live: connected, liveSeen: useConnectivity.getState().liveSeen || connected });
});

/** The browser has no network: what needs the server cannot be done (buttons say why). */
export function useOffline(): boolean {
  return useConnectivity((state) => !state.online);
}

/** Why an action that needs the server is disabled while the browser is offline, in the interface's language. */
export function offlineReason(): string {
  return i18n._('common.offline.reason');
}

/** For tests: back to what a fresh page would start with. */
export function resetConnectivity(): void {
  useConnectivity.setState(initial(), true);
}

/** "12 s", "1 min 20 s", "2 h 5 min": how long something has lasted, as a person says it. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return i18n._('shared.duration.seconds', { s: seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return i18n._('shared.duration.minutes', { m: minutes, s: seconds % 60 });
  return i18n._('shared.duration.hours', { h: Math.floor(minutes / 60), m: minutes % 60 });
}
