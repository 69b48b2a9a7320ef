// The soak's checks and its report: nothing lost, nothing twice, every live event at every board
// and phone (checks), and a table per day of what each process and the database held at the end of
// the day, with the verdict on the week (decision 0084).
import { table } from '../report-format.mjs';

/** Bounds of the verdict, from day 2 (the first day after the caches of a first day) to the last. */
export const BOUNDS = {
  /** RSS of the process that runs the whole week (process 1) may grow this much. */
  rssGrowthMb: 15,
  /** Active handles and resources of process 1 may differ by this much (a timer or a socket in flight). */
  handlesSlack: 2,
};

/** At the end of a day: the boards' numbered events, each from its first hello to the site's number now. */
export async function checkBoards(boards, query) {
  const seqs = new Map(
    (await query('SELECT site_id, seq FROM live_sequences')).map((r) => [Number(r.site_id), Number(r.seq)]),
  );
  let expected = 0;
  let missing = 0;
  const samples = [];
  for (const b of boards) {
    const top = seqs.get(b.siteId) ?? 0;
    for (let s = b.firstHello + 1; s <= top; s += 1) {
      expected += 1;
      if (!b.seqs.has(s)) {
        missing += 1;
        if (samples.length < 8) samples.push({ board: b.label, siteId: b.siteId, seq: s });
      }
    }
  }
  for (const sample of samples) {
    const [row] = await query('SELECT event, rooms, created_at FROM live_events WHERE site_id = $1 AND seq = $2', [
      sample.siteId,
      sample.seq,
    ]);
    sample.event = row ? `${row.event} to ${row.rooms} at ${row.created_at}` : 'not in the log';
  }
  return {
    expected,
    missing,
    samples,
    unnumbered: boards.reduce((k, b) => k + b.unnumbered, 0),
    caughtUp: boards.reduce((k, b) => k + b.caughtUp, 0),
    tooOld: boards.reduce((k, b) => k + b.tooOld, 0),
    reconnects: boards.reduce((k, b) => k + b.hellos - 1, 0),
    gapFills: boards.reduce((k, b) => k + b.gapFills, 0),
  };
}

/** At the end of the week: every acknowledged order in the database, and no key or standing day twice. */
export async function checkOrders(days, query) {
  const acked = days.flatMap((d) => d.acked);
  const ids = [...new Set(acked.map((a) => a.id))];
  const found = new Set(
    (await query('SELECT id FROM orders WHERE id = ANY($1::int[])', [ids])).map((r) => Number(r.id)),
  );
  const lost = ids.filter((id) => !found.has(id));
  const byKey = new Map();
  let keyAnsweredTwoOrders = 0;
  for (const a of acked) {
    const k = `${a.userId}:${a.key}`;
    if (byKey.has(k) && byKey.get(k) !== a.id) keyAnsweredTwoOrders += 1;
    byKey.set(k, a.id);
  }
  const twice = await query(
    `SELECT user_id, idempotency_key, count(*)::int AS c FROM orders
      WHERE idempotency_key IS NOT NULL GROUP BY user_id, idempotency_key HAVING count(*) > 1`,
  );
  // The week's, not those of the Friday before it (the standing orders were made that morning).
  const [{ c: standingOrders }] = await query(
    `SELECT count(*)::int AS c FROM orders WHERE idempotency_key LIKE 'standing:%' AND cafe_day >= $1`,
    [days[0]?.date ?? ''],
  );
  const standingTwice = await query(
    `SELECT split_part(idempotency_key, ':', 2) AS standing, cafe_day, count(*)::int AS c FROM orders
      WHERE idempotency_key LIKE 'standing:%' GROUP BY 1, 2 HAVING count(*) > 1`,
  );
  return {
    acknowledged: ids.length,
    lost: lost.length,
    lostSamples: lost.slice(0, 10),
    keyAnsweredTwoOrders,
    duplicatedKeys: twice.length,
    standingOrders,
    standingTwice: standingTwice.length,
  };
}

const sum = (o) => Object.values(o ?? {}).reduce((a, b) => a + b, 0);

export function verdict(days, orders) {
  const checks = [];
  const add = (name, ok, detail) => checks.push({ name, ok, detail });
  const d2 = days.find((d) => d.n === 2);
  const last = days.at(-1);
  if (d2 && last && last.n > 2) {
    const p = (d) => d.measured.processes[0];
    const growth = Math.round((p(last).rssMb - p(d2).rssMb) * 10) / 10;
    add(
      `process 1 RSS day 2 to ${last.n} grows at most ${BOUNDS.rssGrowthMb} MB`,
      growth <= BOUNDS.rssGrowthMb,
      `${p(d2).rssMb} -> ${p(last).rssMb} MB (${growth >= 0 ? '+' : ''}${growth})`,
    );
    for (const [key, label] of [
      ['handles', 'active handles'],
      ['resourcesTotal', 'active resources'],
    ]) {
      const a = p(d2)[key];
      const b = p(last)[key];
      add(
        `process 1 ${label} day 2 to ${last.n} flat (within ${BOUNDS.handlesSlack})`,
        Math.abs(b - a) <= BOUNDS.handlesSlack,
        `${a} -> ${b}`,
      );
    }
    // A leaked connection stays checked out of its pool (the idle ones are the pool's to close,
    // and a day's end can catch one more of them or one fewer: the pool and DB columns).
    for (const i of [0, 1]) {
      const a = d2.measured.processes[i].poolBusy;
      const b = last.measured.processes[i].poolBusy;
      add(`process ${i + 1} connections checked out day 2 to ${last.n} not growing`, b <= a, `${a} -> ${b}`);
    }
    const listening = days.map((d) => d.measured.listening);
    add(
      'one listening connection a process at the end of every day',
      listening.every((n) => n === 2),
      listening.join(', '),
    );
  }
  add('no acknowledged order lost', orders.lost === 0, `${orders.lost} of ${orders.acknowledged}`);
  add(
    'no order twice (one per Idempotency-Key, one per standing order and day)',
    orders.duplicatedKeys === 0 && orders.keyAnsweredTwoOrders === 0 && orders.standingTwice === 0,
    `keys twice ${orders.duplicatedKeys}, a key answering two orders ${orders.keyAnsweredTwoOrders}, standing days twice ${orders.standingTwice}`,
  );
  const boardMissing = days.reduce((k, d) => k + d.boards.missing, 0);
  const phoneMissing = days.reduce((k, d) => k + d.phones.missing, 0);
  add('every numbered event at every board (no gap)', boardMissing === 0, `${boardMissing} missing`);
  add(
    "every numbered event of a phone's site and own room at that phone",
    phoneMissing === 0,
    `${phoneMissing} missing`,
  );
  const errors = days.reduce((k, d) => k + d.counters.placeErrors.length, 0);
  add('every placement answered (through the restarts)', errors === 0, `${errors} unanswered or refused`);
  return checks;
}

export function markdown({ machine, load, days, orders, checks, seconds }) {
  const perDay = days.map((d) => {
    const [p1, p2] = d.measured.processes;
    return [
      d.n,
      d.date,
      d.acked.filter((a) => a.kind !== 'again').length,
      d.standingPlaced,
      sum(d.statuses) - (d.statuses.picked ?? 0)
        ? `${d.statuses.picked ?? 0} (${JSON.stringify(d.statuses)})`
        : d.statuses.picked,
      `${p1.rssMb} / ${p2.rssMb}`,
      `${p1.heapUsedMb} / ${p2.heapUsedMb}`,
      `${p1.handles} / ${p2.handles}`,
      `${p1.resourcesTotal} / ${p2.resourcesTotal}`,
      `${p1.openFds} / ${p2.openFds}`,
      `${p1.liveSockets} / ${p2.liveSockets}`,
      `${p1.loopP99Ms} / ${p2.loopP99Ms}`,
      `${p1.poolTotal} (${p1.poolBusy}) / ${p2.poolTotal} (${p2.poolBusy})`,
      d.measured.dbConnections,
      `${d.boards.missing} of ${d.boards.expected}`,
      `${d.phones.missing} of ${d.phones.expected}${d.phones.refused ? ` (${d.phones.refused} handshakes refused)` : ''}`,
      d.slackPosts,
      d.displayBoards,
      d.counters.retries,
    ];
  });
  const resources = days.map((d) => [
    d.n,
    ...d.measured.processes.map((p) =>
      Object.entries(p.resources)
        .map(([k, v]) => `${k} ${v}`)
        .join(', '),
    ),
  ]);
  return [
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGb} GB, ${machine.platform}, Node ${machine.node}, ` +
      `commit ${machine.commit}; load average at start ${machine.loadAverageAtStart.join(' ')}; ${seconds} s in all.`,
    '',
    `Load: ${JSON.stringify(load)}.`,
    '',
    table(
      [
        'day',
        'date',
        'orders',
        'standing',
        'picked',
        'RSS MB (p1 / p2)',
        'heap MB',
        'handles',
        'resources',
        'open fds',
        'live sockets',
        'loop p99 ms',
        'pool (out)',
        'DB conns',
        'board gaps',
        'phone gaps',
        'Slack posts',
        'TV boards',
        'retries',
      ],
      perDay,
    ),
    '',
    'Active resources by type at the end of each day (process 1; process 2):',
    '',
    table(['day', 'process 1', 'process 2'], resources),
    '',
    `Orders: ${orders.acknowledged} acknowledged, ${orders.lost} lost; ${orders.standingOrders} placed by standing orders.`,
    '',
    table(
      ['check', 'result', 'measured'],
      checks.map((c) => [c.name, c.ok ? 'pass' : '**FAIL**', c.detail]),
    ),
    '',
    `Verdict: **${checks.every((c) => c.ok) ? 'PASS' : 'FAIL'}**`,
  ].join('\n');
}
