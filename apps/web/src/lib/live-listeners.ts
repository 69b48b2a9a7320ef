import type { LiveEventName, LiveEventPayload } from '@cafe/shared';
import { create } from 'zustand';

/** Live connection state, for the live/disconnected indicator. */
export const useLiveStatus = create<{ connected: boolean }>(() => ({ connected: false }));

export type LiveHandler<E extends LiveEventName> = (payload: LiveEventPayload<E>) => void;

/**
 * Who listens to which live event. Kept apart from the connection (live-connection.ts) so screens
 * can subscribe before the Socket.IO client and the contract's schemas have loaded: those load
 * after the first screen. One set per event of the contract; a new event in packages/shared must
 * get its set here.
 */
export const liveListeners: { [E in LiveEventName]: Set<LiveHandler<E>> } = {
  orders: new Set(),
  queue: new Set(),
  'ordering-status': new Set(),
  'cafe-status': new Set(),
  menu: new Set(),
  'session-changed': new Set(),
  schedule: new Set(),
  'closing-soon': new Set(),
  site: new Set(),
};

/** Called on every connect of the live channel (the first one included). */
export const connectListeners = new Set<() => void>();

/** Hands a payload already parsed against the contract to the event's listeners. */
export function deliverLiveEvent<E extends LiveEventName>(event: E, payload: LiveEventPayload<E>): void {
  const listeners: Set<LiveHandler<E>> = liveListeners[event];
  for (const listener of [...listeners]) listener(payload);
}
