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
import { addDays, client, DEMO, idempotencyKey } from '../api.mjs';
import { CLOCK_NOW, sampleRss } from '../app-server.mjs';
import { assignBaristas, insertUsers, setHomeSite } from '../seed.mjs';
import { closeAll, connectAll } from '../sockets.mjs';
import { mapLimit, rng, round, sleep, summarize } from '../stats.mjs';
import { boardPath, simulatedBarista, simulatedPhone, workTotals } from './rush.mjs';

/**
 * Time zones of the sites after the first (which keeps CAFE_TIMEZONE, Asia/Bangkok by default).
 * At CLOCK_NOW (03:00 UTC on a Wednesday) each reads between 09:00 and 14:00 of the same day: every
 * cafe within its hours, before the Friday cut-off, and one calendar day for the daily limit. The
 * rushing sites (every fourth, from the first) get different offsets.
 */
const ZONES = [
  'Asia/Dhaka',
  'Asia/Manila',
  'Asia/Yangon',
  'Asia/Tokyo',
  'Asia/Jakarta',
  'Asia/Taipei',
  'Australia/Darwin',
  'Australia/Sydney',
  'Asia/Ho_Chi_Minh',
  'Pacific/Guam',
  'Asia/Seoul',
  'Asia/Singapore',
  'Australia/Brisbane',
  'Australia/Perth',
  'Asia/Kuala_Lumpur',
  'Pacific/Noumea',
  'Asia/Thimphu',
  'Asia/Shanghai',
  'Pacific/Port_Moresby',
  'Asia/Hong_Kong',
];

/** The day at a site when the server's clock starts (CLOCK_NOW): the day of its board and its orders. */
export function siteDay(timeZone) {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(CLOCK_NOW),
  );
}

/** Which of `total` sites rush: `count` of them, spread out (the first among them). */
export function rushingIndexes(count, total) {
  return Array.from({ length: Math.min(count, total) }, (_, i) => Math.floor((i * total) / Math.min(count, total)));
}

/**
 * With the server running: sites added as an admin adds them (POST /sites) up to `sizes.sites`,
 * and the cafe of each opened (PATCH /cafe-status/cafe-open?siteId=). Returns the sites by id.
 */
export async function setUpSites({ server, sizes, log }) {
  const api = client(server.base);
  const admin = await api.login(DEMO.admin.email, DEMO.admin.password);
  const list = async () => (await api.call('GET', '/sites', { token: admin })).json;
  const existing = await list();
  log(`  adding ${Math.max(0, sizes.sites - existing.length)} sites to the ${existing.length} there are`);
  for (let i = existing.length; i < sizes.sites; i += 1) {
    const timeZone = ZONES[(i - 1) % ZONES.length];
    await api.call('POST', '/sites', {
      token: admin,
      body: {
        name: `Bench ${i + 1} ${timeZone}`.slice(0, 40),
        latitude: -30 + i * 2.5,
        longitude: 90 + i * 3,
        radiusKm: 1,
        timeZone,
        venues: { cafe: true, bar: true },
      },
    });
  }
  const sites = (await list()).slice(0, sizes.sites);
  for (const site of sites) {
    if (!site.status.isCafeOpen) {
      await api.call('PATCH', `/cafe-status/cafe-open?siteId=${site.id}`, { token: admin });
    }
  }
  return sites.map((s) => ({ id: s.id, name: s.name, timeZone: s.timeZone, day: siteDay(s.timeZone) }));
}

/**
 * With the server stopped: `sizes.sitesPeople` people spread evenly over the sites as their home
 * sites, and `sizes.baristas` baristas working at each site.
 */
export async function seedSitesRush(db, sites, sizes) {
  const out = [];
  for (const [k, site] of sites.entries()) {
    const count = Math.floor(sizes.sitesPeople / sites.length) + (k < sizes.sitesPeople % sites.length ? 1 : 0);
    const people = await insertUsers(db, { prefix: `site${k}p`, count });
    await setHomeSite(db, site.id, people);
    const baristas = await insertUsers(db, { prefix: `site${k}b`, count: sizes.baristas, role: 'barista' });
    await assignBaristas(db, site.id, baristas);
    out.push({ site, people, baristas });
  }
  return out;
}

const ALL_STATUSES = 'ordered,in-progress,done,picked,cancel,rejected';
/** A placement that got no answer is sent at most this often in all (the same Idempotency-Key). */
const PLACEMENT_ATTEMPTS = 3;

export async function runSitesRush({ servers, seeded, sizes, direct, behaviour, log }) {
  const apis = servers.map((s) => client(s.base));
  const random = rng(11);
  const windowMs = sizes.sitesRushSeconds * 1000;
  const rushing = rushingIndexes(sizes.sitesRushing, seeded.length).map((i) => seeded[i]);
  const rushingIds = rushing.map((r) => r.site.id);
  const siteById = new Map(seeded.map((r) => [r.site.id, r.site]));

  // Every account talks to one process (as a sticky load balancer keeps a client); the people are
  // spread over the processes, and so are each site's baristas, so an order placed on one process
  // reaches baristas of its site on both.
  const people = rushing.flatMap((r) => r.people.map((p) => ({ ...p, homeSiteId: r.site.id })));
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
  for (const b of baristaAccounts) b.socket.on('disconnect', () => (dropped.baristas += 1));
  for (const p of people) p.socket.on('disconnect', () => (dropped.phones += 1));

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
  }

  const rss = servers.map((s) => sampleRss(s.pid));
  await Promise.all(apis.map((api) => api.eventLoopDelay()));
  log(
    `  ${people.length} people x 2 orders over ${sizes.sitesRushSeconds} s at ${rushing.length} sites at once ` +
      `(${plans.filter((p) => p.visit).length} second orders at another site, ${thirdOf.size} third attempts), ` +
      `${baristas.length} baristas of ${seeded.length} sites on their boards`,
  );
  const started = performance.now();
  await Promise.all(
    plans.map(async ({ phone, times, visit, third }) => {
      const own = phone.person.server;
      for (const [n, at] of times.entries()) {
        const wait = started + at - performance.now();
        if (wait > 0) await sleep(wait);
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
        await Promise.all(sends);
        phone.open();
      }
    }),
  );
  const sendingSeconds = (performance.now() - started) / 1000;
  log(`  all answered after ${sendingSeconds.toFixed(1)} s; baristas work on ${sizes.rushDrainSeconds} s`);
  await sleep(sizes.rushDrainSeconds * 1000);
  const eventLoop = await Promise.all(apis.map((api) => api.eventLoopDelay()));
  await Promise.all(baristas.map((b) => b.stop()));
  await Promise.all([...pickups]);
  for (const phone of phones) phone.stop();
  await Promise.all(phones.flatMap((phone) => phone.queries.map((q) => q.settle())));
  const peaks = rss.map((r) => r.stop().peakMb);

  // What the database holds: where each order is, and every transition (each an event that every
  // barista of the order's site must get).
  const personIds = people.map((p) => p.id);
  const inPeople = `(${personIds.map(() => '?').join(',')})`;
  const siteOfOrder = new Map(
    (await direct.query('SELECT id, site_id FROM orders')).map((r) => [Number(r.id), Number(r.site_id)]),
  );
  const transitions = await direct.query(
    `SELECT h.order_id AS id, h.to_status AS status FROM order_status_history h
     WHERE h.order_id IN (SELECT id FROM orders WHERE user_id IN ${inPeople})`,
    personIds,
  );
  const baristasOf = new Map(rushingIds.map((id) => [id, []]));
  baristaAccounts.forEach((b, i) => baristasOf.get(b.siteId)?.push(i));
  const missingNow = () => {
    let missing = 0;
    for (const e of transitions) {
      for (const i of baristasOf.get(siteOfOrder.get(Number(e.id))) ?? []) {
        if (!atBarista[i].first.has(`${e.id}:${e.status}`)) missing += 1;
      }
    }
    return missing;
  };
  // Events still on their way get a moment.
  for (let i = 0; i < 50 && missingNow() > 0; i += 1) await sleep(100);
  const missingEvents = missingNow();
  const expectedDeliveries = transitions.reduce(
    (n, e) => n + (baristasOf.get(siteOfOrder.get(Number(e.id)))?.length ?? 0),
    0,
  );

  // Events at a board of another site: `orders` of another site's order (or of no order at all),
  // `queue` moves of another site's line.
  let wrongBoard = 0;
  let wrongBoardQueue = 0;
  const wrongSamples = [];
  baristaAccounts.forEach((b, i) => {
    for (const key of atBarista[i].first.keys()) {
      const id = Number(key.split(':')[0]);
      if (siteOfOrder.get(id) !== b.siteId) {
        wrongBoard += 1;
        if (wrongSamples.length < 5)
          wrongSamples.push(`order ${id} of site ${siteOfOrder.get(id)} at site ${b.siteId}`);
      }
    }
    for (const id of atBarista[i].queueLeft) if (siteOfOrder.get(Number(id)) !== b.siteId) wrongBoardQueue += 1;
  });
  const eventsTwice = atBarista.reduce((n, a) => n + a.twice, 0) + atPhones.twice;

  // Every site's list (its board and its finished orders, GET /order of the site) on every process.
  const days = [...siteById.values()].map((s) => s.day).sort();
  const range = `startDate=${addDays(days[0], -1)}&endDate=${addDays(days.at(-1), 2)}`;
  const listed = apis.map(() => new Map());
  let wrongList = 0;
  for (const [p, api] of apis.entries()) {
    for (const { site } of seeded) {
      const orders = (
        await api.call('GET', `/order?siteId=${site.id}&status=${ALL_STATUSES}&${range}`, { token: admin })
      ).json;
      for (const o of orders) {
        listed[p].set(o.id, [...(listed[p].get(o.id) ?? []), site.id]);
        if (siteOfOrder.get(o.id) !== site.id) wrongList += 1;
      }
    }
  }

  // The database and the answers: every acknowledged order once, at the site it was placed for.
  const rows = await direct.query(
    `SELECT id, user_id, site_id, status, category_for, cafe_day FROM orders WHERE user_id IN ${inPeople}`,
    personIds,
  );
  const inDb = new Map(rows.map((r) => [Number(r.id), r]));
  const accepted = placements.filter((p) => p.status === 201);
  const ackIds = new Set(accepted.map((p) => p.id));
  const lost = accepted.filter((p) => !inDb.has(p.id)).length;
  const atWrongSite = accepted.filter((p) => inDb.has(p.id) && Number(inDb.get(p.id).site_id) !== p.siteId).length;
  const unacknowledged = rows.filter((r) => !ackIds.has(Number(r.id))).length;
  const duplicateAcks = accepted.length - ackIds.size;
  let notListedOnce = 0;
  for (const p of accepted) {
    for (const m of listed) {
      const where = m.get(p.id) ?? [];
      if (where.length !== 1 || where[0] !== p.siteId) notListedOnce += 1;
    }
  }

  // The daily limit: one allowance at every site (these sites share one calendar day).
  const countedBy = new Map();
  const countedByDay = new Map();
  for (const r of rows) {
    if (r.category_for !== 'cafe' || r.status === 'cancel' || r.status === 'rejected') continue;
    countedBy.set(r.user_id, (countedBy.get(r.user_id) ?? 0) + 1);
    const key = `${r.user_id}:${r.cafe_day}`;
    countedByDay.set(key, (countedByDay.get(key) ?? 0) + 1);
  }
  const overLimit = [...countedBy.values()].filter((n) => n > 2).length;
  const overLimitSameDay = [...countedByDay.values()].filter((n) => n > 2).length;
  const acceptedBy = new Map();
  for (const p of accepted) acceptedBy.set(p.userId, (acceptedBy.get(p.userId) ?? 0) + 1);
  const notTwo = people.filter((p) => acceptedBy.get(p.id) !== 2).length;
  const refused = placements.filter((p) => p.status !== 201);
  const refusedBy = {};
  for (const p of refused) {
    const key = `${p.status}${p.code ? ` ${p.code}` : ''}`;
    refusedBy[key] = (refusedBy[key] ?? 0) + 1;
  }
  const badRefusals = refused.filter((p) => !(p.code === 'ORDER_LIMIT_REACHED' && thirdOf.has(p.userId))).length;

  // Latency: answers, and the `ordered` event at each barista of the order's site, on the process
  // that placed it and on the other.
  const eventLatency = { all: [], sameProcess: [], otherProcess: [] };
  const bySite = new Map(rushingIds.map((id) => [id, { answers: [], events: [], accepted: 0 }]));
  for (const p of placements) bySite.get(p.siteId)?.answers.push(p.answerMs);
  for (const p of accepted) {
    const site = bySite.get(p.siteId);
    if (site) site.accepted += 1;
    for (const i of baristasOf.get(p.siteId) ?? []) {
      const at = atBarista[i].first.get(`${p.id}:ordered`);
      if (at === undefined) continue;
      eventLatency.all.push(at - p.t0);
      eventLatency[baristaAccounts[i].server === p.server ? 'sameProcess' : 'otherProcess'].push(at - p.t0);
      site?.events.push(at - p.t0);
    }
  }

  const checks = [
    {
      name: 'every acknowledged order is in the database, at the site it was placed for',
      ok: lost === 0 && atWrongSite === 0,
      detail: `${lost} lost, ${atWrongSite} at another site`,
    },
    {
      name: 'every order in the database was acknowledged, once',
      ok: unacknowledged === 0 && duplicateAcks === 0,
      detail: `${unacknowledged} saved without a 201, ${duplicateAcks} ids acknowledged twice`,
    },
    {
      name: "every acknowledged order is on its own site's list (board and finished) exactly once, on every process",
      ok: notListedOnce === 0 && wrongList === 0,
      detail: `${notListedOnce} of ${accepted.length * apis.length} (order, process) not listed once at their site; ${wrongList} listed at another site`,
    },
    {
      name: 'nobody has more than 2 counted cafe orders, all sites together',
      ok: overLimit === 0 && overLimitSameDay === 0,
      detail: `${overLimit} people over (${overLimitSameDay} on one cafe day)`,
    },
    {
      name: 'everyone got exactly 2 orders; only third attempts were refused, with ORDER_LIMIT_REACHED',
      ok: notTwo === 0 && badRefusals === 0,
      detail: `${notTwo} people without exactly 2, ${badRefusals} other refusals; refused ${JSON.stringify(refusedBy)} of ${thirdOf.size} third attempts`,
    },
    {
      name: 'every order event reached every barista of its site',
      ok: missingEvents === 0,
      detail: `${missingEvents} of ${expectedDeliveries} (event, barista) missing`,
    },
    {
      name: "no event reached another site's board",
      ok: wrongBoard === 0 && wrongBoardQueue === 0,
      detail: `${wrongBoard} orders events and ${wrongBoardQueue} queue events at another site's baristas${wrongSamples.length ? `: ${wrongSamples.join('; ')}` : ''}`,
    },
    {
      name: "no phone got another person's order event, no socket an event twice",
      ok: atPhones.otherPeoples === 0 && eventsTwice === 0,
      detail: `${atPhones.otherPeoples} at the wrong phone, ${eventsTwice} delivered twice`,
    },
  ];

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
    checks,
  };
}
