import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

export type HeaderSet = Readonly<Record<string, string>>;

/**
 * The headers helmet sets, worked out once. Helmet's middleware rebuilds the same strings (CSP
 * directives, names) on every request; the answers never differ, so the server sets a fixed
 * object instead. Helmet still decides which headers and values are right.
 */
export function helmetHeaders(options: HelmetOptions): HeaderSet {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let failed: unknown;
  helmet(options)({} as IncomingMessage, response, (error?: unknown) => {
    failed = error;
  });
  if (failed instanceof Error) throw failed;
  if (failed) throw new Error('helmet refused its options');
  return Object.freeze(headers);
}

/**
 * The browser features the web app uses, each for this origin only, and every other one off
 * (ASVS 3.4.3 / 14.3.1): the location check before an order, the screen kept awake on the board
 * and the pickup screen, copying a pickup screen's link. The photo of a cup is taken with a file
 * input (`capture`), which needs no camera permission. Passkeys sign in with WebAuthn of this origin
 * (publickey-credentials-get; docs/decisions/0078-second-factor.md). Only features Chromium knows are named: an
 * unknown one is reported on the console of every page.
 */
export const PERMISSIONS_POLICY = [
  'geolocation=(self)',
  'screen-wake-lock=(self)',
  'clipboard-write=(self)',
  'publickey-credentials-get=(self)',
  ...[
    'accelerometer',
    'autoplay',
    'camera',
    'clipboard-read',
    'display-capture',
    'encrypted-media',
    'fullscreen',
    'gyroscope',
    'hid',
    'magnetometer',
    'microphone',
    'midi',
    'payment',
    'picture-in-picture',
    'serial',
    'usb',
    'xr-spatial-tracking',
  ].map((feature) => `${feature}=()`),
].join(', ');

/**
 * The CSP sources (`'sha256-...'`) of the scripts written into a page itself: the web app's build
 * writes one into index.html, the cafe menu's frame, which must run before the page's first paint
 * (apps/web/src/menu-frame.ts). Only executable scripts count: one with `src` is a file of this
 * origin, and a data block (`type="application/json"`) never runs. The page is the build's own,
 * read once at start-up.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', code = ''] of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\ssrc\s*=/i.test(attributes) || /\stype\s*=\s*["']?application\/json/i.test(attributes)) continue;
    if (code === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** Origins of other sites a page may load scripts from and connect to, beside its own. */
export interface PageSources {
  scripts: readonly string[];
  connections: readonly string[];
}

/**
 * The LIFF page (/line, the menu inside LINE; docs/decisions/0093-liff-page-and-channel-settings.md)
 * loads LINE's LIFF SDK, which talks to LINE: only its HTML allows them, every other page stays
 * this origin's only.
 */
export const LIFF_PAGE_SOURCES: PageSources = {
  scripts: ['https://static.line-scdn.net'],
  connections: ['https://api.line.me', 'https://liffsdk.line-scdn.net', 'https://static.line-scdn.net'],
};

/** Whether a request is for the LIFF page's HTML (`/line`, with LINE's query, not /line/link/...). */
export function isLiffPage(url: string): boolean {
  const pathname = url.split(/[?#]/, 1)[0];
  return pathname === '/line' || pathname === '/line/';
}

/**
 * The web app's pages: a CSP the app passes (scripts, styles and connections of this origin only,
 * and the page's own inline scripts by their hashes, `inlineScriptHashes`) and the usual set. `connect-src 'self'` covers the live events' WebSocket of this origin
 * (CSP Level 3: 'self' matches ws: and wss: of the same host). No page may be framed anywhere:
 * `frame-ancestors 'none'`, and `X-Frame-Options: DENY` for browsers without CSP.
 */
export function pageHeaders(
  production: boolean,
  scriptHashes: readonly string[] = [],
  others: PageSources = { scripts: [], connections: [] },
): HeaderSet {
  return withPermissionsPolicy(
    helmetHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...scriptHashes, ...others.scripts],
          // The service worker (/sw.js: the offline shell and Web Push) is a script of this origin.
          workerSrc: ["'self'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'", ...others.connections],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          // No page has a <base> element: none may move its relative links elsewhere (ASVS 3.4.3).
          baseUri: ["'none'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      hsts: production,
      xFrameOptions: { action: 'deny' },
    }),
  );
}

function withPermissionsPolicy(headers: HeaderSet): HeaderSet {
  return Object.freeze({ ...headers, 'permissions-policy': PERMISSIONS_POLICY });
}

/**
 * API answers (JSON, images) are never documents a browser renders, so most page headers mean
 * nothing there and only make every answer longer (a 778-byte block against 167 for a bare
 * answer). What still matters, per OWASP's REST guidance: no sniffing a type, no framing, a CSP
 * that allows nothing should an answer be opened as a page, no referrer, HSTS in production.
 */
export function apiHeaders(production: boolean): HeaderSet {
  return helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      // object-src and base-uri named, as on every page (ASVS 3.4.3): base-uri has no fallback to default-src.
      directives: { defaultSrc: ["'none'"], objectSrc: ["'none'"], baseUri: ["'none'"], frameAncestors: ["'none'"] },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    // Images are shown by this origin's pages only.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    originAgentCluster: false,
    referrerPolicy: { policy: 'no-referrer' },
    hsts: production,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: { action: 'deny' },
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
}

/**
 * The interactive API docs (/api/docs, Swagger UI) set their own CSP (its inline script and
 * styles by their hashes, no 'unsafe-inline'): its `frame-ancestors 'self'` and `base-uri 'self'`
 * are made 'none', as on every page (Swagger UI's page has no <base> element), and its styles and
 * fonts may come from this origin only (it was any https: host).
 */
export function apiDocsPolicy(policy: string): string {
  return policy
    .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
    .replace("base-uri 'self'", "base-uri 'none'")
    .replace("style-src 'self' https:", "style-src 'self'")
    .replace("font-src 'self' https: data:", "font-src 'self' data:");
}
