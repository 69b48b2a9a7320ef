import {
  LIVE_EVENT_SCHEMAS,
  type ClientToServerEvents,
  type LiveEventName,
  type LiveEventPayload,
  type ServerToClientEvents,
} from '@cafe/shared';
import { useEffect } from 'react';
import type { Socket } from 'socket.io-client';
import type { z } from 'zod';
import { create } from 'zustand';
import { tokenStorage } from './storage-keys';

/** Live connection state, for the live/disconnected indicator. */
export const useLiveStatus = create<{ connected: boolean }>(() => ({ connected: false }));

type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type LiveHandler<E extends LiveEventName> = (payload: LiveEventPayload<E>) => void;

/**
 * The contract's schemas, seen per event: indexing this map with an event name gives the schema of
 * that very event (TypeScript cannot follow that through the `as const` object itself).
 */
const SCHEMAS: { [E in LiveEventName]: z.ZodType<LiveEventPayload<E>> } = LIVE_EVENT_SCHEMAS;

/**
 * Listeners are kept here, not on the socket, so screens can subscribe before the Socket.IO client
 * has loaded: the client library is fetched after the first screen (it is not in the entry chunk).
 * One set per event of the contract; a new event in packages/shared must get its set here.
 */
const listeners: { [E in LiveEventName]: Set<LiveHandler<E>> } = {
  orders: new Set(),
  'cafe-status': new Set(),
  menu: new Set(),
  'session-changed': new Set(),
};
const connectListeners = new Set<() => void>();

let socket: LiveSocket | null = null;
let opening: Promise<LiveSocket> | null = null;

function isLiveEventName(event: string): event is LiveEventName {
  return Object.hasOwn(LIVE_EVENT_SCHEMAS, event);
}

/** The edge of the live channel: a payload is parsed once, here; one that does not fit is dropped. */
export function dispatchLiveEvent<E extends LiveEventName>(event: E, payload: unknown): void {
  const parsed = SCHEMAS[event].safeParse(payload);
  if (!parsed.success) {
    console.warn(`live event "${event}" dropped: its payload does not match the contract`, parsed.error.issues);
    return;
  }
  for (const listener of [...listeners[event]]) listener(parsed.data);
}

/** Opens the one live-events connection of the app (once; later calls return the same one). */
export function openSocket(): Promise<LiveSocket> {
  opening ??= import('socket.io-client').then(({ io }) => {
    const s: LiveSocket = io({
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
      if (isLiveEventName(event)) dispatchLiveEvent(event, payload);
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

/**
 * Subscribe to one live event of the contract while the component is mounted; `handler` gets the
 * payload already parsed (keep it stable with useCallback).
 */
export function useLiveEvent<E extends LiveEventName>(event: E, handler: LiveHandler<E>): void {
  useEffect(() => {
    const set: Set<LiveHandler<E>> = listeners[event];
    // A wrapper of its own, so two subscriptions of one function are two listeners.
    const listener: LiveHandler<E> = (payload) => handler(payload);
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
