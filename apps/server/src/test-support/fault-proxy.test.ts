import { randomBytes } from 'node:crypto';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from './fault-proxy';
import { until } from './waits';

/** The network-fault harness's proxy (seams/network-faults.test.ts) does what each fault says. */

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

/** A TCP server that echoes, and keeps what it received per connection. */
async function echoServer(): Promise<{ port: number; received: Buffer[][]; sockets: Socket[] }> {
  const received: Buffer[][] = [];
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => {
    const chunks: Buffer[] = [];
    received.push(chunks);
    sockets.push(socket);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      socket.write(chunk);
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  );
  return { port: (server.address() as AddressInfo).port, received, sockets };
}

async function proxyTo(port: number): Promise<FaultProxy> {
  const proxy = await startFaultProxy({ port });
  cleanups.push(() => proxy.close());
  return proxy;
}

/** A client connection through the proxy, collecting what comes back. */
async function client(port: number) {
  const socket = connect({ host: '127.0.0.1', port });
  const received: Buffer[] = [];
  let error: NodeJS.ErrnoException | null = null;
  let closed = false;
  socket.on('data', (chunk: Buffer) => received.push(chunk));
  socket.on('error', (e) => (error = e));
  const closedNow = new Promise<void>((resolve) =>
    socket.on('close', () => {
      closed = true;
      resolve();
    }),
  );
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  cleanups.push(() => void socket.destroy());
  return {
    socket,
    bytes: () => Buffer.concat(received),
    closed: () => closed,
    error: () => error,
    closedNow,
  };
}

describe('the fault proxy', () => {
  it('passes bytes through unchanged, both ways', async () => {
    const echo = await echoServer();
    const proxy = await proxyTo(echo.port);
    const c = await client(proxy.port);
    const payload = randomBytes(512 * 1024);
    c.socket.write(payload);
    await until(() => c.bytes().length >= payload.length, 'echoed');
    expect(Buffer.concat(echo.received[0] ?? []).equals(payload)).toBe(true);
    expect(c.bytes().equals(payload)).toBe(true);
    expect(proxy.counts()).toMatchObject({ connections: 1, drops: 0, stalls: 0, resets: 0 });
  });

  it('drops: both sides closed, nothing more forwarded', async () => {
    const echo = await echoServer();
    const proxy = await proxyTo(echo.port);
    const c = await client(proxy.port);
    c.socket.write('before');
    await until(() => c.bytes().toString() === 'before', 'echoed');
    expect(proxy.dropAll()).toBe(1);
    await c.closedNow;
    await until(() => echo.sockets[0]?.destroyed === true || echo.sockets[0]?.readableEnded === true, 'closed');
    expect(Buffer.concat(echo.received[0] ?? []).toString()).toBe('before');
    expect(proxy.connections()).toEqual([]);
    expect(proxy.counts().drops).toBe(1);
  });

  it('stalls: nothing goes through until the stall is over, then everything held does', async () => {
    const echo = await echoServer();
    const proxy = await proxyTo(echo.port);
    const c = await client(proxy.port);
    c.socket.write('a');
    await until(() => c.bytes().toString() === 'a', 'echoed');
    let stallOver = false;
    const stalled = proxy.stallAll(300).then(() => (stallOver = true));
    const arrivedAfterStall: boolean[] = [];
    echo.sockets[0]?.on('data', () => arrivedAfterStall.push(stallOver));
    c.socket.write('held');
    await stalled;
    await until(() => c.bytes().toString() === 'aheld', 'echoed after the stall');
    expect(arrivedAfterStall.length).toBeGreaterThan(0);
    expect(arrivedAfterStall.every(Boolean)).toBe(true);
    expect(proxy.counts().stalls).toBe(1);
  });

  it('stalls and then drops: the held bytes never arrive', async () => {
    const echo = await echoServer();
    const proxy = await proxyTo(echo.port);
    const c = await client(proxy.port);
    c.socket.write('a');
    await until(() => c.bytes().toString() === 'a', 'echoed');
    const stalled = proxy.stallAll(200, 'drop');
    c.socket.write('lost');
    await stalled;
    await c.closedNow;
    expect(Buffer.concat(echo.received[0] ?? []).toString()).toBe('a');
    expect(proxy.counts()).toMatchObject({ stalls: 1, drops: 1 });
  });

  it('heal ends a stall at once', async () => {
    const echo = await echoServer();
    const proxy = await proxyTo(echo.port);
    const c = await client(proxy.port);
    const stalled = proxy.stallAll(60_000);
    c.socket.write('x');
    proxy.heal();
    await stalled;
    await until(() => c.bytes().toString() === 'x', 'echoed after heal');
  });

  it('slows: small chunks, the same bytes', async () => {
    const echo = await echoServer();
    const proxy = await proxyTo(echo.port);
    proxy.slow({ chunkBytes: 100, delayMs: 5 });
    const c = await client(proxy.port);
    const payload = randomBytes(2000);
    c.socket.write(payload);
    await until(() => c.bytes().length >= payload.length, 'echoed');
    expect(c.bytes().equals(payload)).toBe(true);
    // Twenty pieces 5 ms apart reach the server as more than one read.
    expect(echo.received[0]?.length).toBeGreaterThan(1);
    expect(echo.received[0]?.every((chunk) => chunk.length <= 100)).toBe(true);
    expect(proxy.counts().slowed).toBe(1);
  });

  describe('resets mid-request', () => {
    async function httpServer(): Promise<{ port: number; handled: string[]; answered: string[] }> {
      const handled: string[] = [];
      const answered: string[] = [];
      const server: HttpServer = createHttpServer((request, response) => {
        handled.push(request.url ?? '');
        response.end('done', () => answered.push(request.url ?? ''));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      cleanups.push(() => {
        server.closeAllConnections();
        return new Promise<void>((resolve) => server.close(() => resolve()));
      });
      return { port: (server.address() as AddressInfo).port, handled, answered };
    }

    const request = (port: number, path: string) =>
      fetch(`http://127.0.0.1:${port}${path}`).then(
        async (r) => ({ ok: true as const, text: await r.text() }),
        (error: Error & { cause?: { code?: string } }) => ({ ok: false as const, code: error.cause?.code }),
      );

    it('answer-started: the server did the work, the client is reset and never hears the answer', async () => {
      const server = await httpServer();
      const proxy = await proxyTo(server.port);
      expect(await request(proxy.port, '/first')).toEqual({ ok: true, text: 'done' });
      proxy.resetNextRequest('answer-started');
      expect(await request(proxy.port, '/second')).toEqual({ ok: false, code: 'ECONNRESET' });
      expect(server.handled).toEqual(['/first', '/second']);
      // The next request goes through again.
      expect(await request(proxy.port, '/third')).toEqual({ ok: true, text: 'done' });
      expect(proxy.counts().resets).toBe(1);
    });

    it('request-sent: the client is reset once its request went through to the server', async () => {
      const server = await httpServer();
      const proxy = await proxyTo(server.port);
      proxy.resetNextRequest('request-sent');
      expect(await request(proxy.port, '/first')).toEqual({ ok: false, code: 'ECONNRESET' });
      expect(proxy.counts().resets).toBe(1);
      expect(await request(proxy.port, '/second')).toEqual({ ok: true, text: 'done' });
    });
  });
});
