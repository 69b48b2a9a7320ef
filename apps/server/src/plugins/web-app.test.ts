import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../test-support/security-assessment';
import { createTestApp, type TestApp } from '../test-support/test-app';

/** The one script the page carries in itself (the build writes the cafe menu's frame there), in UTF-8. */
const INLINE_SCRIPT = 'document.title = "เมนูคาเฟ่";';
const PAGE =
  '<!doctype html><title>Office Cafe</title>' +
  '<script type="application/json" id="cafe-menu-code">["/assets/app-abc123.js"]</script>' +
  '<script type="module" async crossorigin src="/assets/app-abc123.js"></script>' +
  `<div id="root"></div><script>${INLINE_SCRIPT}</script>`;

describe('serving the web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'cafe-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), PAGE);
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => undefined);');
    writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Office Cafe"}');
    t = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(() => t.close());

  it('answers client-side routes with index.html, so a reload keeps the screen', async () => {
    for (const url of ['/', '/ordering', '/form/Latte/3', '/statusOrder?x=1']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long cache and keeps API misses as JSON', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missingAsset = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missingAsset.statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: '/api/nothing-here', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('serves the service worker and the manifest unhashed, never from a long cache, the page allowing the worker', async () => {
    // A long-cached worker would keep an old build's shell for as long as the cache lives.
    const worker = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toContain('javascript');
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(String(page.headers['content-security-policy'])).toContain("worker-src 'self'");
  });

  it('sends security headers with a content security policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('lets pages connect, style and be framed only as this origin needs, and use only the features it uses', async () => {
    for (const url of ['/', '/pickup/some-token', '/barista']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const directives: Record<string, string> = Object.fromEntries(
        String(res.headers['content-security-policy'])
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...values]): [string, string] => [name ?? '', values.join(' ')]),
      );
      // Live events: the WebSocket of this origin only ('self' matches its ws:/wss:), no other host.
      expect(directives['connect-src'], url).toBe("'self'");
      // No inline styles: the page's styles are files of this origin.
      expect(directives['style-src'], url).toBe("'self'");
      // Scripts of this origin, and the page's own inline script by its hash only (no
      // 'unsafe-inline'; the data block and the script file need none).
      const hash = createHash('sha256').update(INLINE_SCRIPT, 'utf8').digest('base64');
      expect(directives['script-src'], url).toBe(`'self' 'sha256-${hash}'`);
      expect(directives['frame-ancestors'], url).toBe("'none'");
      // Agrees with frame-ancestors 'none' (browsers without CSP): no page is meant to be framed.
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      const policy = String(res.headers['permissions-policy']);
      const features: Record<string, string> = Object.fromEntries(
        policy.split(', ').map((f): [string, string] => [f.split('=')[0] ?? '', f.split('=')[1] ?? '']),
      );
      expect(features, url).toMatchObject({
        geolocation: '(self)',
        'screen-wake-lock': '(self)',
        'clipboard-write': '(self)',
        'publickey-credentials-get': '(self)',
        camera: '()',
        microphone: '()',
        payment: '()',
        usb: '()',
      });
      const allowed = Object.entries(features).filter(([, value]) => value !== '()');
      expect(allowed.map(([name]) => name).sort(), url).toEqual([
        'clipboard-write',
        'geolocation',
        'publickey-credentials-get',
        'screen-wake-lock',
      ]);
    }
    // The API docs page keeps its own script and style hashes, and may not be framed either.
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.statusCode).toBe(200);
    const docsPolicy = String(docs.headers['content-security-policy']);
    expect(docsPolicy).toContain("frame-ancestors 'none'");
    expect(docsPolicy).toMatch(/style-src 'self'( 'sha256-[^']+')* ?;/);
    expect(docsPolicy).not.toContain('unsafe-inline');
    expect(docs.headers['x-frame-options']).toBe('DENY');
  });

  it("loads no plug-in and lets no <base> element move a page's links: object-src and base-uri 'none' on every page and answer (3.4.3)", async () => {
    const directivesOf = (res: { headers: Record<string, unknown> }): Map<string, string> =>
      new Map(
        String(res.headers['content-security-policy'])
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .filter(([name]) => name)
          .map(([name = '', ...values]): [string, string] => [name, values.join(' ')]),
      );
    // The app's routes, the LIFF page (LINE's sources), the API docs (Swagger UI's own policy), and
    // the answers a browser could open on their own: JSON, an error, a missing asset.
    for (const url of ['/', '/barista', '/line', '/api/docs', '/api/settings', '/api/nothing-here', '/assets/x.js']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const policy = directivesOf(res);
      expect(policy.size, url).toBeGreaterThan(0);
      expect(policy.get('object-src'), url).toBe("'none'");
      expect(policy.get('base-uri'), url).toBe("'none'");
    }
    // With base-uri 'none' a <base> would be ignored: the page and the web app's code use none.
    const web = path.join(REPO_ROOT, 'apps/web');
    const sources = [
      'index.html',
      ...readdirSync(path.join(web, 'src'), { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.(ts|tsx|html)$/.test(file))
        .map((file) => path.join('src', file)),
    ];
    expect(sources.length).toBeGreaterThan(50);
    const withBase = sources.filter((file) =>
      /<base[\s/>]|createElement\(\s*['"]base['"]/i.test(readFileSync(path.join(web, file), 'utf8')),
    );
    expect(withBase).toEqual([]);
  });

  it('answers malformed JSON with a readable 400, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/v2/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION' });
  });
});
