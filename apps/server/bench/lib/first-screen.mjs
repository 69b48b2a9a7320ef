// First-screen measurements of the web app, for the benchmark. Reports numbers; never pass/fail.
//
// API (every function is async; `chromePath` defaults to $CHROMIUM_PATH or /usr/bin/chromium):
//
//   signIn({ baseUrl, email, password }) -> { accessToken, refreshToken }
//
//   measureFirstScreenBytes({ baseUrl, routes, chromePath })
//     routes: [{ path, ready, signedIn }]: `ready` is a text the route's screen shows (the screen
//     counts as shown from the moment it is in the page); `signedIn` is a token pair or null.
//     -> [{ path, firstScreen, later, files }] where firstScreen and later are byte totals
//     { files, raw, gzip, brotli, transferred } of the JS and CSS requested before the screen
//     showed, and after it (until the network is idle); `files` lists each one
//     { url, type ('script' or 'stylesheet'), raw, gzip, brotli, transferred, encoding,
//     firstScreen }. gzip and brotli are what the server sends for that encoding (computed at the
//     highest level when it sends none); transferred and encoding are what Chromium received.
//
//   runLighthouse({ url, chromePath, signedIn }) -> { performance, lcpMs, fcpMs, tbtMs, cls, finalUrl }
//     One Lighthouse run (v12, its default mobile preset with simulated throttling) in a fresh
//     headless Chromium (a run Lighthouse itself fails to record is tried again, twice at most).
//     `signedIn` (a token pair, or null) is put into localStorage first, the way the web app keeps
//     it; `finalUrl` tells where the page ended up. The machine is noisy: run it several times and
//     take the median.
//
//   median(numbers) -> number
// The functions handed to page.evaluate and addInitScript run in the browser, with its globals.
/* global window, document, MutationObserver */
import { Buffer } from 'node:buffer';
import http from 'node:http';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';

const DEFAULT_CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** We run as root in a container: Chromium's sandbox cannot start there. */
const CHROME_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'];
/** The web app's storage keys (apps/web/src/lib/storage-keys.ts). */
const STORAGE = { access: 'access_token', refresh: 'refresh_token' };
/** A phone like Lighthouse's mobile preset (Moto G Power), so the same screen is measured. */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

export async function signIn({ baseUrl, email, password }) {
  const res = await fetch(new URL('/api/auth/v2/login', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  const { accessToken, refreshToken } = await res.json();
  return { accessToken, refreshToken };
}

export function median(numbers) {
  const sorted = [...numbers].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * GET with one Accept-Encoding, counting the bytes on the wire (fetch would decode them). Node's
 * http client, not fetch, for that reason.
 */
function getEncoded(url, acceptEncoding) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          encoding: res.headers['content-encoding'] ?? 'identity',
          body: Buffer.concat(chunks),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** A file's size as is, and gzipped and brotli'd as the server sends it (or would at best). */
async function sizesOf(url) {
  const raw = await getEncoded(url, 'identity');
  const gz = await getEncoded(url, 'gzip');
  const br = await getEncoded(url, 'br');
  return {
    raw: raw.body.length,
    gzip: gz.encoding === 'gzip' ? gz.body.length : gzipSync(raw.body, { level: 9 }).length,
    brotli:
      br.encoding === 'br'
        ? br.body.length
        : brotliCompressSync(raw.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** Open the app's origin on a page that loads nothing of the app, and store the tokens there. */
async function storeTokens(goto, evaluate, baseUrl, tokens) {
  await goto(new URL('/api/ready', baseUrl).href);
  await evaluate(
    ([keys, pair]) => {
      localStorage.setItem(keys.access, pair.accessToken);
      localStorage.setItem(keys.refresh, pair.refreshToken);
    },
    [STORAGE, tokens],
  );
}

function total(files) {
  const sum = (key) => files.reduce((acc, f) => acc + f[key], 0);
  return {
    files: files.length,
    raw: sum('raw'),
    gzip: sum('gzip'),
    brotli: sum('brotli'),
    transferred: sum('transferred'),
  };
}

/** In the page: note the moment `text` first appears, as epoch milliseconds (Playwright's clock). */
function watchForText(text) {
  const check = () => {
    if (window.__firstScreenAt === undefined && document.body?.textContent?.includes(text)) {
      window.__firstScreenAt = performance.timeOrigin + performance.now();
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
}

async function measureRoute(browser, baseUrl, route) {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    if (route.signedIn)
      await storeTokens(
        (u) => page.goto(u),
        (fn, arg) => page.evaluate(fn, arg),
        baseUrl,
        route.signedIn,
      );
    const requests = [];
    page.on('request', (request) => {
      const type = request.resourceType();
      if (type === 'script' || type === 'stylesheet') requests.push({ request, type });
    });
    await page.addInitScript(watchForText, route.ready);
    await page.goto(new URL(route.path, baseUrl).href);
    await page.waitForFunction(() => window.__firstScreenAt !== undefined, undefined, { timeout: 30_000 });
    // What loads after the screen showed (the live connection's client, toasts...) counts apart.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    const shownAt = await page.evaluate(() => window.__firstScreenAt);
    const files = [];
    for (const { request, type } of requests) {
      const response = await request.response();
      if (!response) continue;
      const { responseBodySize } = await request.sizes();
      files.push({
        url: new URL(request.url()).pathname,
        type,
        ...(await sizesOf(request.url())),
        transferred: responseBodySize,
        encoding: (await response.allHeaders())['content-encoding'] ?? 'identity',
        firstScreen: request.timing().startTime <= shownAt,
      });
    }
    return {
      path: route.path,
      firstScreen: total(files.filter((f) => f.firstScreen)),
      later: total(files.filter((f) => !f.firstScreen)),
      files,
    };
  } finally {
    await context.close();
  }
}

export async function measureFirstScreenBytes({ baseUrl, routes, chromePath = DEFAULT_CHROME }) {
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROME_ARGS });
  try {
    const results = [];
    for (const route of routes) results.push(await measureRoute(browser, baseUrl, route));
    return results;
  } finally {
    await browser.close();
  }
}

/** Lighthouse's own failures that another run does not repeat (a trace it failed to record). */
const TRANSIENT = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_LCP', 'PROTOCOL_TIMEOUT', 'NO_TRACING_STARTED']);

async function lighthouseOnce({ url, chromePath, signedIn }) {
  // A fresh browser each run: nothing cached, no service worker, no state of an earlier run.
  const browser = await puppeteer.launch({
    executablePath: chromePath,
    headless: true,
    args: [...CHROME_ARGS, '--headless=new'],
  });
  try {
    const page = await browser.newPage();
    if (signedIn)
      await storeTokens(
        (u) => page.goto(u),
        (fn, arg) => page.evaluate(fn, arg),
        url,
        signedIn,
      );
    // Lighthouse clears the HTTP cache and the origin's caches, but not localStorage (its default
    // clearStorageTypes), so the tokens stay and the run loads the page as a returning person would.
    const result = await lighthouse(
      url,
      { output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result.lhr;
  } finally {
    await browser.close();
  }
}

export async function runLighthouse({ url, chromePath = DEFAULT_CHROME, signedIn = null }) {
  let lhr;
  for (let attempt = 1; ; attempt += 1) {
    lhr = await lighthouseOnce({ url, chromePath, signedIn });
    if (!lhr.runtimeError) break;
    if (!TRANSIENT.has(lhr.runtimeError.code) || attempt === 3) {
      throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    }
  }
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    fcpMs: Math.round(audit('first-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: Number(audit('cumulative-layout-shift').toFixed(3)),
    finalUrl: lhr.finalDisplayedUrl,
  };
}
