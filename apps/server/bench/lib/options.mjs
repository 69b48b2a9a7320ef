// Command-line flags and the two size profiles (full, quick) of `npm run bench`.

export const ROWS = [
  'reads',
  'health',
  'placement',
  'sockets',
  'burst',
  'memory',
  'rush',
  'fan-out',
  'chat',
  'statements',
  'sites-rush',
  'knee',
  'dashboards',
  'history',
  'bytes',
  'lighthouse',
  'promises',
];

/** What a full run measures: the sizes. */
const FULL = {
  /** autocannon: seconds per measured endpoint (and per hello-world baseline beside it). */
  seconds: 5,
  connections: 20,
  /** POST /api/order requests of the placement row (two per account, the daily limit). */
  placementOrders: 4000,
  /** Live connections of the socket rows: users plus the three baristas. */
  sockets: 1000,
  /** Orders placed 5 at a time, first on a quiet server, then while reads load it. */
  steadyOrders: 300,
  steadyConcurrency: 5,
  /** Orders placed first, 5 at a time, before the steady ones: a fresh process's first orders. */
  warmupOrders: 20,
  burst: 200,
  /** Seconds of background reads (autocannon in its own process) during the loaded run, at most. */
  loadConnections: 10,
  rushPeople: 500,
  rushSeconds: 60,
  /** After the last order is sent, the baristas work on this long before the checks. */
  rushDrainSeconds: 10,
  /** Fan-out: the rush again with this many people at the site (the rush's people order, the others watch). */
  fanOutPeople: [1000, 5000],
  /** Chat: people at a site ordering through Slack over the window, about this many orders each. */
  chatPeople: 1000,
  chatSeconds: 60,
  chatOrdersEach: 1,
  baristas: 3,
  /** A barista takes this many orders at once, makes them (prep) and finishes them. */
  baristaBatch: 2,
  baristaPrepMs: 2000,
  baristaPauseMs: 500,
  /** A person picks up a finished drink this long after the `done` event (from, to). */
  pickupDelayMs: [1000, 4000],
  /** Sites rush (PostgreSQL): sites in all, people spread over them as home sites, sites rushing at once. */
  sites: 20,
  sitesPeople: 20000,
  /** The sizes of the sites rush: this many sites rushing at once, each on sites of its own (1,000 people a site). */
  sitesRushing: [1, 3, 5],
  sitesRushSeconds: 60,
  /** The knee (PostgreSQL): for each count of server processes, 1, 2, 3, ... sites rushing until a p99 passes kneeP99Ms. */
  kneeProcesses: [1, 2, 4],
  kneeMaxSites: 5,
  kneeP99Ms: 100,
  /** Server processes behind the one database. */
  sitesProcesses: 2,
  /** Share of the rushing people who place their second order at another rushing site. */
  sitesVisitShare: 0.1,
  /** Share who also send a third order at once with the second, to another site through another process. */
  sitesThirdShare: 0.05,
  dashboardSizes: [1000, 10000, 100000],
  /** Sequential requests per statistics case (endpoint x period), after one warm-up. */
  dashboardRequests: 15,
  /** A case stops early after this long (at least 3 requests). */
  dashboardCaseSeconds: 6,
  historyRequests: 15,
  historyPageSize: 50,
  lighthouseRuns: 3,
  /** Promises: the simulated morning's length in minutes (arrivals peak in its middle) and its seed. */
  promisesMinutes: 180,
  promisesSeed: 62,
};

const QUICK = {
  ...FULL,
  seconds: 1,
  placementOrders: 300,
  sockets: 150,
  steadyOrders: 30,
  burst: 50,
  rushPeople: 40,
  rushSeconds: 6,
  rushDrainSeconds: 3,
  fanOutPeople: [100, 300],
  chatPeople: 60,
  chatSeconds: 10,
  sitesPeople: 800,
  sitesRushing: [1, 2],
  sitesRushSeconds: 6,
  kneeProcesses: [1, 2],
  kneeMaxSites: 2,
  baristaPrepMs: 600,
  baristaPauseMs: 200,
  pickupDelayMs: [300, 1200],
  dashboardSizes: [1000, 10000],
  dashboardRequests: 3,
  dashboardCaseSeconds: 2,
  historyRequests: 3,
  lighthouseRuns: 1,
  promisesMinutes: 60,
};

const NUMERIC = {
  '--seconds': 'seconds',
  '--connections': 'connections',
  '--placement-orders': 'placementOrders',
  '--sockets': 'sockets',
  '--steady-orders': 'steadyOrders',
  '--burst': 'burst',
  '--rush-people': 'rushPeople',
  '--rush-seconds': 'rushSeconds',
  '--rush-drain': 'rushDrainSeconds',
  '--chat-people': 'chatPeople',
  '--chat-seconds': 'chatSeconds',
  '--sites': 'sites',
  '--sites-people': 'sitesPeople',
  '--sites-rush-seconds': 'sitesRushSeconds',
  '--sites-processes': 'sitesProcesses',
  '--knee-max-sites': 'kneeMaxSites',
  '--knee-p99-ms': 'kneeP99Ms',
  '--barista-prep-ms': 'baristaPrepMs',
  '--dashboard-requests': 'dashboardRequests',
  '--lighthouse-runs': 'lighthouseRuns',
  '--promises-minutes': 'promisesMinutes',
  '--promises-seed': 'promisesSeed',
};

export const USAGE = `npm run bench [-- flags]

  --quick                 a short smoke run (small counts, seconds not minutes)
  --only <rows>           comma list of: ${ROWS.join(',')}
                          (memory: idle and at the sockets from the socket phase, the peak from the rush;
                          sites-rush: PostgreSQL only, several processes on one database;
                          statements: PostgreSQL only, each request's statements counted on the wire;
                          promises: SQLite only, a simulated morning of two baristas on a test clock,
                          once with PROMISE_MODEL=pace and once with the new model, each on a fresh
                          database: how far each order's ready time was from its promise)
  --pg <url>              also run on PostgreSQL; a database cafe_bench_<random> is created from
                          this URL's server and dropped afterwards (or BENCH_DATABASE_URL)
  --no-sqlite             PostgreSQL only
  --no-build              do not rebuild a missing or stale dist (report it instead)
  --out <dir>             where results go (default: bench/results at the repository root)
  --baseline <rev>        first the same rows on that commit's build (a git worktree, built there, measured
                          by this bench), then this checkout's: the table gets a "vs <rev>" column
  --dashboard-sizes <n,..> orders seeded for the dashboards (default 1000,10000,100000)
  --fan-out-people <n,..> people at the site in each fan-out rush (default 1000,5000; the rush's people order)
  --sites-rushing <n,..>  sites rushing at once in each sites rush (default 1,3,5; each on sites of its own)
  --knee-processes <n,..> server processes of each knee row (default 1,2,4)
  ${Object.keys(NUMERIC).join(' <n>, ')} <n>
                          override one size of the profile
  --help`;

export function parseOptions(argv, env = process.env) {
  const options = {
    quick: false,
    only: new Set(ROWS),
    onlyGiven: false,
    pgUrl: env.BENCH_DATABASE_URL || undefined,
    sqlite: true,
    build: true,
    out: undefined,
    baseline: undefined,
    help: false,
  };
  const overrides = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--quick') options.quick = true;
    else if (arg === '--help' || arg === '-h') options.help = true;
    else if (arg === '--no-build') options.build = false;
    else if (arg === '--no-sqlite') options.sqlite = false;
    else if (arg === '--pg') options.pgUrl = value();
    else if (arg === '--out') options.out = value();
    else if (arg === '--baseline') options.baseline = value();
    else if (arg === '--only') {
      const rows = value()
        .split(',')
        .map((r) => r.trim())
        .filter(Boolean);
      const unknown = rows.filter((r) => !ROWS.includes(r));
      if (unknown.length) throw new Error(`--only: unknown row(s) ${unknown.join(', ')}; known: ${ROWS.join(', ')}`);
      options.only = new Set(rows);
      options.onlyGiven = true;
    } else if (arg === '--dashboard-sizes') {
      overrides.dashboardSizes = value()
        .split(',')
        .map((n) => Number(n))
        .filter((n) => Number.isInteger(n) && n > 0);
    } else if (arg === '--fan-out-people') {
      overrides.fanOutPeople = value()
        .split(',')
        .map((n) => Number(n))
        .filter((n) => Number.isInteger(n) && n > 0);
    } else if (arg === '--sites-rushing' || arg === '--knee-processes') {
      const list = value()
        .split(',')
        .map((n) => Number(n))
        .filter((n) => Number.isInteger(n) && n > 0);
      if (!list.length) throw new Error(`${arg} needs whole numbers, e.g. 1,3,5`);
      overrides[arg === '--sites-rushing' ? 'sitesRushing' : 'kneeProcesses'] = list;
    } else if (NUMERIC[arg]) {
      const n = Number(value());
      if (!Number.isFinite(n) || n < 0) throw new Error(`${arg} needs a number`);
      overrides[NUMERIC[arg]] = n;
    } else throw new Error(`unknown flag ${arg}\n\n${USAGE}`);
  }
  if (options.pgUrl && !/^postgres(ql)?:\/\//.test(options.pgUrl)) throw new Error('--pg needs a postgres:// URL');
  options.sizes = { ...(options.quick ? QUICK : FULL), ...overrides };
  options.profile = options.quick ? 'quick' : options.onlyGiven || Object.keys(overrides).length ? 'partial' : 'full';
  return options;
}
