// Rows "first screen bytes" and "Lighthouse mobile", through apps/server/bench/lib/first-screen.mjs
// (measureFirstScreenBytes, runLighthouse, signIn). If that module is not there, the rows say so.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DEMO } from '../api.mjs';
import { median } from '../stats.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const MODULE = path.join(here, '..', 'first-screen.mjs');

/**
 * The pages of the issue: /login, and the cafe menu of a signed-in person; `ready` is a text the
 * screen shows once it is there (first-screen.mjs's API).
 */
const PAGES = [
  { path: '/login', ready: 'Welcome to the Office Cafe', signedIn: false },
  { path: '/menuCafe', ready: 'Espresso', signedIn: true },
];

export async function runWeb({ server, sizes, only, log }) {
  if (!existsSync(MODULE)) return { missing: 'first-screen module missing (apps/server/bench/lib/first-screen.mjs)' };
  let firstScreen;
  try {
    firstScreen = await import(pathToFileURL(MODULE).href);
  } catch (error) {
    return { missing: `first-screen module could not be loaded: ${error.message}` };
  }
  const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const signIn = () =>
    firstScreen.signIn({ baseUrl: server.base, email: DEMO.user.email, password: DEMO.user.password });
  const result = { chromePath };

  if (only.has('bytes')) {
    // One page at a time, each tried twice: on a busy machine a page may miss the module's timeouts.
    result.bytes = [];
    for (const page of PAGES) {
      log(`  first-screen bytes ${page.path}`);
      let lastError;
      for (let attempt = 0; attempt < 2; attempt += 1) {
        try {
          const route = { path: page.path, ready: page.ready, signedIn: page.signedIn ? await signIn() : null };
          const [r] = await firstScreen.measureFirstScreenBytes({ baseUrl: server.base, routes: [route], chromePath });
          // Every script and style sheet the page loads before the network is idle counts, not only
          // those the screen waited for: what loads just after still competes for the phone's CPU.
          const gzipOf = (type, firstOnly = false) =>
            r.files.filter((f) => f.type === type && (f.firstScreen || !firstOnly)).reduce((n, f) => n + f.gzip, 0);
          result.bytes.push({
            path: r.path,
            firstScreen: r.firstScreen,
            later: r.later,
            jsGzip: gzipOf('script'),
            cssGzip: gzipOf('stylesheet'),
            beforeShownGzip: gzipOf('script', true) + gzipOf('stylesheet', true),
            files: r.files.map((f) => ({ url: f.url, gzip: f.gzip, firstScreen: f.firstScreen })),
            attempts: attempt + 1,
          });
          lastError = undefined;
          break;
        } catch (error) {
          lastError = error.message.split('\n')[0];
        }
      }
      if (lastError) result.bytes.push({ path: page.path, error: lastError });
    }
  }

  if (only.has('lighthouse')) {
    result.lighthouse = [];
    for (const page of PAGES) {
      const runs = [];
      const errors = [];
      for (let i = 0; i < sizes.lighthouseRuns; i += 1) {
        log(`  Lighthouse ${page.path} run ${i + 1}/${sizes.lighthouseRuns}`);
        try {
          // A fresh sign-in per run: the app may rotate the tokens it was given.
          const signedIn = page.signedIn ? await signIn() : null;
          runs.push(await firstScreen.runLighthouse({ url: `${server.base}${page.path}`, chromePath, signedIn }));
        } catch (error) {
          errors.push(error.message.split('\n')[0]);
        }
      }
      result.lighthouse.push({
        path: page.path,
        runs: runs.length,
        landed: [...new Set(runs.map((r) => new URL(r.finalUrl).pathname))].join(', '),
        performance: median(runs.map((r) => r.performance)),
        lcpMs: median(runs.map((r) => r.lcpMs)),
        fcpMs: median(runs.map((r) => r.fcpMs)),
        tbtMs: median(runs.map((r) => r.tbtMs)),
        cls: median(runs.map((r) => r.cls)),
        all: runs.map((r) => r.performance),
        errors,
      });
    }
  }
  return result;
}
