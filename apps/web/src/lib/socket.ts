import type { LiveEventName } from '@cafe/shared';
import { useEffect } from 'react';
import type { LiveSocket } from './live-connection';
import { connectListeners, listenersOf, readAllListeners, type LiveHandler } from './live-listeners';
import { ACCOUNT_PATHS } from './paths';
import { tokenStorage } from './storage-keys';

export { useLiveStatus } from './live-listeners';

let socket: LiveSocket | null = null;
let opening: Promise<LiveSocket> | null = null;

/**
 * Opens the one live-events connection of the app (once; later calls return the same one). The
 * Socket.IO client loads here (the schemas its payloads are parsed with, with the first event), not
 * with the first screen: the app calls this once that screen is on the page (app/root-route.tsx).
 */
export function openSocket(): Promise<LiveSocket> {
  opening ??= import('./live-connection').then(({ connectLiveChannel }) => {
    socket = connectLiveChannel();
    return socket;
  });
  return opening;
}

/** Whether this device holds a session. */
function hasSession(): boolean {
  return Boolean(tokenStorage.getAccess() ?? tokenStorage.getRefresh());
}

/**
 * The start-up's opening of the live connection (app/root-route.tsx), and again on each page a
 * visitor goes to: with a session, or on a page a live event changes (a visitor's cafe and bar
 * menus follow the shop status). A visitor's sign-in and registration pages, where nothing changes
 * with a live event, do not load the Socket.IO client for nobody; signing in opens it
 * (reconnectSocket).
 */
export function openSocketFor(pathname: string): void {
  if (hasSession() || !ACCOUNT_PATHS.includes(pathname)) void openSocket();
}

/**
 * Reconnect with the current token (after sign-in or sign-out), so the right rooms are joined. A
 * connection not opened yet is opened now if there is a session (a visitor who just signed in); it
 * reads the token when it connects.
 */
export function reconnectSocket(): void {
  if (!opening) {
    if (hasSession()) void openSocket();
    return;
  }
  void opening.then((s) => {
    s.disconnect();
    s.connect();
  });
}

/**
 * Subscribe to one live event of the contract while the component is mounted; `handler` gets the
 * payload already parsed (keep it stable with useCallback).
 */
export function useLiveEvent<E extends LiveEventName>(event: E, handler: LiveHandler<E>): void {
  useEffect(() => {
    const set = listenersOf(event);
    // A wrapper of its own, so two subscriptions of one function are two listeners.
    const listener: LiveHandler<E> = (payload) => handler(payload);
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }, [event, handler]);
}

/**
 * Run `handler` on every connect of the live channel after the screen mounted: catch up on what
 * changed while nothing was listening. That includes the first connect of a page: the channel
 * opens after the first screen has its data, and a change in between would otherwise be missed.
 */
export function useOnReconnect(handler: () => void): void {
  useListener(connectListeners, handler);
}

/**
 * Run `handler` when what the screen shows must be read again: the first connect after it
 * mounted, a connection that follows another site, or a gap too old for GET /live/missed
 * (lib/live-sequence.ts). A reconnect that caught up event by event does not call it: for a screen
 * kept current by its site's events alone (the barista board).
 */
export function useOnReadAll(handler: () => void): void {
  useListener(readAllListeners, handler);
}

/** Keeps `handler` among `listeners` while the screen is mounted (a wrapper of its own, as useLiveEvent). */
function useListener(listeners: Set<() => void>, handler: () => void): void {
  useEffect(() => {
    const listener = () => handler();
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [listeners, handler]);
}
