// Row "sites-rush": several sites in one deployment (docs/decisions/0027-sites.md), on PostgreSQL
// with several server processes behind the same database. Sites are added and opened through the
// API as an admin does; people get home sites and baristas their sites as PUT /user/home-site and
// PUT /sites/{id}/baristas write them. Then a morning rush on a few sites at once: people place
// two cafe orders each at random moments of a short window (a few the second at another site, a
// few a third at the same moment through the other process, which the daily limit must refuse),
// phones on My orders and every site's baristas on their site's live board as in the rush row.
// Checks that may fail the run: every acknowledged order on its own site's list exactly once (on
// every process), nobody over the daily limit across sites, no event at another site's board, and
// every event at every barista of its site.
// The sites are set up in sites-rush-setup.mjs and the checks are sites-rush-checks.mjs.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { client, DEMO, idempotencyKey } from '../api.mjs';
import { sampleRss } from '../app-server.mjs';
import { closeAll, connectAll, fanOutPerOrder, receivedBy } from '../sockets.mjs';
import { cpuPerOrder, startCpuWindow } from '../cpu.mjs';
import { mapLimit, rng, round, sleep, summarize } from '../stats.mjs';
import { boardPath, simulatedBarista, simulatedPhone, workTotals } from './rush.mjs';
import { checkSitesRush } from './sites-rush-checks.mjs';

/** A placement that got no answer is sent at most this often in all (the same Idempotency-Key). */
const PLACEMENT_ATTEMPTS = 3;

/**
 * One rush: the sites `rushingAt` (indexes into `seeded`) at once.
 * Several rushes may run one after the other on one database, each on sites of its own: their
 * people have not ordered yet.
 */
export async function runSitesRush({ servers, seeded, sizes, direct, behaviour, log, rushingAt, peoplePerSite }) {
  const apis = servers.map((s) => client(s.base));
  const random = rng(11);
  const windowMs = sizes.sitesRushSeconds * 1000;
  const rushing = rushingAt.map((i) => seeded[i]);
  const rushingIds = rushing.map((r) => r.site.id);
  const siteById = new Map(seeded.map((r) => [r.site.id, r.site]));

  // Every account talks to one process (as a sticky load balancer keeps a client); the people are
  // spread over the processes, and so are each site's baristas, so an order placed on one process
  // reaches baristas of its site on both.
  // All the people of a rushing site, or the first `peoplePerSite` of them (a slower rush).
  const people = rushing.flatMap((r) =>
    r.people.slice(0, peoplePerSite ?? r.people.length).map((p) => ({ ...p, homeSiteId: r.site.id })),
  );
  people.forEach((p, i) => {
    p.server = i % servers.length;
    p.base = servers[p.server].base;
  });
  const baristaAccounts = seeded.flatMap((r) =>
    r.baristas.map((b, j) => ({
      ...b,
      siteId: r.site.id,
      server: j % servers.length,
      base: servers[j % servers.length].base,
    })),
  );

  log(
    `  signing in ${people.length} people of ${rushing.length} sites and ${baristaAccounts.length} baristas of ${seeded.length} on ${servers.length} processes`,
  );
  let t = performance.now();
  await mapLimit([...baristaAccounts, ...people], 8 * servers.length, async (a) => {
    a.token = await apis[a.server].login(a.email);
  });
  const signInSeconds = round((performance.now() - t) / 1000);
  const admin = await apis[0].login(DEMO.admin.email, DEMO.admin.password);
  const tumbler = await apis[0].uploadTumbler(people[0].token);
  const items = await apis[0].cafeItems();

  // Every site's cafe must be open on every process before anyone orders.
  for (const [i, api] of apis.entries()) {
    const closed = (await api.call('GET', '/sites')).json.filter((s) => siteById.has(s.id) && !s.status.isCafeOpen);
    if (closed.length)
      throw new Error(`process ${i + 1}: the cafe is closed at ${closed.map((s) => s.name).join(', ')}`);
  }

  log(`  connecting ${people.length + baristaAccounts.length} sockets`);
  t = performance.now();
  await connectAll(servers[0].base, [...baristaAccounts, ...people], 25);
  const connectSeconds = round((performance.now() - t) / 1000);
  // A connection lost on the way (a stalled process misses its pings) loses the events meanwhile.
  const dropped = { baristas: 0, phones: 0 };
  // And the `queue` events the phones took: the fan-out to everyone waiting at a site.
  let queueAtPhones = 0;
  for (const b of baristaAccounts) b.socket.on('disconnect', () => (dropped.baristas += 1));
  for (const p of people) {
    p.socket.on('disconnect', () => (dropped.phones += 1));
    p.socket.on('queue', () => (queueAtPhones += 1));
  }

  // Every `orders` event at each barista: (id, status) -> first arrival; deliveries of the same
  // again; the orders that `queue` events say left a line.
  const atBarista = baristaAccounts.map(() => ({ first: new Map(), twice: 0, queueLeft: [] }));
  const recordAtBarista = (index, event) => {
    const seen = atBarista[index];
    const key = `${event.id}:${event.status}`;
    if (seen.first.has(key)) seen.twice += 1;
    else seen.first.set(key, performance.now());
  };
  baristaAccounts.forEach((account, i) =>
    account.socket.on('queue', (event) => {
      if (event.left) atBarista[i].queueLeft.push(event.left.id);
    }),
  );
  const baristas = baristaAccounts.map((account, i) =>
    simulatedBarista(
      apis[account.server],
      account,
      i,
      sizes,
      random,
      recordAtBarista,
      behaviour,
      boardPath(account.siteId, siteById.get(account.siteId).day),
    ),
  );

  const personStats = { pickups: 0, pickupErrors: 0 };
  const pickups = new Set();
  const atPhones = { otherPeoples: 0, twice: 0 };
  const phones = people.map((person) => {
    const seen = new Set();
    person.socket.on('orders', (event) => {
      if (event.userId !== person.id) atPhones.otherPeoples += 1;
      const key = `${event.id}:${event.status}`;
      if (seen.has(key)) atPhones.twice += 1;
      seen.add(key);
    });
    return simulatedPhone(apis[person.server], person, { sizes, random, behaviour, stats: personStats, pickups });
  });

  // Each person: the first order at home; the second at home or, for a few, at another rushing site
  // (`siteId`); a few also send a third at the same moment as the second, to a third site through
  // another process: the daily limit (one allowance at every site) must refuse one of the three.
  const placements = [];
  const plans = phones.map((phone) => {
    const home = phone.person.homeSiteId;
    const others = rushingIds.filter((id) => id !== home);
    const pick = (list) => list[Math.floor(random() * list.length)];
    const visit = others.length && random() < sizes.sitesVisitShare ? pick(others) : undefined;
    const third =
      others.length && random() < sizes.sitesThirdShare
        ? pick(others.filter((id) => id !== visit).length ? others.filter((id) => id !== visit) : others)
        : undefined;
    const times = [random() * windowMs, random() * windowMs].sort((a, b) => a - b);
    return { phone, times, visit, third };
  });
  const thirdOf = new Set(plans.filter((p) => p.third !== undefined).map((p) => p.phone.person.id));

  async function place(phone, { siteId, server, kind }) {
    const api = apis[server];
    const item = items[Math.floor(random() * items.length)];
    const body = api.orderBody(item, tumbler);
    if (siteId !== undefined) body.siteId = siteId;
    const t0 = performance.now();
    const placement = {
      userId: phone.person.id,
      kind,
      siteId: siteId ?? phone.person.homeSiteId,
      server,
      t0,
    };
    placements.push(placement);
    // As the web app's order form does: the draft keeps its Idempotency-Key, and a placement that
    // got no answer at all (the network failed) is sent again with it, as the person taps Order
    // again; an answer, even an error, is final.
    const key = idempotencyKey();
    for (let attempt = 1; ; attempt += 1) {
      try {
        const res = await api.placeOrder(phone.person.token, body, key);
        placement.answer = res.json;
        placement.id = res.json.id;
        placement.status = res.status;
        placement.code = undefined;
      } catch (error) {
        placement.status = error.status ?? String(error.message).slice(0, 80);
        placement.code = error.code;
        if (error.status === undefined && attempt < PLACEMENT_ATTEMPTS) {
          placement.resent = attempt;
          await sleep(1000);
          continue;
        }
      }
      break;
    }
    placement.answerMs = performance.now() - t0;
    return placement.answer;
  }

  const rss = servers.map((s) => sampleRss(s.pid));
  const measuredBefore = await Promise.all(apis.map((api) => api.serverMeasures()));
  // The bench's own event loop: the phones' and baristas' clients answer and time everything on it,
  // so a stall of its own is in every latency it measures.
  const benchLoop = monitorEventLoopDelay({ resolution: 10 });
  benchLoop.enable();
  log(
    `  ${people.length} people x 2 orders over ${sizes.sitesRushSeconds} s at ${rushing.length} sites at once ` +
      `(${plans.filter((p) => p.visit).length} second orders at another site, ${thirdOf.size} third attempts), ` +
      `${baristas.length} baristas of ${seeded.length} sites on their boards`,
  );
  const cpu = await startCpuWindow({ serverPids: servers.map((s) => s.pid), direct });
  const framesBefore = { boards: receivedBy(baristaAccounts), phones: receivedBy(people) };
  const started = performance.now();
  await Promise.all(
    plans.map(async ({ phone, times, visit, third }) => {
      const own = phone.person.server;
      for (const [n, at] of times.entries()) {
        const wait = started + at - performance.now();
        if (wait > 0) await sleep(wait);
        phone.placing();
        const sends = [
          place(phone, {
            siteId: n === 0 ? undefined : visit,
            server: own,
            kind: n === 0 || visit === undefined ? 'home' : 'visit',
          }),
        ];
        if (n === 1 && third !== undefined) {
          sends.push(place(phone, { siteId: third, server: (own + 1) % servers.length, kind: 'third' }));
        }
        const answers = await Promise.all(sends);
        phone.open(answers.filter(Boolean));
      }
    }),
  );
  const sendingSeconds = (performance.now() - started) / 1000;
  log(`  all answered after ${sendingSeconds.toFixed(1)} s; baristas work on ${sizes.rushDrainSeconds} s`);
  await sleep(sizes.rushDrainSeconds * 1000);
  benchLoop.disable();
  const measuredAfter = await Promise.all(apis.map((api) => api.serverMeasures()));
  const eventLoop = measuredAfter.map((m) => m.eventLoop);
  await Promise.all(baristas.map((b) => b.stop()));
  await Promise.all([...pickups]);
  for (const phone of phones) phone.stop();
  await Promise.all(phones.flatMap((phone) => phone.queries.map((q) => q.settle())));
  const cpuSpent = await cpu.stop();
  const peaks = rss.map((r) => r.stop().peakMb);
  const {
    checks,
    accepted,
    refusedBy,
    eventLatency,
    bySite,
    lost,
    atWrongSite,
    overLimit,
    missingEvents,
    expectedDeliveries,
    wrongBoard,
    wrongBoardQueue,
    eventsTwice,
  } = await checkSitesRush({
    direct,
    apis,
    admin,
    seeded,
    siteById,
    rushingIds,
    people,
    baristaAccounts,
    atBarista,
    atPhones,
    placements,
    thirdOf,
  });

  const rushingBaristas = baristas.filter((_, i) => rushingIds.includes(baristaAccounts[i].siteId));
  const boardReads = rushingBaristas.reduce((n, b) => n + b.reads.reads, 0);
  const disconnects = { ...dropped };
  closeAll([...people, ...baristaAccounts]);
  return {
    processes: servers.length,
    sites: seeded.length,
    rushingSites: rushing.length,
    people: seeded.reduce((n, r) => n + r.people.length, 0),
    rushingPeople: people.length,
    baristasPerSite: sizes.baristas,
    windowSeconds: sizes.sitesRushSeconds,
    signInSeconds,
    connectSeconds,
    sendingSeconds: round(sendingSeconds),
    orders: {
      sent: placements.length,
      accepted: accepted.length,
      atAnotherSite: placements.filter((p) => p.kind === 'visit').length,
      thirdAttempts: thirdOf.size,
      refused: refusedBy,
      /** Placements sent again with their key after no answer came (the network failed). */
      resent: placements.filter((p) => p.resent !== undefined).length,
    },
    orderLatency: summarize(placements.map((p) => p.answerMs)),
    eventAtBarista: summarize(eventLatency.all),
    eventSameProcess: summarize(eventLatency.sameProcess),
    eventOtherProcess: summarize(eventLatency.otherProcess),
    perSite: rushing.map((r) => {
      const s = bySite.get(r.site.id);
      return {
        site: r.site.name,
        timeZone: r.site.timeZone,
        accepted: s.accepted,
        order: summarize(s.answers),
        event: summarize(s.events),
      };
    }),
    lost,
    atWrongSite,
    overLimit,
    missingEvents,
    expectedDeliveries,
    wrongBoard,
    wrongBoardQueue,
    wrongPhone: atPhones.otherPeoples,
    eventsTwice,
    disconnects,
    queueAtPhones,
    boardReads,
    boardReadsPerOrder: accepted.length ? round(boardReads / accepted.length, 2) : null,
    boardReadMs: summarize(rushingBaristas.flatMap((b) => b.reads.durations)),
    boardReadFailures: baristas.reduce((n, b) => n + b.reads.failed, 0),
    boardMbRead: round(baristas.reduce((n, b) => n + b.reads.bytes, 0) / 1e6),
    ...workTotals(baristas, phones),
    pickups: personStats.pickups,
    pickupErrors: personStats.pickupErrors,
    peakMb: peaks,
    eventLoop,
    benchEventLoop: { p99: round(benchLoop.percentile(99) / 1e6), max: round(benchLoop.max / 1e6) },
    serverPlacements: serverPlacementsOver(measuredBefore, measuredAfter, 0.1),
    /** Database connections the servers' pools opened in the rush (each a database process started). */
    connectionsOpened: measuredAfter.reduce(
      (n, m, i) => n + m.connectionsOpened - (measuredBefore[i]?.connectionsOpened ?? 0),
      0,
    ),
    placementsOver100Ms: placements.filter((p) => p.answerMs > 100).length,
    cpuPerOrder: cpuPerOrder(cpuSpent, accepted.length),
    fanOut: fanOutPerOrder(
      {
        boards: { accounts: baristaAccounts, before: framesBefore.boards },
        phones: { accounts: people, before: framesBefore.phones },
      },
      accepted.length,
    ),
    checks,
  };
}

/**
 * The placements the servers answered in the rush (each process's own timing, from the request
 * read to the answer sent; their histograms' difference over the window) and how many of them took
 * longer than `limit` seconds: beside the bench's count over the same limit, what part of the
 * slow answers the servers' handling was.
 */
function serverPlacementsOver(before, after, limit) {
  let answered = 0;
  let over = 0;
  after.forEach((m, i) => {
    const was = before[i]?.placements ?? {};
    const count = (le) => (m.placements[le] ?? 0) - (was[le] ?? 0);
    answered += count('+Inf');
    over += count('+Inf') - count(String(limit));
  });
  return { answered, over, limitMs: limit * 1000 };
}
