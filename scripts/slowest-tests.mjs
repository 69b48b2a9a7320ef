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

/**
 * Calls `visit` with each test of Playwright's JSON report: its spec file, the titles of the groups
 * it is in (nested suites), its spec and the test.
 */
function eachBrowserTest(report, visit) {
  const walk = (suite, file, titles) => {
    const here = suite.file ?? file;
    const inside = suite.title && suite.title !== here ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) for (const test of spec.tests ?? []) visit(here, inside, spec, test);
    for (const inner of suite.suites ?? []) walk(inner, here, inside);
  };
  for (const suite of report?.suites ?? []) walk(suite, suite.file, []);
}

/** Seconds per spec file of Playwright's JSON report: the sum of its tests' runs, nested suites included. */
export function playwrightFiles(report, testDir) {
  const totals = new Map();
  eachBrowserTest(report, (file, _titles, _spec, test) => {
    for (const result of test.results ?? []) totals.set(file, (totals.get(file) ?? 0) + (result.duration ?? 0) / 1000);
  });
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

/**
 * The tests that failed, each with its error's message (up to ERROR_LINES lines, the first on the
 * test's own line, the rest indented under it; never its stack or call log): Vitest's failed
 * assertions and files that failed outside a test (a hook, an import), and Playwright's tests that
 * did not pass in the end (a flaky test that passed on its retry is listed as flaky). The end of a
 * CI log then names what failed, however long the output before it, and a count's message (the
 * statements it counted, one a line) shows whole.
 */
export function failures(vitest, browser, root, testDir) {
  const lines = [];
  const add = (label, text) => {
    const [first = '', ...more] = messageOf(text);
    lines.push(`${label}: ${first}`, ...more.map((line) => `        ${line}`));
  };
  for (const file of vitest?.testResults ?? []) {
    const name = path.relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) add(`FAILED  ${name} › ${test.fullName ?? test.title}`, test.failureMessages?.[0]);
    if (failed.length === 0 && file.status === 'failed') add(`FAILED  ${name}`, file.message);
  }
  eachBrowserTest(browser, (file, titles, spec, test) => {
    if (test.status !== 'unexpected' && test.status !== 'flaky') return;
    const error = (test.results ?? []).map((r) => r.error?.message).find(Boolean);
    const label = test.status === 'flaky' ? 'FLAKY ' : 'FAILED';
    add(`${label}  ${path.join(testDir, file)} › ${[...titles, spec.title].join(' › ')}`, error);
  });
  return lines;
}

/** At most this many lines of a failure's message. */
const ERROR_LINES = 8;

/** A failure's message without its stack (`    at …`) or Playwright's call log: its first lines, trimmed. */
function messageOf(text) {
  const lines = [];
  for (const line of String(text ?? '').split('\n')) {
    if (/^\s+at /.test(line) || /^\s*Call log:?\s*$/.test(line)) break;
    if (line.trim() === '') continue;
    lines.push(line.trim());
    if (lines.length === ERROR_LINES) break;
  }
  return lines;
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
  const failed = failures(vitest, browser, root, 'apps/web/e2e');
  if (failed.length > 0) {
    console.log(`== ${failed.filter((line) => !line.startsWith(' ')).length} test(s) did not pass`);
    for (const line of failed) console.log(line.length > 400 ? `${line.slice(0, 400)}…` : line);
  }
}
