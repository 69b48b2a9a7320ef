// The HTTP calls the simulated people and baristas make, as the web app makes them.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { BENCH_PASSWORD } from './seed.mjs';
import { mapLimit } from './stats.mjs';

export const DEMO = {
  admin: { email: 'admin@example.com', password: 'admin-demo-1' },
  barista: { email: 'barista@example.com', password: 'barista-demo-1' },
  user: { email: 'user@example.com', password: 'user-demo-1' },
};

export class ApiError extends Error {
  constructor(method, path, status, body) {
    super(`${method} ${path}: ${status} ${body.slice(0, 200)}`);
    this.status = status;
    /** The error body's `code` (docs/api.md, "Errors"), when it has one. */
    try {
      this.code = JSON.parse(body).code;
    } catch {
      this.code = undefined;
    }
  }
}

/** Requests under way, for finding out what a stuck run waits for (BENCH_DEBUG). */
export const inflight = new Set();
/** No request of the bench waits longer than this: a hung answer is an error, not a hung run. */
const REQUEST_TIMEOUT_MS = 60_000;

export function client(base) {
  async function call(method, path, { token, body, headers = {}, signal } = {}) {
    const entry = { method, path, t0: performance.now() };
    inflight.add(entry);
    try {
      return await send(method, path, { token, body, headers, signal, entry });
    } finally {
      inflight.delete(entry);
    }
  }

  async function send(method, path, { token, body, headers, signal, entry }) {
    const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: combined,
    });
    entry.stage = `answered ${res.status}, reading the body`;
    // Node 20's fetch never settles res.text() when the request is aborted while a gzip body is
    // being decoded; the abort is raced here so a cancelled read ends as it does in a browser.
    const text = await Promise.race([res.text(), whenAborted(combined)]);
    if (!res.ok) throw new ApiError(method, path, res.status, text);
    return {
      status: res.status,
      bytes: Buffer.byteLength(text),
      headers: res.headers,
      text,
      // Metrics answer in Prometheus text, not JSON.
      json: text && !/^text\/plain/.test(res.headers.get('content-type') ?? '') ? JSON.parse(text) : undefined,
    };
  }

  const api = {
    call,
    async login(email, password = BENCH_PASSWORD) {
      return (await call('POST', '/auth/v2/login', { body: { email, password } })).json.accessToken;
    },
    /** Signs many accounts in, a few at a time (the server is measured later, not now). */
    loginAll(accounts, concurrency = 8) {
      return mapLimit(accounts, concurrency, async (a) => ({ ...a, token: await api.login(a.email, a.password) }));
    },
    /** A small photo of a tumbler (PNG made here), uploaded as the web app does; the URL to order with. */
    async uploadTumbler(token) {
      const png = await sharp({ create: { width: 64, height: 96, channels: 3, background: { r: 40, g: 120, b: 200 } } })
        .png()
        .toBuffer();
      const res = await call('POST', '/upload/image', {
        token,
        body: { file: `data:image/png;base64,${png.toString('base64')}` },
      });
      return res.json.url;
    },
    orderBody(item, tumblerImage) {
      return { menu_id: item.id, menu_name: item.name, type: 'hot', sweetness: 50, remark: '-', tumblerImage };
    },
    /**
     * POST /order with an Idempotency-Key, as the web app sends one per draft: a fresh one, or
     * `key`, the draft's, when a placement is sent again.
     */
    placeOrder(token, body, key = idempotencyKey()) {
      return call('POST', '/order', { token, body, headers: { 'idempotency-key': key } });
    },
    baristaUpdate(token, id, status) {
      return call('PATCH', `/order/barista/${id}`, { token, body: { status } });
    },
    ownerUpdate(token, id, status) {
      return call('PATCH', `/order/${id}`, { token, body: { status } });
    },
    /**
     * The process's event-loop delay since the last call (prom-client's histogram behind GET
     * /api/metrics is reset on every read), in ms: what a stalled server makes every request and
     * live event wait on top of its work.
     */
    async eventLoopDelay() {
      return (await api.serverMeasures()).eventLoop;
    },
    /**
     * What the process measured itself, from GET /api/metrics: its event-loop delay since the last
     * read (as eventLoopDelay) and its placements answered (POST /api/order, 201) by how long its
     * handling took, cumulative per upper bound in seconds (`cafe_http_request_duration_seconds`,
     * from the request read to the answer sent): a difference of two reads is a window's.
     */
    async serverMeasures() {
      try {
        const { text } = await call('GET', '/metrics');
        const value = (name) => Number(new RegExp(`^${name} ([\\d.e+-]+)`, 'm').exec(text)?.[1]) * 1000;
        const placements = {};
        for (const line of text.split('\n')) {
          if (!line.startsWith('cafe_http_request_duration_seconds_bucket{')) continue;
          if (
            !line.includes('method="POST"') ||
            !line.includes('route="/api/order"') ||
            !line.includes('status_code="201"')
          )
            continue;
          const le = /le="([^"]+)"/.exec(line)?.[1];
          if (le) placements[le] = Number(line.slice(line.lastIndexOf(' ') + 1));
        }
        return {
          connectionsOpened: Number(/^cafe_database_connections_opened_total ([\d.e+-]+)/m.exec(text)?.[1] ?? NaN),
          eventLoop: {
            p99: Math.round(value('nodejs_eventloop_lag_p99_seconds')),
            max: Math.round(value('nodejs_eventloop_lag_max_seconds')),
          },
          placements,
        };
      } catch {
        return { eventLoop: undefined, placements: {}, connectionsOpened: NaN };
      }
    },
    async cafeItems() {
      const categories = (await call('GET', '/category?categoryFor=cafe')).json;
      return categories.flatMap((c) => c.menu.filter((m) => m.isActive === 'active' && m.isAvailable === 'available'));
    },
  };
  return api;
}

function whenAborted(signal) {
  return new Promise((_, reject) => {
    const fail = () => reject(signal.reason ?? new DOMException('aborted', 'AbortError'));
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
}

export const idempotencyKey = () => randomBytes(16).toString('hex');

export function addDays(day, n) {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}
