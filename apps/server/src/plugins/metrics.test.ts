import { afterEach, describe, expect, it } from 'vitest';
import { cafeOrderBody, createOrderingApp, placeOrder } from '../test-support/order-fixtures';
import { createTestApp, type TestApp } from '../test-support/test-app';

/** The value of one sample line (`name{labels} value`) of a Prometheus text answer. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels} `) || l === `${name}${labels}`);
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /api/metrics', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('reports orders placed and by status, request latency by route, live events and process memory', async () => {
    const ordering = await createOrderingApp({ clockNow: '2026-11-18T10:00:00+07:00' });
    t = ordering.t;
    const user = await t.createUser();
    const placed = await placeOrder(t, user, cafeOrderBody(ordering.menu.latte, ordering.image));
    expect(placed.json()).toMatchObject({ status: 'ordered' });
    expect(placed.statusCode).toBe(201);
    await t.request('GET', `/api/menu/${ordering.menu.latte}`);

    const res = await t.request('GET', '/api/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    expect(sample(text, 'cafe_orders_placed_total')).toBe(1);
    expect(sample(text, 'cafe_orders', '{status="ordered"}')).toBe(1);
    expect(sample(text, 'cafe_live_events_sent_total', '{event="orders"}')).toBe(1);
    expect(
      sample(text, 'cafe_http_request_duration_seconds_count', '{method="POST",route="/api/order",status_code="201"}'),
    ).toBe(1);
    expect(
      sample(
        text,
        'cafe_http_request_duration_seconds_count',
        '{method="GET",route="/api/menu/:id",status_code="200"}',
      ),
    ).toBe(1);
    expect(sample(text, 'cafe_live_sockets')).toBe(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    // The pool's connections and those it opened: PostgreSQL's alone (SQLite has no pool).
    const opened = sample(text, 'cafe_database_connections_opened_total');
    if (t.app.ctx.dialect === 'postgres') {
      expect(opened).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'cafe_database_pool_connections', '{state="total"}')).toBeGreaterThan(0);
    } else expect(opened).toBeUndefined();
  });

  it('asks for the bearer token when METRICS_TOKEN is set', async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: 'scrape-token-scrape-token' } });
    const none = await t.request('GET', '/api/metrics');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: 'A valid metrics token is required.' });
    const wrong = await t.app.inject({ url: '/api/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
    const right = await t.app.inject({
      url: '/api/metrics',
      headers: { authorization: 'Bearer scrape-token-scrape-token' },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('# TYPE cafe_http_request_duration_seconds histogram');
  });

  it('is off in production without METRICS_TOKEN, and asks for the token with one', async () => {
    const production = { NODE_ENV: 'production', LOG_LEVEL: 'silent' };
    t = await createTestApp({ env: production });
    const off = await t.request('GET', '/api/metrics');
    expect(off.statusCode).toBe(404);
    expect(off.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Metrics are off: set METRICS_TOKEN.' });
    expect(off.body).not.toContain('cafe_');
    await t.close();

    t = await createTestApp({ env: { ...production, METRICS_TOKEN: 'scrape-token-scrape-token' } });
    expect((await t.request('GET', '/api/metrics')).statusCode).toBe(401);
    const right = await t.app.inject({
      url: '/api/metrics',
      headers: { authorization: 'Bearer scrape-token-scrape-token' },
    });
    expect(right.statusCode).toBe(200);
  });
});

describe('request ids', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('names every answer with a request id, keeping a well-formed one from the proxy', async () => {
    t = await createTestApp();
    const fresh = await t.request('GET', '/api/health');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const other = await t.request('GET', '/api/health');
    expect(other.headers['x-request-id']).not.toBe(fresh.headers['x-request-id']);

    const kept = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'nginx-4f2a9c' } });
    expect(kept.headers['x-request-id']).toBe('nginx-4f2a9c');
    const unsafe = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'a b\u202e' } });
    expect(unsafe.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const error = await t.request('GET', '/api/no-such-route');
    expect(error.statusCode).toBe(404);
    expect(error.headers['x-request-id']).toBeTruthy();
  });
});
