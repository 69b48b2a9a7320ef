// Row "promises": a simulated morning at one site, run against the built server on a test clock
// the bench moves on (PUT /api/test/clock), so three hours of counter take a minute or so. Two
// baristas take the oldest waiting order with Do whenever they are free, make it for its drink's
// preparation time and tap Done; people order through the API with their own accounts, arrivals
// building to a peak and falling off, some for a pickup slot later; one barista is away for 10
// minutes in the middle. Every order's promise at placement and the instant it was ready (moved to
// `done`) are recorded; the row reports how far apart they are. The same morning (same seed) runs
// once per promise model (PROMISE_MODEL=pace: today's one pace for every drink; line: the model of
// issue 62), each on a fresh database. Its checks (every order placed, made and recorded, none lost)
// fail the run; the errors are reported, never asserted.
import { client } from '../api.mjs';
import { TODAY } from '../app-server.mjs';
import { assignBaristas, firstSiteId, insertUsers } from '../seed.mjs';
import { percentile, rng } from '../stats.mjs';
import { boardPath } from './rush.mjs';

/** The models the row compares, in the order they run: PROMISE_MODEL of the server. */
export const PROMISE_MODELS = [
  { model: 'pace', label: "today's estimate (one pace for every drink)" },
  { model: 'line', label: 'the new model (each drink, the baristas working, the line ahead)' },
];

/**
 * What the simulated people order (demo menu items), how often (weight) and the minutes it takes
 * the barista (the median of its lognormal spread). Each item is always ordered as one type, so a
 * model keyed by the item and one keyed by the drink as made see the same thing.
 */
export const DRINKS = [
  { name: 'Espresso', type: 'hot', minutes: 1, weight: 10 },
  { name: 'Americano', type: 'cold', minutes: 1.3, weight: 14 },
  { name: 'Latte', type: 'hot', minutes: 2.5, weight: 22 },
  { name: 'Cappuccino', type: 'hot', minutes: 2.5, weight: 10 },
  { name: 'Caramel Macchiato', type: 'cold', minutes: 3, weight: 8 },
  { name: 'Mocha', type: 'frappe', minutes: 4, weight: 8 },
  { name: 'Green Tea Latte', type: 'frappe', minutes: 4, weight: 6 },
  { name: 'Thai Tea', type: 'cold', minutes: 2, weight: 10 },
  { name: 'Lemon Tea', type: 'cold', minutes: 1.5, weight: 4 },
  { name: 'Cocoa', type: 'hot', minutes: 2, weight: 4 },
  { name: 'Pink Milk', type: 'cold', minutes: 1.5, weight: 4 },
];

/** The spread of a preparation time: log-normal, this sigma around the drink's median. */
const PREP_SIGMA = 0.25;
/**
 * Orders an hour over the morning, by its share (0 = start, 1 = end): quiet at opening, building
 * to a peak above what two baristas make (about 50 an hour), falling off.
 */
const RATE = [
  [0, 12],
  [1 / 6, 30],
  [1 / 3, 62],
  [1 / 2, 62],
  [7 / 12, 40],
  [3 / 4, 24],
  [1, 12],
];
/** Share of the people who order for a pickup slot, and how far ahead they want it (minutes). */
const LATER_SHARE = 0.15;
const LATER_AHEAD = [25, 70];
/** Orders for later are placed only in this first share of the morning (their slots stay near it). */
const LATER_UNTIL = 0.75;
/** The second barista is away this long from the middle of the peak (share of the morning). */
const AWAY_MINUTES = 10;
const AWAY_AT = 5 / 12;
/** The simulated clock ticks this often while anything is open: orders for later fall due, idle baristas look. */
const TICK_MS = 5_000;
/** The morning starts here (the site's time, Asia/Bangkok, on TODAY: a Wednesday); the cafe opens at 9:00. */
const START_CLOCK = '09:00';
/** Past working days of the same morning seeded as history (each drink's measured times, the pace). */
const HISTORY_DAYS = 10;

const bangkok = (day, clock) => new Date(`${day}T${clock}:00+07:00`);
const MINUTE = 60_000;

/** Seeded helpers: a uniform, a standard normal (Box-Muller), a weighted pick. */
function randoms(seed) {
  const random = rng(seed);
  return {
    random,
    normal() {
      const u = Math.max(random(), 1e-12);
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
    },
    pick(list) {
      let x = random() * list.reduce((n, d) => n + d.weight, 0);
      for (const item of list) if ((x -= item.weight) <= 0) return item;
      return list[list.length - 1];
    },
  };
}

function rateAt(share) {
  for (let i = 1; i < RATE.length; i += 1) {
    const [s1, r1] = RATE[i];
    const [s0, r0] = RATE[i - 1];
    if (share <= s1) return r0 + ((share - s0) / (s1 - s0)) * (r1 - r0);
  }
  return RATE[RATE.length - 1][1];
}

/**
 * The morning's people, in the order they arrive: when (ms after the start), what, how long it
 * takes, and whether for later (how many minutes ahead they want it). Arrivals are a Poisson
 * process of RATE (thinned); everything comes from `seed`, so both models get the same morning.
 */
export function planMorning({ seed, minutes, laterShare = LATER_SHARE }) {
  const r = randoms(seed);
  const lengthMs = minutes * MINUTE;
  const peak = Math.max(...RATE.map(([, rate]) => rate));
  const arrivals = [];
  let t = 0;
  for (;;) {
    t += (-Math.log(Math.max(r.random(), 1e-12)) / peak) * 3600_000;
    if (t >= lengthMs) break;
    if (r.random() > rateAt(t / lengthMs) / peak) continue;
    const drink = r.pick(DRINKS);
    const prepMs = Math.round(drink.minutes * MINUTE * Math.exp(PREP_SIGMA * r.normal()));
    const later =
      t < lengthMs * LATER_UNTIL && r.random() < laterShare
        ? Math.round(LATER_AHEAD[0] + r.random() * (LATER_AHEAD[1] - LATER_AHEAD[0]))
        : null;
    arrivals.push({ index: arrivals.length, atMs: Math.round(t), drink: drink.name, type: drink.type, prepMs, later });
  }
  const awayFromMs = Math.round(lengthMs * AWAY_AT);
  return {
    seed,
    minutes,
    arrivals,
    away: { barista: 1, fromMs: awayFromMs, toMs: awayFromMs + AWAY_MINUTES * MINUTE },
  };
}

/** The server's clock at start: a little before the morning (CLOCK_NOW of the servers of this row). */
export const promisesClockNow = () => new Date(bangkok(TODAY, START_CLOCK).getTime() - 10 * MINUTE).toISOString();

/**
 * With the server stopped: the morning's people (one account each), two baristas at the first site
 * and HISTORY_DAYS past working days of the same morning as two baristas made them (the drinks'
 * measured times and the pace of those hours), identical for every model.
 */
export async function seedPromises(db, plan) {
  const siteId = await firstSiteId(db);
  const baristas = await insertUsers(db, { prefix: 'promisebarista', count: 2, role: 'barista' });
  await assignBaristas(db, siteId, baristas);
  const people = await insertUsers(db, { prefix: 'promise', count: plan.arrivals.length });
  const history = await seedHistory(db, { plan, siteId, people, baristas });
  return { siteId, baristas, people, history };
}

function previousWorkingDays(day, count) {
  const days = [];
  const d = new Date(`${day}T00:00:00Z`);
  while (days.length < count) {
    d.setUTCDate(d.getUTCDate() - 1);
    const wd = d.getUTCDay();
    if (wd >= 1 && wd <= 5) days.push(d.toISOString().slice(0, 10));
  }
  return days.reverse();
}

/** Past mornings: each the same kind of morning (its own seed), two baristas first come first served, all picked up. */
async function seedHistory(db, { plan, siteId, people, baristas }) {
  const items = await db.query(
    `SELECT m.id AS id, m.name AS name FROM menu_items m JOIN categories c ON c.id = m.category_id WHERE c.category_for = 'cafe'`,
  );
  const itemId = new Map(items.map((i) => [i.name, Number(i.id)]));
  const missing = DRINKS.filter((d) => !itemId.has(d.name)).map((d) => d.name);
  if (missing.length) throw new Error(`the demo menu has no ${missing.join(', ')}`);
  const columns = await db.columns('orders');
  const [max] = await db.query('SELECT COALESCE(MAX(id), 0) AS max FROM orders');
  let nextId = Number(max.max) + 1;
  const orders = [];
  const history = [];
  const iso = (ms) => new Date(ms).toISOString();
  for (const [k, day] of previousWorkingDays(TODAY, HISTORY_DAYS).entries()) {
    const past = planMorning({ seed: plan.seed * 1000 + k + 1, minutes: plan.minutes, laterShare: 0 });
    const start = bangkok(day, START_CLOCK).getTime();
    const free = baristas.map(() => start);
    for (const a of past.arrivals) {
      const placed = start + a.atMs;
      const b = free[0] <= free[1] ? 0 : 1;
      const taken = Math.max(placed, free[b]);
      const done = taken + a.prepMs;
      free[b] = done;
      const picked = done + 2 * MINUTE;
      const person = people[a.index % people.length];
      const barista = baristas[b];
      const id = nextId++;
      const row = {
        id,
        site_id: siteId,
        user_id: person.id,
        menu_id: itemId.get(a.drink),
        category_for: 'cafe',
        cafe_day: day,
        cafe_hour: new Date(placed + 7 * 3600_000).getUTCHours(),
        status: 'picked',
        type: a.type,
        sweetness: 50,
        remark: '-',
        tumbler_image: '/api/images/bench-tumbler.webp',
        reject_note: '',
        order_date: iso(placed),
        updated_at: iso(picked),
        taken_at: iso(taken),
        done_at: iso(done),
        wait_ms: taken - placed,
        prep_ms: done - taken,
        claimed_by: barista.id,
        claimed_at: iso(taken),
        own_cup: 1,
      };
      orders.push(row);
      history.push(
        [id, null, 'ordered', person.id, null, iso(placed)],
        [id, 'ordered', 'in-progress', barista.id, null, iso(taken)],
        [id, 'in-progress', 'done', barista.id, null, iso(done)],
        [id, 'done', 'picked', person.id, null, iso(picked)],
      );
    }
  }
  if (orders.length === 0) return { days: HISTORY_DAYS, orders: 0 };
  const used = Object.keys(orders[0]).filter((c) => columns.includes(c));
  await db.insertRows(
    'orders',
    used,
    orders.map((o) => used.map((c) => o[c])),
  );
  await db.insertRows(
    'order_status_history',
    ['order_id', 'from_status', 'to_status', 'changed_by', 'note', 'changed_at'],
    history,
  );
  await db.fixSequence('orders');
  return { days: HISTORY_DAYS, orders: orders.length };
}

/** An instant as the site's clock reads it (HH:MM, Asia/Bangkok: UTC+7 all year). */
const siteClock = (instant) =>
  instant ? new Date(Date.parse(instant) + 7 * 3600_000).toISOString().slice(11, 16) : null;
const minutesBetween = (from, to) => (Date.parse(to) - Date.parse(from)) / MINUTE;
const round2 = (v) => (v === undefined || v === null ? v : Math.round(v * 100) / 100);

/** p50/p90 of the error and of its size, the share within ±2 minutes, of a list of records. */
export function promiseErrors(records) {
  const errors = records.filter((r) => r.errorMinutes !== null).map((r) => r.errorMinutes);
  const sorted = [...errors].sort((a, b) => a - b);
  const sizes = errors.map(Math.abs).sort((a, b) => a - b);
  return {
    orders: errors.length,
    errorP50: round2(percentile(sorted, 50)),
    errorP90: round2(percentile(sorted, 90)),
    absP50: round2(percentile(sizes, 50)),
    absP90: round2(percentile(sizes, 90)),
    within2: errors.length
      ? Math.round((errors.filter((e) => Math.abs(e) <= 2).length / errors.length) * 1000) / 10
      : null,
    early: errors.filter((e) => e < -2).length,
    late: errors.filter((e) => e > 2).length,
  };
}

/**
 * Runs the planned morning against `server` (started with PROMISE_MODEL=`model` and CLOCK_NOW
 * before the morning): places, makes and records every order, then checks the database.
 */
export async function runPromises({ server, seeded, plan, model, direct, log }) {
  const api = client(server.base);
  const start = bangkok(TODAY, START_CLOCK).getTime();
  const people = await api.loginAll(seeded.people, 8);
  const baristaAccounts = await api.loginAll(seeded.baristas, 2);
  const tumbler = await api.uploadTumbler(people[0].token);
  const items = new Map((await api.cafeItems()).map((i) => [i.name, i]));
  const siteId = seeded.siteId;
  // Busy mode's limits off: every planned order is placed in both runs (a barista's pause only).
  await api.call('PATCH', `/ordering-status?siteId=${siteId}`, {
    token: baristaAccounts[0].token,
    body: { maxWaiting: null, maxWaitMinutes: null },
  });

  // The server's clock: set forward to each instant of the morning, never back (it runs on between).
  let setAt = null;
  const serverNow = () => (setAt ? setAt.ms + (performance.now() - setAt.real) : -Infinity);
  let clockSets = 0;
  async function clockTo(ms) {
    if (ms <= serverNow()) return;
    await api.call('PUT', '/test/clock', { body: { now: new Date(ms).toISOString() } });
    setAt = { ms, real: performance.now() };
    clockSets += 1;
  }
  await clockTo(start);
  const status = (await api.call('GET', `/cafe-status?siteId=${siteId}`)).json;
  if (!status.isCafeOpen) throw new Error(`the cafe is not open at ${START_CLOCK}: ${JSON.stringify(status)}`);

  const records = plan.arrivals.map((a) => ({
    index: a.index,
    drink: a.drink,
    later: a.later !== null,
    prepMinutes: round2(a.prepMs / MINUTE),
    placed: false,
    id: null,
    placedAt: null,
    pickupAt: null,
    promisedAt: null,
    promiseFrom: null,
    takenAt: null,
    readyAt: null,
    barista: null,
    errorMinutes: null,
  }));
  const byId = new Map();
  const failures = { placements: [], moves: [], promises: 0 };
  const baristas = baristaAccounts.map((account, i) => ({
    i,
    account,
    making: null,
    freeSince: start,
    made: 0,
  }));
  const away = { ...plan.away, fromMs: start + plan.away.fromMs, toMs: start + plan.away.toMs };
  const present = (b, now) => !(b.i === away.barista && now >= away.fromMs && now < away.toMs);

  /** A person orders: as soon as possible, or for the first listed slot at least `later` minutes ahead. */
  async function place(arrival, now) {
    const record = records[arrival.index];
    const person = people[arrival.index];
    const item = items.get(arrival.drink);
    const body = { ...api.orderBody(item, tumbler), type: arrival.type };
    if (arrival.later !== null) {
      const { slots } = (await api.call('GET', `/sites/${siteId}/slots?venue=cafe&day=${TODAY}`)).json;
      const wanted = now + arrival.later * MINUTE;
      const slot = slots.find((s) => Date.parse(s.start) >= wanted && s.remaining > 0) ?? slots.at(-1);
      if (!slot) throw new Error(`no pickup slot listed at ${new Date(now).toISOString()}`);
      body.pickupAt = slot.start;
    }
    let answer;
    try {
      answer = (await api.placeOrder(person.token, body)).json;
    } catch (error) {
      failures.placements.push(`#${arrival.index}: ${String(error.message).slice(0, 120)}`);
      return;
    }
    record.placed = true;
    record.id = answer.id;
    record.placedAt = answer.orderDate;
    record.pickupAt = answer.pickupAt ?? null;
    byId.set(answer.id, record);
    if (answer.promisedReadyAt) {
      record.promisedAt = answer.promisedReadyAt;
      record.promiseFrom = 'promisedReadyAt';
    } else if (record.later) {
      // What My orders shows for it: estimatedReadyAt, its pickup time or later when the line would make it late.
      const mine = (await api.call('GET', '/order/my-queue', { token: person.token })).json;
      const readyAt = mine.find((o) => o.id === answer.id)?.estimatedReadyAt;
      const pickup = answer.pickupAt ?? body.pickupAt;
      record.promisedAt = readyAt && Date.parse(readyAt) > Date.parse(pickup) ? readyAt : pickup;
      record.promiseFrom = readyAt && Date.parse(readyAt) > Date.parse(pickup) ? 'estimatedReadyAt' : 'pickupAt';
    } else if (typeof answer.estimatedWaitMinutes === 'number') {
      record.promisedAt = new Date(Date.parse(answer.orderDate) + answer.estimatedWaitMinutes * MINUTE).toISOString();
      record.promiseFrom = 'estimatedWaitMinutes';
    } else {
      failures.promises += 1;
    }
  }

  async function move(b, id, to) {
    try {
      return (await api.baristaUpdate(b.account.token, id, to)).json;
    } catch (error) {
      failures.moves.push(`${to} #${id}: ${String(error.message).slice(0, 120)}`);
      return null;
    }
  }

  /** Free baristas who are here take the oldest waiting orders (Do), the longest idle first. */
  async function assign(now) {
    const free = baristas
      .filter((b) => !b.making && present(b, now))
      .sort((a, b) => a.freeSince - b.freeSince || a.i - b.i);
    if (!free.length) return;
    const board = (await api.call('GET', boardPath(siteId), { token: free[0].account.token })).json;
    const waiting = board
      .filter((o) => o.status === 'ordered' && byId.has(o.id))
      .sort((a, b) => (a.queue_at ?? Infinity) - (b.queue_at ?? Infinity) || a.id - b.id);
    for (const b of free) {
      const order = waiting.shift();
      if (!order) break;
      const answer = await move(b, order.id, 'in-progress');
      if (!answer) continue;
      const record = byId.get(order.id);
      record.takenAt = answer.takenAt ?? answer.updatedAt;
      record.barista = b.i + 1;
      b.making = { record, doneAtMs: now + plan.arrivals[record.index].prepMs };
    }
  }

  const open = () => records.some((r) => r.placed && !r.readyAt);
  let next = 0;
  let now = start;
  const endBy = start + plan.minutes * MINUTE + 4 * 3600_000;
  const t0 = performance.now();
  let lastLog = start;
  while (next < plan.arrivals.length || open()) {
    // The next instant: an arrival, a drink finished, the away barista back, or the clock's tick.
    const candidates = [now + TICK_MS];
    if (next < plan.arrivals.length) candidates.push(start + plan.arrivals[next].atMs);
    for (const b of baristas) if (b.making) candidates.push(b.making.doneAtMs);
    if (now < away.toMs) candidates.push(now < away.fromMs ? away.fromMs : away.toMs);
    now = Math.min(...candidates);
    if (now > endBy) break;
    await clockTo(now);
    for (const b of baristas) {
      if (!b.making || b.making.doneAtMs > now) continue;
      const { record } = b.making;
      const answer = await move(b, record.id, 'done');
      if (answer) {
        record.readyAt = answer.doneAt ?? answer.updatedAt;
        b.made += 1;
      }
      b.making = null;
      b.freeSince = now;
    }
    while (next < plan.arrivals.length && start + plan.arrivals[next].atMs <= now) {
      await place(plan.arrivals[next], now);
      next += 1;
    }
    await assign(now);
    if (now - lastLog >= 30 * MINUTE) {
      lastLog = now;
      const waiting = records.filter((r) => r.placed && !r.takenAt).length;
      log(
        `    ${model}: ${siteClock(new Date(now).toISOString())}, ${next} arrived, ${waiting} not started yet (${((performance.now() - t0) / 1000).toFixed(0)} s)`,
      );
    }
  }
  const wallSeconds = Math.round((performance.now() - t0) / 100) / 10;

  for (const r of records) {
    if (r.promisedAt && r.readyAt) r.errorMinutes = round2(minutesBetween(r.promisedAt, r.readyAt));
  }
  const placed = records.filter((r) => r.placed);
  // The database: every acknowledged order there once, made (done) at the instant recorded, and no other.
  const ids = placed.map((r) => r.id);
  const rows = ids.length
    ? await direct.query(
        `SELECT id, status, done_at FROM orders WHERE user_id IN (${people.map(() => '?').join(',')}) AND cafe_day = ?`,
        [...people.map((p) => p.id), TODAY],
      )
    : [];
  const inDb = new Map(rows.map((row) => [Number(row.id), row]));
  const lost = placed.filter((r) => !inDb.has(r.id)).length;
  const unacknowledged = rows.filter((row) => !byId.has(Number(row.id))).length;
  const notDone = placed.filter((r) => inDb.get(r.id)?.status !== 'done').length;
  const readyMismatch = placed.filter(
    (r) => r.readyAt && inDb.get(r.id)?.done_at && Date.parse(inDb.get(r.id).done_at) !== Date.parse(r.readyAt),
  ).length;
  const unrecorded = placed.filter((r) => !r.promisedAt || !r.readyAt).length;
  const checks = [
    {
      name: 'every planned order was placed (201)',
      ok: placed.length === plan.arrivals.length,
      detail: `${placed.length} of ${plan.arrivals.length}${failures.placements.length ? `: ${failures.placements.slice(0, 3).join('; ')}` : ''}`,
    },
    {
      name: 'every placed order is in the database once, and nothing else',
      ok: lost === 0 && unacknowledged === 0 && new Set(ids).size === ids.length,
      detail: `${lost} lost, ${unacknowledged} saved without a 201, ${ids.length - new Set(ids).size} ids twice`,
    },
    {
      name: 'every placed order was made (done), its promise and ready instant recorded',
      ok: notDone === 0 && unrecorded === 0 && readyMismatch === 0,
      detail: `${notDone} not done, ${unrecorded} without a promise or ready instant, ${readyMismatch} ready instants not the database's done_at`,
    },
    {
      name: 'every Do and Done was accepted',
      ok: failures.moves.length === 0,
      detail: `${failures.moves.length} refused${failures.moves.length ? `: ${failures.moves.slice(0, 3).join('; ')}` : ''}`,
    },
  ];

  const later = placed.filter((r) => r.later);
  const asap = placed.filter((r) => !r.later);
  const promiseFrom = {};
  for (const r of placed) promiseFrom[r.promiseFrom ?? 'none'] = (promiseFrom[r.promiseFrom ?? 'none'] ?? 0) + 1;
  return {
    model,
    orders: placed.length,
    laterOrders: later.length,
    all: promiseErrors(placed),
    asap: promiseErrors(asap),
    later: promiseErrors(later),
    promiseFrom,
    madeBy: baristas.map((b) => b.made),
    /** When the last drink was ready, the site's clock (Asia/Bangkok). */
    lastReady: siteClock(
      placed
        .map((r) => r.readyAt)
        .filter(Boolean)
        .sort()
        .at(-1),
    ),
    clockSets,
    wallSeconds,
    checks,
    byHalfHour: byHalfHour(placed, start),
  };
}

/**
 * The errors by the half hour the orders were placed in (the site's clock): where in the morning a
 * model is off (the peak, the barista away). Kept instead of every order's record, which would
 * make the results file many times larger.
 */
function byHalfHour(records, start) {
  const groups = new Map();
  for (const r of records) {
    const slot = Math.floor((Date.parse(r.placedAt) - start) / (30 * MINUTE));
    groups.set(slot, [...(groups.get(slot) ?? []), r]);
  }
  return [...groups]
    .sort((a, b) => a[0] - b[0])
    .map(([slot, list]) => {
      const e = promiseErrors(list);
      return {
        from: siteClock(new Date(start + slot * 30 * MINUTE).toISOString()),
        orders: e.orders,
        errorP50: e.errorP50,
        absP90: e.absP90,
        within2: e.within2,
      };
    });
}

/** What the row says about the morning it ran (the same for every model). */
export function describeMorning(plan, seeded) {
  const later = plan.arrivals.filter((a) => a.later !== null).length;
  const prep = {};
  for (const d of DRINKS) prep[d.name] = d.minutes;
  return {
    seed: plan.seed,
    minutes: plan.minutes,
    start: `${TODAY} ${START_CLOCK} (Asia/Bangkok)`,
    arrivals: plan.arrivals.length,
    later,
    baristas: 2,
    away: { barista: plan.away.barista + 1, fromMinute: plan.away.fromMs / MINUTE, minutes: AWAY_MINUTES },
    peakPerHour: Math.max(...RATE.map(([, r]) => r)),
    prepMinutes: prep,
    prepSigma: PREP_SIGMA,
    history: seeded?.history,
  };
}
