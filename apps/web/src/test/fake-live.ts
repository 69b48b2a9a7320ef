// The live channel of the web component tests, driven by the test. A test file replaces the
// socket module with it (`vi.mock('@/lib/socket', () => import('@/test/fake-live'))`) and emits
// events with `live.emit`; the screens subscribe through the real hooks' signatures.
import { useEffect } from 'react';

type Handler = (payload: unknown) => void;

const handlers = new Map<string, Set<Handler>>();
const reconnects = new Set<() => void>();
const readAlls = new Set<() => void>();

export const live = {
  /** Delivers an event to every screen listening for it, as the server's emit would. */
  emit(event: string, payload: unknown): void {
    for (const handler of [...(handlers.get(event) ?? [])]) handler(payload);
  },
  /** The live connection came back: every reconnect handler runs. */
  reconnect(): void {
    for (const handler of [...reconnects]) handler();
  },
  /** The live connection came back and could not catch up event by event: the screens read everything. */
  readAll(): void {
    for (const handler of [...readAlls]) handler();
  },
  /** How often a screen asked the channel to connect again (a switch of the staff site). */
  reconnectsAsked: 0,
};

export function reconnectSocket(): void {
  live.reconnectsAsked += 1;
}

export function useLiveEvent(event: string, handler: Handler): void {
  useEffect(() => {
    const set = handlers.get(event) ?? new Set<Handler>();
    handlers.set(event, set);
    set.add(handler);
    return () => void set.delete(handler);
  }, [event, handler]);
}

export function useOnReconnect(handler: () => void): void {
  useEffect(() => {
    reconnects.add(handler);
    return () => void reconnects.delete(handler);
  }, [handler]);
}

export function useOnReadAll(handler: () => void): void {
  useEffect(() => {
    readAlls.add(handler);
    return () => void readAlls.delete(handler);
  }, [handler]);
}
