// Row "rush": many people each placing two cafe orders at random moments of a short window, with
// their phones on "My orders", while baristas work a live board as the web app does. Checks that
// nothing is lost and the daily limit holds; those checks may fail the run.
import { addDays, client, inflight } from '../api.mjs';
import { sampleRss, TODAY } from '../app-server.mjs';
import { assignBaristas, firstSiteId, insertUsers, serverMadePassword } from '../seed.mjs';
import { closeAll, connectAll, fanOutPerOrder, receivedBy } from '../sockets.mjs';
import { cpuPerOrder, startCpuWindow } from '../cpu.mjs';
import { rng, sleep, summarize } from '../stats.mjs';

/** With the server stopped: the baristas work at the first site, where the people order (none chose a home). */
/** What the simulated baristas did and what the phones read, summed (both rush rows report them). */
export function workTotals(baristas, phones) {
  const sum = (list, of) => list.reduce((n, x) => n + of(x), 0);
  return {
    baristaWork: {
      started: sum(baristas, (b) => b.work.started),
      done: sum(baristas, (b) => b.work.done),
      conflicts: sum(baristas, (b) => b.work.conflicts),
      errors: sum(baristas, (b) => b.work.errors),
    },
    phoneReads: sum(phones, (p) => sum(p.queries, (q) => q.stats.reads)),
    phoneReadFailures: sum(phones, (p) => sum(p.queries, (q) => q.stats.failed)),
  };
}

export async function seedRush(db, sizes) {
  // The memory row takes its peak from this rush: real password hashes (seed.mjs, serverMadePassword).
  const password = await serverMadePassword(db);
  const baristas = await insertUsers(db, { prefix: 'rushbarista', count: sizes.baristas, role: 'barista', password });
  await assignBaristas(db, await firstSiteId(db), baristas);
  return { baristas, people: await insertUsers(db, { prefix: 'rush', count: sizes.rushPeople, password }) };
}

/** The fan-out row: the rush's people and baristas, and people enough more watching to make `total` at the site. */
export async function seedFanOut(db, sizes, total) {
  const seeded = await seedRush(db, sizes);
  const watchers = await insertUsers(db, { prefix: 'watch', count: Math.max(0, total - seeded.people.length) });
  return { ...seeded, watchers };
}

/** The live board's read (the barista's own site; `siteId` names one). */
export const boardPath = (siteId, day = TODAY) =>
  `/order?status=ordered,in-progress&startDate=${day}&endDate=${addDays(day, 1)}${siteId === undefined ? '' : `&siteId=${siteId}`}`;
const FINISHED = new Set(['done', 'picked', 'cancel', 'rejected']);

/**
 * A query as TanStack Query runs it for the web app: `refetch()` while a fetch is under way cancels
 * it and starts again (invalidateQueries' default cancelRefetch), which is what a live event or a
 * settled mutation does. Counts what it sends.
 */
export function liveQuery(api, token, path, onData) {
  let current = null;
  // durations: milliseconds of each read that completed.
  const stats = { reads: 0, completed: 0, aborted: 0, failed: 0, bytes: 0, durations: [] };
  const pending = new Set();
  function refetch() {
    if (current) {
      current.abort();
      stats.aborted += 1;
    }
    const controller = new AbortController();
    current = controller;
    stats.reads += 1;
    const t0 = performance.now();
    const p = api
      .call('GET', path, { token, signal: controller.signal })
      .then((res) => {
        stats.completed += 1;
        stats.durations.push(performance.now() - t0);
        stats.bytes += res.bytes;
        if (current === controller) {
          current = null;
          onData?.(res.json);
        }
      })
      .catch((error) => {
        if (current === controller) current = null;
        if (error.name !== 'AbortError') stats.failed += 1;
      })
      .finally(() => pending.delete(p));
    pending.add(p);
  }
  return { refetch, stats, settle: () => Promise.all([...pending]) };
}

/** Does the event carry the order itself (so the board can update without reading)? */
export const carriesOrder = (event) => Boolean(event.order ?? (event.menu && event.user));

export function simulatedBarista(api, account, index, sizes, random, record, behaviour, path = boardPath()) {
  let board = [];
  const query = liveQuery(api, account.token, path, (orders) => (board = orders));
  const tried = new Set();
  const work = { started: 0, done: 0, conflicts: 0, errors: 0 };
  let stopped = false;
  let local = 0;

  account.socket.on('orders', (event) => {
    record(index, event);
    if (behaviour.boardAppliesEvents && carriesOrder(event)) {
      const order = event.order ?? event;
      local += 1;
      board = board.filter((o) => o.id !== order.id);
      if (order.status === 'ordered' || order.status === 'in-progress') board.push(order);
    } else if (event.status !== 'picked') {
      // The first version of use-board-live.ts: pick-ups are not on the board; anything else refetches.
      query.refetch();
    }
  });
  account.socket.io.on('reconnect', () => query.refetch());
  const interval = behaviour.boardRefetchMs ? setInterval(() => query.refetch(), behaviour.boardRefetchMs) : undefined;

  async function patch(id, status) {
    try {
      await api.baristaUpdate(account.token, id, status);
      return true;
    } catch (error) {
      if (error.status === 409) work.conflicts += 1;
      else work.errors += 1;
      return false;
    } finally {
      // useUpdateBaristaOrder: onSettled invalidates the board.
      if (behaviour.boardReadsAfterTap) query.refetch();
    }
  }

  async function loop() {
    query.refetch();
    while (!stopped) {
      // The oldest waiting orders on this barista's screen; a few baristas pick among the first ones.
      const waiting = board.filter((o) => o.status === 'ordered' && !tried.has(o.id)).slice(0, sizes.baristaBatch * 3);
      if (waiting.length === 0) {
        await sleep(200);
        continue;
      }
      const take = [];
      while (take.length < sizes.baristaBatch && waiting.length) {
        take.push(waiting.splice(Math.floor(random() * waiting.length), 1)[0]);
      }
      const making = [];
      for (const order of take) {
        tried.add(order.id);
        if (await patch(order.id, 'in-progress')) {
          work.started += 1;
          making.push(order);
        }
      }
      await sleep(sizes.baristaPrepMs * (0.7 + 0.6 * random()));
      for (const order of making) if (await patch(order.id, 'done')) work.done += 1;
      await sleep(sizes.baristaPauseMs * (0.5 + random()));
    }
  }

  const running = loop();
  return {
    work,
    reads: query.stats,
    localUpdates: () => local,
    async stop() {
      stopped = true;
      clearInterval(interval);
      await running;
      await query.settle();
    },
  };
}

/**
 * A person's phone on My orders (status-order-route.tsx), as the web app reads: after each
 * placement (`placing()` before it is sent, `open(answers)` with what it answered), My orders takes
 * the answer into its list when the answer carries the place (else reads the list), takes the
 * daily count from it (else reads the count), and reads the history when what it holds is older than the query cache's stale
 * time. It follows own events as use-live-updates.ts does (the event of its own placement reads
 * nothing where the web app knows it as its own), polls the queue where the web app does, and
 * picks up a finished drink. `stats` and `pickups` (the pick-ups under way) are shared by the
 * phones of a run; `onPicked(id)` after each pick-up.
 */
export function simulatedPhone(api, person, { sizes, random, behaviour, stats, pickups, onPicked }) {
  let myQueue = null;
  let historyAt = -Infinity;
  const [queue, count, history] = ['/order/my-queue', '/order/count/user', '/order/history/user'].map((path) =>
    liveQuery(api, person.token, path, (data) => {
      if (path === '/order/my-queue') myQueue = data;
      if (path === '/order/history/user') historyAt = performance.now();
    }),
  );
  const queries = [queue, count, history];
  const own = new Set();
  let inFlight = 0;
  let poll;
  const placing = () => {
    inFlight += 1;
  };
  const open = (answers = []) => {
    inFlight = Math.max(0, inFlight - 1);
    for (const answer of answers) own.add(answer.id);
    const placed = answers.filter((a) => a.status === 'ordered' && a.queue_at != null);
    if (behaviour.placementAnswerInList && myQueue && placed.length === answers.length && answers.length > 0) {
      myQueue = [...placed.filter((a) => !myQueue.some((o) => o.id === a.id)), ...myQueue];
    } else {
      queue.refetch();
    }
    if (
      !behaviour.placementAnswerCount ||
      answers.length === 0 ||
      answers.some((a) => typeof a.dailyCount !== 'number')
    )
      count.refetch();
    if (!behaviour.queryStaleMs || performance.now() - historyAt > behaviour.queryStaleMs) history.refetch();
    if (behaviour.myQueuePollMs) poll ??= setInterval(() => queue.refetch(), behaviour.myQueuePollMs);
  };
  person.socket.on('orders', (event) => {
    const ownPlacement = behaviour.ownPlacementEventQuiet && event.from === null && (own.has(event.id) || inFlight > 0);
    if (behaviour.phoneAppliesEvents && carriesOrder(event)) {
      if (myQueue?.some((o) => o.id === event.id))
        myQueue = myQueue.map((o) => (o.id === event.id ? { ...o, ...event.order } : o));
      else if (!ownPlacement) queue.refetch();
      if ((event.from === null && !ownPlacement) || event.status === 'cancel' || event.status === 'rejected')
        count.refetch();
      if (FINISHED.has(event.status)) {
        if (behaviour.phoneHistoryFromEvents) historyAt = performance.now();
        else history.refetch();
      }
    } else {
      for (const q of queries) q.refetch();
    }
    if (event.status === 'done') {
      const [from, to] = sizes.pickupDelayMs;
      const p = sleep(from + random() * (to - from))
        .then(() => api.ownerUpdate(person.token, event.id, 'picked'))
        .then(
          () => {
            stats.pickups += 1;
            onPicked?.(event.id);
          },
          () => (stats.pickupErrors += 1),
        )
        .finally(() => pickups.delete(p));
      pickups.add(p);
    }
  });
  return { person, queries, placing, open, stop: () => clearInterval(poll) };
}

/**
 * The `queue` frames each phone receives, by second of the window: the most any phone got in one
 * second, and how many phone-seconds had more than one (issue 46: at most one a second).
 */
function queueFramesBySecond(accounts) {
  const seconds = accounts.map(() => new Map());
  let started = null;
  accounts.forEach((account, i) =>
    account.socket.on('queue', () => {
      if (started === null) return;
      const second = Math.floor((performance.now() - started) / 1000);
      seconds[i].set(second, (seconds[i].get(second) ?? 0) + 1);
    }),
  );
  return {
    start: () => (started = performance.now()),
    stop() {
      started = null;
      let max = 0;
      let over = 0;
      let phoneSeconds = 0;
      let frames = 0;
      for (const bySecond of seconds) {
        for (const n of bySecond.values()) {
          max = Math.max(max, n);
          phoneSeconds += 1;
          frames += n;
          if (n > 1) over += 1;
        }
      }
      return { maxPerPhoneSecond: max, phoneSecondsOverOne: over, phoneSecondsWithAny: phoneSeconds, frames };
    },
  };
}

/**
 * `seeded.watchers` (the fan-out row): more people of the site with My orders open who do not order
 * in the window; their phones only count what they receive.
 */
export async function runRush({ server, seeded, sizes, direct, behaviour, log }) {
  const api = client(server.base);
  const random = rng(7);
  const windowMs = sizes.rushSeconds * 1000;

  const watching = seeded.watchers ?? [];
  log(`  signing in ${seeded.people.length + watching.length} people and ${seeded.baristas.length} baristas`);
  const people = await api.loginAll(seeded.people, 8);
  const watchers = await api.loginAll(watching, 8);
  const baristaAccounts = await api.loginAll(seeded.baristas, 3);
  const tumbler = await api.uploadTumbler(people[0].token);
  const items = await api.cafeItems();
  log(`  connecting ${people.length + watchers.length + baristaAccounts.length} sockets`);
  await connectAll(server.base, [...baristaAccounts, ...people, ...watchers], 25);
  const queueFrames = queueFramesBySecond([...people, ...watchers]);
  // What the watching phones hear, by event: what a site's people get whatever they ordered.
  const watcherEvents = {};
  for (const w of watchers) w.socket.onAny((event) => (watcherEvents[event] = (watcherEvents[event] ?? 0) + 1));

  // Every `orders` event at each barista: (id, status) -> arrival time.
  const atBarista = baristaAccounts.map(() => new Map());
  const recordAtBarista = (index, event) => {
    const key = `${event.id}:${event.status}`;
    if (!atBarista[index].has(key)) atBarista[index].set(key, performance.now());
  };
  const baristas = baristaAccounts.map((account, i) =>
    simulatedBarista(api, account, i, sizes, random, recordAtBarista, behaviour),
  );

  const placements = [];
  const expectedEvents = [];
  const personStats = { reads: 0, aborted: 0, failed: 0, pickups: 0, pickupErrors: 0 };
  const pickups = new Set();

  // Each person's phone on My orders.
  const phones = people.map((person) =>
    simulatedPhone(api, person, {
      sizes,
      random,
      behaviour,
      stats: personStats,
      pickups,
      onPicked: (id) => expectedEvents.push({ id, status: 'picked' }),
    }),
  );

  const rss = sampleRss(server.pid);
  await api.eventLoopDelay();
  log(`  ${people.length} people x 2 orders over ${sizes.rushSeconds} s, ${baristas.length} baristas working`);
  // The machine's time and the frames sent over the window (the orders' whole lives: placed, made, picked up).
  const cpu = await startCpuWindow({ serverPids: [server.pid], direct });
  const framesBefore = {
    boards: receivedBy(baristaAccounts),
    phones: receivedBy(people),
    watchers: receivedBy(watchers),
  };
  const started = performance.now();
  queueFrames.start();
  await Promise.all(
    phones.map(async (phone) => {
      const times = [random() * windowMs, random() * windowMs].sort((a, b) => a - b);
      for (const at of times) {
        const wait = started + at - performance.now();
        if (wait > 0) await sleep(wait);
        const item = items[Math.floor(random() * items.length)];
        const t0 = performance.now();
        const placement = { userId: phone.person.id, t0 };
        placements.push(placement);
        const answers = [];
        phone.placing();
        try {
          const res = await api.placeOrder(phone.person.token, api.orderBody(item, tumbler));
          placement.id = res.json.id;
          placement.status = res.status;
          answers.push(res.json);
          expectedEvents.push({ id: res.json.id, status: 'ordered' });
        } catch (error) {
          placement.status = error.status ?? String(error.message).slice(0, 80);
        }
        placement.answerMs = performance.now() - t0;
        phone.open(answers);
      }
    }),
  );
  const sendingSeconds = (performance.now() - started) / 1000;
  log(`  all answered after ${sendingSeconds.toFixed(1)} s; baristas work on ${sizes.rushDrainSeconds} s`);
  await sleep(sizes.rushDrainSeconds * 1000);
  const eventLoop = await api.eventLoopDelay();
  const debug = (m) => process.env.BENCH_DEBUG && log(`    (${m})`);
  debug('stopping the baristas');
  const watchdog = process.env.BENCH_DEBUG
    ? setInterval(() => {
        const now = performance.now();
        const list = [...inflight].map(
          (r) => `${r.method} ${r.path} ${Math.round(now - r.t0)} ms ${r.stage ?? 'waiting'}`,
        );
        debug(`in flight: ${list.join('; ')}`);
      }, 5000)
    : undefined;
  await Promise.all(baristas.map((b) => b.stop()));
  debug('waiting for pick-ups');
  await Promise.all([...pickups]);
  for (const phone of phones) phone.stop();
  debug('waiting for phone reads');
  await Promise.all(phones.flatMap((phone) => phone.queries.map((q) => q.settle())));
  clearInterval(watchdog);
  const cpuSpent = await cpu.stop();
  const queueFramesSeen = queueFrames.stop();
  const framesAfter = { boards: baristaAccounts, phones: people, watchers };
  debug('checking');
  const peakMb = rss.stop().peakMb;

  // Transitions the baristas made: each emits an event every barista must get.
  const transitions = await direct.query(
    `SELECT order_id AS id, to_status AS status FROM order_status_history
     WHERE to_status IN ('in-progress','done','rejected') AND order_id IN (SELECT id FROM orders WHERE user_id IN (${people.map(() => '?').join(',')}))`,
    people.map((p) => p.id),
  );
  for (const t of transitions) expectedEvents.push({ id: Number(t.id), status: t.status });
  // Events still on their way get a moment.
  const missingNow = () =>
    expectedEvents.reduce((n, e) => n + atBarista.filter((m) => !m.has(`${e.id}:${e.status}`)).length, 0);
  for (let i = 0; i < 50 && missingNow() > 0; i += 1) await sleep(100);
  const missingEvents = missingNow();

  const accepted = placements.filter((p) => p.status === 201);
  const eventLatency = [];
  for (const p of accepted) {
    for (const m of atBarista) {
      const t = m.get(`${p.id}:ordered`);
      if (t !== undefined) eventLatency.push(t - p.t0);
    }
  }

  // The database: every acknowledged order exactly once, nobody over the daily limit.
  const rows = await direct.query(
    `SELECT id, user_id, cafe_day, status, category_for FROM orders WHERE user_id IN (${people.map(() => '?').join(',')})`,
    people.map((p) => p.id),
  );
  const inDb = new Map(rows.map((r) => [Number(r.id), r]));
  const ackIds = new Set(accepted.map((p) => p.id));
  const lost = accepted.filter((p) => !inDb.has(p.id)).length;
  const unacknowledged = rows.filter((r) => !ackIds.has(Number(r.id))).length;
  const duplicateAcks = accepted.length - ackIds.size;
  const counted = new Map();
  for (const r of rows) {
    if (r.category_for !== 'cafe' || r.status === 'cancel' || r.status === 'rejected') continue;
    const key = `${r.user_id}:${r.cafe_day}`;
    counted.set(key, (counted.get(key) ?? 0) + 1);
  }
  const limitViolations = [...counted.values()].filter((n) => n > 2).length;
  const refused = placements.filter((p) => p.status !== 201);
  const refusedBy = {};
  for (const p of refused) refusedBy[p.status] = (refusedBy[p.status] ?? 0) + 1;

  const boardReads = baristas.reduce((n, b) => n + b.reads.reads, 0);
  const checks = [
    { name: 'every acknowledged order is in the database', ok: lost === 0, detail: `${lost} lost` },
    {
      name: 'every order in the database was acknowledged, once',
      ok: unacknowledged === 0 && duplicateAcks === 0,
      detail: `${unacknowledged} saved without a 201, ${duplicateAcks} ids acknowledged twice`,
    },
    {
      name: 'nobody has more than 2 counted cafe orders a day',
      ok: limitViolations === 0,
      detail: `${limitViolations} people over`,
    },
    {
      name: 'every order event reached every barista',
      ok: missingEvents === 0,
      detail: `${missingEvents} of ${expectedEvents.length * atBarista.length} (event, barista) missing`,
    },
    {
      name: 'every placement was accepted (2 per person, the limit never reached)',
      ok: refused.length === 0,
      detail: `${refused.length} refused ${JSON.stringify(refusedBy)}`,
    },
  ];

  closeAll([...people, ...watchers, ...baristaAccounts]);
  return {
    people: people.length,
    watchers: watchers.length,
    baristas: baristas.length,
    windowSeconds: sizes.rushSeconds,
    sendingSeconds: Math.round(sendingSeconds * 10) / 10,
    orders: { sent: placements.length, accepted: accepted.length, refused: refusedBy },
    orderLatency: summarize(placements.map((p) => p.answerMs)),
    eventAtBarista: summarize(eventLatency),
    lost,
    limitViolations,
    missingEvents,
    boardReads,
    boardReadsPerOrder: accepted.length ? Math.round((boardReads / accepted.length) * 100) / 100 : null,
    boardReadsAborted: baristas.reduce((n, b) => n + b.reads.aborted, 0),
    boardReadMs: summarize(baristas.flatMap((b) => b.reads.durations)),
    boardReadFailures: baristas.reduce((n, b) => n + b.reads.failed, 0),
    boardMbRead: Math.round(baristas.reduce((n, b) => n + b.reads.bytes, 0) / 1e5) / 10,
    boardLocalUpdates: baristas.reduce((n, b) => n + b.localUpdates(), 0),
    ...workTotals(baristas, phones),
    pickups: personStats.pickups,
    pickupErrors: personStats.pickupErrors,
    peakMb,
    eventLoop,
    cpuPerOrder: cpuPerOrder(cpuSpent, accepted.length),
    fanOut: fanOutPerOrder(
      {
        boards: { accounts: framesAfter.boards, before: framesBefore.boards },
        phones: { accounts: framesAfter.phones, before: framesBefore.phones },
        ...(watchers.length ? { watchers: { accounts: framesAfter.watchers, before: framesBefore.watchers } } : {}),
      },
      accepted.length,
    ),
    queueFrames: queueFramesSeen,
    ...(watchers.length ? { watcherEvents } : {}),
    checks,
  };
}
