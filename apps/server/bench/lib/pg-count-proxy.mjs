// A TCP proxy between the server and PostgreSQL that counts the statements the server sends: each
// simple Query ('Q') and each Execute ('E') of the extended protocol is one statement, one round
// trip's worth of work for the database (BEGIN and COMMIT included, and the live events' NOTIFY).
// It reads the frontend's messages only as far as their type and length; the bytes pass unchanged.
import net from 'node:net';

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;

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
    // The text of the statement the next Execute runs (the last Parse's).
    let parsed = '';
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
        } else if (type === 'E') statements.push(parsed);
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
