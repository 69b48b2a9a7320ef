import { createConnection, createServer, type AddressInfo, type Socket } from 'node:net';

/**
 * A TCP proxy the tests own, between clients and a server on loopback: it passes bytes through
 * unchanged until a test tells it to break the link, as a tablet's Wi-Fi or an office network
 * does. Every fault is per connection; the proxy-wide calls apply one to every connection open at
 * the time (and `slow` to the later ones as well).
 *
 * - drop: both sides destroyed at once, nothing more forwarded (the client sees its connection
 *   closed);
 * - stall: nothing forwarded in either direction for `ms` (reading stops too, so the sender's
 *   buffers fill as on a dead link), then the held bytes go on, or the connection is dropped;
 * - reset mid-request: once a request's first bytes were written to the server, and before the
 *   answer reaches the client, the client's side is reset (`resetAndDestroy`: an RST, ECONNRESET)
 *   and the server's closed. `request-sent`: at once after the request went through, so the
 *   server may or may not have begun with it; `answer-started`: when the answer's first bytes
 *   come back, which are not forwarded, so the server did the work and the client never hears;
 * - slow: each direction forwarded in chunks of `chunkBytes`, `delayMs` apart.
 */

export type ResetWhen = 'request-sent' | 'answer-started';
export interface SlowLink {
  chunkBytes: number;
  delayMs: number;
}

export interface FaultCounts {
  connections: number;
  drops: number;
  stalls: number;
  resets: number;
  slowed: number;
}

export interface ProxyConnection {
  readonly id: number;
  readonly closed: boolean;
  drop(): void;
  /** Stops forwarding both ways for `ms`; then resumes (default) or drops. Resolves when over. */
  stall(ms: number, then?: 'resume' | 'drop'): Promise<void>;
  /** Resets the connection around the next request the client sends on it (see above). */
  resetOnNextRequest(when?: ResetWhen): void;
}

export interface FaultProxy {
  readonly port: number;
  /** `http://127.0.0.1:<port>`: what a client uses instead of the server's own address. */
  readonly url: string;
  /** The connections open now. */
  connections(): ProxyConnection[];
  /** Drops every open connection; answers how many. */
  dropAll(): number;
  /** Stalls every open connection for `ms` (see ProxyConnection.stall); resolves when all are over. */
  stallAll(ms: number, then?: 'resume' | 'drop'): Promise<void>;
  /** The next request on any connection, open now or opened later, is reset (once). */
  resetNextRequest(when?: ResetWhen): void;
  /** Slows every connection, now and later; null forwards at full speed again. */
  slow(link: SlowLink | null): void;
  /** Ends every fault: stalls resume, a reset not yet fired is disarmed, full speed. */
  heal(): void;
  /** How many connections were accepted and faults applied so far. */
  counts(): FaultCounts;
  /** Stops listening and drops every connection. */
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function startFaultProxy(target: { host?: string; port: number }): Promise<FaultProxy> {
  const host = target.host ?? '127.0.0.1';
  const live = new Set<Connection>();
  const counts: FaultCounts = { connections: 0, drops: 0, stalls: 0, resets: 0, slowed: 0 };
  let slowLink: SlowLink | null = null;
  let armedReset: ResetWhen | null = null;
  let nextId = 0;

  class Connection implements ProxyConnection {
    readonly id = (nextId += 1);
    closed = false;
    private stalled = 0;
    private resumeStall: (() => void)[] = [];
    private reset: ResetWhen | null = null;
    private requestWentThrough = false;
    private readonly toServer: Pump;
    private readonly toClient: Pump;

    constructor(
      readonly client: Socket,
      readonly server: Socket,
    ) {
      this.toServer = new Pump(client, server, this, 'up');
      this.toClient = new Pump(server, client, this, 'down');
      const end = () => this.destroy();
      client.on('error', end).on('close', end);
      server.on('error', end).on('close', end);
    }

    get isStalled() {
      return this.stalled > 0;
    }

    /** Called by a pump before it forwards `chunk`; false when the connection ended over it. */
    beforeForward(direction: 'up' | 'down'): boolean {
      if (direction === 'up' && !this.reset && armedReset) {
        this.resetOnNextRequest(armedReset);
        armedReset = null;
      }
      if (direction === 'down' && this.reset === 'answer-started' && this.requestWentThrough) {
        this.fireReset();
        return false;
      }
      return !this.closed;
    }

    /** Called by a pump once `chunk` was written. */
    afterForward(direction: 'up' | 'down'): void {
      if (direction !== 'up' || !this.reset) return;
      this.requestWentThrough = true;
      if (this.reset === 'request-sent') this.fireReset();
    }

    private fireReset() {
      if (this.closed) return;
      counts.resets += 1;
      this.reset = null;
      this.closed = true;
      live.delete(this);
      this.client.resetAndDestroy();
      this.server.destroy();
      this.wake();
    }

    waitWhileStalled(): Promise<void> {
      if (!this.isStalled) return Promise.resolve();
      return new Promise((resolve) => this.resumeStall.push(resolve));
    }

    private wake() {
      const waiting = this.resumeStall;
      this.resumeStall = [];
      for (const resolve of waiting) resolve();
    }

    drop() {
      if (this.closed) return;
      counts.drops += 1;
      this.destroy();
    }

    destroy() {
      if (this.closed && this.client.destroyed && this.server.destroyed) return;
      this.closed = true;
      live.delete(this);
      this.client.destroy();
      this.server.destroy();
      this.wake();
    }

    async stall(ms: number, then: 'resume' | 'drop' = 'resume') {
      if (this.closed) return;
      counts.stalls += 1;
      this.stalled += 1;
      this.client.pause();
      this.server.pause();
      await new Promise<void>((resolve) => {
        const over = () => {
          clearTimeout(timer);
          this.stallEnders.delete(over);
          resolve();
        };
        const timer = setTimeout(over, ms);
        this.stallEnders.add(over);
      });
      this.stalled -= 1;
      if (then === 'drop') return this.drop();
      if (this.isStalled || this.closed) return;
      this.client.resume();
      this.server.resume();
      this.wake();
    }

    private readonly stallEnders = new Set<() => void>();

    /** Ends every stall of this connection now (each then resumes or drops as it was told). */
    endStalls() {
      for (const over of [...this.stallEnders]) over();
    }

    resetOnNextRequest(when: ResetWhen = 'answer-started') {
      this.reset = when;
      this.requestWentThrough = false;
    }

    disarm() {
      this.reset = null;
    }
  }

  /** One direction of a connection: reads, holds while stalled, writes (slowly when told). */
  class Pump {
    private queue: Buffer[] = [];
    private flushing = false;
    private ended = false;

    constructor(
      private readonly from: Socket,
      private readonly to: Socket,
      private readonly connection: Connection,
      private readonly direction: 'up' | 'down',
    ) {
      from.on('data', (chunk: Buffer) => {
        this.queue.push(chunk);
        void this.flush();
      });
      from.on('end', () => {
        this.ended = true;
        void this.flush();
      });
    }

    private async flush() {
      if (this.flushing) return;
      this.flushing = true;
      try {
        while (!this.connection.closed && (this.queue.length > 0 || this.ended)) {
          await this.connection.waitWhileStalled();
          if (this.connection.closed) return;
          const chunk = this.queue.shift();
          if (!chunk) {
            // Everything held went through: pass the sender's end on.
            this.to.end();
            return;
          }
          if (!this.connection.beforeForward(this.direction)) return;
          const link = slowLink;
          if (!link) {
            await write(this.to, chunk);
          } else {
            for (let at = 0; at < chunk.length && !this.connection.closed; at += link.chunkBytes) {
              await this.connection.waitWhileStalled();
              if (this.connection.closed) return;
              await write(this.to, chunk.subarray(at, at + link.chunkBytes));
              await sleep(link.delayMs);
            }
          }
          if (!this.connection.closed) this.connection.afterForward(this.direction);
        }
      } finally {
        this.flushing = false;
      }
    }
  }

  const write = (socket: Socket, chunk: Buffer) =>
    new Promise<void>((resolve) => {
      if (socket.destroyed) return resolve();
      socket.write(chunk, () => resolve());
    });

  const listener = createServer({ allowHalfOpen: true, noDelay: true }, (client) => {
    counts.connections += 1;
    const server = createConnection({ host, port: target.port, allowHalfOpen: true, noDelay: true });
    const connection = new Connection(client, server);
    live.add(connection);
  });
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = listener.address() as AddressInfo;

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    connections: () => [...live],
    dropAll() {
      const open = [...live];
      for (const connection of open) connection.drop();
      return open.length;
    },
    async stallAll(ms, then = 'resume') {
      await Promise.all([...live].map((connection) => connection.stall(ms, then)));
    },
    resetNextRequest(when = 'answer-started') {
      armedReset = when;
    },
    slow(link) {
      if (link && !slowLink) counts.slowed += 1;
      slowLink = link;
    },
    heal() {
      armedReset = null;
      slowLink = null;
      for (const connection of live) {
        connection.disarm();
        connection.endStalls();
      }
    },
    counts: () => ({ ...counts }),
    async close() {
      for (const connection of [...live]) connection.destroy();
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    },
  };
}
