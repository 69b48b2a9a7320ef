// The app under test: apps/server/dist/server.js in its own process, as in production but with
// NODE_ENV=test (for CLOCK_NOW), no rate limits and warn-level logs kept in a file.
import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { sleep } from './stats.mjs';
import { SERVER_NODE_FLAGS, serverProcessEnv } from '../../../../scripts/server-process.mjs';

/**
 * A Wednesday 10:00 in the cafe's zone (Asia/Bangkok): a working day, the cafe open, before the
 * Friday cut-off. The server's clock starts here and runs on.
 */
export const CLOCK_NOW = '2025-06-11T10:00:00+07:00';
export const TODAY = '2025-06-11';

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** VmRSS of a process in MB, from /proc (Linux); undefined elsewhere or once it has exited. */
export function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 102.4) / 10 : undefined;
  } catch {
    return undefined;
  }
}

/** Samples a process's RSS every `everyMs` until stopped; returns the peak and the samples. */
export function sampleRss(pid, everyMs = 100) {
  const samples = [];
  const timer = setInterval(() => {
    const mb = rssMb(pid);
    if (mb !== undefined) samples.push(mb);
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return { peakMb: samples.length ? Math.max(...samples) : undefined, samples: samples.length };
    },
  };
}

/**
 * Starts the built server; resolves once GET /api/ready answers. `dataDir` holds the SQLite file
 * (and the generated secrets); `databaseUrl` switches to PostgreSQL. `port`: a given one (a process
 * restarted on the address its clients reconnect to), else a free one.
 */
export async function startAppServer({
  root,
  serverFile,
  dataDir,
  databaseUrl,
  demo = true,
  logFile,
  extraEnv = {},
  port: givenPort,
}) {
  const port = givenPort ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO: demo ? 'on' : 'off',
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'warn',
    CLOCK_NOW,
    // Tokens outlive the whole run (a full run is longer than the default 15 minutes).
    ACCESS_TOKEN_TTL: '86400',
    // The bench's own keep-alive connections would hold a graceful stop for 5 s; 1 s will do.
    SHUTDOWN_TIMEOUT_MS: process.env.BENCH_SHUTDOWN_MS ?? '2000',
    DATABASE_URL: databaseUrl ?? '',
    WEB_DIST: path.join(root, 'apps/web/dist'),
    // As `npm start` and the image run it (scripts/server-process.mjs); a value of the caller's own wins.
    ...serverProcessEnv(),
    ...extraEnv,
  };
  // The same V8 settings as production (scripts/server-process.mjs).
  const child = spawn(
    process.execPath,
    [
      ...SERVER_NODE_FLAGS,
      // More V8 flags to try against the production ones (space-separated), e.g. a heap size.
      ...(process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean),
      path.join(root, serverFile ?? 'apps/server/dist/server.js'),
    ],
    {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const log = createWriteStream(logFile, { flags: 'a' });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  let exited = null;
  child.on('exit', (code, signal) => (exited = { code, signal }));

  const started = Date.now();
  for (;;) {
    if (exited) {
      throw new Error(`the server exited on start (${JSON.stringify(exited)}); see ${logFile}:\n${tail(logFile)}`);
    }
    try {
      const res = await fetch(`${base}/api/ready`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 60_000) {
      child.kill('SIGKILL');
      throw new Error(`the server did not become ready within 60 s; see ${logFile}:\n${tail(logFile)}`);
    }
    await sleep(100);
  }

  return {
    base,
    port,
    pid: child.pid,
    startMs: Date.now() - started,
    rssMb: () => rssMb(child.pid),
    async stop() {
      if (exited) return;
      const t0 = Date.now();
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      if (!exited) await once(child, 'exit');
      clearTimeout(timer);
      if (process.env.BENCH_DEBUG)
        console.log(`    (server stopped in ${Date.now() - t0} ms: ${JSON.stringify(exited)})`);
      log.end();
    },
  };
}

function tail(file, lines = 15) {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

const PRETTY_LEVELS = { TRACE: 10, DEBUG: 20, INFO: 30, WARN: 40, ERROR: 50, FATAL: 60 };

/**
 * Warnings and errors the server logged, for the report: pino JSON lines (level >= 40), or
 * pino-pretty's `[hh:mm:ss] WARN: msg` lines with their indented details (the message of `err`
 * taken from them). `samples` are the first few distinct messages with how often each came.
 */
export function serverLogProblems(logFile) {
  let text = '';
  try {
    text = readFileSync(logFile, 'utf8');
  } catch {
    return { warnings: 0, errors: 0, shutdownTimeouts: 0, samples: [] };
  }
  let warnings = 0;
  let errors = 0;
  let shutdownTimeouts = 0;
  const counts = new Map();
  /** A pretty entry whose indented details may still name its error. */
  let open = null;
  const finish = () => {
    if (!open) return;
    const { level, msg } = open;
    open = null;
    // The bench's own stop (SIGTERM, SHUTDOWN_TIMEOUT_MS=2000) running out is told apart, not an error of the app at work.
    if (/shutdown took longer than/.test(msg)) {
      shutdownTimeouts += 1;
      return;
    }
    if (level >= 50) errors += 1;
    else if (level >= 40) warnings += 1;
    else return;
    const key = msg.slice(0, 300);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  };
  /** Under a line of the start-up banner: its indented lines are part of it. */
  let banner = false;
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    if (/^\s/.test(line) || line === '}') {
      // The details of a pretty entry: its error's message, once.
      const message = /^\s*"message": "(.*)",?$/.exec(line);
      if (open && message && !open.withError) {
        open.msg = `${open.msg}: ${message[1]}`;
        open.withError = true;
      }
      // The start-up banner's indented lines (the demo's accounts, its clock, what is open) too.
      if (open || banner || /Demo accounts|^\s+(admin|barista|user)\s/.test(line)) continue;
    }
    finish();
    banner = false;
    const pretty = /^\[[\d:.]+\] (TRACE|DEBUG|INFO|WARN|ERROR|FATAL): ?(.*)$/.exec(line);
    if (pretty) {
      open = { level: PRETTY_LEVELS[pretty[1]], msg: pretty[2].replace(/\s*\{"reqId".*$/, '').trim() };
      continue;
    }
    try {
      const entry = JSON.parse(line);
      open = {
        level: entry.level ?? 0,
        msg: `${entry.msg ?? ''}${entry.err?.message ? `: ${entry.err.message}` : ''}`,
      };
      continue;
    } catch {
      // a plain line (start-up banner, a console.warn, a Node warning)
    }
    if (
      /Office Cafe is running|Demo accounts|API docs|^\s+(admin|barista|user)\s|--trace-warnings|Demo mode|Requests are logged|The location check is off/.test(
        line,
      )
    ) {
      banner = true;
      continue;
    }
    open = { level: /error/i.test(line) ? 50 : 40, msg: line.replace(/^\(node:\d+\) /, ''), withError: true };
  }
  finish();
  const samples = [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([msg, n]) => (n > 1 ? `${msg} (x${n})` : msg));
  return { warnings, errors, shutdownTimeouts, samples };
}
