import type { OrdersEvent } from '@cafe/shared';
import { once } from 'node:events';
import { connect } from 'node:net';
import { connect as connectTls } from 'node:tls';
import sharp from 'sharp';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EVENT_WAIT_MS } from '../../apps/server/src/test-support/waits';
import { ADMIN, AT_THE_CAFE, sleep, startTopology, waitFor, type Topology } from './topology';

/**
 * The production topology on this machine, without containers (deploy/test/topology.ts): a
 * private PostgreSQL, two processes of the built server, nginx in front with the repository's
 * proxy rules. Each scenario is one `it` that uses the shared topology and leaves it whole (both
 * processes running) for the next; add one the same way.
 */

/** The next `event` on `socket` whose payload satisfies `match`. */
function nextMatching<T>(
  socket: Socket,
  event: string,
  match: (payload: T) => boolean,
  ms = EVENT_WAIT_MS,
): Promise<T> {
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

  const placeOrder = (route: string, note: string, timeoutMs?: number) =>
    topology.api<Order>('/api/order', {
      token: userToken,
      route,
      body: { menu_id: mojito, tumblerImage: note, ...AT_THE_CAFE },
      timeoutMs,
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
    expect(firstVisit.headers.get('set-cookie')).toMatch(
      /^__Host-cafe_route=[0-9a-f]+; Path=\/; Secure; HttpOnly; SameSite=Lax$/,
    );
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
      headers: { cookie: `__Host-cafe_route=${routeB}` },
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
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error(`no reconnect within ${EVENT_WAIT_MS} ms`)), EVENT_WAIT_MS),
        ),
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
    await waitFor(
      'nginx using the restarted process',
      async () => (await topology.servedBy(routeA)) === first,
      EVENT_WAIT_MS,
    );
  }, 90_000);
  it('restarts both processes one after the other under load, losing no request and no order event', async () => {
    const [first, second] = topology.servers;
    if (!first || !second) throw new Error('two server processes expected');
    const { api } = topology;
    const routeA = await topology.routeTo(first);
    const routeB = await topology.routeTo(second);

    const tokens: string[] = [];
    for (let i = 1; i <= 3; i += 1) {
      const email = `load${i}@example.com`;
      const registered = await api('/api/auth/register', {
        body: { name: `Load ${i}`, email, password: 'topology-password-1' },
      });
      expect(registered.status, JSON.stringify(registered.body)).toBe(201);
      tokens.push(await topology.login(email, 'topology-password-1'));
    }

    // The barista's board, live on process 1 (restarted first). On every reconnect it reads the
    // waiting orders again, as the app does, to catch up on what it missed while away.
    const board = await topology.socket(baristaToken, routeA);
    const heard = new Set<number>();
    const caughtUp = new Set<number>();
    let connectedAt = Date.now();
    let reconnects = 0;
    const failures: string[] = [];
    let requests = 0;
    const note = (what: string, answer: { status: number; headers: Headers; body: unknown }, ok: number) => {
      requests += 1;
      if (answer.status !== ok) {
        failures.push(
          `${what}: ${answer.status} via ${answer.headers.get('x-cafe-upstream') ?? '?'} ${JSON.stringify(answer.body)}`,
        );
      }
    };
    const catchUp = async () => {
      const answer = await api<Order[]>('/api/order?status=ordered', { token: baristaToken, route: routeA });
      note('catch-up GET /api/order', answer, 200);
      if (answer.status === 200) for (const order of answer.body) caughtUp.add(order.id);
    };
    board.on('orders', (event: OrdersEvent) => {
      if (event.status === 'ordered') heard.add(event.id);
    });
    // A stopping process ends the transport; a Socket.IO "io server disconnect" would leave
    // clients to reconnect by hand.
    const disconnects: string[] = [];
    board.on('disconnect', (reason) => disconnects.push(reason));
    board.on('connect', () => {
      connectedAt = Date.now();
      reconnects += 1;
      catchUp().catch((error: unknown) => failures.push(`catch-up: ${String(error)}`));
    });

    // The load: each user orders through each process in turn, with the menu read in between,
    // from two browsers (one sticky to each process). Every answer is kept.
    const placed: { id: number; remark: string; startedAt: number }[] = [];
    let running = true;
    const worker = async (user: number, route: string) => {
      for (let n = 0; running; n += 1) {
        const remark = `rr-${user}-${route.slice(-6)}-${n}`;
        try {
          const menu = await api('/api/category?categoryFor=bar', {
            token: tokens[user],
            route,
            timeoutMs: EVENT_WAIT_MS,
          });
          note('GET /api/category', menu, 200);
          const startedAt = Date.now();
          const order = await api<Order>('/api/order', {
            token: tokens[user],
            route,
            body: { menu_id: mojito, tumblerImage: 'Mojito', remark, ...AT_THE_CAFE },
            timeoutMs: EVENT_WAIT_MS,
          });
          note(`POST /api/order ${remark}`, order, 201);
          if (order.status === 201) placed.push({ id: order.body.id, remark, startedAt });
        } catch (error) {
          // No answer at all (the connection broke, or none within EVENT_WAIT_MS).
          failures.push(`${remark}: ${String(error)}`);
        }
        await sleep(20);
      }
    };
    const workers = [0, 1, 2].flatMap((user) => [worker(user, routeA), worker(user, routeB)]);
    const placedAtLeast = (count: number) =>
      waitFor(
        `${count} orders placed`,
        async () => placed.length >= count,
        EVENT_WAIT_MS,
        () => failures.join('\n'),
      );

    try {
      await placedAtLeast(10);
      for (const [server, route] of [
        [first, routeA],
        [second, routeB],
      ] as const) {
        const ended = await server.stop();
        expect(ended, `${server.name} should end by itself, with 0`).toEqual({ code: 0, signal: null });
        await placedAtLeast(placed.length + 5);
        await server.start();
        // nginx gives a process that refused a short pause; the next one is stopped only once
        // this one takes its share again.
        await waitFor(
          `nginx using ${server.name} again`,
          async () => (await topology.servedBy(route)) === server,
          EVENT_WAIT_MS,
        );
        await placedAtLeast(placed.length + 5);
      }
    } finally {
      running = false;
      await Promise.all(workers);
    }

    // Not one request failed, through both restarts.
    expect(failures, `${failures.length} of ${requests} requests failed`).toEqual([]);
    // Moved off process 1, then off process 2.
    expect(reconnects).toBeGreaterThanOrEqual(2);
    expect(new Set(disconnects)).toEqual(new Set(['transport close']));

    // Every acknowledged order is there, once.
    const all = await api<(Order & { remark: string })[]>('/api/order?status=ordered', {
      token: baristaToken,
      route: routeB,
    });
    expect(all.status).toBe(200);
    const ours = all.body.filter((o) => o.remark.startsWith('rr-'));
    expect(ours.map((o) => o.remark).sort()).toEqual(placed.map((p) => p.remark).sort());
    expect(new Set(ours.map((o) => o.id))).toEqual(new Set(placed.map((p) => p.id)));

    // The board learnt of every order: live, or by reading again when it came back. Those placed
    // after its last reconnect it must have heard live.
    const missed = () => placed.filter((p) => !heard.has(p.id) && !caughtUp.has(p.id));
    await waitFor(
      'the board knowing every order',
      async () => missed().length === 0,
      EVENT_WAIT_MS,
      () => JSON.stringify(missed()),
    );
    const sinceReconnect = placed.filter((p) => p.startedAt > connectedAt);
    await waitFor(
      'every order placed since the last reconnect heard live',
      async () => sinceReconnect.every((p) => heard.has(p.id)),
      EVENT_WAIT_MS,
      () => JSON.stringify(sinceReconnect.filter((p) => !heard.has(p.id))),
    );
    // And live across processes: an order through each process reaches the board.
    for (const route of [routeA, routeB]) {
      const next = nextMatching<OrdersEvent>(board, 'orders', (e) => e.status === 'ordered');
      const order = await placeOrder(route, 'Mojito, after the restarts');
      expect(order.status).toBe(201);
      expect((await next).id).toBe(order.body.id);
    }
    board.disconnect();
  }, 120_000);

  it('ends idle connections after the grace period, bounds a stuck request by SHUTDOWN_TIMEOUT_MS, and refuses a setting that is not a duration', async () => {
    // Idle connections are ended after the grace period (half the timeout, at most 5 s): a timeout
    // far above it, so a busy machine's slow close is not taken for connections holding it up
    // (they would: until the timeout, exit 1).
    const patient = await topology.standalone('server-idle-clients', { SHUTDOWN_TIMEOUT_MS: '20000' });
    const slow = await topology.standalone('server-stuck-client', { SHUTDOWN_TIMEOUT_MS: '2000' });
    await patient.start();
    // A TLS connection to the process, as nginx opens them (the internal CA trusted).
    const overTls = async (port = patient.port) => {
      const socket = connectTls({
        host: '127.0.0.1',
        port,
        servername: 'cafe-server',
        ca: topology.internalCa,
      });
      await once(socket, 'secureConnect');
      return socket;
    };
    // Connections without a request under way do not hold a shutdown up: one that never began
    // its TLS handshake, one never used after it, one that sent half its headers. They are ended
    // once the grace period is over.
    const neverHello = connect(patient.port, '127.0.0.1');
    await once(neverHello, 'connect');
    const idle = await overTls();
    const halfHeaders = await overTls();
    for (const socket of [neverHello, idle, halfHeaders]) socket.on('error', () => undefined);
    halfHeaders.write('GET /api/health HTTP/1.1\r\nHost: cafe\r\n');
    try {
      expect(await patient.stop(), patient.log()).toEqual({ code: 0, signal: null });
    } finally {
      for (const socket of [neverHello, idle, halfHeaders]) socket.destroy();
    }

    // A request under way that never ends (its body never comes) holds it up until the timeout.
    await slow.start();
    const stuck = await overTls(slow.port);
    stuck.on('error', () => undefined);
    stuck.write(
      'POST /api/auth/v2/login HTTP/1.1\r\nHost: cafe\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
    );
    try {
      expect(await slow.stop(), slow.log()).toEqual({ code: 1, signal: null });
      expect(slow.log()).toContain('SHUTDOWN_TIMEOUT_MS');
    } finally {
      stuck.destroy();
    }

    const wrong = await topology.standalone('server-bad-timeout', { SHUTDOWN_TIMEOUT_MS: 'soon' });
    await expect(wrong.start()).rejects.toThrow(/exited with 1[\s\S]*SHUTDOWN_TIMEOUT_MS must be/);
  }, 120_000);

  it('rides out a database restart: 503 while it is away, then service and live events resume by themselves', async () => {
    const [first, second] = topology.servers;
    if (!first || !second) throw new Error('two server processes expected');
    const { api, cluster } = topology;
    const routeA = await topology.routeTo(first);
    const routeB = await topology.routeTo(second);
    const boardA = await topology.socket(baristaToken, routeA);
    const boardB = await topology.socket(baristaToken, routeB);
    try {
      await cluster.stop('fast');
      try {
        for (const [server, route] of [
          [first, routeA],
          [second, routeB],
        ] as const) {
          // Answered, not hung: 503 with a hint when to try again, through the proxy and directly.
          const order = await placeOrder(route, 'Mojito, database away', EVENT_WAIT_MS);
          expect(order.status, JSON.stringify(order.body)).toBe(503);
          expect(order.headers.get('retry-after')).toMatch(/^\d+$/);
          const ready = await api('/api/ready', { base: server.url, timeoutMs: EVENT_WAIT_MS });
          expect(ready.status).toBe(503);
          expect((await api('/api/health', { base: server.url, timeoutMs: EVENT_WAIT_MS })).status).toBe(200);
        }
      } finally {
        await cluster.start();
      }
      expect(first.alive, first.log()).toBe(true);
      expect(second.alive, second.log()).toBe(true);

      // Back by itself: ready again, and orders taken through either process.
      for (const server of [first, second]) {
        await waitFor(
          `${server.name} ready again`,
          async () => (await api('/api/ready', { base: server.url })).status === 200,
          EVENT_WAIT_MS,
        );
      }
      for (const route of [routeA, routeB]) {
        const order = await placeOrder(route, 'Mojito, database back');
        expect(order.status, JSON.stringify(order.body)).toBe(201);
      }

      // Live events cross processes again, both ways, once each process listens anew: an order
      // placed through one process reaches a board connected to the other. (Events sent while a
      // process was not yet listening are not replayed; its clients catch up by reading again.)
      for (const [through, board, name] of [
        [routeA, boardB, 'process 1 to process 2'],
        [routeB, boardA, 'process 2 to process 1'],
      ] as const) {
        // An order a second until one of them is heard there: each is heard once its event
        // crosses, however long that takes on a loaded machine.
        const heard = new Set<number>();
        const hear = (event: OrdersEvent) => {
          if (event.status === 'ordered') heard.add(event.id);
        };
        board.on('orders', hear);
        const sent: number[] = [];
        let sentAt = 0;
        try {
          await waitFor(
            `an order event crossing from ${name}`,
            async () => {
              if (sent.some((id) => heard.has(id))) return true;
              if (Date.now() - sentAt >= 1000) {
                sentAt = Date.now();
                const order = await placeOrder(through, 'Mojito, live again');
                if (order.status === 201) sent.push(order.body.id);
              }
              return sent.some((id) => heard.has(id));
            },
            EVENT_WAIT_MS,
          );
        } finally {
          board.off('orders', hear);
        }
      }
    } finally {
      boardA.disconnect();
      boardB.disconnect();
      // The next scenario gets a whole topology even when this one found the processes dead.
      if (!cluster.running) await cluster.start();
      for (const server of [first, second]) if (!server.alive) await server.start();
    }
  }, 120_000);

  it('holds the sign-in limit across both processes: the shared count, not one per process', async () => {
    const [first, second] = topology.servers;
    if (!first || !second) throw new Error('two server processes expected');
    const { api } = topology;
    const routeA = await topology.routeTo(first);
    const routeB = await topology.routeTo(second);
    for (const name of ['limit1', 'limit2']) {
      const registered = await api('/api/auth/register', {
        body: { name, email: `${name}@example.com`, password: 'topology-password-1' },
      });
      expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    }

    /**
     * Wrong passwords for `email` from `address` (a client address of its own, so no other
     * scenario's sign-ins count), the requests taking `routes` in turn: how many were refused with
     * 401 before the first 429, and which processes answered.
     */
    const failuresBefore429 = async (address: string, email: string, routes: string[]) => {
      const servedBy = new Set<string>();
      for (let attempt = 0; attempt < 200; attempt += 1) {
        const route = routes[attempt % routes.length];
        const answer = await api('/api/auth/v2/login', {
          body: { email, password: 'not-the-password-1' },
          route,
          from: address,
        });
        servedBy.add(answer.headers.get('x-cafe-upstream') ?? '?');
        if (answer.status === 429) {
          expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
          // Refused through the other process too.
          const other = routes[(attempt + 1) % routes.length];
          const again = await api('/api/auth/v2/login', {
            body: { email, password: 'not-the-password-1' },
            route: other,
            from: address,
          });
          expect(again.status).toBe(429);
          return { allowed: attempt, servedBy };
        }
        expect(answer.status, JSON.stringify(answer.body)).toBe(401);
      }
      throw new Error(`no 429 for ${email} within 200 sign-in failures`);
    };

    // The limit, as one process counts it.
    const one = await failuresBefore429('127.0.0.2', 'limit1@example.com', [routeA]);
    expect(one.servedBy).toEqual(new Set([`127.0.0.1:${first.port}`]));
    expect(one.allowed).toBeGreaterThan(0);
    // Spread over both processes, the same limit holds (counted in one place, not twice).
    const both = await failuresBefore429('127.0.0.3', 'limit2@example.com', [routeA, routeB]);
    expect(both.servedBy).toEqual(new Set([`127.0.0.1:${first.port}`, `127.0.0.1:${second.port}`]));
    expect(both.allowed).toBe(one.allowed);
  }, 90_000);
});
