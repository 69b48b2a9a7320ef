// What the sites-rush row checks once the rush is over: the database and every process's lists
// against the answers people got (nothing lost, nothing at another site, the daily limit held
// across sites), and the live events against the moves the database recorded (every barista of a
// site got each, no board got another site's). Apart from sites-rush.mjs, which drives the rush,
// because these are the row's pass/fail rules and read best on their own.
import { addDays } from '../api.mjs';
import { sleep } from '../stats.mjs';

const ALL_STATUSES = 'ordered,in-progress,done,picked,cancel,rejected';

/**
 * The checks, and the counts and latencies the row reports with them. `atBarista` and `atPhones`
 * are what the sockets received during the rush; `placements` what was sent and answered.
 */
export async function checkSitesRush({
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
}) {
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

  return {
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
  };
}
