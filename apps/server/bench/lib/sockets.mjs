// Live connections as the web app opens them: Socket.IO over WebSocket at /api/socket.io, the
// access token in `auth`, one connection per device (no multiplexing between simulated people).
import { io } from 'socket.io-client';
import { mapLimit } from './stats.mjs';

export function connectSocket(base, token, siteId) {
  return new Promise((resolve, reject) => {
    const socket = io(base, {
      path: '/api/socket.io',
      transports: ['websocket'],
      // A connection follows one site: the one named, else the person's home site.
      auth: siteId === undefined ? { token } : { token, siteId },
      forceNew: true,
      reconnection: true,
      timeout: 20_000,
    });
    // What the server sends this connection: frames (Socket.IO messages) and their bytes on the wire.
    socket.received = { frames: 0, bytes: 0 };
    socket.io.on('open', () =>
      socket.io.engine.on('packet', (packet) => {
        if (packet.type !== 'message') return;
        socket.received.frames += 1;
        socket.received.bytes += typeof packet.data === 'string' ? packet.data.length : (packet.data?.byteLength ?? 0);
      }),
    );
    const timer = setTimeout(() => reject(new Error('socket connect timed out')), 30_000);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('connect_error', (error) => {
      clearTimeout(timer);
      socket.close();
      reject(new Error(`socket refused: ${error.message}`));
    });
  });
}

/**
 * Connects one socket per account, `concurrency` handshakes at a time; attaches `socket` to each.
 * An account's own `base` (a server process of several) and `siteId` (the site it follows) win.
 */
export async function connectAll(base, accounts, concurrency = 50) {
  const started = performance.now();
  await mapLimit(accounts, concurrency, async (account) => {
    account.socket = await connectSocket(account.base ?? base, account.token, account.siteId);
  });
  return { seconds: Math.round((performance.now() - started) / 100) / 10 };
}

export function closeAll(accounts) {
  for (const account of accounts) account.socket?.close();
}

/**
 * Records every `orders` event each socket receives, with its arrival time: { id, status, t, who }.
 * Latencies are worked out afterwards by order id, so an event that overtakes its HTTP answer
 * still counts.
 */
export function recordOrderEvents(accounts, label) {
  const events = [];
  for (const account of accounts) {
    const who = `${label(account)}`;
    account.socket.on('orders', (payload) => {
      events.push({ id: payload.id, status: payload.status, t: performance.now(), who, payload });
    });
  }
  return events;
}

/** The frames and bytes the accounts' connections received so far (to take differences over a window). */
export function receivedBy(accounts) {
  let frames = 0;
  let bytes = 0;
  for (const account of accounts) {
    frames += account.socket?.received?.frames ?? 0;
    bytes += account.socket?.received?.bytes ?? 0;
  }
  return { frames, bytes };
}

/** Frames and bytes per order of each role received during a window (`before` from receivedBy at its start). */
export function fanOutPerOrder(roles, orders) {
  if (!orders) return null;
  const result = {};
  for (const [role, { accounts, before }] of Object.entries(roles)) {
    const now = receivedBy(accounts);
    result[role] = {
      framesPerOrder: Math.round(((now.frames - before.frames) / orders) * 100) / 100,
      bytesPerOrder: Math.round((now.bytes - before.bytes) / orders),
    };
  }
  return result;
}
