// Row "statements" (PostgreSQL): the statements each request of a drink's life sends to the
// database, counted on the wire (lib/pg-count-proxy.mjs) on a quiet server, one request at a time:
// the first placement of a day, a placement, a barista's Do and Done, the owner's pick-up, the
// board's read and My orders. The tests hold the same counts (orders.round-trips*.test.ts); the
// bench reports them beside the run's times, on one process and on two (the moves through the
// process that did not place the order).
import { addDays, client, DEMO } from '../api.mjs';
import { CLOCK_NOW, TODAY } from '../app-server.mjs';
import { insertUsers } from '../seed.mjs';
import { sleep } from '../stats.mjs';
import { boardPath } from './rush.mjs';

/** Each request is counted this many times (on as many orders); the row shows the least of them. */
const REPEATS = 7;
/**
 * The database is quiet when nothing has passed the proxy for this long: what a request set going
 * after its answer (its live events, a notification's delivery) is counted as its own.
 */
const QUIET_MS = 1500;

/** People to order, for each count of processes: one the day before, and REPEATS on the day counted. */
export const STATEMENT_PEOPLE = REPEATS + 1;

export function seedStatements(db) {
  return insertUsers(db, { prefix: 'stmt', count: STATEMENT_PEOPLE * 2 });
}

/** Waits until nothing has passed between the servers and the database for QUIET_MS. */
async function quiet(proxy) {
  const deadline = performance.now() + 30_000;
  while (performance.now() - proxy.lastAt < QUIET_MS) {
    if (performance.now() > deadline) throw new Error('the database never went quiet for the count');
    await sleep(50);
  }
}

/**
 * The cluster adapter's own timers: its heartbeat (every 5 s from each process) and its clean-up of
 * old attachments. They go whatever the servers are asked, so a count of a request leaves them out
 * (and says how many it left out), as the tests' counts do (orders.round-trips.cluster.test.ts
 * starts its processes without them). With two processes a heartbeat fell into nearly every count.
 */
const adapterTimer = (statement) =>
  /^SELECT pg_notify\(\$1, \$2\) \(heartbeat\)$/.test(statement) ||
  statement.startsWith('DELETE FROM socket_io_attachments');

/**
 * The statements `work` sent, until the database is quiet again, the adapter's timers left out
 * (added to `leftOut.timers`).
 */
async function counted(proxy, work, leftOut) {
  await quiet(proxy);
  proxy.reset();
  await work();
  await quiet(proxy);
  const sent = [...proxy.statements];
  const own = sent.filter((statement) => !adapterTimer(statement));
  leftOut.timers += sent.length - own.length;
  return own;
}

/** A statement's first 100 characters, and what its notifications said (pg-count-proxy.mjs). */
const shortly = (list) =>
  list.map((s) => {
    const text = s.replace(/\s+/g, ' ').trim();
    const notes = /^SELECT pg_notify.*?( \([^()]*\))$/.exec(text)?.[1] ?? '';
    return text.slice(0, 100) + (text.length > 100 ? notes : '');
  });

/** The least and the most of a request's counts, each run's count, and the statements of its least and its most. */
function spread(lists) {
  const counts = lists.map((l) => l.length);
  const least = lists.reduce((a, b) => (b.length < a.length ? b : a));
  const most = lists.reduce((a, b) => (b.length > a.length ? b : a));
  return { min: least.length, max: most.length, counts, least: shortly(least), most: shortly(most) };
}

/**
 * The counts on the servers `bases` (one or two processes on the database behind `proxy`):
 * placements through the first, moves and reads through the last. `day`: 1 for the day after the
 * server's start (the clock is moved there first), so each run has a first placement of a day.
 */
export async function runStatements({ bases, proxy, people, day, log }) {
  const leftOut = { timers: 0 };
  const count = (work) => counted(proxy, work, leftOut);
  const place = client(bases[0]);
  const other = client(bases[bases.length - 1]);
  // The day before, the placing process served an order: the first placement counted is a day's
  // first on a process that has served before, not the first of its life.
  const [before] = await place.loginAll(people.slice(0, 1));
  const tumbler = await place.uploadTumbler(before.token);
  const [item] = await place.cafeItems();
  const body = place.orderBody(item, tumbler);
  await place.placeOrder(before.token, body);
  // A day of its own, at the hour the server started: its first placement is the day's first.
  const date = addDays(TODAY, day);
  const now = new Date(Date.parse(CLOCK_NOW) + day * 86_400_000).toISOString();
  for (const base of bases) {
    const res = await fetch(`${base}/api/test/clock`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ now }),
    });
    if (!res.ok) throw new Error(`PUT /api/test/clock: ${res.status} ${await res.text()}`);
  }
  // Signed in that morning (a token of the day before has expired on the server's clock).
  const barista = await other.login(DEMO.barista.email, DEMO.barista.password);
  const orderers = await place.loginAll(people.slice(1), 2);
  // Each person and the barista have opened the app first, as the web app does before a tap (who
  // they are, GET /user/me, then My orders): the server knows them, as in a morning's rush.
  for (const api of new Set([place, other])) {
    for (const person of orderers) {
      await api.call('GET', '/user/me', { token: person.token });
      await api.call('GET', '/order/my-queue', { token: person.token });
    }
  }
  await other.call('GET', boardPath(undefined, date), { token: barista });
  const lists = { first: [], placement: [], do: [], done: [], pickup: [], board: [], mine: [] };
  const ids = [];
  for (const [i, person] of orderers.entries()) {
    const list = await count(async () => ids.push((await place.placeOrder(person.token, body)).json.id));
    (i === 0 ? lists.first : lists.placement).push(list);
  }
  // Whoever taps has had their screen open (the server's copy of who they are lasts 60 s, and the
  // counts take longer): GET /user/me before each, not counted.
  const opened = (token) => other.call('GET', '/user/me', { token });
  for (const id of ids) {
    await opened(barista);
    lists.do.push(await count(() => other.baristaUpdate(barista, id, 'in-progress')));
  }
  for (const id of ids) {
    await opened(barista);
    lists.done.push(await count(() => other.baristaUpdate(barista, id, 'done')));
  }
  for (const [i, id] of ids.entries()) {
    await opened(orderers[i].token);
    lists.pickup.push(await count(() => other.ownerUpdate(orderers[i].token, id, 'picked')));
  }
  // The reads a while later (the counts above took a minute or more, the server's copies of who
  // each is last 60 s): each screen is opened again first, as the web app does.
  for (let i = 0; i < REPEATS; i += 1) {
    await opened(barista);
    await opened(orderers[i].token);
    lists.board.push(await count(() => other.call('GET', boardPath(undefined, date), { token: barista })));
    lists.mine.push(await count(() => other.call('GET', '/order/my-queue', { token: orderers[i].token })));
  }
  // What the servers send with nobody asking, in as long as the counts waited for quiet.
  proxy.reset();
  await sleep(3000);
  const idle = proxy.statements.length;
  log(`  statements with ${bases.length} process(es): idle ${idle} in 3 s`);
  return {
    processes: bases.length,
    idleIn3s: idle,
    adapterTimersLeftOut: leftOut.timers,
    requests: Object.fromEntries(Object.entries(lists).map(([k, v]) => [k, spread(v)])),
  };
}
