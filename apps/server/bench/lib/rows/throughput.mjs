// Rows "authenticated reads", "health" and "order placement": requests a second against the
// hello-world baseline measured right before and after each.
import { TODAY } from '../app-server.mjs';
import { addDays, client, DEMO, idempotencyKey } from '../api.mjs';
import { againstHello, cannon } from '../load.mjs';
import { insertUsers } from '../seed.mjs';

/** Accounts this phase needs, inserted before the server starts. */
export async function seedThroughput(db, sizes) {
  return {
    boardPeople: await insertUsers(db, { prefix: 'board', count: 20 }),
    placers: await insertUsers(db, { prefix: 'place', count: Math.ceil(sizes.placementOrders / 2) + 10 }),
  };
}

export const READS = [
  { name: 'GET /api/cafe-status', path: '/api/cafe-status', as: 'user' },
  { name: 'GET /api/category', path: '/api/category?categoryFor=cafe', as: 'user' },
  { name: 'GET /api/user/me', path: '/api/user/me', as: 'user' },
  { name: 'GET /api/order/my-queue', path: '/api/order/my-queue', as: 'user' },
  {
    name: 'GET /api/order (board)',
    path: `/api/order?status=ordered,in-progress&startDate=${TODAY}&endDate=${addDays(TODAY, 1)}`,
    as: 'barista',
  },
];

export async function runThroughput({ server, hello, seeded, sizes, only, log }) {
  const api = client(server.base);
  const settings = { connections: sizes.connections, seconds: sizes.seconds };
  const tokens = {
    user: await api.login(DEMO.user.email, DEMO.user.password),
    barista: await api.login(DEMO.barista.email, DEMO.barista.password),
  };
  const tumbler = await api.uploadTumbler(tokens.user);
  const items = await api.cafeItems();

  // A morning's board: 42 waiting orders, 10 of them in progress; the demo user has two in the queue.
  const board = await api.loginAll(seeded.boardPeople);
  const placed = [];
  for (const person of [...board, { token: tokens.user }]) {
    for (let i = 0; i < 2; i += 1) {
      const item = items[(placed.length + i) % items.length];
      placed.push((await api.placeOrder(person.token, api.orderBody(item, tumbler))).json.id);
    }
  }
  for (const id of placed.slice(0, 10)) await api.baristaUpdate(tokens.barista, id, 'in-progress');

  const result = { settings, reads: [], health: undefined, placement: undefined };
  const headers = (as) => ({ authorization: `Bearer ${tokens[as]}` });

  // Warm both processes up (JIT, connection pools) before anything counts.
  await cannon({ url: `${hello.base}/`, connections: sizes.connections, seconds: 1 });
  await cannon({
    url: server.base,
    connections: sizes.connections,
    seconds: 1,
    requests: READS.map((r) => ({ method: 'GET', path: r.path, headers: headers(r.as) })),
  });

  let previous;
  if (only.has('reads')) {
    for (const read of READS) {
      log(`  ${read.name}`);
      const row = await againstHello(
        hello,
        settings,
        () => cannon({ url: `${server.base}${read.path}`, ...settings, headers: headers(read.as) }),
        previous,
      );
      previous = row.last;
      result.reads.push({ name: read.name, ...strip(row) });
    }
  }
  if (only.has('health')) {
    log('  GET /api/health (no token)');
    const row = await againstHello(
      hello,
      settings,
      () => cannon({ url: `${server.base}/api/health`, ...settings }),
      previous,
    );
    previous = row.last;
    result.health = { name: 'GET /api/health', ...strip(row) };
  }
  if (only.has('placement')) {
    const orders = sizes.placementOrders;
    log(`  POST /api/order: signing in ${seeded.placers.length} people`);
    const placers = await api.loginAll(seeded.placers);
    log(`  POST /api/order x ${orders} (2 per person)`);
    // Person i % n places request i: each person's two orders are far apart, as in real life.
    const people = Math.ceil(orders / 2);
    let sent = 0;
    const row = await againstHello(
      hello,
      settings,
      () =>
        cannon({
          url: server.base,
          connections: sizes.connections,
          amount: orders,
          requests: [
            {
              method: 'POST',
              path: '/api/order',
              setupRequest: (request) => {
                const i = sent++;
                const person = placers[i % people];
                const item = items[i % items.length];
                return {
                  ...request,
                  headers: {
                    'content-type': 'application/json',
                    authorization: `Bearer ${person.token}`,
                    'idempotency-key': idempotencyKey(),
                  },
                  body: JSON.stringify(api.orderBody(item, tumbler)),
                };
              },
            },
          ],
        }),
      previous,
    );
    result.placement = { name: 'POST /api/order', orders, ...strip(row) };
  }
  return result;
}

/** A row without the baseline run it carries for the next row. */
function strip(row) {
  const { last: _last, ...rest } = row;
  return rest;
}
