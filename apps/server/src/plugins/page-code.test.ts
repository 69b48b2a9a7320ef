import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../test-support/security-assessment';
import { createTestApp, type TestApp } from '../test-support/test-app';

/** The product's own source files (tests and their helpers left out): the server's, the web app's and its page. */
function sourcesUnder(folder: string): { file: string; text: string }[] {
  const root = path.join(REPO_ROOT, folder);
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx|js|mjs|html)$/.test(file) && !/\.test\.tsx?$/.test(file))
    .filter((file) => !/(^|\/)(test|test-support)\//.test(file.split(path.sep).join('/')))
    .map((file) => ({ file: `${folder}/${file}`, text: readFileSync(path.join(root, file), 'utf8') }));
}
const SOURCES = [
  ...sourcesUnder('apps/server/src'),
  ...sourcesUnder('apps/web/src'),
  ...sourcesUnder('apps/web/public'),
  { file: 'apps/web/index.html', text: readFileSync(path.join(REPO_ROOT, 'apps/web/index.html'), 'utf8') },
];

/** The files of `SOURCES` (or only the web app's) whose text matches `pattern`. */
const filesMatching = (pattern: RegExp, web = false) =>
  SOURCES.filter(({ file, text }) => (!web || file.startsWith('apps/web/')) && pattern.test(text)).map(
    ({ file }) => file,
  );

/** The directives of a Content-Security-Policy header. */
function directives(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...values]) => [name, values]),
  );
}

/**
 * What the pages may run (ASVS 1.3.2, 3.7.1): no code made from text, no plug-in content. The
 * source holds neither, and every page's policy would refuse both if a library tried.
 */
describe('the code a page runs', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'cafe-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Office Cafe</title><div id="root"></div>');
    t = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(() => t.close());

  /** The pages a browser renders: the app's routes, the LIFF page with LINE's sources, the API docs. */
  async function pagePolicies(): Promise<[string, Map<string, string[]>][]> {
    const pages: [string, Map<string, string[]>][] = [];
    for (const url of ['/', '/barista', '/line', '/api/docs']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      pages.push([url, directives(res.headers['content-security-policy'])]);
    }
    return pages;
  }

  it('makes no code from text: no eval or new Function in the source, and no page allows it (1.3.2)', async () => {
    expect(SOURCES.length).toBeGreaterThan(200);
    expect(filesMatching(/\beval\s*\(|\bnew\s+Function\s*\(|\bsetTimeout\s*\(\s*['"`]/)).toEqual([]);
    for (const [url, policy] of await pagePolicies()) {
      const scripts = policy.get('script-src') ?? policy.get('default-src') ?? [];
      expect(scripts.length, url).toBeGreaterThan(0);
      expect(scripts, url).not.toContain("'unsafe-eval'");
      expect(scripts, url).not.toContain("'unsafe-inline'");
    }
  });

  it('loads no plug-in: object-src none on every page, and no object, embed or applet in the source (3.7.1)', async () => {
    // An element, not a TypeScript type such as Promise<object>.
    expect(filesMatching(/<(object|embed|applet)[\s/>]/i, true)).toEqual([]);
    for (const [url, policy] of await pagePolicies()) expect(policy.get('object-src'), url).toEqual(["'none'"]);
  });

  it('renders no text as markup: no dangerouslySetInnerHTML, innerHTML or outerHTML in the web app (1.2.1, 3.2.2)', () => {
    expect(
      filesMatching(/dangerouslySetInnerHTML|\.(inner|outer)HTML\s*=|insertAdjacentHTML|document\.write\s*\(/),
    ).toEqual([]);
  });
});
