#!/usr/bin/env node
// The ten slowest test files of a run of `npm test`, from the JSON reports Vitest and Playwright
// wrote beside their usual output (test-results/vitest.json, test-results/playwright.json): what to
// look at first when the suite grows slower. Only Node's own modules: it runs wherever npm test does.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Seconds per file of Vitest's JSON report (Jest's shape: testResults with startTime and endTime). */
export function vitestFiles(report, root) {
  return (report.testResults ?? []).map((file) => ({
    file: path.relative(root, file.name),
    seconds: Math.max(0, (file.endTime ?? 0) - (file.startTime ?? 0)) / 1000,
  }));
}

/** Seconds per spec file of Playwright's JSON report: the sum of its tests' runs, nested suites included. */
export function playwrightFiles(report, testDir) {
  const totals = new Map();
  const walk = (suite, file) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        for (const result of test.results ?? [])
          totals.set(here, (totals.get(here) ?? 0) + (result.duration ?? 0) / 1000);
    for (const inner of suite.suites ?? []) walk(inner, here);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file);
  return [...totals].map(([file, seconds]) => ({ file: path.join(testDir, file), seconds }));
}

/**
 * The `count` slowest of both, slowest first, one line each. A server file runs once on each
 * engine when PostgreSQL is given (vitest.config.ts): its runs are lines of their own, marked.
 */
export function slowest(files, count = 10) {
  const runs = new Map();
  for (const { file } of files) runs.set(file, (runs.get(file) ?? 0) + 1);
  return [...files]
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count)
    .map(({ file, seconds }) => {
      const times = runs.get(file) ?? 1;
      return `${seconds.toFixed(0).padStart(5)} s  ${file}${times > 1 ? ` (one of its ${times} runs: SQLite, PostgreSQL)` : ''}`;
    });
}

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
  const vitest = read(path.join(root, 'test-results/vitest.json'));
  const browser = read(path.join(root, 'test-results/playwright.json'));
  const files = [
    ...(vitest ? vitestFiles(vitest, root) : []),
    ...(browser ? playwrightFiles(browser, 'apps/web/e2e') : []),
  ];
  if (files.length === 0) console.log('== no test reports to rank (test-results/vitest.json, playwright.json)');
  else {
    console.log('== the ten slowest test files (seconds from start to end; files of a worker overlap others)');
    for (const line of slowest(files)) console.log(line);
  }
}
