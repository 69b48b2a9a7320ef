// autocannon runs (throughput rows) and the hello-world baseline they are compared with.
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rssMb } from './app-server.mjs';
import { round, summarize } from './stats.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * One autocannon run: `seconds` long, or `amount` requests. req/s is requests answered divided by
 * the run's length (the same arithmetic for the app and the baseline).
 */
export async function cannon({ url, connections, seconds, amount, requests, headers, method = 'GET', body }) {
  // autocannon ends an `amount` run only at its next one-second tick, so its own duration would
  // round a short run up: the run lasts from the start to the last answer, timed here.
  const started = performance.now();
  let last = started;
  const instance = autocannon({
    url,
    connections,
    ...(amount ? { amount } : { duration: seconds }),
    method,
    headers,
    body,
    requests,
  });
  instance.on('response', () => (last = performance.now()));
  const result = await instance;
  const answered = result.requests.total;
  const runSeconds = Math.max((last - started) / 1000, 0.001);
  return {
    rps: Math.round(answered / runSeconds),
    requests: answered,
    seconds: Math.round(runSeconds * 100) / 100,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statusCodes: result.statusCodeStats
      ? Object.fromEntries(Object.entries(result.statusCodeStats).map(([k, v]) => [k, v.count]))
      : undefined,
  };
}

/** The hello-world Fastify process, started once per run. */
export async function startHello() {
  const child = fork(path.join(here, 'hello-server.mjs'), [], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const [message] = await once(child, 'message');
  const base = `http://127.0.0.1:${message.port}`;
  return {
    base,
    pid: child.pid,
    rssMb: () => rssMb(child.pid),
    /** GET / with the same autocannon settings as the row it stands beside. */
    measure: ({ connections, seconds }) => cannon({ url: `${base}/`, connections, seconds }),
    /** Sequential GET / latency, the yardstick of the latency rows. */
    async latency(n = 200) {
      const times = [];
      for (let i = 0; i < n; i += 1) {
        const t0 = performance.now();
        const res = await fetch(`${base}/`);
        await res.arrayBuffer();
        times.push(performance.now() - t0);
      }
      return summarize(times.slice(Math.min(20, n >> 2)), 2);
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Measures `run` between two baseline runs (before and after) and gives its ratio to their mean,
 * so a row and its baseline are taken at the same moment of a noisy machine. `previous` is the
 * baseline taken right before (the "after" of the previous row), to save one run.
 */
export async function againstHello(hello, settings, run, previous) {
  const before = previous ?? (await hello.measure(settings));
  const measured = await run();
  const after = await hello.measure(settings);
  const baseline = (before.rps + after.rps) / 2;
  return {
    ...measured,
    hello: { before: before.rps, after: after.rps },
    ratio: round(measured.rps / baseline, 3),
    last: after,
  };
}

/** Background read load in its own process (see load-worker.mjs); `stop()` ends it and gives its numbers. */
export function backgroundLoad({ base, paths, headers, connections, seconds }) {
  const child = fork(
    path.join(here, 'load-worker.mjs'),
    [JSON.stringify({ base, paths, headers, connections, seconds })],
    {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    },
  );
  const done = once(child, 'message').then(([m]) => m);
  return {
    async stop() {
      child.kill('SIGTERM');
      return done;
    },
  };
}
