import { describe, expect, it } from 'vitest';
import { failures, playwrightFiles, slowest, vitestFiles } from '../../scripts/slowest-tests.mjs';

/** npm test ends with the ten slowest test files, read from Vitest's and Playwright's JSON reports. */
describe('the ten slowest test files npm test prints', () => {
  it("takes each Vitest file's time from its start to its end, named from the repository root", () => {
    const report = {
      testResults: [
        { name: '/repo/apps/server/src/a.test.ts', startTime: 1_000, endTime: 31_000 },
        { name: '/repo/apps/web/src/b.test.tsx', startTime: 2_000, endTime: 4_500 },
      ],
    };
    expect(vitestFiles(report, '/repo')).toEqual([
      { file: 'apps/server/src/a.test.ts', seconds: 30 },
      { file: 'apps/web/src/b.test.tsx', seconds: 2.5 },
    ]);
  });

  it("adds up each browser spec's test runs, in nested groups too", () => {
    const report = {
      suites: [
        {
          file: 'every-route.spec.ts',
          specs: [{ tests: [{ results: [{ duration: 100_000 }] }] }],
          suites: [{ specs: [{ tests: [{ results: [{ duration: 50_000 }, { duration: 10_000 }] }] }] }],
        },
        { file: 'top-bar.spec.ts', specs: [{ tests: [{ results: [{ duration: 4_000 }] }] }] },
      ],
    };
    expect(playwrightFiles(report, 'apps/web/e2e')).toEqual([
      { file: 'apps/web/e2e/every-route.spec.ts', seconds: 160 },
      { file: 'apps/web/e2e/top-bar.spec.ts', seconds: 4 },
    ]);
  });

  it('lists the slowest first, at most ten, and marks a server file that ran on both engines', () => {
    const files = Array.from({ length: 12 }, (_, i) => ({ file: `f${i}.test.ts`, seconds: i }));
    files.push({ file: 'f11.test.ts', seconds: 3 });
    const lines = slowest(files);
    expect(lines).toHaveLength(10);
    expect(lines[0]).toBe('   11 s  f11.test.ts (one of its 2 runs: SQLite, PostgreSQL)');
    expect(lines[1]).toBe('   10 s  f10.test.ts');
    expect(lines.at(-1)).toBe('    3 s  f11.test.ts (one of its 2 runs: SQLite, PostgreSQL)');
  });

  it('names each test that did not pass with its error message, without its stack, so the end of a CI log shows it', () => {
    const vitest = {
      testResults: [
        {
          name: '/repo/apps/server/src/a.test.ts',
          status: 'failed',
          assertionResults: [
            { status: 'passed', fullName: 'a passes' },
            {
              status: 'failed',
              fullName: 'orders › keeps the limit',
              failureMessages: ['\nAssertionError: expected 409 to be 201\n    at x'],
            },
            {
              status: 'failed',
              fullName: 'counts › a placement',
              failureMessages: [
                `AssertionError: with g as (...)\nselect 1\n\n${Array.from({ length: 9 }, (_, i) => `SELECT ${i}`).join('\n')}: expected 12 to be less than or equal to 3\n    at y\n    at z`,
              ],
            },
          ],
        },
        {
          name: '/repo/apps/server/src/b.test.ts',
          status: 'failed',
          message: 'Hook timed out in 10000ms',
          assertionResults: [],
        },
        { name: '/repo/apps/server/src/c.test.ts', status: 'passed', assertionResults: [{ status: 'passed' }] },
      ],
    };
    const browser = {
      suites: [
        {
          file: 'board.spec.ts',
          title: 'board.spec.ts',
          specs: [
            {
              title: 'takes an order',
              tests: [
                { status: 'unexpected', results: [{ error: { message: 'Timeout 120000ms exceeded.\nCall log' } }] },
              ],
            },
            { title: 'passes', tests: [{ status: 'expected', results: [{}] }] },
          ],
          suites: [
            {
              title: 'on a phone',
              specs: [
                { title: 'scrolls', tests: [{ status: 'flaky', results: [{ error: { message: 'moved' } }, {}] }] },
              ],
            },
          ],
        },
      ],
    };
    expect(failures(vitest, browser, '/repo', 'apps/web/e2e')).toEqual([
      'FAILED  apps/server/src/a.test.ts › orders › keeps the limit: AssertionError: expected 409 to be 201',
      // A count's statements, one a line: the first eight lines of the message, no stack.
      'FAILED  apps/server/src/a.test.ts › counts › a placement: AssertionError: with g as (...)',
      ...['select 1', 'SELECT 0', 'SELECT 1', 'SELECT 2', 'SELECT 3', 'SELECT 4', 'SELECT 5'].map(
        (l) => `        ${l}`,
      ),
      'FAILED  apps/server/src/b.test.ts: Hook timed out in 10000ms',
      'FAILED  apps/web/e2e/board.spec.ts › takes an order: Timeout 120000ms exceeded.',
      'FLAKY   apps/web/e2e/board.spec.ts › on a phone › scrolls: moved',
    ]);
    expect(failures(undefined, undefined, '/repo', 'apps/web/e2e')).toEqual([]);
  });
});
