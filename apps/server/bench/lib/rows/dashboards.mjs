// Rows "dashboards" and "barista history": the statistics endpoints and the barista's history read
// at 1k, 10k and 100k orders (seeded straight into the database between server starts).
import { TODAY } from '../app-server.mjs';
import { addDays, client, DEMO } from '../api.mjs';
import { createOrderSeeder, insertUsers, menuItems } from '../seed.mjs';
import { round, summarize } from '../stats.mjs';

export const STAT_ENDPOINTS = [
  { name: 'count/total', path: '/order/count/total' },
  { name: 'popular-menu', path: '/order/find/popular-menu' },
  { name: 'orders-by-hour', path: '/stats/orders-by-hour' },
  { name: 'orders-by-weekday', path: '/stats/orders-by-weekday' },
  { name: 'preparation-time', path: '/stats/preparation-time' },
];

/** The dashboard's periods on the bench's "today" (Wednesday 2025-06-11), and all time. */
export const PERIODS = {
  today: { startDate: TODAY, endDate: addDays(TODAY, 1) },
  week: { startDate: addDays(TODAY, -2), endDate: addDays(TODAY, 5) },
  month: { startDate: '2025-06-01', endDate: '2025-07-01' },
  all: { startDate: '2000-01-01', endDate: addDays(TODAY, 1) },
};

const FINISHED = 'done,picked,cancel,rejected';
/** apps/web barista-history-route.tsx: the last 30 days of finished orders. */
const HISTORY_DAYS = 30;

export async function seedDashboardsPeople(db) {
  const users = await insertUsers(db, { prefix: 'stats', count: 500 });
  const [barista] = await db.query('SELECT id FROM users WHERE email = ?', [DEMO.barista.email]);
  return { users, baristaId: Number(barista.id), menu: await menuItems(db) };
}

export function dashboardSeeder(seeded) {
  return createOrderSeeder({ users: seeded.users, baristaId: seeded.baristaId, menu: seeded.menu });
}

/** `n` sequential requests after one warm-up (fewer when a case takes longer than `maxSeconds`). */
async function timeSequential(api, path, token, n, maxSeconds) {
  await api.call('GET', path, { token });
  const times = [];
  let bytes = 0;
  let body;
  const until = performance.now() + maxSeconds * 1000;
  for (let i = 0; i < n; i += 1) {
    const t0 = performance.now();
    const res = await api.call('GET', path, { token });
    times.push(performance.now() - t0);
    bytes = res.bytes;
    body = res.json;
    if (times.length >= 3 && performance.now() > until) break;
  }
  const s = summarize(times);
  return { n: s.n, p50: s.p50, p95: s.p95, max: s.max, bytes, body };
}

export async function runDashboards({ server, sizes, size, expectedServedCafe, only, log }) {
  const api = client(server.base);
  const token = await api.login(DEMO.admin.email, DEMO.admin.password);
  const result = { orders: size };
  if (only.has('dashboards')) {
    const cases = [];
    for (const [period, range] of Object.entries(PERIODS)) {
      for (const endpoint of STAT_ENDPOINTS) {
        const q = new URLSearchParams({ ...range, categoryFor: 'cafe' });
        const r = await timeSequential(
          api,
          `${endpoint.path}?${q}`,
          token,
          sizes.dashboardRequests,
          sizes.dashboardCaseSeconds,
        );
        if (endpoint.name === 'count/total' && period === 'all') result.allTimeServedCafe = r.body.totalOrder;
        delete r.body;
        cases.push({ endpoint: endpoint.name, period, ...r });
      }
      const worst = cases.filter((c) => c.period === period).sort((a, b) => b.p50 - a.p50)[0];
      log(`    ${period}: slowest ${worst.endpoint} p50 ${worst.p50} ms`);
    }
    result.cases = cases;
    // The seeded orders must be what the statistics count, or the timings mean nothing.
    result.seedVisible = result.allTimeServedCafe === expectedServedCafe;
    if (!result.seedVisible) {
      log(
        `    warning: all-time count/total is ${result.allTimeServedCafe}, seeded ${expectedServedCafe} served cafe orders`,
      );
    }
  }
  if (only.has('history')) result.history = await runHistory(api, sizes, log);
  return result;
}

/**
 * Where the paginated history is, from the OpenAPI document: GET /order/history/barista (limit,
 * cursor), or else GET /order if it has learned a limit; null when the history is not paginated.
 */
async function historyPaging(api) {
  let doc;
  try {
    doc = (await api.call('GET', '/docs/json')).json;
  } catch {
    return null;
  }
  const parameters = (op) => (op?.parameters ?? []).map((p) => p.name);
  const dedicated = doc.paths?.['/api/order/history/barista']?.get;
  if (dedicated) {
    const names = parameters(dedicated);
    return {
      path: '/order/history/barista',
      query: '',
      limit: names.find((n) => n === 'limit' || n === 'pageSize') ?? 'limit',
      cursor: names.find((n) => n === 'cursor') ?? 'cursor',
    };
  }
  const names = parameters(doc.paths?.['/api/order']?.get);
  const limit = ['limit', 'pageSize'].find((n) => names.includes(n));
  if (!limit) return null;
  return {
    path: '/order',
    query: `status=${FINISHED}&`,
    limit,
    cursor: ['cursor', 'before', 'after'].find((n) => names.includes(n)),
  };
}

/** The items and the next cursor of a page, whatever the envelope's names are. */
function pageOf(json, headers) {
  if (Array.isArray(json)) return { items: json, next: headers.get('x-next-cursor') ?? undefined };
  const items = json.orders ?? json.items ?? json.data ?? Object.values(json).find(Array.isArray) ?? [];
  const next = json.nextCursor ?? json.next ?? json.cursor;
  return { items, next: next === null ? undefined : next };
}

async function runHistory(api, sizes, log) {
  const token = await api.login(DEMO.barista.email, DEMO.barista.password);
  const startDate = addDays(TODAY, -HISTORY_DAYS);
  // What the barista history screen read before pagination: 30 days of finished orders at once.
  const wholePath = `/order?status=${FINISHED}&startDate=${startDate}`;
  const whole = await timeSequential(api, wholePath, token, sizes.historyRequests, 20);
  const result = {
    whole: {
      query: `GET /api${wholePath}`,
      n: whole.n,
      p50: whole.p50,
      p95: whole.p95,
      orders: pageOf(whole.body, new Headers()).items.length,
      kB: round(whole.bytes / 1024),
    },
    page: null,
  };
  log(`    history, 30 days at once: ${result.whole.orders} orders, ${result.whole.kB} kB, p50 ${whole.p50} ms`);
  const paging = await historyPaging(api);
  if (!paging) return result;

  // The first page as the history screen asks for it, then the following pages by their cursor.
  const first = `${paging.path}?${paging.query}${paging.limit}=${sizes.historyPageSize}`;
  const page = await timeSequential(api, first, token, sizes.historyRequests, 20);
  let { items, next } = pageOf(page.body, new Headers());
  const deeper = [];
  for (let i = 0; i < 10 && next !== undefined && paging.cursor; i += 1) {
    const t0 = performance.now();
    const res = await api.call('GET', `${first}&${paging.cursor}=${encodeURIComponent(String(next))}`, { token });
    deeper.push(performance.now() - t0);
    ({ next } = pageOf(res.json, res.headers));
  }
  result.page = {
    query: `GET /api${first}`,
    size: items.length,
    n: page.n,
    p50: page.p50,
    p95: page.p95,
    kB: round(page.bytes / 1024),
    following: deeper.length ? summarize(deeper) : null,
  };
  log(
    `    history page of ${items.length}: p50 ${page.p50} ms, ${result.page.kB} kB; next ${deeper.length} pages p50 ${result.page.following?.p50 ?? '-'} ms`,
  );
  return result;
}
