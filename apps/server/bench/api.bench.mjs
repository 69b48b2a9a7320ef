// API benchmark: starts the built server on loopback with a fresh database and the demo data,
// then measures a few hot read paths with autocannon. Reports numbers; never pass/fail.
// Usage: npm run bench  (builds nothing: run `npm run build` first)
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.BENCH_PORT ?? 4400);
const base = `http://127.0.0.1:${port}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const dataDir = mkdtempSync(path.join(tmpdir(), 'cafe-bench-'));

const server = spawn(process.execPath, [path.resolve(here, '../dist/server.js')], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO: 'on',
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'warn',
  },
});

async function waitReady() {
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(`${base}/api/ready`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

async function login(email, password) {
  const res = await fetch(`${base}/api/auth/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login failed for ${email}: ${res.status}`);
  return (await res.json()).accessToken;
}

function run(title, url, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url: `${base}${url}`, connections: 20, duration: seconds, headers }, (error, result) => {
      if (error) return reject(error);
      resolve({
        endpoint: title,
        'req/s': Math.round(result.requests.average),
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        non2xx: result.non2xx,
      });
    });
  });
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * A morning rush: many people, each sending three cafe orders at the same moment. Reports the
 * latency of POST /order and checks that the daily limit held (exactly two orders per person).
 */
async function morningRush() {
  const people = Number(process.env.BENCH_PEOPLE ?? 100);
  const tokens = [];
  for (let i = 0; i < people; i += 1) {
    const email = `rush-${i}@example.com`;
    await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Rush ${i}`, email, password: 'rush-password-1' }),
    });
    tokens.push(await login(email, 'rush-password-1'));
  }
  const png =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
  const upload = await fetch(`${base}/api/upload/image`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[0]}` },
    body: JSON.stringify({ file: png }),
  });
  const { url } = await upload.json();
  const categories = await (await fetch(`${base}/api/category?categoryFor=cafe`)).json();
  const item = categories[0].menu[0];
  const latencies = [];
  const statuses = {};
  const started = performance.now();
  await Promise.all(
    tokens.flatMap((token) =>
      [0, 1, 2].map(async () => {
        const t0 = performance.now();
        const res = await fetch(`${base}/api/order`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({
            menu_id: item.id,
            menu_name: item.name,
            type: 'hot',
            sweetness: 50,
            remark: '-',
            tumblerImage: url,
          }),
        });
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }),
    ),
  );
  const total = performance.now() - started;
  latencies.sort((a, b) => a - b);
  console.log(`\nMorning rush: ${people} people x 3 simultaneous cafe orders (${people * 3} requests)\n`);
  console.table([
    {
      'total s': (total / 1000).toFixed(2),
      'p50 ms': Math.round(percentile(latencies, 50)),
      'p99 ms': Math.round(percentile(latencies, 99)),
      'accepted (201)': statuses[201] ?? 0,
      'limit reached (409)': statuses[409] ?? 0,
      'expected accepted': people * 2,
    },
  ]);
}

try {
  await waitReady();
  const user = await login('user@example.com', 'user-demo-1');
  const barista = await login('barista@example.com', 'barista-demo-1');
  const rows = [];
  rows.push(await run('GET /api/cafe-status', '/api/cafe-status'));
  rows.push(await run('GET /api/category', '/api/category?categoryFor=cafe'));
  rows.push(await run('GET /api/user/me', '/api/user/me', { authorization: `Bearer ${user}` }));
  rows.push(await run('GET /api/order/my-queue', '/api/order/my-queue', { authorization: `Bearer ${user}` }));
  rows.push(
    await run('GET /api/order (board)', '/api/order?status=ordered,in-progress', {
      authorization: `Bearer ${barista}`,
    }),
  );
  console.log(`\nAPI benchmark: 20 connections, ${seconds} s each, SQLite, loopback\n`);
  console.table(rows);
  await morningRush();
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
