import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '@/test/fake-api';
import { WAITING } from '@/test/waits';

/** A stand-in for the Socket.IO client: records handlers and connects, fires what the test says. */
class FakeSocket {
  handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  auth: unknown;
  /** Socket.IO's `active`: false once the server refused the handshake (it will not retry by itself). */
  active = true;
  connect = vi.fn();
  disconnect = vi.fn();
  on(event: string, handler: (...args: unknown[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  onAny() {
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
  /** The token the next handshake would carry. */
  token(): unknown {
    let sent: unknown;
    (this.auth as (cb: (data: { token?: string }) => void) => void)((data) => (sent = data.token));
    return sent;
  }
}

// The module under test itself, not the connection every other web test has in its place
// (test/setup.ts); its Socket.IO client is the fake one below.
vi.unmock('./socket');

const fake = vi.hoisted(() => ({ socket: null as FakeSocket | null }));
vi.mock('socket.io-client', () => ({
  io: (options: { auth: unknown }) => {
    const socket = new FakeSocket();
    socket.auth = options.auth;
    fake.socket = socket;
    return socket;
  },
}));

/** A handshake refused by the server, as socket.io-client reports it. */
function refused(code: string): Error {
  return Object.assign(new Error('refused'), { data: { code } });
}

async function open() {
  // A fresh module each test: the app opens one connection for its lifetime.
  vi.resetModules();
  const socket = await import('./socket');
  const apiClient = await import('./api-client');
  await socket.openSocket();
  return { socket: fake.socket as FakeSocket, apiClient };
}

describe('live connection refused for its token', () => {
  beforeEach(() => {
    localStorage.setItem('access_token', 'expired');
    localStorage.setItem('refresh_token', 'ref');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refreshes the token and connects again with the new one', async () => {
    const api = mockApi({ 'POST /auth/refresh-token': { accessToken: 'fresh', refreshToken: 'ref2' } });
    const { socket } = await open();
    expect(socket.token()).toBe('expired');
    socket.fire('connect_error', refused('TOKEN_EXPIRED'));
    await vi.waitFor(() => expect(socket.connect).toHaveBeenCalledTimes(1), WAITING);
    expect(socket.token()).toBe('fresh');
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /auth/refresh-token']);
  });

  it('signs the person out when the session can no longer be refreshed', async () => {
    mockApi({
      'POST /auth/refresh-token': apiError(401, 'UNAUTHENTICATED'),
      'GET /user/me': apiError(401, 'UNAUTHENTICATED'),
    });
    const { socket, apiClient } = await open();
    const expired = vi.fn();
    apiClient.onSessionExpired(expired);
    socket.fire('connect_error', refused('TOKEN_INVALID'));
    await vi.waitFor(() => expect(expired).toHaveBeenCalledTimes(1), WAITING);
    expect(socket.connect).not.toHaveBeenCalled();
  });

  it('keeps the session and tries again later when the server cannot be reached', async () => {
    mockApi(() => {
      throw new TypeError('Failed to fetch');
    });
    const { socket, apiClient } = await open();
    const expired = vi.fn();
    apiClient.onSessionExpired(expired);
    vi.useFakeTimers();
    socket.fire('connect_error', refused('TOKEN_EXPIRED'));
    await vi.waitFor(() => expect(vi.getTimerCount()).toBeGreaterThan(0), WAITING);
    await vi.runOnlyPendingTimersAsync();
    expect(socket.connect).toHaveBeenCalled();
    expect(expired).not.toHaveBeenCalled();
    expect(localStorage.getItem('refresh_token')).toBe('ref');
  });

  it('connects again a little later when the server refused the handshake for another reason (its database away)', async () => {
    const api = mockApi({});
    const { socket } = await open();
    vi.useFakeTimers();
    socket.active = false;
    socket.fire('connect_error', new Error('Connection terminated unexpectedly'));
    await vi.runOnlyPendingTimersAsync();
    expect(socket.connect).toHaveBeenCalledTimes(1);
    expect(api.calls).toEqual([]);
  });

  it('leaves other connection errors to the client library', async () => {
    const api = mockApi({});
    const { socket } = await open();
    socket.fire('connect_error', new Error('websocket error'));
    await new Promise((r) => setTimeout(r, 20));
    expect(api.calls).toEqual([]);
    expect(socket.connect).not.toHaveBeenCalled();
  });
});

describe('opening the live connection', () => {
  beforeEach(() => {
    localStorage.clear();
    fake.socket = null;
    vi.resetModules();
  });

  it("opens none on a visitor's sign-in page, and opens it when the visitor signs in", async () => {
    const socket = await import('./socket');
    socket.openSocketFor('/login');
    socket.openSocketFor('/create');
    await new Promise((r) => setTimeout(r, 20));
    expect(fake.socket).toBeNull();

    localStorage.setItem('access_token', 'signed-in');
    localStorage.setItem('refresh_token', 'ref');
    socket.reconnectSocket();
    await vi.waitFor(() => expect(fake.socket).not.toBeNull(), WAITING);
    expect((fake.socket as FakeSocket).token()).toBe('signed-in');
  });

  it('opens it for a visitor on a public menu, which follows the shop status', async () => {
    const socket = await import('./socket');
    socket.openSocketFor('/order_bar');
    await vi.waitFor(() => expect(fake.socket).not.toBeNull(), WAITING);
    expect((fake.socket as FakeSocket).token()).toBeUndefined();
  });

  it('opens it at start-up with a session, whatever the page', async () => {
    localStorage.setItem('access_token', 'kept');
    localStorage.setItem('refresh_token', 'ref');
    const socket = await import('./socket');
    socket.openSocketFor('/login');
    await vi.waitFor(() => expect(fake.socket).not.toBeNull(), WAITING);
    expect((fake.socket as FakeSocket).token()).toBe('kept');
  });
});
