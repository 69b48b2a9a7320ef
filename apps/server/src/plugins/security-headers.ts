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

/** The web app's pages: a CSP the app passes (scripts of this origin only) and the usual set. */
export function pageHeaders(production: boolean): HeaderSet {
  return helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // The service worker (/sw.js: the offline shell and Web Push) is a script of this origin.
        workerSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: production,
  });
}

/**
 * API answers (JSON, images) are never documents a browser renders, so most page headers mean
 * nothing there and only make every answer longer (a 778-byte block against 167 for a bare
 * answer). What still matters, per OWASP's REST guidance: no sniffing a type, no framing, a CSP
 * that allows nothing should an answer be opened as a page, no referrer, HSTS in production.
 */
export function apiHeaders(production: boolean): HeaderSet {
  return helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
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
