import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type Assessment,
  type CheckSources,
  PAGE_FILE,
  REPO_ROOT,
  SUITE_RUNS,
  declaredTests,
  problemsOf,
  readAssessment,
  readRequirements,
  renderPage,
  runOf,
} from './test-support/security-assessment';
import { createTestApp } from './test-support/test-app';

/** The OWASP ASVS 5.0 level 2 self-assessment in docs/security/ stays true (decision 0057). */
describe('ASVS 5.0 self-assessment', () => {
  const requirements = readRequirements();
  const assessment = readAssessment();

  it('reads the standard as OWASP published it: 345 requirements, 253 of them at level 1 or 2', () => {
    expect(requirements).toHaveLength(345);
    expect(requirements.filter((r) => r.level <= 2)).toHaveLength(253);
    expect(requirements.find((r) => r.id === '4.4.2')).toMatchObject({ level: 2, chapterName: 'API and Web Service' });
  });

  it('assesses every level 1 and 2 requirement once, and a requirement marked met names tests that are there and run', () => {
    expect(problemsOf(assessment, requirements)).toEqual([]);
  });

  it('keeps docs/security/asvs-5.0-l2.md the page the assessment makes', () => {
    // Made here, not by Prettier (.prettierignore): aligned tables of 253 rows would be mostly spaces.
    const file = path.join(REPO_ROOT, PAGE_FILE);
    const page = renderPage(assessment, requirements);
    if (process.env.UPDATE_ASVS_PAGE) writeFileSync(file, page);
    expect(readFileSync(file, 'utf8'), 'run the test with UPDATE_ASVS_PAGE=1 to make the page again').toBe(page);
  });
});

/**
 * docs/security/inventory.md (ASVS 13.1.1, 11.1.2): a new connection or secret of the configuration,
 * or a new hash or signing algorithm in the server, fails here until the inventory names it.
 */
describe('the inventory of connections, secrets and cryptography', () => {
  const inventory = readFileSync(path.join(REPO_ROOT, 'docs/security/inventory.md'), 'utf8');
  const serverSource = path.join(REPO_ROOT, 'apps/server/src');

  it('names every variable of the configuration that opens a connection or holds a secret', () => {
    const env = readFileSync(path.join(serverSource, 'config-env.ts'), 'utf8');
    const variables = [...env.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map(([, name = '']) => name);
    const connectionsAndSecrets = variables.filter((name) =>
      /(_URL|_SECRET|_TOKEN|_KEY|_ISSUER|_HOSTS|_PASSWORD|_CLIENT_ID|_SUBJECT)$|^(PORT|HOST|TRUST_PROXY|DATA_DIR)$/.test(
        name,
      ),
    );
    expect(connectionsAndSecrets).toContain('WEBHOOK_SECRET');
    expect(connectionsAndSecrets.filter((name) => !inventory.includes(`\`${name}\``))).toEqual([]);
  });

  it('names every hash and signing algorithm the server uses', () => {
    const files = readdirSync(serverSource, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes('test-support'),
    );
    const used = new Set<string>();
    for (const file of files) {
      const source = readFileSync(path.join(serverSource, file), 'utf8');
      for (const [, name = ''] of source.matchAll(/create(?:Hash|Hmac)\('([\w-]+)'/g)) used.add(name);
      for (const [, name = ''] of source.matchAll(/algorithms?: \[?'(\w+)'/g)) used.add(name);
    }
    expect([...used]).toContain('sha256');
    const plain = (text: string) => text.toLowerCase().replace(/-/g, '');
    expect([...used].filter((name) => !plain(inventory).includes(plain(name)))).toEqual([]);
  });
});

/**
 * docs/security/data-classification.md (ASVS 14.1.1, 14.1.2): every table of the database has a
 * protection level there; a new table fails here until it is given one.
 */
describe('the data classification', () => {
  it('gives every table of the database a protection level', async () => {
    const t = await createTestApp();
    try {
      const tables = (await t.app.ctx.db.introspection.getTables()).map((table) => table.name);
      const doc = readFileSync(path.join(REPO_ROOT, 'docs/security/data-classification.md'), 'utf8');
      expect(tables).toContain('orders');
      expect(tables.filter((name) => !name.startsWith('kysely_') && !doc.includes(`\`${name}\``))).toEqual([]);
      for (const level of ['Secret', 'Sensitive personal', 'Personal', 'Public']) expect(doc).toContain(`**${level}**`);
    } finally {
      await t.close();
    }
  });
});

describe('the self-assessment check', () => {
  const requirements = readRequirements();
  const file = 'apps/server/src/modules/auth/auth.test.ts';
  const source = [
    "import { describe, it } from 'vitest';",
    "// it('is only in a comment', () => {});",
    "describe('auth', () => {",
    "  describe('POST /api/auth/logout', () => {",
    "    it('answers 204 and the refresh token stops working', async () => {});",
    "    it('answers 401 without a token', () => {});",
    '  });',
    "  describe('POST /api/auth/v2/logout', () => {",
    "    it('answers 401 without a token', () => {});",
    '    const note = "it(\'is only in a string\', () => {})";',
    '  });',
    "  it.each([['off'], ['on']])('keeps %s', () => {});",
    "  it.each([['a wrapped cause', new Error('x', { cause: f(g('(')) })]])(",
    "    'answers 503 when %s',",
    '    () => {},',
    '  );',
    '  it(`runs ${ROUNDS} rounds`, () => {});',
    "  const title = 'made as it runs';",
    '  it(title, () => {});',
    "  it.skip('is skipped', () => {});",
    "  it.todo('is still to write');",
    "  it.skipIf(process.platform === 'win32')('signs in on every platform', () => {});",
    "  it('sends the mail', ({ skip }) => {",
    '    if (!smtp) skip();',
    '  });',
    '});',
    "describe.skip('POST /api/auth/register', () => {",
    "  it('answers 201 with the new account', () => {});",
    '});',
    'const ADMIN_URL = process.env.TEST_DATABASE_URL;',
    "describe.skipIf(!ADMIN_URL)('on PostgreSQL', () => {",
    "  it('shares the sign-in count between processes', () => {});",
    '});',
  ].join('\n');
  const spec = 'apps/web/e2e/second-factor.spec.ts';
  const specSource = [
    "import { expect, test } from './test';",
    "test.describe('second factor', () => {",
    "  test('adds a passkey', async ({ page }) => {});",
    "  test.fixme('adds a security key', async ({ page }) => {});",
    "  test('adds an app', async ({ browserName }) => {",
    "    test.skip(browserName === 'webkit', 'no authenticator app there');",
    '  });',
    '});',
    "test.describe('single sign-on', () => {",
    "  test.skip(!process.env.OIDC_ISSUER, 'no provider');",
    "  test('signs in with the provider', async ({ page }) => {});",
    '});',
  ].join('\n');
  const sources: Record<string, string> = { [file]: source, [spec]: specSource };
  const files = { exists: (name: string) => name in sources, read: (name: string) => sources[name] ?? '' };
  const met = (title: string, testFile = file) => ({
    id: '7.4.1',
    status: 'met',
    how: 'Logout ends the session.',
    tests: [{ file: testFile, title }],
  });
  const others = requirements
    .filter((r) => r.level <= 2 && r.id !== '7.4.1')
    .map((r) => ({ id: r.id, status: 'not-met', plan: 'Later.' }));
  const check = (...entries: Assessment['requirements']) => checkWith(files, ...entries);
  const checkWith = (sourcesOf: CheckSources, ...entries: Assessment['requirements']) =>
    problemsOf(
      { standard: 'ASVS', version: '5.0.0', level: 2, assessed: '2026-11-25', requirements: [...others, ...entries] },
      requirements,
      sourcesOf,
    );

  it('reads every it()/test() with the describe() calls around it, titles as written, none from a comment or a string', () => {
    const tests = declaredTests(source, file);
    expect(tests.map((t) => t.path)).toEqual([
      ['auth', 'POST /api/auth/logout', 'answers 204 and the refresh token stops working'],
      ['auth', 'POST /api/auth/logout', 'answers 401 without a token'],
      ['auth', 'POST /api/auth/v2/logout', 'answers 401 without a token'],
      ['auth', 'keeps %s'],
      ['auth', 'answers 503 when %s'],
      ['auth', 'runs ${ROUNDS} rounds'],
      // A title made as the test runs cannot be named: the test is there, its title is not known.
      ['auth', null],
      ['auth', 'is skipped'],
      ['auth', 'is still to write'],
      ['auth', 'signs in on every platform'],
      ['auth', 'sends the mail'],
      ['POST /api/auth/register', 'answers 201 with the new account'],
      ['on PostgreSQL', 'shares the sign-in count between processes'],
    ]);
    expect(tests.map((t) => t.skipped)).toEqual([
      ...Array<undefined>(7).fill(undefined),
      'it.skip',
      'it.todo',
      "it.skipIf(process.platform === 'win32') may skip it",
      'calls skip() as it runs',
      'its describe() "POST /api/auth/register": describe.skip',
      // Skipped on SQLite only: .ci/run's PostgreSQL pass runs it.
      undefined,
    ]);
  });

  it('passes a met requirement whose title names exactly one test that runs, with as many describe() titles as needed', () => {
    expect(check(met('answers 204 and the refresh token stops working'))).toEqual([]);
    expect(check(met('POST /api/auth/logout > answers 204 and the refresh token stops working'))).toEqual([]);
    expect(check(met('auth > POST /api/auth/logout > answers 204 and the refresh token stops working'))).toEqual([]);
    expect(check(met('POST /api/auth/v2/logout > answers 401 without a token'))).toEqual([]);
    expect(check(met('keeps %s'))).toEqual([]);
    expect(check(met('runs ${ROUNDS} rounds'))).toEqual([]);
    expect(check(met('shares the sign-in count between processes'))).toEqual([]);
    expect(check(met('second factor > adds a passkey', spec))).toEqual([]);
  });

  it('refuses a title no test of the file has: a missing one, a describe() alone, describe() titles in the wrong order', () => {
    expect(check(met('answers 204 and the access token stops working'))).toEqual([
      `7.4.1: ${file} has no test titled "answers 204 and the access token stops working"`,
    ]);
    expect(check(met('POST /api/auth/logout'))).toEqual([`7.4.1: ${file} has no test titled "POST /api/auth/logout"`]);
    expect(check(met('answers 204 and the refresh token stops working > POST /api/auth/logout'))).toEqual([
      `7.4.1: ${file} has no test titled "answers 204 and the refresh token stops working > POST /api/auth/logout"`,
    ]);
    expect(check(met('is only in a comment'))).toEqual([`7.4.1: ${file} has no test titled "is only in a comment"`]);
    expect(check(met('is only in a string'))).toEqual([`7.4.1: ${file} has no test titled "is only in a string"`]);
    expect(check(met('made as it runs'))).toEqual([`7.4.1: ${file} has no test titled "made as it runs"`]);
  });

  it('refuses a title that names a skipped test (it.skip)', () => {
    expect(check(met('is skipped'))).toEqual([`7.4.1: ${file}: "is skipped" does not run (it.skip)`]);
  });

  it('refuses a title that names a test inside a skipped describe()', () => {
    expect(check(met('answers 201 with the new account'))).toEqual([
      `7.4.1: ${file}: "answers 201 with the new account" does not run (its describe() "POST /api/auth/register": describe.skip)`,
    ]);
  });

  it('refuses a title that names a to-do (it.todo)', () => {
    expect(check(met('is still to write'))).toEqual([`7.4.1: ${file}: "is still to write" does not run (it.todo)`]);
  });

  it('refuses a test a skipIf may skip, or that skips itself as it runs, but not one the PostgreSQL pass runs', () => {
    expect(check(met('signs in on every platform'))).toEqual([
      `7.4.1: ${file}: "signs in on every platform" does not run (it.skipIf(process.platform === 'win32') may skip it)`,
    ]);
    expect(check(met('sends the mail'))).toEqual([
      `7.4.1: ${file}: "sends the mail" does not run (calls skip() as it runs)`,
    ]);
    expect(check(met('on PostgreSQL > shares the sign-in count between processes'))).toEqual([]);
  });

  it("refuses Playwright's test.fixme, and a test that test.skip() skips from inside it or its group", () => {
    expect(check(met('adds a security key', spec))).toEqual([
      `7.4.1: ${spec}: "adds a security key" does not run (test.fixme)`,
    ]);
    expect(check(met('adds an app', spec))).toEqual([`7.4.1: ${spec}: "adds an app" does not run (calls test.skip())`]);
    expect(check(met('signs in with the provider', spec))).toEqual([
      `7.4.1: ${spec}: "signs in with the provider" does not run (its describe() "single sign-on": calls test.skip())`,
    ]);
  });

  it('refuses a title that names two tests: the describe() around the one meant tells them apart', () => {
    expect(check(met('answers 401 without a token'))).toEqual([
      `7.4.1: ${file} has 2 tests titled "answers 401 without a token" (lines 6, 9): name one with its describe(), "outer > inner"`,
    ]);
  });

  it('refuses every test of a file but those marked .only', () => {
    const focused = `${source}\ndescribe.only('focused', () => {\n  it('runs alone', () => {});\n});`;
    const withOnly = { exists: files.exists, read: (name: string) => (name === file ? focused : files.read(name)) };
    expect(checkWith(withOnly, met('focused > runs alone'))).toEqual([]);
    expect(checkWith(withOnly, met('answers 204 and the refresh token stops working'))).toEqual([
      `7.4.1: ${file}: "answers 204 and the refresh token stops working" does not run (another test of the file is .only)`,
    ]);
  });

  it('refuses a file no run of the suite takes, a file that is not there, a shared suite no test calls, and a met without a test', () => {
    const bench = 'apps/server/bench/logout.test.ts';
    const suite = 'apps/server/src/test-support/logout-sweep.ts';
    const more: Record<string, string> = { ...sources, [bench]: source, [suite]: source };
    const wider = {
      exists: (name: string) => name in more,
      read: (name: string) => more[name] ?? '',
      callersOf: () => [],
    };
    expect(checkWith(wider, met('keeps %s', bench))).toEqual([
      `7.4.1: ${bench} is in no run of the suite (vitest.config.ts, apps/web/vitest.config.ts, apps/web/playwright.config.ts)`,
    ]);
    expect(checkWith(wider, met('keeps %s', suite))).toEqual([`7.4.1: no test file calls the shared suite ${suite}`]);
    expect(check(met('answers 204', 'apps/server/src/modules/auth/logout.test.ts'))).toEqual([
      '7.4.1: test file apps/server/src/modules/auth/logout.test.ts does not exist',
    ]);
    expect(check(met('answers 204', 'apps/server/src/modules/auth/auth.routes.ts'))).toEqual([
      '7.4.1: apps/server/src/modules/auth/auth.routes.ts is not a test file',
    ]);
    expect(check({ id: '7.4.1', status: 'met', how: 'Logout ends the session.' })).toEqual([
      '7.4.1: met, but names no test',
    ]);
  });

  it('takes the runs of the suite as vitest.config.ts, .ci/run and the web configurations set them', async () => {
    const {
      default: config,
      webTestsMocking,
      webTestsSharing,
    } = (await import('../../../vitest.config')) as {
      default: { test?: { projects?: unknown[] } };
      webTestsMocking: string[];
      webTestsSharing: string[];
    };
    const text = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
    type Project = { extends?: string; test: { name: string; include: string[]; exclude?: string[] } };
    const projects = config.test?.projects ?? [];
    expect(projects.filter((p) => typeof p === 'string')).toEqual([]);
    const objects = projects.filter((p): p is Project => typeof p === 'object');
    const inline = objects.filter((p) => !p.extends);
    // The web's files in two projects of the web's configuration: what one leaves out, the other takes.
    const web = objects.filter((p) => p.extends === './apps/web/vitest.config.ts');
    expect(web.map((p) => p.test.name)).toEqual(['web', 'web-isolated']);
    expect(web.map((p) => p.test.exclude)).toEqual([webTestsMocking, webTestsSharing]);
    expect(webTestsMocking.filter((file) => webTestsSharing.includes(file))).toEqual([]);
    expect(webTestsMocking.length + webTestsSharing.length).toBe(
      readdirSync(path.join(REPO_ROOT, 'apps/web/src'), { recursive: true, encoding: 'utf8' }).filter((file) =>
        /\.test\.tsx?$/.test(file),
      ).length,
    );
    // The server's projects on PostgreSQL are there when TEST_DATABASE_URL is (.ci/run gives it).
    const onPostgres = process.env.TEST_DATABASE_URL ? ['server-pg', 'server-isolated-pg'] : [];
    expect(inline.map((p) => p.test.name)).toEqual(['shared', 'server', 'server-isolated', ...onPostgres, 'deploy']);
    const globs = SUITE_RUNS.map((r) => r.files);
    // What each project takes: one of the checker's runs, or files of one.
    for (const { test } of inline)
      for (const include of test.include)
        expect(globs.includes(include) || runOf(include) !== undefined, include).toBe(true);
    // What a project leaves out, another takes, or the PostgreSQL projects .ci/run adds.
    const onlyOnPostgres = /const serverTestsOnlyOnPostgres = \[([^\]]*)\]/.exec(text('vitest.config.ts'));
    expect(onlyOnPostgres, 'the PostgreSQL-only files run when TEST_DATABASE_URL is set').not.toBeNull();
    expect(text('vitest.config.ts')).toContain("...(postgresUrl ? serverProjects('-pg', postgresUrl) : []),");
    expect(text('.ci/run')).toContain('TEST_DATABASE_URL="$PG_URL" npm test');
    // Files that use no test database run once, in the SQLite projects (which include them).
    const once = /const serverTestsOfNoEngine = \[([^\]]*)\]/.exec(text('vitest.config.ts'));
    const included = new Set(inline.flatMap((p) => p.test.include));
    const elsewhere = (file: string) =>
      (onlyOnPostgres?.[1] ?? '').includes(`'${file}'`) || (once?.[1] ?? '').includes(`'${file}'`);
    for (const { test } of inline)
      for (const excluded of test.exclude ?? [])
        expect(included.has(excluded) || elsewhere(excluded), excluded).toBe(true);
    // The web's tests and the browser specs.
    expect(text('apps/web/vitest.config.ts')).toMatch(/include: \['src\/\*\*\/\*\.test\.\{ts,tsx\}'\],/);
    expect(text('apps/web/vitest.config.ts')).not.toMatch(/exclude:/);
    expect(globs).toContain('apps/web/src/**/*.test.{ts,tsx}');
    expect(text('apps/web/playwright.config.ts')).toContain("testDir: './e2e',");
    expect(runOf('apps/web/e2e/second-factor.spec.ts')).toBe('browser');
    expect(runOf('apps/server/src/modules/orders/orders.claims.cluster.test.ts')).toBe('server');
    expect(runOf('apps/server/bench/soak.test.ts')).toBeUndefined();
  });

  it('fails an unknown or level 3 id, a requirement assessed twice or not at all, and a status of its own', () => {
    const entry = met('answers 204 and the refresh token stops working');
    expect(check(entry, { id: '4.4.9', status: 'not-met', plan: 'x' })).toEqual([
      '4.4.9: not a level 1 or 2 requirement of ASVS 5.0.0',
    ]);
    expect(check(entry, { id: '1.2.10', status: 'not-met', plan: 'x' })).toEqual([
      '1.2.10: not a level 1 or 2 requirement of ASVS 5.0.0',
    ]);
    expect(check(entry, { id: '7.4.1', status: 'not-met', plan: 'x' })).toEqual(['7.4.1: assessed twice']);
    expect(check()).toEqual(['7.4.1: not assessed']);
    expect(check({ id: '7.4.1', status: 'partly', plan: 'x' })).toEqual([
      '7.4.1: status "partly" is none of met, not-applicable, not-met',
    ]);
    expect(check({ id: '7.4.1', status: 'not-applicable' })).toEqual(['7.4.1: not applicable, but says not why']);
  });
});
