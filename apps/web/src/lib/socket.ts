import { useEffect } from 'react';
import { io, type Socket } from 'socket.io-client';
import { create } from 'zustand';
import { tokenStorage } from './storage-keys';

/** Live connection state, for the live/disconnected indicator. */
export const useLiveStatus = create<{ connected: boolean }>(() => ({ connected: false }));

let socket: Socket | null = null;

/** The one live-events connection of the app, opened at start-up. */
export function getSocket(): Socket {
  if (!socket) {
    socket = io({
      path: '/api/socket.io',
      transports: ['websocket', 'polling'],
      // Read the token at each (re)connect so a refreshed token is used.
      auth: (cb) => cb({ token: tokenStorage.getAccess() ?? undefined }),
    });
    socket.on('connect', () => useLiveStatus.setState({ connected: true }));
    socket.on('disconnect', () => useLiveStatus.setState({ connected: false }));
  }
  return socket;
}

/** Reconnect with the current token (after sign-in or sign-out), so the right rooms are joined. */
export function reconnectSocket(): void {
  const s = getSocket();
  s.disconnect();
  s.connect();
}

/** Subscribe to a live event while the component is mounted. */
export function useLiveEvent<T>(event: string, handler: (payload: T) => void): void {
  useEffect(() => {
    const s = getSocket();
    const listener = (payload: T) => handler(payload);
    s.on(event, listener);
    return () => {
      s.off(event, listener);
    };
  }, [event, handler]);
}

/** Run `handler` on every reconnect (not the first connect): catch up on what was missed. */
export function useOnReconnect(handler: () => void): void {
  useEffect(() => {
    const s = getSocket();
    let first = !s.connected;
    const listener = () => {
      if (first) {
        first = false;
        return;
      }
      handler();
    };
    s.on('connect', listener);
    return () => {
      s.off('connect', listener);
    };
  }, [handler]);
}
