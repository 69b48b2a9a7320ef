// The live channel of the web component tests, driven by the test. Every web test file runs with
// the socket module's connection replaced (test/setup.ts: `vi.mock('@/lib/socket')`): the screens
// subscribe through the real hooks (useLiveEvent, useOnReconnect, useOnReadAll, useLiveStatus, the
// listeners of lib/live-listeners.ts), but no Socket.IO connection is ever opened; the test delivers
// what the server would with `live.emit`, and sees the connection asked to reconnect with
// `live.reconnectSocket`; `setLiveConnected` (test/network.ts) marks it up or down. A file that
// mocks the socket module itself overrides this one.
import type { LiveEventName, LiveEventPayload } from '@cafe/shared';
import { vi } from 'vitest';
import { connectListeners, deliverLiveEvent, readAllListeners } from '@/lib/live-listeners';
import type { LiveSocket } from '@/lib/live-connection';

/** What test/setup.ts puts in place of lib/socket.ts's connection: nothing connects. */
export const connection = {
  /** Never opens (nothing in the tests connects to a server). */
  openSocket: vi.fn<() => Promise<LiveSocket>>(() => new Promise<LiveSocket>(() => undefined)),
  openSocketFor: vi.fn<(pathname: string) => void>(),
  reconnectSocket: vi.fn<() => void>(),
};

export const live = {
  /** Delivers an event to every screen listening for it, as the server's emit would (after parsing). */
  emit(event: string, payload: unknown): void {
    deliverLiveEvent(event as LiveEventName, payload as LiveEventPayload<LiveEventName>);
  },
  /** The live connection came back: every reconnect handler runs. */
  reconnect(): void {
    for (const handler of [...connectListeners]) handler();
  },
  /** The live connection came back and could not catch up event by event: the screens read everything. */
  readAll(): void {
    for (const handler of [...readAllListeners]) handler();
  },
  /** A screen asked the channel to connect again (a sign-in, a switch of site): its calls, this test. */
  reconnectSocket: connection.reconnectSocket,
  /** How often a screen asked the channel to connect again in this test. */
  get reconnectsAsked(): number {
    return connection.reconnectSocket.mock.calls.length;
  },
};

/**
 * Back to a channel nobody asked anything of, after each test (test/setup.ts, once the screens are
 * unmounted: their listeners leave with them). Its connected state is test/network.ts's.
 */
export function resetLive(): void {
  for (const fake of Object.values(connection)) fake.mockClear();
}
