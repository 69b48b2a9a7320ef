// The soak's live clients, doing what docs/api/live-events.md asks of a client ("Never missed,
// never twice"): every numbered event is kept by its `seq`; after each reconnect (a server process
// restarted, the database restarted and the process closing its connections) the client asks
// GET /live/missed for what came after the last number it holds. What each client ends with is
// checked against the database's log of the site's events (checks.mjs).
import { io } from 'socket.io-client';
import { sleep } from '../stats.mjs';

/** Events of a site's rooms carry `seq`; the others (site, session-changed, hello) do not. */
/** How long a board waits for a gap to fill from the live channel before asking (the web client's). */
const GAP_WAIT_MS = 1500;
const MAIN_EVENTS = ['orders', 'queue', 'cafe-status', 'ordering-status', 'menu', 'schedule', 'closing-soon'];

/**
 * A connection to the main channel as `token` (a barista's board or a person's phone) following
 * `siteId`. `live.seqs` holds every number received live or caught up; `live.firstHello` the number
 * of its first `hello`; `live.unnumbered` events that came without one (the database away).
 */
export function connectLive({ base, token, siteId, label, onOrder }) {
  const socket = io(base, {
    path: '/api/socket.io',
    transports: ['websocket'],
    auth: { token, siteId },
    forceNew: true,
    reconnection: true,
    reconnectionDelay: 250,
    reconnectionDelayMax: 2000,
    timeout: 20_000,
  });
  const live = {
    label,
    siteId,
    socket,
    seqs: new Set(),
    firstHello: undefined,
    hellos: 0,
    board: undefined,
    unnumbered: 0,
    caughtUp: 0,
    tooOld: 0,
    catchUpFailures: 0,
    gapFills: 0,
    /** Handshakes the server refused (each connected again a second later). */
    refused: [],
    /** The number each catch-up after a reconnect asked after. */
    catchUps: [],
    resumeAfter: undefined,
    events: 0,
    gapTimer: undefined,
    /**
     * The last number applied, what a catch-up asks after: a board applies its site's numbers in
     * order (the last before the first gap); a phone, which cannot tell a gap from an event meant
     * for someone else, the greatest it holds.
     */
    last() {
      let last = this.firstHello ?? 0;
      if (this.board) {
        while (this.seqs.has(last + 1)) last += 1;
        return last;
      }
      for (const s of this.seqs) if (s > last) last = s;
      return last;
    },
  };
  const keep = (event, payload) => {
    live.events += 1;
    if (typeof payload?.seq === 'number') {
      live.seqs.add(payload.seq);
      // A board's event ahead of a gap: the gap gets a moment to fill live, then is asked for.
      if (live.board && live.firstHello !== undefined && payload.seq > live.last() + 1 && !live.gapTimer) {
        live.gapTimer = setTimeout(() => {
          live.gapTimer = undefined;
          if ([...live.seqs].some((s) => s > live.last() + 1)) {
            live.gapFills += 1;
            void catchUp(base, token, live);
          }
        }, GAP_WAIT_MS);
      }
    } else if (payload && 'siteId' in payload) live.unnumbered += 1;
    if (event === 'orders') onOrder?.(payload);
  };
  for (const event of MAIN_EVENTS) socket.on(event, (payload) => keep(event, payload));
  live.close = () => {
    clearTimeout(live.gapTimer);
    socket.close();
  };
  // What was applied when the connection was lost: the catch-up of the next connection asks after
  // it. Not after what the new connection brings before its `hello` (an event may come first,
  // docs/api/live-events.md): that would skip what came between.
  socket.on('disconnect', () => {
    live.resumeAfter ??= live.last();
  });
  socket.on('hello', (hello) => {
    live.hellos += 1;
    live.board = hello.board;
    if (live.firstHello === undefined) {
      live.firstHello = hello.seq;
      return;
    }
    // A reconnect: what came meanwhile, from the database's log, as the web client asks for it.
    const after = live.resumeAfter ?? live.last();
    live.resumeAfter = undefined;
    live.catchUps.push(after);
    void catchUp(base, token, live, after);
  });
  socket.on('connect_error', (error) => {
    // A transport error Socket.IO retries by itself; a handshake the server refused (it could not
    // read the database at that moment) it does not: the client connects again, as the web app does.
    if (socket.active) return;
    live.refused.push(String(error.message).slice(0, 120));
    setTimeout(() => socket.connect(), 1000);
  });
  live.ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label}: no hello within 60 s`)), 60_000);
    const wait = () => (live.firstHello !== undefined ? (clearTimeout(timer), resolve()) : setTimeout(wait, 50));
    wait();
  });
  return live;
}

async function catchUp(base, token, live, after = live.last()) {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      const res = await fetch(`${base}/api/live/missed?siteId=${live.siteId}&after=${after}`, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(20_000),
      });
      if (res.ok) {
        const missed = await res.json();
        if (missed.tooOld) live.tooOld += 1;
        for (const e of missed.events) {
          if (!live.seqs.has(e.seq)) live.caughtUp += 1;
          live.seqs.add(e.seq);
          if (e.event === 'orders') live.onCaughtUpOrder?.(e.payload);
        }
        return;
      }
    } catch {
      // The process or the database is still on its way back.
    }
    await sleep(500);
  }
  live.catchUpFailures += 1;
}

/** A counter's pickup screen on the `/display` namespace: counts its boards and its reconnects. */
export function connectDisplay({ base, token, label }) {
  const socket = io(`${base}/display`, {
    path: '/api/socket.io',
    transports: ['websocket'],
    auth: { token },
    forceNew: true,
    reconnection: true,
    reconnectionDelay: 250,
    reconnectionDelayMax: 2000,
  });
  const display = { label, socket, boards: 0, connects: 0, revoked: false };
  socket.on('connect', () => (display.connects += 1));
  socket.on('connect_error', () => {
    if (!socket.active) setTimeout(() => socket.connect(), 1000);
  });
  socket.on('pickup-board', () => (display.boards += 1));
  socket.on('display-revoked', () => (display.revoked = true));
  return display;
}
