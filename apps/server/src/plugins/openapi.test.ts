import { readdirSync, readFileSync } from 'node:fs';
import { ERROR_CODES, LIVE_EVENT_NAMES } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';

/** The contract as the repository keeps it: the index docs/api.md (its Errors table) and its pages in docs/api/. */
const DOCS = new URL('../../../../docs/', import.meta.url);
const API_INDEX = readFileSync(new URL('api.md', DOCS), 'utf8');
const API_DOC = [
  API_INDEX,
  ...readdirSync(new URL('api/', DOCS))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => readFileSync(new URL(`api/${name}`, DOCS), 'utf8')),
].join('\n');

/**
 * The routes of the endpoint tables of docs/api/*.md ("| GET /order/{id} | ..."), as OpenAPI writes them:
 * lower-case method, the path under /api.
 */
function documentedRoutes(markdown: string): string[] {
  const rows = markdown.matchAll(/^\|\s*(GET|POST|PUT|PATCH|DELETE)\s+(\/[^\s|]*)\s*\|/gm);
  return [...rows].map(([, method = '', path = '']) => `${method.toLowerCase()} /api${path}`);
}

type OpenApiPaths = Record<string, Record<string, { security?: unknown[] }>>;

describe('OpenAPI document', () => {
  let t: TestApp;
  let paths: OpenApiPaths;
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    paths = res.json<{ paths: OpenApiPaths }>().paths;
  });
  afterAll(() => t.close());

  it('lists exactly the routes of docs/api/', () => {
    const served = Object.entries(paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => `${method} ${path}`),
    );
    const documented = documentedRoutes(API_DOC);
    expect(documented.length).toBeGreaterThanOrEqual(36);
    expect(new Set(documented).size, 'a route listed twice in docs/api/').toBe(documented.length);
    expect(
      documented.filter((route) => !served.includes(route)),
      'in docs/api/, not served',
    ).toEqual([]);
    expect(
      served.filter((route) => !documented.includes(route)),
      'served, not in docs/api/',
    ).toEqual([]);
  });

  it('is described by docs/api for every error code and live event', () => {
    // A row of the Errors table of docs/api.md: "| 409 | SLOT_FULL | ...".
    expect(
      ERROR_CODES.filter((code) => !new RegExp(`^\\|\\s*\\d{3}\\s*\\|\\s*${code}\\s*\\|`, 'm').test(API_INDEX)),
    ).toEqual([]);
    // A row of the live-events table starts with the event's name.
    expect(LIVE_EVENT_NAMES.filter((event) => !new RegExp(`^\\|\\s*\`${event}\`\\s*\\|`, 'm').test(API_DOC))).toEqual(
      [],
    );
  });

  it('marks signed-in endpoints with the bearer scheme', () => {
    expect(paths['/api/order']?.post?.security).toEqual([{ bearerAuth: [] }]);
    expect(paths['/api/user/me']?.get?.security).toEqual([{ bearerAuth: [] }]);
  });

  it('serves the interactive documentation page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect([200, 302]).toContain(res.statusCode);
  });
});
