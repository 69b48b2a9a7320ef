import type { OrdersEvent } from '@cafe/shared';
import sharp from 'sharp';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, AT_THE_CAFE, startTopology, waitFor, type Topology } from './topology';

/**
 * The production topology on this machine, without containers (deploy/test/topology.ts): a
 * private PostgreSQL, two processes of the built server, nginx in front with the repository's
 * proxy rules. Each scenario is one `it` that uses the shared topology and leaves it whole (both
 * processes running) for the next; add one the same way.
 */

/** The next `event` on `socket` whose payload satisfies `match`. */
function nextMatching<T>(socket: Socket, event: string, match: (payload: T) => boolean, ms = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no matching "${event}" event within ${ms} ms`));
    }, ms);
    const listener = (payload: T) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

interface Order {
  id: number;
  status: string;
}

describe('two server processes behind nginx on one PostgreSQL', () => {
  let topology: Topology;
  let adminToken = '';
  let baristaToken = '';
  let userToken = '';
  let mojito = 0;

  beforeAll(async () => {
    topology = await startTopology();
    const { api } = topology;
    adminToken = await topology.login(ADMIN.email, ADMIN.password);
    const register = async (name: string, email: string) => {
      const answer = await api<{ id: number }>('/api/auth/register', {
        body: { name, email, password: 'topology-password-1' },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return answer.body.id;
    };
    const baristaId = await register('Barista', 'barista@example.com');
    await register('Nok', 'nok@example.com');
    const promoted = await api(`/api/user/${baristaId}`, {
      method: 'PATCH',
      token: adminToken,
      body: { role: 'barista' },
    });
    expect(promoted.status).toBe(200);
    baristaToken = await topology.login('barista@example.com', 'topology-password-1');
    userToken = await topology.login('nok@example.com', 'topology-password-1');

    const category = await api<{ id: number }>('/api/category', {
      token: baristaToken,
      body: { name: 'Cocktails', categoryFor: 'bar' },
    });
    expect(category.status).toBe(201);
    const item = await api<{ id: number }>('/api/menu', {
      token: baristaToken,
      body: { name: 'Mojito', category_id: category.body.id },
    });
    expect(item.status).toBe(201);
    mojito = item.body.id;
    expect((await api('/api/cafe-status/bar-open', { method: 'PATCH', token: baristaToken })).status).toBe(200);
  }, 240_000);

  afterAll(async () => {
    await topology?.stop();
  }, 60_000);

  beforeEach((context) => {
    context.onTestFailed(() => console.error(topology?.logs()));
  });

  const placeOrder = (route: string, note: string) =>
    topology.api<Order>('/api/order', {
      token: userToken,
      route,
      body: { menu_id: mojito, tumblerImage: note, ...AT_THE_CAFE },
    });

  const baristaSets = (route: string, id: number, status: string) =>
    topology.api<Order>(`/api/order/barista/${id}`, {
      method: 'PATCH',
      token: baristaToken,
      route,
      body: { status },
    });

  it('serves the API through the proxy, spreads browsers over both processes and keeps each on one', async () => {
    const [first, second] = topology.servers;
    if (!first || !second) throw new Error('two server processes expected');

    // A browser's first answer sets the sticky cookie; later requests carrying it stay on one process.
    const firstVisit = await topology.api('/api/cafe-status');
    expect(firstVisit.status).toBe(200);
    expect(firstVisit.headers.get('set-cookie')).toMatch(/^cafe_route=[0-9a-f]+; Path=\/; HttpOnly; SameSite=Lax$/);
    const routeA = await topology.routeTo(first);
    const routeB = await topology.routeTo(second);
    for (let i = 0; i < 5; i += 1) expect(await topology.servedBy(routeA)).toBe(first);

    // An order placed through one process is read back through the other (one database, one
    // signing key: the token issued by one process is accepted by the other).
    const placed = await placeOrder(routeA, 'Mojito, less ice');
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const board = await topology.api<Order[]>('/api/order?status=ordered', { token: baristaToken, route: routeB });
    expect(board.status).toBe(200);
    expect(board.body.map((o) => o.id)).toContain(placed.body.id);
    const rejected = await topology.api<Order>(`/api/order/barista/${placed.body.id}`, {
      method: 'PATCH',
      token: baristaToken,
      route: routeB,
      body: { status: 'rejected', reject_note: 'Out of mint' },
    });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);

    // A photo of about 2 MB passes the proxy's body limit (nginx's default would refuse it).
    const side = 900;
    const noise = Buffer.alloc(side * side * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 7919 + (i >> 9) * 104729) % 251;
    const png = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(png.length).toBeGreaterThan(1024 * 1024);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'tumbler.png');
    const upload = await topology.api<{ url: string }>('/api/upload/image', { token: userToken, route: routeA, form });
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    const image = await fetch(`${topology.proxyUrl}${upload.body.url}`, {
      headers: { cookie: `cafe_route=${routeB}` },
    });
    expect(image.status).toBe(200);
  }, 60_000);

  it('shows a user connected through the proxy a barista change made on the other process, live', async () => {
    const [first, second] = topology.servers;
    if (!first || !second) throw new Error('two server processes expected');
    const routeA = await topology.routeTo(first);
    const routeB = await topology.routeTo(second);
    const user = await topology.socket(userToken, routeA);
    const barista = await topology.socket(baristaToken, routeB);

    // The user orders through process 1; the barista's board, on process 2, hears of it.
    const onBoard = nextMatching<OrdersEvent>(barista, 'orders', (e) => e.status === 'ordered');
    const placed = await placeOrder(routeA, 'Mojito, live');
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect((await onBoard).id).toBe(placed.body.id);

    // The barista starts it through process 2; the user, on process 1, sees it at once.
    // (The user's own order was announced to it too: wait for the change, not that.)
    const seen = nextMatching<OrdersEvent>(
      user,
      'orders',
      (e) => e.id === placed.body.id && e.status === 'in-progress',
    );
    const started = Date.now();
    expect((await baristaSets(routeB, placed.body.id, 'in-progress')).status).toBe(200);
    expect(await seen).toMatchObject({ id: placed.body.id, status: 'in-progress' });
    expect(Date.now() - started).toBeLessThan(2000);

    // The cafe opened through process 2 is announced to the user on process 1.
    const opened = nextMatching<{ isCafeOpen: boolean }>(user, 'cafe-status', (s) => s.isCafeOpen);
    expect(
      (await topology.api('/api/cafe-status/cafe-open', { method: 'PATCH', token: baristaToken, route: routeB }))
        .status,
    ).toBe(200);
    await opened;
    const barAgain = nextMatching<{ isBarOpen: boolean }>(user, 'cafe-status', (s) => s.isBarOpen);
    expect(
      (await topology.api('/api/cafe-status/bar-open', { method: 'PATCH', token: baristaToken, route: routeB })).status,
    ).toBe(200);
    await barAgain;

    user.disconnect();
    barista.disconnect();
  }, 60_000);

  it('moves clients of a process killed with -9 to the other one, where they catch up', async () => {
    const [first, second] = topology.servers;
    if (!first || !second) throw new Error('two server processes expected');
    const routeA = await topology.routeTo(first);
    const routeB = await topology.routeTo(second);
    const user = await topology.socket(userToken, routeA);
    const barista = await topology.socket(baristaToken, routeB);
    try {
      const placed = await placeOrder(routeA, 'Mojito, before the crash');
      expect(placed.status).toBe(201);

      const disconnected = new Promise((resolve) => user.once('disconnect', resolve));
      await first.kill('SIGKILL');
      await disconnected;
      // The socket's own 'connect' (after the handshake and its authentication), not the manager's.
      const reconnected = new Promise<void>((resolve) => user.once('connect', () => resolve()));

      // While the user is away, the barista (on process 2) starts the order: that event is missed.
      expect((await baristaSets(routeB, placed.body.id, 'in-progress')).status).toBe(200);

      // The user's requests, still carrying the cookie of process 1, are answered by process 2.
      for (let i = 0; i < 5; i += 1) {
        const status = await topology.api('/api/cafe-status', { route: routeA });
        expect(status.status).toBe(200);
      }
      expect(await topology.servedBy(routeA)).toBe(second);

      // The live channel comes back through nginx, on process 2.
      await Promise.race([
        reconnected,
        new Promise((_, reject) => setTimeout(() => reject(new Error('no reconnect within 10 s')), 10_000)),
      ]);
      expect(user.connected).toBe(true);

      // Catching up as the app does on reconnect: its queue is read again, and nothing was lost.
      const queue = await topology.api<Order[]>('/api/order/my-queue', { token: userToken, route: routeA });
      expect(queue.status).toBe(200);
      expect(queue.body.find((o) => o.id === placed.body.id)?.status).toBe('in-progress');

      // And live again: the next change arrives at once.
      const done = nextMatching<OrdersEvent>(user, 'orders', (e) => e.id === placed.body.id && e.status === 'done');
      expect((await baristaSets(routeB, placed.body.id, 'done')).status).toBe(200);
      await done;

      // Orders keep being taken through the proxy with one process down.
      const during = await placeOrder(routeA, 'Mojito, during the outage');
      expect(during.status).toBe(201);
    } finally {
      user.disconnect();
      barista.disconnect();
      // The next scenario gets both processes again.
      if (!first.alive) await first.start();
    }
    // nginx sends traffic to the restarted process again once its short failure pause is over.
    await waitFor('nginx using the restarted process', async () => (await topology.servedBy(routeA)) === first, 15_000);
  }, 90_000);
});
