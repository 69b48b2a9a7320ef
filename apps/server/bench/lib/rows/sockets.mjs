// Rows "order -> event" (steady 5 at a time, quiet and loaded; a burst) and "server memory" at
// many live connections: from the moment POST /api/order is sent (what the person feels) to the
// `orders` event at each barista's socket and at the owner's socket.
import { client, DEMO } from '../api.mjs';
import { sampleRss } from '../app-server.mjs';
import { backgroundLoad } from '../load.mjs';
import { assignBaristas, firstSiteId, insertUsers, serverMadePassword } from '../seed.mjs';
import { closeAll, connectAll } from '../sockets.mjs';
import { sleep, summarize } from '../stats.mjs';

/** With the server stopped: the baristas work at the first site, where the people order (none chose a home). */
export async function seedSockets(db, sizes) {
  // This row measures memory: real password hashes (seed.mjs, serverMadePassword).
  const password = await serverMadePassword(db);
  const baristas = await insertUsers(db, { prefix: 'sockbarista', count: sizes.baristas, role: 'barista', password });
  await assignBaristas(db, await firstSiteId(db), baristas);
  const people = await insertUsers(db, {
    prefix: 'sock',
    count: Math.max(1, sizes.sockets - sizes.baristas),
    password,
  });
  return { baristas, people };
}

export async function runSockets({ server, seeded, sizes, only, log }) {
  const api = client(server.base);
  const result = {};
  const rss = sampleRss(server.pid);
  await sleep(1000);
  result.memory = { idleMb: server.rssMb() };

  log(`  signing in ${seeded.people.length + seeded.baristas.length} accounts`);
  const people = await api.loginAll(seeded.people, 8);
  const baristas = await api.loginAll(seeded.baristas, 3);
  const demoUser = await api.login(DEMO.user.email, DEMO.user.password);
  const tumbler = await api.uploadTumbler(demoUser);
  const items = await api.cafeItems();
  // The sign-ins and the photo (its image library) hold memory of their own: the memory at the
  // sockets is told apart from it.
  await sleep(1000);
  result.memory.beforeSocketsMb = server.rssMb();
  log(`  server memory after the sign-ins and the photo, before the sockets: ${result.memory.beforeSocketsMb} MB`);

  log(`  connecting ${people.length + baristas.length} sockets`);
  const connect = await connectAll(server.base, [...baristas, ...people], 25);
  await sleep(2000);
  result.connections = people.length + baristas.length;
  result.connectSeconds = connect.seconds;
  result.memory.atSocketsMb = server.rssMb();

  // Every `orders` event a barista or an owner receives, by order id.
  const arrivals = new Map();
  const note = (who) => (event) => {
    if (event.status !== 'ordered') return;
    const t = performance.now();
    let list = arrivals.get(event.id);
    if (!list) arrivals.set(event.id, (list = []));
    list.push({ who, t });
  };
  baristas.forEach((b, i) => b.socket.on('orders', note(`barista${i}`)));
  for (const person of people) person.socket.on('orders', note('owner'));

  // Each person may place two cafe orders today: first everyone once, then everyone again.
  const slots = [...people, ...people];
  let nextSlot = 0;
  const takeSlot = () => slots[nextSlot++];
  const capacity = () => slots.length - nextSlot;

  async function place(person) {
    const item = items[nextSlot % items.length];
    const t0 = performance.now();
    try {
      const res = await api.placeOrder(person.token, api.orderBody(item, tumbler));
      return { id: res.json.id, t0, answerMs: performance.now() - t0 };
    } catch (error) {
      return { error: error.status ?? error.message, t0, answerMs: performance.now() - t0 };
    }
  }

  async function steady(count) {
    const placed = [];
    const n = Math.min(count, capacity());
    await Promise.all(
      Array.from({ length: sizes.steadyConcurrency }, async () => {
        while (placed.length < n) {
          const person = takeSlot();
          const pending = { person };
          placed.push(pending);
          Object.assign(pending, await place(person));
        }
      }),
    );
    return placed;
  }

  async function latencies(placed) {
    const ids = placed.filter((p) => p.id !== undefined);
    const expected = baristas.length + 1;
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && ids.some((p) => (arrivals.get(p.id)?.length ?? 0) < expected)) await sleep(50);
    const atBarista = [];
    const atOwner = [];
    let missing = 0;
    for (const p of ids) {
      const got = arrivals.get(p.id) ?? [];
      for (let i = 0; i < baristas.length; i += 1) {
        const hit = got.find((a) => a.who === `barista${i}`);
        if (hit) atBarista.push(hit.t - p.t0);
        else missing += 1;
      }
      const owner = got.find((a) => a.who === 'owner');
      if (owner) atOwner.push(owner.t - p.t0);
      else missing += 1;
    }
    const failed = placed.filter((p) => p.error !== undefined);
    if (process.env.BENCH_DEBUG) {
      const slow = ids
        .map((p, i) => ({
          i,
          ms: Math.round(Math.max(...(arrivals.get(p.id) ?? []).map((a) => a.t - p.t0))),
          answer: Math.round(p.answerMs),
        }))
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 8);
      console.log('    slowest (order index, event ms, answer ms):', JSON.stringify(slow));
    }
    return {
      orders: placed.length,
      accepted: ids.length,
      failed: failed.length,
      failures: [...new Set(failed.map((p) => String(p.error)))].slice(0, 5),
      missingEvents: missing,
      answer: summarize(placed.map((p) => p.answerMs)),
      atBarista: summarize(atBarista),
      atOwner: summarize(atOwner),
    };
  }

  if (only.has('sockets')) {
    // A fresh process compiles each step of a placement on its first orders (tens of ms each); a
    // server that has been up since the morning has long done so. Those first orders are measured
    // and reported on their own rather than counted in the steady figures.
    log(`  ${sizes.warmupOrders} first orders of the fresh process`);
    result.firstOrders = await latencies(await steady(sizes.warmupOrders));
    log(`  ${sizes.steadyOrders} orders, ${sizes.steadyConcurrency} at a time, quiet`);
    result.quiet = await latencies(await steady(sizes.steadyOrders));
    log(`  ${sizes.steadyOrders} orders, ${sizes.steadyConcurrency} at a time, under read load`);
    const userHeaders = { authorization: `Bearer ${people[0].token}` };
    const load = backgroundLoad({
      base: server.base,
      paths: ['/api/category?categoryFor=cafe', '/api/order/my-queue', '/api/cafe-status', '/api/user/me'],
      headers: userHeaders,
      connections: sizes.loadConnections,
      seconds: 600,
    });
    await sleep(1500);
    const placed = await steady(sizes.steadyOrders);
    const background = await load.stop();
    result.loaded = { ...(await latencies(placed)), load: { connections: sizes.loadConnections, ...background } };
  }
  if (only.has('burst')) {
    await sleep(1000);
    const n = Math.min(sizes.burst, capacity());
    log(`  a burst of ${n} orders at once`);
    const people = Array.from({ length: n }, takeSlot);
    const placed = await Promise.all(people.map(async (person) => ({ person, ...(await place(person)) })));
    result.burst = await latencies(placed);
  }
  result.memory.peakMb = rss.stop().peakMb;
  closeAll([...people, ...baristas]);
  return result;
}
