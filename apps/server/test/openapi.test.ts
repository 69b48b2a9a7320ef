import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

/** Every endpoint of ../shared/API.md, as OpenAPI writes paths. */
const CONTRACT: [method: string, path: string][] = [
  ['get', '/api/health'],
  ['get', '/api/ready'],
  ['post', '/api/auth/register'],
  ['post', '/api/auth/v2/login'],
  ['post', '/api/auth/refresh-token'],
  ['post', '/api/auth/logout'],
  ['get', '/api/user/me'],
  ['patch', '/api/user'],
  ['put', '/api/user/{id}/push/disable'],
  ['get', '/api/user'],
  ['patch', '/api/user/{id}'],
  ['get', '/api/cafe-status'],
  ['patch', '/api/cafe-status/{value}'],
  ['get', '/api/category'],
  ['get', '/api/category/{id}'],
  ['post', '/api/category'],
  ['patch', '/api/category/{id}'],
  ['patch', '/api/category/{id}/unavailable'],
  ['get', '/api/menu/{id}'],
  ['post', '/api/menu'],
  ['patch', '/api/menu/{id}'],
  ['post', '/api/upload/image'],
  ['get', '/api/images/{name}'],
  ['post', '/api/order'],
  ['get', '/api/order'],
  ['get', '/api/order/{id}'],
  ['patch', '/api/order/{id}'],
  ['patch', '/api/order/barista/{id}'],
  ['get', '/api/order/my-queue'],
  ['get', '/api/order/count/user'],
  ['get', '/api/order/history/user'],
  ['get', '/api/order/count/total'],
  ['get', '/api/order/find/popular-menu'],
  ['get', '/api/push/public-key'],
  ['post', '/api/push/subscription'],
  ['delete', '/api/push/subscription'],
];

describe('OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('documents every endpoint of the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, Record<string, unknown>> }>();
    const missing = CONTRACT.filter(([method, path]) => !doc.paths[path]?.[method]).map(
      ([m, p]) => `${m.toUpperCase()} ${p}`,
    );
    expect(missing).toEqual([]);
  });

  it('marks signed-in endpoints with the bearer scheme', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    }>();
    expect(doc.paths['/api/order']?.post?.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/user/me']?.get?.security).toEqual([{ bearerAuth: [] }]);
  });

  it('serves the interactive documentation page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect([200, 302]).toContain(res.statusCode);
  });
});
