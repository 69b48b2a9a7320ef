import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeOrdersEvent } from '../test-support/order-fixtures';
import { createTokenSigner } from '../lib/tokens';
import {
  FIRST_SITE_ID,
  connectClient,
  createTestApp,
  nextEvent,
  type LiveClient,
  type TestApp,
  type TestUser,
} from '../test-support/test-app';
import { insertPerson, startProcesses } from '../test-support/processes';
import { EVENT_WAIT_MS } from '../test-support/waits';

/** What a refused handshake gives the client: socket.io-client's connect_error. */
type ConnectError = Error & { data?: { code?: string } };

/** Connects with `token` and gives the connect_error the server answers with. */
async function refusal(baseUrl: string, token: unknown): Promise<ConnectError> {
  try {
    const socket = await connectClient(baseUrl, token);
    socket.disconnect();
  } catch (error) {
    return error as ConnectError;
  }
  throw new Error('the handshake was accepted');
}

/** The order a client saw a session-changed event and the end of its connection in. */
function recordSessionEnd(socket: LiveClient): Promise<string[]> {
  const seen: string[] = [];
  socket.on('session-changed', () => seen.push('session-changed'));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no disconnect within ${EVENT_WAIT_MS} ms (saw ${seen.join(', ')})`)),
      EVENT_WAIT_MS,
    );
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      // Anything still in flight would arrive now; give it a moment before reading the order.
      setTimeout(() => resolve([...seen, `disconnect: ${reason}`]), 200);
    });
  });
}

/** What a browser page at `origin` gets when it opens a polling session of the live channel. */
async function pollingStatus(baseUrl: string, origin?: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/socket.io/?EIO=4&transport=polling`, {
    headers: origin === undefined ? {} : { origin },
  });
  await response.arrayBuffer();
  return response.status;
}

/** Whether a WebSocket upgrade of the live channel from a page at `origin` is taken (101) or refused. */
function upgradeOutcome(baseUrl: string, origin: string): Promise<'upgraded' | number> {
  const url = new URL('/api/socket.io/?EIO=4&transport=websocket', baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, {
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        origin,
      },
    });
    req.on('upgrade', (_response, socket) => {
      socket.destroy();
      resolve('upgraded');
    });
    req.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('live channel origin (ASVS 4.4.2)', () => {
  let t: TestApp;
  let base: string;

  beforeEach(async () => {
    t = await createTestApp();
    base = await t.listen();
  });
  afterEach(async () => {
    await t.close();
  });

  it('refuses a polling session and a WebSocket upgrade asked for by a page of another site', async () => {
    expect(await pollingStatus(base, 'https://evil.example')).toBe(403);
    const upgrade = await upgradeOutcome(base, 'https://evil.example');
    expect(upgrade).not.toBe('upgraded');
    expect(upgrade).toBeGreaterThanOrEqual(400);
  });

  it("takes the app's own origin, and a client that sends no Origin (not a browser)", async () => {
    expect(await pollingStatus(base, base)).toBe(200);
    expect(await upgradeOutcome(base, base)).toBe('upgraded');
    expect(await pollingStatus(base)).toBe(200);
    const socket = await connectClient(base);
    socket.disconnect();
  });
});

describe('live channel handshake', () => {
  let t: TestApp;
  let base: string;
  let barista: TestUser;

  beforeEach(async () => {
    t = await createTestApp();
    base = await t.listen();
    barista = await t.createUser({ role: 'barista' });
  });
  afterEach(async () => {
    await t.close();
  });

  it('refuses an expired access token with TOKEN_EXPIRED instead of letting it in as anonymous', async () => {
    // Signed an hour ago with the usual lifetime: long expired.
    const past = createTokenSigner(t.config.jwtSecret, t.config.accessTokenTtlSeconds, () => {
      return new Date(t.clock.now().getTime() - 3600_000);
    });
    const error = await refusal(base, await past.sign(barista.id, 'barista'));
    expect(error.data).toEqual({ code: 'TOKEN_EXPIRED' });
    expect(error.message).toMatch(/expired/i);
  });

  it('refuses a token that has expired since it was given out', async () => {
    t.clock.advance((t.config.accessTokenTtlSeconds + 60) * 1000);
    const error = await refusal(base, barista.token);
    expect(['TOKEN_EXPIRED', 'TOKEN_INVALID']).toContain(error.data?.code);
    expect(error.message).not.toBe('');
  });

  it('refuses a token that is not valid with TOKEN_INVALID', async () => {
    const forged = createTokenSigner('another-secret-another-secret', 900, () => t.clock.now());
    for (const token of ['not-a-token', await forged.sign(barista.id, 'admin')]) {
      const error = await refusal(base, token);
      expect(error.data).toEqual({ code: 'TOKEN_INVALID' });
      expect(error.message).toMatch(/not valid/i);
    }
  });

  it('refuses a token that is not a string instead of letting it in as anonymous', async () => {
    for (const token of [12345, { token: barista.token }, [barista.token], true]) {
      const error = await refusal(base, token);
      expect(error.data, JSON.stringify(token)).toEqual({ code: 'TOKEN_INVALID' });
      expect(error.message).toMatch(/not valid/i);
    }
  });

  it('refuses the token of an account that is no longer active', async () => {
    await t.app.ctx.db.updateTable('users').set({ is_available: 'unavailable' }).where('id', '=', barista.id).execute();
    t.app.ctx.bus.resync();
    const error = await refusal(base, barista.token);
    expect(error.data).toEqual({ code: 'TOKEN_INVALID' });
  });

  it('refuses the expired token of a disabled or deleted account as TOKEN_INVALID, as the contract says', async () => {
    const past = createTokenSigner(t.config.jwtSecret, t.config.accessTokenTtlSeconds, () => {
      return new Date(t.clock.now().getTime() - 3600_000);
    });
    const expired = await past.sign(barista.id, 'barista');
    await t.app.ctx.db.updateTable('users').set({ is_available: 'unavailable' }).where('id', '=', barista.id).execute();
    t.app.ctx.bus.resync();
    expect((await refusal(base, expired)).data).toEqual({ code: 'TOKEN_INVALID' });
    expect((await refusal(base, await past.sign(987_654, 'user'))).data).toEqual({ code: 'TOKEN_INVALID' });
  });

  it('tells TOKEN_EXPIRED by the clock of the server, not the machine', async () => {
    t.clock.advance((t.config.accessTokenTtlSeconds + 60) * 1000);
    expect((await refusal(base, barista.token)).data).toEqual({ code: 'TOKEN_EXPIRED' });
  });

  it('lets a client without a token in for public events only', async () => {
    const anonymous = await connectClient(base);
    try {
      const status = nextEvent(anonymous, 'cafe-status');
      const orders: unknown[] = [];
      anonymous.on('orders', (event) => orders.push(event));
      t.app.ctx.events.order(FIRST_SITE_ID, fakeOrdersEvent({ id: 7, userId: barista.id }));
      t.app.ctx.events.shopStatus(FIRST_SITE_ID, { isCafeOpen: true, isBarOpen: true });
      expect(await status).toEqual({ isCafeOpen: true, isBarOpen: true });
      expect(orders).toEqual([]);
    } finally {
      anonymous.disconnect();
    }
  });

  it("puts a barista with a valid token in the staff room: everyone's orders arrive", async () => {
    const socket = await connectClient(base, barista.token);
    try {
      const order = nextEvent(socket, 'orders');
      t.app.ctx.events.order(FIRST_SITE_ID, fakeOrdersEvent({ id: 8, userId: 12345 }));
      expect(await order).toMatchObject({ id: 8 });
    } finally {
      socket.disconnect();
    }
  });

  it('keeps no HTTP request for a connection once it is in, and still reaches it', async () => {
    const socket = await connectClient(base, barista.token);
    try {
      const held = [...t.app.io.of('/').sockets.values()];
      expect(held.length).toBeGreaterThan(0);
      for (const connection of held) expect(connection.conn.request).toBeNull();
      const order = nextEvent(socket, 'orders');
      t.app.ctx.events.order(FIRST_SITE_ID, fakeOrdersEvent({ id: 9, userId: 12345 }));
      expect(await order).toMatchObject({ id: 9 });
    } finally {
      socket.disconnect();
    }
  });

  it('sends session-changed before it closes the connection', async () => {
    const socket = await connectClient(base, barista.token);
    try {
      const seen = recordSessionEnd(socket);
      t.app.ctx.events.sessionChanged(barista.id);
      expect(await seen).toEqual(['session-changed', 'disconnect: io server disconnect']);
    } finally {
      socket.disconnect();
    }
  });
});

/**
 * Two server processes on one PostgreSQL database, as deployed: the live channel's events go
 * through the cluster adapter. PostgreSQL only.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('session-changed across server processes', () => {
  let apps: FastifyInstance[] = [];
  let stop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ apps, stop } = await startProcesses(2, 'cafe_session'));
  });

  afterAll(async () => {
    await stop?.();
  });

  let counter = 0;
  async function connectedUser(app: FastifyInstance): Promise<{ id: number; socket: LiveClient }> {
    counter += 1;
    const person = await insertPerson([app], {
      name: `Session ${counter}`,
      email: `session${counter}-${Date.now()}@example.com`,
      role: 'user',
    });
    const port = (app.server.address() as AddressInfo).port;
    const socket = await connectClient(`http://127.0.0.1:${port}`, person.token);
    return { id: person.id, socket };
  }

  it.each([
    ['the process the change was made on', 0],
    ['another process', 1],
  ])('delivers it before the disconnect to a client of %s', async (_where, clientOn) => {
    const [changedOn] = apps as [FastifyInstance, FastifyInstance];
    // Several rounds: a reordering between processes need not show the first time.
    for (let round = 0; round < 5; round += 1) {
      const { id, socket } = await connectedUser(apps[clientOn] as FastifyInstance);
      try {
        const seen = recordSessionEnd(socket);
        changedOn.ctx.events.sessionChanged(id);
        expect(await seen).toEqual(['session-changed', 'disconnect: io server disconnect']);
      } finally {
        socket.disconnect();
      }
    }
  });
});
