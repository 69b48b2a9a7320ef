import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type Assessment,
  PAGE_FILE,
  REPO_ROOT,
  hasTitle,
  problemsOf,
  readAssessment,
  readRequirements,
  renderPage,
  testTitles,
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

  it('assesses every level 1 and 2 requirement once, and a requirement marked met names a test that is there', () => {
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
    "describe('auth', () => {",
    "  describe('POST /api/auth/logout', () => {",
    "    it('answers 204 and the refresh token stops working', async () => {});",
    '  });',
    "  it.each([['off'], ['on']])('keeps %s', () => {});",
    "  it.each([['a wrapped cause', new Error('x', { cause: f(g('(')) })]])(",
    "    'answers 503 when %s',",
    '    () => {},',
    '  );',
    "  it.skip('is skipped', () => {});",
    '  it(`runs ${ROUNDS} rounds`, () => {});',
    '});',
  ].join('\n');
  const files = { exists: (name: string) => name === file, read: () => source };
  const met = (title: string, testFile = file) => ({
    id: '7.4.1',
    status: 'met',
    how: 'Logout ends the session.',
    tests: [{ file: testFile, title }],
  });
  const others = requirements
    .filter((r) => r.level <= 2 && r.id !== '7.4.1')
    .map((r) => ({ id: r.id, status: 'not-met', plan: 'Later.' }));
  const check = (...entries: Assessment['requirements']) =>
    problemsOf(
      { standard: 'ASVS', version: '5.0.0', level: 2, assessed: '2026-11-25', requirements: [...others, ...entries] },
      requirements,
      files,
    );

  it('reads test titles as written (also of each and template literals), nested ones as "outer > inner", skipped ones not at all', () => {
    const titles = testTitles(source);
    expect(titles).toEqual([
      'auth',
      'POST /api/auth/logout',
      'answers 204 and the refresh token stops working',
      'keeps %s',
      'answers 503 when %s',
      'runs ${ROUNDS} rounds',
    ]);
    expect(hasTitle(titles, 'POST /api/auth/logout > answers 204 and the refresh token stops working')).toBe(true);
    expect(hasTitle(titles, 'answers 204 and the refresh token stops working > POST /api/auth/logout')).toBe(false);
  });

  it('passes a whole assessment whose met requirement names a test that is there', () => {
    expect(check(met('answers 204 and the refresh token stops working'))).toEqual([]);
    expect(check(met('auth > POST /api/auth/logout > answers 204 and the refresh token stops working'))).toEqual([]);
  });

  it('fails a met requirement whose test title is not in its file, whose file is missing, or that names no test', () => {
    expect(check(met('answers 204 and the access token stops working'))).toEqual([
      `7.4.1: ${file} has no test titled "answers 204 and the access token stops working"`,
    ]);
    expect(check(met('is skipped'))).toEqual([`7.4.1: ${file} has no test titled "is skipped"`]);
    expect(check(met('answers 204', 'apps/server/src/modules/auth/logout.test.ts'))).toEqual([
      '7.4.1: test file apps/server/src/modules/auth/logout.test.ts does not exist',
    ]);
    expect(check({ id: '7.4.1', status: 'met', how: 'Logout ends the session.' })).toEqual([
      '7.4.1: met, but names no test',
    ]);
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
