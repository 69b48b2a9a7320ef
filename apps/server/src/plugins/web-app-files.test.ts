import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';

const PAGE = '<!doctype html><title>Office Cafe</title><div id="root"></div>';
const GIT_HEAD = 'ref: refs/heads/main\n';
const GIT_CONFIG =
  '[core]\n\trepositoryformatversion = 0\n[remote "origin"]\n\turl = https://git.example.com/cafe.git\n';

/**
 * What the server hands out of the folder it serves the web app from: the built files, and
 * nothing a build or a copy may have left beside them (ASVS 13.4.1, 13.4.3, 13.4.4).
 */
describe('the files of the web app', () => {
  let t: TestApp;
  let dist: string;
  let shell = '';
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'cafe-web-files-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), PAGE);
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'assets', 'app-abc123.css'), 'body{}');
    // A repository's metadata, as a careless copy of a checkout into the served folder would leave it.
    mkdirSync(path.join(dist, '.git'));
    writeFileSync(path.join(dist, '.git', 'HEAD'), GIT_HEAD);
    writeFileSync(path.join(dist, '.git', 'config'), GIT_CONFIG);
    t = await createTestApp({ env: { WEB_DIST: dist } });
    shell = (await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })).body;
    expect(shell).toBe(PAGE);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('never serves a .git folder, even one left in the folder it serves', async () => {
    for (const url of ['/.git/HEAD', '/.git/config', '/.git/', '/.git']) {
      for (const accept of ['text/html', '*/*']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { accept } });
        // A page request gets the app's shell (a client-side route), anything else 404.
        expect([200, 404], `${url} ${accept}`).toContain(res.statusCode);
        if (res.statusCode === 200) expect(res.body, `${url} ${accept}`).toBe(shell);
        expect(res.body).not.toContain('refs/heads');
        expect(res.body).not.toContain('repositoryformatversion');
      }
    }
  });

  it('answers a folder such as /assets/ with the app shell or 404, never a listing of its files', async () => {
    for (const url of ['/assets/', '/assets', '/assets/?list=1']) {
      for (const accept of ['text/html', '*/*']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { accept } });
        expect([200, 404], `${url} ${accept}`).toContain(res.statusCode);
        if (res.statusCode === 200) expect(res.body, `${url} ${accept}`).toBe(shell);
        expect(res.body).not.toContain('app-abc123.css');
      }
    }
    // The files themselves are served.
    expect((await t.app.inject({ method: 'GET', url: '/assets/app-abc123.css' })).statusCode).toBe(200);
  });

  it('answers TRACE with 404 or 405 on the pages, the files and the API, never echoing the request', async () => {
    for (const url of [
      '/',
      '/ordering',
      '/assets/app-abc123.js',
      '/.git/HEAD',
      '/api/health',
      '/api/menu',
      '/api/docs',
    ]) {
      const res = await t.app.inject({
        method: 'TRACE',
        url,
        headers: { accept: 'text/html', cookie: 'cafe_sso=secret-cookie', authorization: 'Bearer secret-token' },
      });
      expect([404, 405], url).toContain(res.statusCode);
      expect(res.headers['content-type'], url).not.toContain('message/http');
      expect(res.body, url).not.toContain('secret-cookie');
      expect(res.body, url).not.toContain('secret-token');
    }
  });
});
