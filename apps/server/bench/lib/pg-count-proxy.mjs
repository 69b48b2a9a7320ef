// A TCP proxy between the server and PostgreSQL that counts the statements the server sends: each
// simple Query ('Q') and each Execute ('E') of the extended protocol is one statement, one round
// trip's worth of work for the database (BEGIN and COMMIT included, and the live events' NOTIFY).
// It reads the frontend's messages only as far as their type and length; the bytes pass unchanged.
import net from 'node:net';

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;

/** The Socket.IO cluster adapter's messages that are not an event nor a bus message, by type (socket.io-adapter's MessageType). */
const ADAPTER_MESSAGES = { 1: 'heartbeat', 2: 'heartbeat', 4: 'join', 5: 'leave', 13: 'adapter closed' };

/**
 * What the notifications a Bind carries say, shortly: for each, the live event's name or the bus
 * message's topic (Socket.IO's adapter messages, JSON), else its type. Every second parameter of a
 * `pg_notify(channel, payload)` statement is a payload.
 */
function notesOf(body) {
  let at = body.indexOf(0) + 1;
  at = body.indexOf(0, at) + 1;
  const formats = body.readInt16BE(at);
  at += 2 + 2 * formats;
  const count = body.readInt16BE(at);
  at += 2;
  const notes = [];
  for (let i = 0; i < count; i += 1) {
    const length = body.readInt32BE(at);
    at += 4;
    if (length < 0) continue;
    const text = body.subarray(at, at + Math.min(length, 400)).toString('utf8');
    at += length;
    if (i % 2 === 0) continue;
    const bus = /"data":\["bus","([^"]+)"/.exec(text);
    const event = /"data":\["([^"]+)"/.exec(text);
    const kind = /"type":(\d+)/.exec(text);
    notes.push(bus ? `bus ${bus[1]}` : event ? event[1] : (ADAPTER_MESSAGES[kind?.[1]] ?? `type ${kind?.[1] ?? '?'}`));
  }
  return notes.join(', ');
}

/**
 * Starts the proxy in front of the database of `databaseUrl`; `url` is the same database through
 * it. `statements` lists what was counted since the last `reset()`, each as the start of its text;
 * `lastAt` is when the last message of any kind passed (performance.now()), for telling quiet.
 */
export async function startCountProxy(databaseUrl) {
  const target = new URL(databaseUrl);
  const host = target.hostname;
  const port = Number(target.port || 5432);
  let statements = [];
  let lastAt = performance.now();
  const sockets = new Set();

  const server = net.createServer((client) => {
    const upstream = net.connect({ host, port });
    sockets.add(client);
    sockets.add(upstream);
    // Until the startup message has passed, messages carry no type byte.
    let typed = false;
    let pending = Buffer.alloc(0);
    // The text of the statement the next Execute runs (the last Parse's), and what a notification's
    // Bind said (decision 0124: which relays a statement carried).
    let parsed = '';
    let bound = '';
    const textOf = (body) => {
      const end = body.indexOf(0);
      return body.subarray(0, end === -1 ? body.length : end).toString('utf8');
    };
    client.on('data', (chunk) => {
      lastAt = performance.now();
      upstream.write(chunk);
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      for (;;) {
        if (!typed) {
          if (pending.length < 8) break;
          const length = pending.readInt32BE(0);
          if (pending.length < length) break;
          const code = pending.readInt32BE(4);
          if (code !== SSL_REQUEST && code !== GSSENC_REQUEST) typed = true;
          pending = pending.subarray(length);
          continue;
        }
        if (pending.length < 5) break;
        const type = String.fromCharCode(pending[0]);
        const length = pending.readInt32BE(1);
        if (pending.length < 1 + length) break;
        const body = pending.subarray(5, 1 + length);
        if (type === 'Q') statements.push(textOf(body));
        else if (type === 'P') {
          // Parse: the statement's name, then its text.
          const nameEnd = body.indexOf(0);
          parsed = textOf(body.subarray(nameEnd + 1));
        } else if (type === 'B') bound = parsed.includes('pg_notify') ? notesOf(body) : '';
        else if (type === 'E') statements.push(bound ? `${parsed} (${bound})` : parsed);
        pending = pending.subarray(1 + length);
      }
    });
    upstream.on('data', (chunk) => {
      lastAt = performance.now();
      client.write(chunk);
    });
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', close);
    upstream.on('close', close);
    client.on('error', close);
    upstream.on('error', close);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const through = new URL(databaseUrl);
  through.hostname = '127.0.0.1';
  through.port = String(server.address().port);
  return {
    url: through.toString(),
    get statements() {
      return statements;
    },
    get lastAt() {
      return lastAt;
    },
    reset() {
      statements = [];
    },
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
