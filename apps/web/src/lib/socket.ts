import { useEffect } from 'react';
import type { Socket } from 'socket.io-client';
import { create } from 'zustand';
import { tokenStorage } from './storage-keys';

/** Live connection state, for the live/disconnected indicator. */
export const useLiveStatus = create<{ connected: boolean }>(() => ({ connected: false }));

type Listener = (payload: unknown) => void;

/**
 * Listeners are kept here, not on the socket, so screens can subscribe before the Socket.IO client
 * has loaded: the client library is fetched after the first screen (it is not in the entry chunk).
 */
const eventListeners = new Map<string, Set<Listener>>();
const connectListeners = new Set<() => void>();

let socket: Socket | null = null;
let opening: Promise<Socket> | null = null;

/** Opens the one live-events connection of the app (once; later calls return the same one). */
export function openSocket(): Promise<Socket> {
  opening ??= import('socket.io-client').then(({ io }) => {
    const s = io({
      path: '/api/socket.io',
      transports: ['websocket', 'polling'],
      // Read the token at each (re)connect so a refreshed token is used.
      auth: (cb) => cb({ token: tokenStorage.getAccess() ?? undefined }),
    });
    s.on('connect', () => {
      useLiveStatus.setState({ connected: true });
      for (const listener of [...connectListeners]) listener();
    });
    s.on('disconnect', (reason) => {
      useLiveStatus.setState({ connected: false });
      // The server closes a connection when the person's role changes; come back with the new rooms.
      if (reason === 'io server disconnect') setTimeout(() => s.connect(), 300);
    });
    s.onAny((event: string, payload: unknown) => {
      for (const listener of [...(eventListeners.get(event) ?? [])]) listener(payload);
    });
    socket = s;
    return s;
  });
  return opening;
}

/** Reconnect with the current token (after sign-in or sign-out), so the right rooms are joined. */
export function reconnectSocket(): void {
  void openSocket().then((s) => {
    s.disconnect();
    s.connect();
  });
}

/** Subscribe to a live event while the component is mounted (keep `handler` stable with useCallback). */
export function useLiveEvent<T>(event: string, handler: (payload: T) => void): void {
  useEffect(() => {
    const listener: Listener = (payload) => handler(payload as T);
    let set = eventListeners.get(event);
    if (!set) {
      set = new Set();
      eventListeners.set(event, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }, [event, handler]);
}

/** Run `handler` on every reconnect (not the first connect): catch up on what was missed. */
export function useOnReconnect(handler: () => void): void {
  useEffect(() => {
    let first = !socket?.connected;
    const listener = () => {
      if (first) {
        first = false;
        return;
      }
      handler();
    };
    connectListeners.add(listener);
    return () => {
      connectListeners.delete(listener);
    };
  }, [handler]);
}
