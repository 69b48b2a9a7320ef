// `npm run soak`: a week of office days on two processes of the built server and a private
// PostgreSQL cluster, with a clock the script moves (decision 0084, docs/soak.md). Each day the
// cafes open and close by their hours (and once by a barista's hand), people rush with their phones
// live, orders for later and standing orders fall due, Slack is told (a fake Slack Web API), the
// pickup screens watch, and one server process and then PostgreSQL are restarted mid-rush. At the
// end of each day each process's RSS, handles, event-loop delay and database connections are read;
// at the end of the week nothing acknowledged may be lost or placed twice and no live client may
// have a gap. Exits 1 when a check fails.
// Flags: --days <1-7> (7), --rush-people <per site> (40), --rush-seconds <s> (45), --out <dir>.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from './lib/build.mjs';
import { startFakeSlack } from './lib/fake-slack.mjs';
import { CHAT_BOT_TOKEN, chatServerEnv } from './lib/rows/chat.mjs';
import { runDay } from './lib/soak/day.mjs';
import { shortKeepAlive, simClock, startDeployment } from './lib/soak/deployment.mjs';
import { connectDisplay, connectLive } from './lib/soak/live.mjs';
import { checkBoards, checkOrders, markdown, verdict } from './lib/soak/report.mjs';
import { addSecondSite, prepareWeek, seedPeople, SETUP_AT } from './lib/soak/setup.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');

/** Seven office days: Monday to Friday and the Monday and Tuesday after (the weekend closed). */
const DATES = ['2025-06-16', '2025-06-17', '2025-06-18', '2025-06-19', '2025-06-20', '2025-06-23', '2025-06-24'];

function flag(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : process.argv[i + 1];
}
const load = {
  sites: 2,
  days: Math.min(7, Math.max(1, Number(flag('days', 7)))),
  rushPeople: Number(flag('rush-people', 40)),
  rushSeconds: Number(flag('rush-seconds', 45)),
  laterPeople: 8,
  standingPeople: 6,
  baristasPerSite: 2,
};
const outDir = path.resolve(flag('out', path.join(root, 'bench/results')));

const began = Date.now();
const log = (message) => {
  const s = Math.round((Date.now() - began) / 1000);
  console.log(`[${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}] ${message}`);
};
const git = (...args) => {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
};
const machine = {
  cpu: os.cpus()[0]?.model ?? 'unknown',
  cores: os.cpus().length,
  memoryGb: Math.round(os.totalmem() / 1e8) / 10,
  node: process.version,
  platform: `${os.platform()} ${os.release()}`,
  loadAverageAtStart: os.loadavg().map((l) => Math.round(l * 100) / 100),
  commit: `${git('rev-parse', '--short', 'HEAD') || 'unknown'}${git('status', '--porcelain') ? ' (uncommitted changes)' : ''}`,
};

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cafe-soak-'));
let dep;
let slack;
const clients = [];
const cleanUp = async () => {
  for (const c of clients) (c.close ?? (() => c.socket.close()))();
  await dep?.destroy().catch((error) => console.error(`cleanup: ${error.message}`));
  await slack?.stop().catch(() => {});
  if (!process.env.SOAK_KEEP) rmSync(dataDir, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}

let failed = false;
try {
  log(`soak: ${load.days} days, ${JSON.stringify(load)}`);
  for (const note of ensureBuilt(root, { build: true, log })) log(note);
  const clock = simClock(SETUP_AT);
  dep = await startDeployment({ root, dataDir, clock, extraEnv: {}, log });
  log(`private PostgreSQL on port ${dep.cluster.port}; first start (migrations, demo data)`);
  await dep.startFirst();
  shortKeepAlive();
  const sites = await addSecondSite(dep.bases[0]);
  await dep.stopAll();
  const world = await seedPeople(dep.databaseUrl, sites, load);
  slack = await startFakeSlack({ people: world.slackPeople, token: CHAT_BOT_TOKEN });
  await dep.startBoth(chatServerEnv(slack));
  await dep.setClock(SETUP_AT);
  await prepareWeek(world, dep.bases);
  log(`two processes up; ${world.sites.map((s) => s.name).join(' and ')} ready, standing orders set`);

  // The boards (each barista's, on their process) and the pickup screens stay on all week.
  const boards = world.sites.flatMap((s) =>
    s.baristas.map((b) => connectLive({ base: dep.bases[b.process], token: b.token, siteId: s.id, label: b.email })),
  );
  clients.push(...boards);
  await Promise.all(boards.map((b) => b.ready));
  const displays = world.sites.map((s, i) =>
    connectDisplay({ base: dep.bases[i % 2], token: s.displayToken, label: `${s.name} TV` }),
  );
  clients.push(...displays);

  const days = [];
  for (const [i, date] of DATES.slice(0, load.days).entries()) {
    log(`day ${i + 1}: ${date}`);
    const slackBefore = slack.calls.filter((c) => c.method === 'chat.postMessage' && c.ok !== false).length;
    const boardsBefore = displays.reduce((k, d) => k + d.boards, 0);
    const day = await runDay({ n: i + 1, date, dep, world, load, log });
    day.boards = await checkBoards(boards, dep.query);
    day.slackPosts = slack.calls.filter((c) => c.method === 'chat.postMessage' && c.ok !== false).length - slackBefore;
    day.displayBoards = displays.reduce((k, d) => k + d.boards, 0) - boardsBefore;
    day.displaysConnected = displays.filter((d) => d.socket.connected).length;
    days.push(day);
    if (day.boards.missing) log(`  board gaps: ${JSON.stringify(day.boards.samples)}`);
    if (day.phones.missing) log(`  phone gaps: ${JSON.stringify(day.phones.samples)}`);
    if (day.rejected.length) log(`  rejected: ${JSON.stringify(day.rejected)}`);
    const [p1, p2] = day.measured.processes;
    log(
      `  RSS ${p1.rssMb} / ${p2.rssMb} MB, handles ${p1.handles} / ${p2.handles}, loop p99 ${p1.loopP99Ms} / ${p2.loopP99Ms} ms, ` +
        `DB connections ${day.measured.dbConnections}; board gaps ${day.boards.missing}/${day.boards.expected}, ` +
        `phone gaps ${day.phones.missing}/${day.phones.expected}, Slack posts ${day.slackPosts}, TV boards ${day.displayBoards}`,
    );
  }
  const orders = await checkOrders(days, dep.query);
  const checks = verdict(days, orders);
  const seconds = Math.round((Date.now() - began) / 1000);
  const md = markdown({ machine, load, days, orders, checks, seconds });
  mkdirSync(outDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  writeFileSync(path.join(outDir, `soak-${stamp}.md`), `${md}\n`);
  writeFileSync(
    path.join(outDir, `soak-${stamp}.json`),
    JSON.stringify(
      { machine, load, days: days.map(({ acked, ...d }) => ({ ...d, acked: acked.length })), orders, checks, seconds },
      null,
      2,
    ),
  );
  console.log(`\n${md}\n`);
  failed = checks.some((c) => !c.ok);
} catch (error) {
  log(`soak failed: ${error.stack ?? error.message}`);
  failed = true;
} finally {
  await cleanUp();
}
process.exitCode = failed ? 1 : 0;
