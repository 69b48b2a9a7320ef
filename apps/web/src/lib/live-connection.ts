import type { ClientToServerEvents, HelloEvent, ServerToClientEvents } from '@cafe/shared';
import { io, type Socket } from 'socket.io-client';
import { api, expireSession, isApiError, refreshTokens } from './api-client';
import type { dispatchLiveEvent } from './live-dispatch';
import { connectListeners, readAllListeners, useLiveStatus } from './live-listeners';
import { LiveSequence } from './live-sequence';
import { useStaffSiteChoice } from './site-choice';
import { tokenStorage } from './storage-keys';

/*
 * The live channel itself: the Socket.IO client. It loads after the first screen (lib/socket.ts
 * opens it); the schemas every payload is parsed with (live-dispatch.ts) load with the first event.
 */

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let dispatch: typeof dispatchLiveEvent | null = null;
let loadingDispatch: Promise<void> | null = null;
/** Events that arrived while the schemas were loading, in order. */
const waiting: [string, unknown][] = [];

/** Hands an event to the edge of the live channel, in the order events arrive. */
function receive(event: string, payload: unknown): void {
  if (dispatch && waiting.length === 0) {
    dispatch(event, payload);
    return;
  }
  waiting.push([event, payload]);
  loadingDispatch ??= import('./live-dispatch')
    .then((module) => {
      dispatch = module.dispatchLiveEvent;
      for (const [name, data] of waiting.splice(0)) module.dispatchLiveEvent(name, data);
    })
    .catch((error: unknown) => {
      // Tried again with the next event; the screens catch up on the next reconnect.
      loadingDispatch = null;
      console.error('live events could not be read', error);
    });
}

/** `hello`'s payload when it is one (the sequence trusts its numbers). */
function helloOf(payload: unknown): HelloEvent | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { siteId, board, seq } = payload as Record<string, unknown>;
  return typeof siteId === 'number' && typeof board === 'boolean' && typeof seq === 'number'
    ? { siteId, board, seq }
    : null;
}

/**
 * Never missed, never twice (docs/api/live-events.md): the events of the followed site go through
 * their sequence, which applies each once, in order, asks GET /live/missed for what a reconnect or
 * a gap lost, and has the screens read everything only when that cannot work.
 */
const sequence = new LiveSequence({
  deliver: receive,
  fetchMissed: async (siteId, after) => (await import('./live-dispatch')).fetchMissed(siteId, after),
  readAll: () => {
    for (const listener of [...readAllListeners]) listener();
  },
});

/** Codes of a handshake the server refused for its token (docs/api.md, live events). */
const TOKEN_REFUSALS: ReadonlySet<unknown> = new Set(['TOKEN_EXPIRED', 'TOKEN_INVALID']);
/** How long to wait before connecting again after a handshake refused for a reason other than the token. */
const REFUSED_RETRY_MS = 2000;
/** How long to wait before trying again when the server cannot be reached to renew the token. */
const RENEW_RETRY_MS = 5000;
let lastRenewal = 0;

/**
 * The server refused the token of a handshake: refresh it (the one refresh shared with the API
 * calls) and connect again. If it cannot be refreshed the session is over and the person is signed
 * out as on any other call; if the server cannot be reached, try again a little later. Never stays
 * connected as a visitor while signed in.
 */
async function renewAndReconnect(s: LiveSocket): Promise<void> {
  // A token refused right after a renewal: do not spin, wait a little first.
  const again = Date.now() - lastRenewal < RENEW_RETRY_MS;
  if (await refreshTokens()) {
    lastRenewal = Date.now();
    if (again) setTimeout(() => s.connect(), RENEW_RETRY_MS);
    else s.connect();
    return;
  }
  try {
    // Another tab may have rotated the tokens in the meantime; this also tells "ended" from "away".
    await api('/user/me', { noRefresh: true });
    setTimeout(() => s.connect(), again ? RENEW_RETRY_MS : 0);
  } catch (error) {
    // Signing out reopens the connection without a token (api/session.ts).
    if (isApiError(error) && error.status === 401) expireSession();
    else setTimeout(() => s.connect(), RENEW_RETRY_MS);
  }
}

/** Connects the live channel; lib/socket.ts calls this once for the app's lifetime. */
export function connectLiveChannel(): LiveSocket {
  const s: LiveSocket = io({
    path: '/api/socket.io',
    transports: ['websocket', 'polling'],
    // Read the token at each (re)connect so a refreshed token is used.
    // The site is the staff screens' choice on this device; the server checks it and otherwise
    // follows the person's home site.
    auth: (cb) =>
      cb({ token: tokenStorage.getAccess() ?? undefined, siteId: useStaffSiteChoice.getState().siteId ?? undefined }),
  });
  s.on('connect', () => {
    useLiveStatus.setState({ connected: true });
    for (const listener of [...connectListeners]) listener();
  });
  s.on('disconnect', (reason) => {
    useLiveStatus.setState({ connected: false });
    sequence.disconnected();
    // The server closes a connection when the person's role changes; come back with the new rooms.
    if (reason === 'io server disconnect') setTimeout(() => s.connect(), 300);
  });
  s.on('connect_error', (error: Error & { data?: { code?: unknown } }) => {
    if (TOKEN_REFUSALS.has(error.data?.code)) void renewAndReconnect(s);
    // A handshake the server refused for another reason (it could not read the database at that
    // moment, a restart of it): Socket.IO does not try again by itself after a refusal (`active`
    // false), so the screen would stay offline until reloaded. A transport error it retries itself.
    else if (!s.active) setTimeout(() => s.connect(), REFUSED_RETRY_MS);
  });
  s.onAny((event: string, payload: unknown) => {
    const hello = event === 'hello' ? helloOf(payload) : null;
    if (hello) {
      sequence.hello(hello);
      return;
    }
    // Events the contract does not know are dropped where the schemas are (live-dispatch.ts).
    sequence.receive(event, payload);
  });
  // A browser that has lost its network may keep a dead socket for the ping timeout (tens of
  // seconds) and then wait out the reconnection back-off: let go at once, and come back as soon as
  // the network does, which also makes the screens catch up (their reconnect handlers).
  window.addEventListener('offline', () => s.disconnect());
  window.addEventListener('online', () => {
    if (!s.connected) s.connect();
  });
  return s;
}
