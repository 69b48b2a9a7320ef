// `npm run bench`: the performance benchmark of issue 10, every row in one run. Starts the built
// server (rebuilding a missing or stale dist) on SQLite and, given a PostgreSQL URL, on PostgreSQL
// too (the sites rush with two server processes on it); measures each row beside a hello-world
// Fastify server; writes bench/results/*.json and *.md and prints the table. Timings are reported,
// never asserted; the correctness checks of the rush and the sites rush (nothing lost, the daily
// limit held, every event delivered, none at another site's board) and of the promises row's
// simulated morning (every order placed, made and recorded) fail the run.
// Flags: see lib/options.mjs or `npm run bench -- --help`.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverLogProblems, startAppServer } from './lib/app-server.mjs';
import { runBaseline } from './lib/baseline.mjs';
import { ensureBuilt } from './lib/build.mjs';
import { createPgDatabase, openDirect } from './lib/database.mjs';
import { startFakeSlack } from './lib/fake-slack.mjs';
import { startCountProxy } from './lib/pg-count-proxy.mjs';
import { startHello } from './lib/load.mjs';
import { parseOptions, USAGE } from './lib/options.mjs';
import { details, markdown, writeResults } from './lib/report.mjs';
import { summaryRows } from './lib/report-summary.mjs';
import { dashboardSeeder, runDashboards, seedDashboardsPeople } from './lib/rows/dashboards.mjs';
import { CHAT_BOT_TOKEN, chatServerEnv, runChat, seedChat } from './lib/rows/chat.mjs';
import { runRush, seedFanOut, seedRush } from './lib/rows/rush.mjs';
import { runSitesRush } from './lib/rows/sites-rush.mjs';
import { nextRushing, seedSitesRush, setUpSites } from './lib/rows/sites-rush-setup.mjs';
import { runSockets, seedSockets } from './lib/rows/sockets.mjs';
import { runStatements, seedStatements, STATEMENT_PEOPLE } from './lib/rows/statements.mjs';
import {
  describeMorning,
  planMorning,
  PROMISE_MODELS,
  promisesClockNow,
  runPromises,
  seedPromises,
} from './lib/rows/promises.mjs';
import { runThroughput, seedThroughput } from './lib/rows/throughput.mjs';
import { runWeb } from './lib/rows/web.mjs';
import { describeBehaviour, webBehaviour } from './lib/web-behaviour.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
/** The checkout measured: this one, or a baseline's worktree (BENCH_ROOT, lib/baseline.mjs). */
const root = process.env.BENCH_ROOT ? path.resolve(process.env.BENCH_ROOT) : repoRoot;

let options;
try {
  options = parseOptions(process.argv.slice(2));
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}
const { only, sizes } = options;
const wants = (...rows) => rows.some((r) => only.has(r));
if (only.has('sites-rush') && !options.pgUrl && options.onlyGiven) {
  console.error('sites-rush runs on PostgreSQL only (several server processes share its live events): give --pg <url>');
  process.exit(2);
}

const began = Date.now();
const clock = () => {
  const s = Math.round((Date.now() - began) / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};
const log = (message) => console.log(`[${clock()}] ${message}`);

function git(...args) {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

const results = {
  profile: options.profile,
  date: new Date().toISOString(),
  machine: {
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    memoryGb: Math.round(os.totalmem() / 1e8) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    loadAverageAtStart: os.loadavg().map((l) => Math.round(l * 100) / 100),
    commit: `${git('rev-parse', '--short', 'HEAD') || 'unknown'}${git('status', '--porcelain') ? ' (uncommitted changes)' : ''}`,
  },
  rows: [...only],
  sizes,
  engines: [],
  notes: [],
};

// Everything started is stopped and removed on the way out, also on Ctrl-C.
const cleanups = new Set();
async function cleanAll() {
  for (const cleanup of [...cleanups].reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error(`cleanup: ${error.message}`);
    }
  }
  cleanups.clear();
}
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    console.error(`\n${signal}: cleaning up (again to quit at once)`);
    setTimeout(() => process.exit(130), 20_000).unref();
    void cleanAll().finally(() => process.exit(130));
  });
}

/**
 * A database of its own for one phase (a temp DATA_DIR; on PostgreSQL a fresh cafe_bench_*
 * database), the server started on it once (migrations, demo menu and accounts; `firstEnv`: more
 * of its environment for that start) and helpers to seed it with the server stopped and start it
 * again. Server warnings and errors go to the notes.
 */
async function withDatabase(engine, tag, body, firstEnv) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `cafe-bench-${tag}-`));
  const logFile = path.join(dataDir, 'server.log');
  const logFiles = [logFile];
  const pg = engine === 'postgres' ? await createPgDatabase(options.pgUrl, tag) : undefined;
  const session = {
    server: null,
    /** Every process running on the database (one, or those of startCluster). */
    servers: [],
    /** The PostgreSQL database's URL (undefined on SQLite). */
    pgUrl: pg?.url,
    /** `extraEnv`: more of the server's environment (the chat row's Slack app). */
    async start(extraEnv) {
      this.server = await startAppServer({ root, dataDir, databaseUrl: pg?.url, logFile, extraEnv });
      this.servers = [this.server];
      return this.server;
    },
    /**
     * `n` processes started at once on the same database (PostgreSQL: live events between them go
     * through it), as behind a load balancer; each logs to a file of its own. The first is `server`.
     */
    async startCluster(n, extraEnv) {
      await this.stop();
      const started = await Promise.allSettled(
        Array.from({ length: n }, (_, i) => {
          const file = i === 0 ? logFile : path.join(dataDir, `server-${i + 1}.log`);
          if (!logFiles.includes(file)) logFiles.push(file);
          return startAppServer({ root, dataDir, databaseUrl: pg?.url, logFile: file, extraEnv });
        }),
      );
      this.servers = started.filter((r) => r.status === 'fulfilled').map((r) => r.value);
      const failed = started.find((r) => r.status === 'rejected');
      if (failed) {
        await this.stop();
        throw failed.reason;
      }
      this.server = this.servers[0];
      return this.servers;
    },
    async stop() {
      await Promise.all(this.servers.map((server) => server.stop()));
      this.servers = [];
      this.server = null;
    },
    openDirect: () => openDirect({ sqliteFile: path.join(dataDir, 'cafe.db'), pgUrl: pg?.url }),
    /** Runs `fn(db)` on the database while the server runs (new accounts only: nothing it keeps in memory). */
    async seedLive(fn) {
      const db = await this.openDirect();
      try {
        return await fn(db);
      } finally {
        await db.close();
      }
    },
    /** Stops the server and runs `fn(db)` on the database; start() again afterwards. */
    async seed(fn) {
      await this.stop();
      const db = await this.openDirect();
      try {
        return await fn(db);
      } finally {
        await db.close();
      }
    },
  };
  const cleanup = async () => {
    await session.stop();
    await pg?.drop();
    // BENCH_KEEP_LOGS=<dir>: the servers' logs are kept there (<engine>-<phase>-<file>).
    if (process.env.BENCH_KEEP_LOGS) {
      mkdirSync(process.env.BENCH_KEEP_LOGS, { recursive: true });
      for (const file of logFiles.filter((f) => existsSync(f))) {
        copyFileSync(file, path.join(process.env.BENCH_KEEP_LOGS, `${engine}-${tag}-${path.basename(file)}`));
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  cleanups.add(cleanup);
  try {
    await session.start(firstEnv);
    return await body(session);
  } finally {
    await session.stop();
    for (const [i, file] of logFiles.entries()) {
      const server = logFiles.length > 1 ? ` process ${i + 1}` : '';
      const problems = serverLogProblems(file);
      if (problems.errors || problems.warnings) {
        results.notes.push(
          `${engine} ${tag}: the server${server} logged ${problems.errors} errors and ${problems.warnings} warnings, e.g. ${problems.samples.join(' | ')}`,
        );
      }
      if (problems.shutdownTimeouts) {
        results.notes.push(
          `${engine} ${tag}: stopping the server${server} ran into SHUTDOWN_TIMEOUT_MS (2 s here) ${problems.shutdownTimeouts} time(s): ` +
            'a client connection that never sent a request (e.g. a cancelled fetch) holds the graceful shutdown until the timeout',
        );
      }
    }
    await cleanup();
    cleanups.delete(cleanup);
  }
}

/** The rush on a session's database: seeded by `seed` while the server is stopped, then run (rush, fan-out). */
async function rushOn(session, seed) {
  const seeded = await session.seed(seed);
  await session.start();
  const direct = await session.openDirect();
  try {
    return await runRush({ server: session.server, seeded, sizes, direct, behaviour: results.webBehaviour, log });
  } finally {
    await direct.close();
  }
}

/** Runs one phase; a failure is noted (and fails the run) without stopping the others. */
async function phase(name, fn) {
  const t0 = Date.now();
  try {
    return await fn();
  } catch (error) {
    log(`${name} failed: ${error.stack ?? error.message}`);
    results.notes.push(`${name} failed: ${String(error.message).split('\n')[0]}`);
    process.exitCode = 2;
    return undefined;
  } finally {
    log(`${name} took ${Math.round((Date.now() - t0) / 1000)} s`);
  }
}

if (options.baseline) {
  // The same rows on the baseline's build first, by this bench: its table's values for the ratios.
  try {
    const base = runBaseline({
      rev: options.baseline,
      repoRoot,
      runFile: fileURLToPath(import.meta.url),
      argv: process.argv.slice(2),
      log,
    });
    results.baseline = { commit: base.commit, exitCode: base.exitCode, rows: base.results.summary };
    if (base.exitCode) results.notes.push(`the baseline's run (${base.commit}) ended with exit ${base.exitCode}`);
  } catch (error) {
    results.baseline = { commit: options.baseline, error: String(error.message).split('\n')[0] };
    results.notes.push(`baseline ${options.baseline} not measured: ${results.baseline.error}`);
  }
}

let hello;
try {
  log(
    `profile ${options.profile}; rows ${[...only].join(', ')}; engines ${[options.sqlite && 'sqlite', options.pgUrl && 'postgres'].filter(Boolean).join(', ')}`,
  );
  results.notes.push(...ensureBuilt(root, { build: options.build, log }));
  hello = await startHello();
  cleanups.add(() => hello.stop());
  results.helloRssMb = hello.rssMb();
  results.webBehaviour = webBehaviour(root);

  if (wants('bytes', 'lighthouse')) {
    log('first screen and Lighthouse (SQLite server, demo data)');
    results.web = await phase('web', () =>
      withDatabase('sqlite', 'web', (s) => runWeb({ server: s.server, sizes, only, log })),
    );
  }

  const engines = [options.sqlite && 'sqlite', options.pgUrl && 'postgres'].filter(Boolean);
  if (wants('sites-rush') && !options.pgUrl) results.notes.push('sites-rush not run: it needs PostgreSQL (--pg)');
  if (wants('promises') && !options.sqlite) results.notes.push('promises not run: it runs on SQLite only');
  if (wants('statements') && !options.pgUrl && options.onlyGiven)
    results.notes.push('statements not run: it counts PostgreSQL statements on the wire (--pg)');
  for (const engine of engines) {
    const e = { engine };
    results.engines.push(e);
    e.helloLatency = await hello.latency(options.quick ? 100 : 300);

    if (wants('reads', 'health', 'placement')) {
      log(`${engine}: requests a second against hello-world`);
      e.throughput = await phase(`${engine} throughput`, () =>
        withDatabase(engine, 'throughput', async (s) => {
          const seeded = await s.seedLive((db) => seedThroughput(db, sizes));
          return runThroughput({ server: s.server, hello, seeded, sizes, only, log });
        }),
      );
    }

    if (wants('sockets', 'burst', 'memory')) {
      log(`${engine}: live events at ${sizes.sockets} sockets`);
      e.sockets = await phase(`${engine} sockets`, () =>
        withDatabase(engine, 'sockets', async (s) => {
          // The baristas' sites are kept in the server's memory: seeded while it is stopped.
          const seeded = await s.seed((db) => seedSockets(db, sizes));
          await s.start();
          return runSockets({ server: s.server, seeded, sizes, only, log });
        }),
      );
    }

    if (wants('rush', 'memory')) {
      log(`${engine}: rush of ${sizes.rushPeople} people`);
      e.rush = await phase(`${engine} rush`, () =>
        withDatabase(engine, 'rush', (s) => rushOn(s, (db) => seedRush(db, sizes))),
      );
    }

    if (wants('fan-out')) {
      // The same rush with more of the site's people watching My orders: what a write sends per order
      // should not grow with them.
      e.fanOut = [];
      for (const total of sizes.fanOutPeople) {
        log(`${engine}: fan-out, the rush with ${total} people at the site`);
        const r = await phase(`${engine} fan-out ${total}`, () =>
          withDatabase(engine, `fanout${total}`, (s) => rushOn(s, (db) => seedFanOut(db, sizes, total))),
        );
        if (r) e.fanOut.push(r);
      }
    }

    if (wants('statements') && engine === 'postgres') {
      log(`${engine}: statements per request, on one process and on two`);
      e.statements = await phase(`${engine} statements`, () =>
        withDatabase(engine, 'statements', async (s) => {
          const people = await s.seed((db) => seedStatements(db));
          const proxy = await startCountProxy(s.pgUrl);
          cleanups.add(proxy.stop);
          try {
            const env = { DATABASE_URL: proxy.url };
            await s.start(env);
            const one = await runStatements({
              bases: [s.server.base],
              proxy,
              people: people.slice(0, STATEMENT_PEOPLE),
              day: 1,
              log,
            });
            await s.startCluster(2, env);
            const two = await runStatements({
              bases: s.servers.map((server) => server.base),
              proxy,
              people: people.slice(STATEMENT_PEOPLE),
              day: 2,
              log,
            });
            return [one, two];
          } finally {
            await s.stop();
            await proxy.stop();
            cleanups.delete(proxy.stop);
          }
        }),
      );
    }

    if (wants('chat')) {
      log(`${engine}: chat, ${sizes.chatPeople} people ordering through Slack in ${sizes.chatSeconds} s`);
      e.chat = await phase(`${engine} chat`, () =>
        withDatabase(engine, 'chat', async (s) => {
          const seeded = await s.seed((db) => seedChat(db, sizes));
          const slack = await startFakeSlack({ people: seeded.people, token: CHAT_BOT_TOKEN });
          cleanups.add(slack.stop);
          try {
            // Two processes on PostgreSQL, as a deployment behind a load balancer runs (one budget of
            // Slack calls for both: decision 0117); one on SQLite.
            const processes = engine === 'postgres' ? (sizes.chatProcesses ?? 2) : 1;
            if (processes > 1) await s.startCluster(processes, chatServerEnv(slack));
            else await s.start(chatServerEnv(slack));
            const direct = await s.openDirect();
            try {
              return await runChat({
                server: s.server,
                servers: s.servers,
                seeded,
                sizes,
                direct,
                slack,
                log,
                behaviour: results.webBehaviour,
              });
            } finally {
              await direct.close();
            }
          } finally {
            await slack.stop();
            cleanups.delete(slack.stop);
          }
        }),
      );
    }

    /** Sites set up and people seeded on a fresh database, then `processes` servers on it; `body` runs the rushes. */
    const onSites = (tag, processes, body) =>
      withDatabase(engine, tag, async (s) => {
        const sites = await setUpSites({ server: s.server, sizes, log });
        const t0 = Date.now();
        const seeded = await s.seed((db) => seedSitesRush(db, sites, sizes));
        log(
          `  ${sizes.sitesPeople} people and ${sites.length * sizes.baristas} baristas seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
        );
        const servers = await s.startCluster(processes);
        const direct = await s.openDirect();
        const used = new Set();
        const rush = (count, peoplePerSite) => {
          const rushingAt = nextRushing(count, seeded.length, used);
          if (!rushingAt) return null;
          log(
            `  a rush at ${count} sites at once${peoplePerSite ? ` (${peoplePerSite} people each)` : ''} on ${processes} server processes`,
          );
          return runSitesRush({
            servers,
            seeded,
            sizes,
            direct,
            behaviour: results.webBehaviour,
            log,
            rushingAt,
            peoplePerSite,
          });
        };
        try {
          return await body(rush);
        } finally {
          await direct.close();
        }
      });

    if (wants('promises') && engine === 'sqlite') {
      // The same morning (same seed) once per promise model, each on a fresh database and server.
      const plan = planMorning({ seed: sizes.promisesSeed, minutes: sizes.promisesMinutes });
      log(
        `${engine}: promises, a simulated ${sizes.promisesMinutes}-minute morning of ${plan.arrivals.length} orders, ` +
          `${PROMISE_MODELS.map((m) => m.model).join(' and ')}`,
      );
      e.promises = await phase(`${engine} promises`, async () => {
        const out = { morning: null, runs: [] };
        for (const { model, label } of PROMISE_MODELS) {
          const env = { CLOCK_NOW: promisesClockNow(), PROMISE_MODEL: model };
          const run = await withDatabase(
            engine,
            `promises-${model}`,
            async (s) => {
              const seeded = await s.seed((db) => seedPromises(db, plan));
              out.morning ??= describeMorning(plan, seeded);
              await s.start(env);
              const direct = await s.openDirect();
              try {
                return await runPromises({ server: s.server, seeded, plan, model, direct, log });
              } finally {
                await direct.close();
              }
            },
            env,
          );
          out.runs.push({ ...run, label });
          log(
            `  ${model}: ${run.orders} orders, error p50/p90 ${run.all.errorP50}/${run.all.errorP90} min, ` +
              `|error| p50/p90 ${run.all.absP50}/${run.all.absP90} min, within ±2 min ${run.all.within2} % (${run.wallSeconds} s)`,
          );
        }
        return out;
      });
    }

    if (engine === 'postgres' && wants('sites-rush')) {
      const processes = Math.max(1, sizes.sitesProcesses);
      log(
        `${engine}: ${sizes.sites} sites, ${sizes.sitesPeople} people, rushes at ${sizes.sitesRushing.join(', ')} sites at once on ${processes} server processes`,
      );
      e.sitesRushes = await phase(`${engine} sites rush`, () =>
        onSites('sites', processes, async (rush) => {
          const out = [];
          for (const count of sizes.sitesRushing) {
            const result = await rush(count);
            if (result) out.push(result);
            else results.notes.push(`sites rush at ${count} sites not run: too few sites left without orders`);
          }
          return out;
        }),
      );
    }

    if (engine === 'postgres' && wants('knee')) {
      // The knee: for each count of processes, rushes at 1, 2, 3, ... sites (about 33 orders a
      // second each) until the order or event p99 passes the limit; the last rate under it is the knee.
      e.knee = [];
      for (const processes of sizes.kneeProcesses) {
        log(`${engine}: the knee on ${processes} server process${processes === 1 ? '' : 'es'}`);
        e.knee.push(
          await phase(`${engine} knee ${processes}`, () =>
            onSites(`knee${processes}`, processes, async (rush) => {
              const steps = [];
              // A quarter of a site's orders more at each step (about 8, 17, 25, 33, 42, 50, ...
              // orders a second): a quarter, a half and three quarters of one site's people, one
              // site, then as few sites as take the step's people (1.25 sites: 2 sites of 625). In
              // steps of whole sites (33, 67, ...), a process more would have to double the rate
              // to show at all.
              const perSite = Math.round(sizes.sitesPeople / sizes.sites);
              const plan = Array.from({ length: 4 * sizes.kneeMaxSites }, (_, i) => {
                const quarters = i + 1;
                const count = Math.ceil(quarters / 4);
                return {
                  count,
                  people: quarters === 4 * count ? undefined : Math.round((perSite * quarters) / 4 / count),
                };
              });
              for (const { count, people } of plan) {
                const r = await rush(count, people);
                if (!r) break;
                const step = {
                  sites: count,
                  people: r.rushingPeople,
                  ratePerSecond: Math.round((r.orders.accepted / r.windowSeconds) * 10) / 10,
                  order: r.orderLatency,
                  event: r.eventAtBarista,
                  failedChecks: r.checks.filter((c) => !c.ok).map((c) => c.name),
                  eventLoop: r.eventLoop,
                  benchEventLoop: r.benchEventLoop,
                  serverPlacements: r.serverPlacements,
                  placementsOver100Ms: r.placementsOver100Ms,
                  connectionsOpened: r.connectionsOpened,
                  peakMb: r.peakMb,
                };
                step.under =
                  step.order.p99 <= sizes.kneeP99Ms && step.event.p99 <= sizes.kneeP99Ms && !step.failedChecks.length;
                steps.push(step);
                if (!step.under) break;
              }
              const under = steps.filter((st) => st.under);
              return {
                processes,
                sites: sizes.sites,
                peoplePerSite: Math.round(sizes.sitesPeople / sizes.sites),
                limitMs: sizes.kneeP99Ms,
                kneePerSecond: under.length ? under[under.length - 1].ratePerSecond : 0,
                reachedTop: steps.length > 0 && steps.every((st) => st.under),
                steps,
              };
            }),
          ),
        );
      }
    }

    if (wants('dashboards', 'history')) {
      log(`${engine}: dashboards and history at ${sizes.dashboardSizes.join(', ')} orders`);
      e.dashboards = await phase(`${engine} dashboards`, () =>
        withDatabase(engine, 'stats', async (s) => {
          const people = await s.seed((db) => seedDashboardsPeople(db));
          const seeder = dashboardSeeder(people);
          const out = { sizes: [] };
          for (const size of sizes.dashboardSizes) {
            const t0 = Date.now();
            const seeded = await s.seed(async (db) => {
              const grown = await seeder.growTo(db, size);
              // PostgreSQL's autovacuum would have analysed a table that grew over a year.
              if (db.engine === 'postgres') await db.analyze();
              return grown;
            });
            log(`  ${size.toLocaleString('en')} orders seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
            await s.start();
            out.sizes.push(
              await runDashboards({ server: s.server, sizes, size, expectedServedCafe: seeded.servedCafe, only, log }),
            );
          }
          return out;
        }),
      );
    }
  }
} catch (error) {
  log(`benchmark failed: ${error.stack ?? error.message}`);
  results.notes.push(`benchmark failed: ${String(error.message).split('\n')[0]}`);
  process.exitCode = 2;
} finally {
  await cleanAll();
}

results.seconds = Math.round((Date.now() - began) / 1000);
if (results.webBehaviour)
  results.notes.push(`rush simulation follows the web app: ${describeBehaviour(results.webBehaviour)}`);
const rows = summaryRows(results);
results.summary = rows;
const md = `${markdown(results, rows)}\n${details(results)}`;
const files = writeResults(options.out ? path.resolve(options.out) : path.join(root, 'bench/results'), results, md);
console.log(`\n${readFileSync(files[1], 'utf8')}`);
log(`done in ${results.seconds} s; wrote ${files.map((f) => path.relative(root, f)).join(', ')}`);

const failedChecks = results.engines.flatMap((e) =>
  [
    ...(e.rush?.checks ?? []),
    ...(e.fanOut ?? []).flatMap((r) => r.checks),
    ...(e.chat?.checks ?? []),
    ...(e.sitesRushes ?? []).flatMap((sr) => sr.checks),
    ...(e.promises?.runs ?? []).flatMap((run) =>
      run.checks.map((c) => ({ ...c, name: `promises, ${run.model}: ${c.name}` })),
    ),
  ]
    .filter((c) => !c.ok)
    .map((c) => `${e.engine}: ${c.name} (${c.detail})`)
    .concat(
      (e.knee ?? []).flatMap((k) =>
        (k?.steps ?? []).flatMap((st) =>
          st.failedChecks.map((name) => `${e.engine}: knee, ${k.processes} processes, ${st.sites} sites: ${name}`),
        ),
      ),
    ),
);
if (failedChecks.length) {
  console.error(`\nRUSH CHECKS FAILED:\n  ${failedChecks.join('\n  ')}`);
  process.exitCode = 1;
}
