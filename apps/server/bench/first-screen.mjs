// First-screen benchmark: starts the built server on loopback with a fresh database and the demo
// data (the demo opens the cafe), then reports what /login and the signed-in cafe menu load (bytes
// of JS and CSS) and Lighthouse's mobile numbers (median of several runs). Never pass/fail.
// Usage: npm run build && node apps/server/bench/first-screen.mjs
//   FIRST_SCREEN_RUNS   Lighthouse runs per page (default 3)
//   FIRST_SCREEN_SERVER another built server to start (default apps/server/dist/server.js);
//                       WEB_DIST picks the web app it serves, as for the server itself
//   FIRST_SCREEN_FILES  also list every file each page loaded, with its sizes
//   BASE_URL            measure a server that is already running instead (signs in the same way)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureFirstScreenBytes, median, runLighthouse, signIn } from './lib/first-screen.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const runs = Number(process.env.FIRST_SCREEN_RUNS ?? 3);
const port = Number(process.env.BENCH_PORT ?? 4410);
const baseUrl = process.env.BASE_URL ?? `http://127.0.0.1:${port}`;

let server = null;
let dataDir = null;
if (!process.env.BASE_URL) {
  dataDir = mkdtempSync(path.join(tmpdir(), 'cafe-first-screen-'));
  server = spawn(process.execPath, [process.env.FIRST_SCREEN_SERVER ?? path.resolve(here, '../dist/server.js')], {
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
}

async function waitReady() {
  for (let i = 0; i < 150; i += 1) {
    try {
      if ((await fetch(`${baseUrl}/api/ready`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

const kB = (bytes) => (bytes / 1024).toFixed(1);

try {
  await waitReady();
  const user = await signIn({ baseUrl, email: 'user@example.com', password: 'user-demo-1' });
  const pages = [
    { path: '/login', ready: 'Welcome to the Office Cafe', signedIn: null },
    { path: '/menuCafe', ready: 'Espresso', signedIn: user },
  ];

  const bytes = await measureFirstScreenBytes({ baseUrl, routes: pages });
  console.log('\nFirst screen: JS and CSS requested before the screen showed (kB; "later": after it)\n');
  console.table(
    bytes.map((r) => ({
      route: r.path,
      files: r.firstScreen.files,
      raw: kB(r.firstScreen.raw),
      gzip: kB(r.firstScreen.gzip),
      brotli: kB(r.firstScreen.brotli),
      'sent to Chromium': kB(r.firstScreen.transferred),
      'later gzip': kB(r.later.gzip),
    })),
  );
  if (process.env.FIRST_SCREEN_FILES) {
    for (const r of bytes) {
      console.log(`\n${r.path}`);
      console.table(
        r.files.map((f) => ({
          file: f.url,
          first: f.firstScreen,
          raw: kB(f.raw),
          gzip: kB(f.gzip),
          brotli: kB(f.brotli),
          sent: kB(f.transferred),
          encoding: f.encoding,
        })),
      );
    }
  }

  const rows = [];
  for (const p of pages) {
    const results = [];
    for (let i = 0; i < runs; i += 1) {
      // A fresh sign-in per run: the app may rotate the tokens it was given.
      const signedIn = p.signedIn
        ? await signIn({ baseUrl, email: 'user@example.com', password: 'user-demo-1' })
        : null;
      results.push(await runLighthouse({ url: `${baseUrl}${p.path}`, signedIn }));
    }
    const landed = [...new Set(results.map((r) => new URL(r.finalUrl).pathname))].join(', ');
    rows.push({
      page: p.path,
      landed,
      runs,
      performance: median(results.map((r) => r.performance)),
      'LCP ms': median(results.map((r) => r.lcpMs)),
      'FCP ms': median(results.map((r) => r.fcpMs)),
      'TBT ms': median(results.map((r) => r.tbtMs)),
      CLS: median(results.map((r) => r.cls)),
      'all performance': results.map((r) => r.performance).join(' '),
      'all LCP': results.map((r) => r.lcpMs).join(' '),
    });
  }
  console.log(`\nLighthouse mobile (simulated throttling), median of ${runs}\n`);
  console.table(rows);
} finally {
  if (server) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
