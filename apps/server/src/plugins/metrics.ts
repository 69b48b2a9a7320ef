import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { z } from 'zod';
import { sendError } from './error-handler';
import { errorResponses } from './openapi';

/**
 * Process metrics (memory, CPU, event-loop lag, GC) are collected once per process; everything the
 * app counts lives in one registry per app, so tests that build many apps do not share counters.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export interface AppMetrics {
  registry: Registry;
  liveEvents: Counter<'event'>;
  databaseErrors: Counter<'kind'>;
  /** Orders each placement transaction committed (group commit, decision 0029). */
  placementBatch: Histogram;
  /** Delivery attempts of the notification outbox, by channel and outcome (sent, retry, failed, skipped). */
  notifications: Counter<'channel' | 'outcome'>;
}

/** Error codes of the database drivers and of a lost connection to the database. */
function databaseErrorKind(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  if (code.startsWith('SQLITE_')) return code.toLowerCase();
  if (/^[0-9A-Z]{5}$/.test(code)) return `pg_${code}`;
  if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'ETIMEDOUT') return code.toLowerCase();
  return null;
}

export function createAppMetrics(): AppMetrics {
  const registry = new Registry();
  return {
    registry,
    liveEvents: new Counter({
      name: 'cafe_live_events_sent_total',
      help: 'Live events sent to clients, by event name',
      labelNames: ['event'],
      registers: [registry],
    }),
    databaseErrors: new Counter({
      name: 'cafe_database_errors_total',
      help: 'Requests that failed on a database error, by driver error code',
      labelNames: ['kind'],
      registers: [registry],
    }),
    placementBatch: new Histogram({
      name: 'cafe_order_placement_batch_size',
      help: 'Placements committed together in one transaction (count: transactions, sum: placements)',
      buckets: [1, 2, 4, 8, 16, 32, 64],
      registers: [registry],
    }),
    notifications: new Counter({
      name: 'cafe_notification_deliveries_total',
      help: 'Delivery attempts of the notification outbox, by channel and outcome (sent, retry, failed, skipped)',
      labelNames: ['channel', 'outcome'],
      registers: [registry],
    }),
  };
}

export interface MetricsOptions {
  metrics: AppMetrics;
  /** When set, scrapes must send `Authorization: Bearer <token>`. */
  token?: string;
  /** Off: the route answers 404 (production without METRICS_TOKEN). */
  enabled: boolean;
  pgPool?: pg.Pool;
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /api/metrics in the Prometheus text format: request latency by route, orders placed and by
 * status, live sockets, live events sent, the database pool and its errors, process memory.
 */
export const metricsPlugin = fp<MetricsOptions>(
  async (app: FastifyInstance, options) => {
    const { registry, databaseErrors } = options.metrics;

    const requestDuration = new Histogram({
      name: 'cafe_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const ordersPlaced = new Counter({
      name: 'cafe_orders_placed_total',
      help: 'Orders placed (answered 201 by POST /api/order; replays of an Idempotency-Key not counted)',
      registers: [registry],
    });
    new Gauge({
      name: 'cafe_orders',
      help: 'Orders in the database, by status',
      labelNames: ['status'],
      registers: [registry],
      async collect() {
        this.reset();
        try {
          const rows = await app.ctx.db
            .selectFrom('orders')
            .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
            .groupBy('status')
            .execute();
          for (const row of rows) this.set({ status: row.status }, Number(row.count));
        } catch (error) {
          // A scrape while the database is away shows no order counts rather than failing.
          databaseErrors.inc({ kind: databaseErrorKind(error) ?? 'other' });
          app.log.warn({ err: error }, 'metrics: order counts left out (database error)');
        }
      },
    });
    new Gauge({
      name: 'cafe_live_sockets',
      help: 'Live (Socket.IO) connections open on this process',
      registers: [registry],
      collect() {
        this.set(app.io.engine.clientsCount);
      },
    });
    const pool = options.pgPool;
    if (pool) {
      new Gauge({
        name: 'cafe_database_pool_connections',
        help: 'PostgreSQL pool connections: total, idle, and requests waiting for one',
        labelNames: ['state'],
        registers: [registry],
        collect() {
          this.set({ state: 'total' }, pool.totalCount);
          this.set({ state: 'idle' }, pool.idleCount);
          this.set({ state: 'waiting' }, pool.waitingCount);
        },
      });
      const poolErrors = new Counter({
        name: 'cafe_database_pool_errors_total',
        help: 'Errors on idle PostgreSQL pool connections (connection lost)',
        registers: [registry],
      });
      pool.on('error', () => poolErrors.inc());
      // Each one a database process started and its caches warmed: in a rush, a wait of its own.
      const opened = new Counter({
        name: 'cafe_database_connections_opened_total',
        help: 'PostgreSQL connections the pool opened',
        registers: [registry],
      });
      pool.on('connect', () => opened.inc());
    }

    // One labelled series per method, route and status, looked up rather than hashed per request.
    const series = new Map<string, { observe(seconds: number): void }>();
    app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
      const route = request.routeOptions.url ?? 'unmatched';
      if (route !== '/api/metrics') {
        const key = `${request.method} ${route} ${reply.statusCode}`;
        let observer = series.get(key);
        if (!observer) {
          observer = requestDuration.labels({ method: request.method, route, status_code: String(reply.statusCode) });
          series.set(key, observer);
        }
        observer.observe(reply.elapsedTime / 1000);
        if (route === '/api/order' && request.method === 'POST' && reply.statusCode === 201) {
          if (reply.getHeader('idempotent-replayed') !== 'true') ordersPlaced.inc();
        }
      }
      done();
    });
    app.addHook('onError', async (_request, _reply, error) => {
      const kind = databaseErrorKind(error);
      if (kind) databaseErrors.inc({ kind });
    });

    app.get(
      '/api/metrics',
      {
        schema: {
          tags: ['health'],
          summary: 'Metrics in the Prometheus text format (bearer METRICS_TOKEN when one is configured)',
          response: {
            200: z.string().describe('Prometheus text exposition format 0.0.4'),
            ...errorResponses({
              401: 'UNAUTHENTICATED: METRICS_TOKEN is configured and the bearer token is missing or wrong',
              404: 'NOT_FOUND: metrics are off (production without METRICS_TOKEN)',
            }),
          },
        },
      },
      async (request, reply) => {
        if (!options.enabled) return sendError(reply, 404, 'NOT_FOUND', 'Metrics are off: set METRICS_TOKEN.');
        if (options.token) {
          const header = request.headers.authorization ?? '';
          const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
          if (!sameToken(given, options.token)) {
            return sendError(reply, 401, 'UNAUTHENTICATED', 'A valid metrics token is required.');
          }
        }
        const merged = Registry.merge([processMetrics(), registry]);
        reply.header('cache-control', 'no-store');
        reply.type(merged.contentType);
        return merged.metrics();
      },
    );
  },
  { name: 'metrics', dependencies: ['error-handler'] },
);
