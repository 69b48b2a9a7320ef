import type { LiveEventName, LiveEventPayload } from '@cafe/shared';
import { create } from 'zustand';

/** Live connection state, for the live/disconnected indicator. */
export const useLiveStatus = create<{ connected: boolean }>(() => ({ connected: false }));

export type LiveHandler<E extends LiveEventName> = (payload: LiveEventPayload<E>) => void;

/**
 * Who listens to which live event. Kept apart from the connection (live-connection.ts) so screens
 * can subscribe before the Socket.IO client and the contract's schemas have loaded: those load
 * after the first screen. The events themselves are listed once, in the contract
 * (LIVE_EVENT_SCHEMAS in packages/shared); a set is made here when a screen first listens.
 */
// Each set holds handlers of its own event only; listenersOf is the one way in.
const liveListeners = new Map<LiveEventName, Set<LiveHandler<never>>>();

/** The listeners of one event (made on first use). */
export function listenersOf<E extends LiveEventName>(event: E): Set<LiveHandler<E>> {
  let set = liveListeners.get(event);
  if (!set) {
    set = new Set();
    liveListeners.set(event, set);
  }
  return set;
}

/** Called on every connect of the live channel (the first one included). */
export const connectListeners = new Set<() => void>();

/**
 * Called when the screens must read what they show again: the first connect, another site, or a
 * gap the server can no longer fill (live-sequence.ts). A reconnect that could catch up with
 * GET /live/missed does not call them.
 */
export const readAllListeners = new Set<() => void>();

/** Hands a payload already parsed against the contract to the event's listeners. */
export function deliverLiveEvent<E extends LiveEventName>(event: E, payload: LiveEventPayload<E>): void {
  for (const listener of [...listenersOf(event)]) listener(payload);
}
