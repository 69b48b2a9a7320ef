// One compressed office day of the soak (decision 0084). The script's clock jumps between the
// moments that matter and runs in real time in between: 08:50 (each site's day has begun: the
// standing orders are placed for 10:30), 09:00 (the opening hours open both cafes), the morning
// rush (people order through the API with their phones live, baristas move each order through Do,
// Done and handed over, one person in ten taps twice, some order for 11:00; one server process is
// restarted and then PostgreSQL), 10:30 (the standing orders are due), 11:00 (the orders for
// later), 11:30 (Tower B's barista closes the cafe by hand and opens it again), 15:50 (closing
// soon) and 18:00 (every venue closed by the hours). Every HTTP call that meets a restart is sent again
// with its Idempotency-Key until it is answered, as the web app does.
import { ApiError, client, idempotencyKey } from '../api.mjs';
import { sleep } from '../stats.mjs';
import { connectLive } from './live.mjs';
import { LATER_TIME, ZONE } from './setup.mjs';

/** How long a request is retried through a restart before the soak gives up on it. */
const RETRY_FOR_MS = 120_000;
/**
 * Refusals that ask to try again: a cafe closed by hand for a moment, and the first request with
 * the same Idempotency-Key still being handled (a retry that overtook it, docs/api/orders.md).
 */
const TRY_AGAIN_CODES = new Set(['CAFE_CLOSED', 'IDEMPOTENCY_KEY_IN_USE']);

const at = (day, time) => `${day}T${time}${ZONE}`;

/** Sends `request` until it is answered; a 4xx other than TRY_AGAIN_CODES is the answer (thrown). */
export async function untilAnswered(request, counters) {
  const until = Date.now() + RETRY_FOR_MS;
  for (;;) {
    try {
      return await request();
    } catch (error) {
      const retry = !(error instanceof ApiError) || error.status >= 500 || error.status === 429;
      if (!retry && !TRY_AGAIN_CODES.has(error.code)) throw error;
      if (Date.now() > until) throw error;
      if (counters) counters.retries += 1;
      await sleep(400);
    }
  }
}

const NEXT = { ordered: 'in-progress', 'in-progress': 'done', done: 'picked' };

/** A barista at work: every few hundred ms the board's open orders of their half, each a step on. */
function startBarista({ api, barista, parity, counters }) {
  let running = true;
  const loop = (async () => {
    while (running) {
      try {
        const open = (
          await api.call('GET', `/order?siteId=${barista.siteId}&status=ordered,in-progress,done`, {
            token: barista.token,
          })
        ).json;
        for (const order of open.filter((o) => o.id % 2 === parity)) {
          const key = idempotencyKey();
          await untilAnswered(
            () =>
              api.call('PATCH', `/order/barista/${order.id}`, {
                token: barista.token,
                body: { status: NEXT[order.status] },
                headers: { 'idempotency-key': key },
              }),
            counters,
          ).then(
            () => (counters.moves += 1),
            (error) => {
              // Another hand moved it first (the other barista, the closing): the next read shows it.
              if (error.code !== 'INVALID_TRANSITION') counters.moveErrors.push(String(error.message).slice(0, 160));
            },
          );
        }
      } catch {
        // The process or the database is away: look again in a moment.
      }
      await sleep(300);
    }
  })();
  return async () => {
    running = false;
    await loop;
  };
}

async function waitFor(what, test, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await test()) return;
    } catch {
      // asked again below
    }
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(500);
  }
}

/** Runs day `n` (1-7) on `date`; returns what the day's table reports. */
export async function runDay({ n, date, dep, world, load, log }) {
  const apis = dep.bases.map((b) => client(b));
  const counters = { retries: 0, moves: 0, moveErrors: [], placeErrors: [] };
  const day = { n, date, acked: [], doubleTaps: 0 };
  const q = dep.query;

  await dep.setClock(at(date, '08:50:00'));
  await dep.measure(); // the event-loop histograms start the day empty
  // Each site's standing orders for the day, placed at its start by a process (once).
  const standingCount = world.sites.reduce((k, s) => k + s.standing.length, 0);
  await waitFor('the standing orders of the day', async () => {
    const [{ c }] = await q(`SELECT count(*)::int AS c FROM orders WHERE idempotency_key LIKE $1`, [
      `standing:%:${date}`,
    ]);
    return c >= standingCount;
  });

  // Phones open on My orders: the rush's and the later people's.
  const people = world.sites.flatMap((s) => [...s.rush, ...s.later]);
  for (const p of people) {
    p.live = connectLive({ base: dep.bases[p.process], token: p.token, siteId: p.siteId, label: p.email });
  }
  await Promise.all(people.map((p) => p.live.ready));

  await dep.setClock(at(date, '09:00:05'));
  await waitFor('both cafes open', async () => {
    for (const s of world.sites) {
      const status = (await apis[0].call('GET', `/cafe-status?siteId=${s.id}`)).json;
      if (!status.isCafeOpen) return false;
    }
    return true;
  });
  const stops = world.sites.flatMap((s) =>
    s.baristas.map((b, i) => startBarista({ api: apis[b.process], barista: b, parity: i, counters })),
  );

  // The rush: each person orders once at a random moment of the window; one in ten taps twice.
  const windowMs = load.rushSeconds * 1000;
  const t0 = Date.now();
  const tumblers = await Promise.all(world.sites.map((s) => apis[0].uploadTumbler(s.rush[0].token)));
  const slots = await Promise.all(
    world.sites.map(async (s) => {
      const list = (await apis[0].call('GET', `/sites/${s.id}/slots?venue=cafe&day=${date}`)).json.slots;
      const slot = list.find((x) => x.time === LATER_TIME);
      if (!slot) throw new Error(`no ${LATER_TIME} slot at ${s.name} on ${date}`);
      return slot.start;
    }),
  );
  const place = async (site, person, k, extra = {}) => {
    const api = apis[person.process];
    const item = site.items[k % site.items.length];
    const body = { ...api.orderBody(item, tumblers[world.sites.indexOf(site)]), siteId: site.id, ...extra };
    const key = idempotencyKey();
    try {
      const first = await untilAnswered(() => api.placeOrder(person.token, body, key), counters);
      day.acked.push({ id: first.json.id, key, userId: person.id, kind: extra.pickupAt ? 'later' : 'rush' });
      if (k % 10 === 3) {
        day.doubleTaps += 1;
        const again = await untilAnswered(() => api.placeOrder(person.token, body, key), counters);
        day.acked.push({ id: again.json.id, key, userId: person.id, kind: 'again' });
      }
    } catch (error) {
      counters.placeErrors.push(`${person.email}: ${String(error.message).slice(0, 160)}`);
    }
  };
  const placements = world.sites.flatMap((site, si) => [
    ...site.rush.map((p, k) => ({ delay: ((k * 7919 + si * 31) % 1000) / 1000, go: () => place(site, p, k) })),
    ...site.later.map((p, k) => ({
      delay: ((k * 4099 + si * 17) % 1000) / 1000,
      go: () => place(site, p, k, { pickupAt: slots[si] }),
    })),
  ]);
  const rush = Promise.all(
    placements.map(async ({ delay, go }) => {
      await sleep(delay * windowMs);
      await go();
    }),
  );

  // The day's faults, inside the rush: a process restarted (a deploy), then the database.
  await sleep(Math.max(0, t0 + windowMs * 0.25 - Date.now()));
  await dep.restartProcess(1);
  await sleep(Math.max(0, t0 + windowMs * 0.55 - Date.now()));
  await dep.restartDatabase();
  await rush;
  day.rushSeconds = Math.round((Date.now() - t0) / 1000);

  const openOf = async (statuses) =>
    (await q(`SELECT count(*)::int AS c FROM orders WHERE cafe_day = $1 AND status = ANY($2)`, [date, statuses]))[0].c;
  await waitFor('the rush handed over', async () => (await openOf(['ordered', 'in-progress', 'done'])) === 0);
  // The standing orders, then the orders for later, fall due and are made.
  for (const time of ['10:30:00', '11:00:00']) {
    await dep.setClock(at(date, time));
    await waitFor(`the orders due by ${time} handed over`, async () => {
      const scheduledDue = (
        await q(
          `SELECT count(*)::int AS c FROM orders WHERE cafe_day = $1 AND status = 'scheduled' AND pickup_at::timestamptz <= $2::timestamptz`,
          [date, new Date(at(date, time)).toISOString()],
        )
      )[0].c;
      return scheduledDue === 0 && (await openOf(['ordered', 'in-progress', 'done'])) === 0;
    });
  }
  // After the orders for later: the second site's barista closes the cafe by hand for a moment (at
  // 11:30, when no order for later is left there; closing by hand rejects them, docs/api/orders.md).
  await dep.setClock(at(date, '11:30:00'));
  const towerB = world.sites[1];
  const byHand = towerB.baristas[0];
  await untilAnswered(
    () => apis[byHand.process].call('PATCH', `/cafe-status/close-both?siteId=${towerB.id}`, { token: byHand.token }),
    counters,
  );
  await sleep(3000);
  await untilAnswered(
    () => apis[byHand.process].call('PATCH', `/cafe-status/cafe-open?siteId=${towerB.id}`, { token: byHand.token }),
    counters,
  );
  await dep.setClock(at(date, '15:50:00'));
  await sleep(1500);
  await dep.setClock(at(date, '18:00:05'));
  await waitFor('every venue closed by the hours', async () => {
    for (const s of world.sites) {
      const status = (await apis[0].call('GET', `/cafe-status?siteId=${s.id}`)).json;
      if (status.isCafeOpen || status.isBarOpen) return false;
    }
    return true;
  });
  await Promise.all(stops.map((stop) => stop()));
  await sleep(2000); // the last events on their way

  // What each phone should have: the site's numbered events to its site room and its own room
  // after its first hello (docs/api/live-events.md: what GET /live/missed answers a person).
  const logged = await q(`SELECT site_id, seq, rooms FROM live_events WHERE seq > 0 ORDER BY site_id, seq`);
  day.phones = checkPhones(people, logged);
  day.reconnects = people.reduce((k, p) => k + p.live.hellos - 1, 0);
  day.refusedHandshakes = people.flatMap((p) => p.live.refused);
  for (const p of people) {
    p.live.close();
    p.live = undefined;
  }

  const [{ c: standingPlaced }] = await q(`SELECT count(*)::int AS c FROM orders WHERE idempotency_key LIKE $1`, [
    `standing:%:${date}`,
  ]);
  const statuses = await q(`SELECT status, count(*)::int AS c FROM orders WHERE cafe_day = $1 GROUP BY status`, [date]);
  day.standingPlaced = standingPlaced;
  day.rejected = await q(
    `SELECT o.reject_note AS note, substr(o.idempotency_key, 1, 9) AS key, count(*)::int AS c FROM orders o
      WHERE o.cafe_day = $1 AND o.status = 'rejected' GROUP BY 1, 2`,
    [date],
  );
  day.statuses = Object.fromEntries(statuses.map((r) => [r.status, r.c]));
  day.counters = counters;
  // Closed sockets settle and the pools close their idle connections (node-postgres: after 10 s).
  await sleep(12_000);
  day.measured = await dep.measure();
  log(
    `  day ${n} (${date}): ${day.acked.filter((a) => a.kind !== 'again').length} orders acknowledged, ` +
      `${standingPlaced} standing, statuses ${JSON.stringify(day.statuses)}, ${counters.retries} retries`,
  );
  return day;
}

/** Per phone: the numbered events of its site it should hold (site room or its own) and does not. */
function checkPhones(people, logged) {
  let expected = 0;
  let missing = 0;
  let unnumbered = 0;
  const samples = [];
  for (const p of people) {
    const live = p.live;
    unnumbered += live.unnumbered;
    const mine = [`site:${p.siteId}`, `user:${p.id}`];
    for (const row of logged) {
      if (Number(row.site_id) !== p.siteId || Number(row.seq) <= live.firstHello) continue;
      const rooms = parseRooms(row.rooms);
      if (!rooms.some((r) => mine.includes(r))) continue;
      expected += 1;
      if (!live.seqs.has(Number(row.seq))) {
        missing += 1;
        if (samples.length < 5)
          samples.push(
            `${p.email} seq ${row.seq} (${rooms.join(' ')}; first hello ${live.firstHello}, ` +
              `catch-ups after ${live.catchUps.join(' ') || 'none'}, failed ${live.catchUpFailures}, tooOld ${live.tooOld}, ` +
              `refused ${live.refused.join(' / ') || 'none'})`,
          );
      }
    }
  }
  return { expected, missing, unnumbered, samples, refused: people.reduce((k, p) => k + p.live.refused.length, 0) };
}

export function parseRooms(text) {
  try {
    const rooms = JSON.parse(text);
    if (Array.isArray(rooms)) return rooms.map(String);
  } catch {
    // not JSON: a list
  }
  return String(text)
    .split(/[,\s]+/)
    .filter(Boolean);
}
