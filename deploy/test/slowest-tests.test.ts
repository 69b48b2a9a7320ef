import { describe, expect, it } from 'vitest';
import { playwrightFiles, slowest, vitestFiles } from '../../scripts/slowest-tests.mjs';

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
});
