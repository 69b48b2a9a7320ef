import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadImage } from '../test-support/image-fixtures';
import { createTestApp, type TestApp, type TestUser } from '../test-support/test-app';

/**
 * The headers a browser reads on the answers it could be tricked into opening on their own: a JSON
 * answer, an uploaded image, the audit CSV download and the page (ASVS 3.2.1, 3.4.1, 3.4.2, 3.4.5,
 * 4.1.1), as production sends them.
 */

const FOREIGN = 'https://evil.example';

/** The page's own directives, name to sources. */
function policy(res: LightMyRequestResponse): Map<string, string> {
  return new Map(
    String(res.headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d): [string, string] => [d.split(/\s+/)[0] ?? '', d.split(/\s+/).slice(1).join(' ')]),
  );
}

describe('security headers of the answers a browser may open directly', () => {
  let t: TestApp;
  let admin: TestUser;
  let dist: string;
  let answers: Record<'json' | 'image' | 'csv' | 'page', LightMyRequestResponse>;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'cafe-headers-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Office Cafe</title><div id="root"></div>');
    // As a production server sends them (HSTS is production's only).
    t = await createTestApp({ env: { WEB_DIST: dist }, config: { nodeEnv: 'production' } });
    admin = await t.createUser({ role: 'admin' });
    const image = await uploadImage(t, admin);
    answers = {
      json: await t.request('GET', '/api/user/me', admin),
      image: await t.app.inject({ method: 'GET', url: image }),
      csv: await t.request('GET', '/api/audit/export', admin),
      page: await t.app.inject({ method: 'GET', url: '/ordering', headers: { accept: 'text/html' } }),
    };
    for (const [name, res] of Object.entries(answers)) expect(res.statusCode, name).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('labels every body with its type, text with its charset (4.1.1)', () => {
    expect(answers.json.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answers.csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answers.page.headers['content-type']).toBe('text/html; charset=utf-8');
    // An image is bytes, not text: its type alone, and it matches what the bytes are (WebP: RIFF....WEBP).
    expect(answers.image.headers['content-type']).toBe('image/webp');
    expect(answers.image.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(answers.image.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
  });

  it('keeps an API answer, an image and the CSV from rendering as a page of this or another site (3.2.1)', () => {
    for (const name of ['json', 'image', 'csv'] as const) {
      const res = answers[name];
      expect(res.headers['x-content-type-options'], name).toBe('nosniff');
      expect(policy(res).get('default-src'), name).toBe("'none'");
      expect(policy(res).get('frame-ancestors'), name).toBe("'none'");
      expect(res.headers['cross-origin-resource-policy'], name).toBe('same-origin');
    }
    // The CSV is a download, never shown in the tab.
    expect(answers.csv.headers['content-disposition']).toBe('attachment; filename="audit-log.csv"');
    expect(answers.page.headers['x-content-type-options']).toBe('nosniff');
  });

  it('tells browsers to use HTTPS only, for a year and every subdomain, on answers and pages (3.4.1)', () => {
    for (const [name, res] of Object.entries(answers)) {
      const hsts = String(res.headers['strict-transport-security']);
      const maxAge = Number(/max-age=(\d+)/.exec(hsts)?.[1] ?? 0);
      expect(maxAge, name).toBeGreaterThanOrEqual(31_536_000);
      expect(hsts.split(/;\s*/), name).toContain('includeSubDomains');
    }
  });

  it('sends no referrer from API answers or pages (3.4.5)', () => {
    for (const [name, res] of Object.entries(answers)) {
      expect(res.headers['referrer-policy'], name).toBe('no-referrer');
    }
  });

  it("grants no other site's page access to the API, simple request or preflight (3.4.2)", async () => {
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/user/me',
      headers: { ...admin.auth, origin: FOREIGN },
    });
    expect(read.statusCode).toBe(200);
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/order',
      headers: {
        origin: FOREIGN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.statusCode).toBeGreaterThanOrEqual(400);
    for (const res of [read, preflight]) {
      const cors = Object.keys(res.headers).filter((name) => name.startsWith('access-control-'));
      expect(cors).toEqual([]);
    }
  });

  it("lets only the LIFF page's HTML (/line) load LINE's SDK and connect to LINE; every other page stays this origin's", async () => {
    const liff = await t.app.inject({ method: 'GET', url: '/line?liff.state=x', headers: { accept: 'text/html' } });
    expect(liff.statusCode).toBe(200);
    const csp = policy(liff);
    expect(csp.get('script-src')?.split(' ')).toEqual(["'self'", 'https://static.line-scdn.net']);
    expect(csp.get('connect-src')?.split(' ')).toEqual([
      "'self'",
      'https://api.line.me',
      'https://liffsdk.line-scdn.net',
      'https://static.line-scdn.net',
    ]);
    expect(csp.get('frame-ancestors')).toBe("'none'");
    for (const url of ['/', '/line/link/some-token', '/lines', '/ordering']) {
      const page = policy(await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } }));
      expect(page.get('script-src'), url).toBe("'self'");
      expect(page.get('connect-src'), url).toBe("'self'");
    }
  });
});
