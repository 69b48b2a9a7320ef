import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  REPO_ROOT,
  hasTitle,
  repositoryFiles,
  testTitles,
  type CheckSources,
} from './test-support/security-assessment';

/**
 * The WCAG 2.2 AA conformance statement (docs/accessibility.md, decision 0055) stays true: it rates
 * every level A and AA success criterion once, and a criterion it says is supported names tests
 * (`file` › `title`) that are there.
 */

const STATEMENT = 'docs/accessibility.md';

/** WCAG 2.2's level A and AA success criteria (4.1.1 Parsing is obsolete in 2.2). */
const CRITERIA: Record<string, 'A' | 'AA'> = {
  '1.1.1': 'A',
  '1.2.1': 'A',
  '1.2.2': 'A',
  '1.2.3': 'A',
  '1.2.4': 'AA',
  '1.2.5': 'AA',
  '1.3.1': 'A',
  '1.3.2': 'A',
  '1.3.3': 'A',
  '1.3.4': 'AA',
  '1.3.5': 'AA',
  '1.4.1': 'A',
  '1.4.2': 'A',
  '1.4.3': 'AA',
  '1.4.4': 'AA',
  '1.4.5': 'AA',
  '1.4.10': 'AA',
  '1.4.11': 'AA',
  '1.4.12': 'AA',
  '1.4.13': 'AA',
  '2.1.1': 'A',
  '2.1.2': 'A',
  '2.1.4': 'A',
  '2.2.1': 'A',
  '2.2.2': 'A',
  '2.3.1': 'A',
  '2.4.1': 'A',
  '2.4.2': 'A',
  '2.4.3': 'A',
  '2.4.4': 'A',
  '2.4.5': 'AA',
  '2.4.6': 'AA',
  '2.4.7': 'AA',
  '2.4.11': 'AA',
  '2.5.1': 'A',
  '2.5.2': 'A',
  '2.5.3': 'A',
  '2.5.4': 'A',
  '2.5.7': 'AA',
  '2.5.8': 'AA',
  '3.1.1': 'A',
  '3.1.2': 'AA',
  '3.2.1': 'A',
  '3.2.2': 'A',
  '3.2.3': 'AA',
  '3.2.4': 'AA',
  '3.2.6': 'A',
  '3.3.1': 'A',
  '3.3.2': 'A',
  '3.3.3': 'AA',
  '3.3.4': 'AA',
  '3.3.7': 'A',
  '3.3.8': 'AA',
  '4.1.2': 'A',
  '4.1.3': 'AA',
};

const STATUSES = ['Supports', 'Partially supports', 'Does not support', 'Not applicable'] as const;

interface Row {
  id: string;
  level: string;
  status: string;
  evidence: string;
  tests: { file: string; title: string }[];
}

/** The rows of the statement's criteria table: `| 1.1.1 Name | A | Supports | evidence |`. */
function rowsOf(markdown: string): Row[] {
  const rows: Row[] = [];
  for (const line of markdown.split('\n')) {
    const cells = /^\|\s*(\d+\.\d+\.\d+)\s[^|]*\|([^|]*)\|([^|]*)\|(.*)\|\s*$/.exec(line);
    if (!cells) continue;
    const evidence = cells[4]!.trim();
    const tests = [...evidence.matchAll(/`([^`]+\.(?:test|spec)\.tsx?)`\s*›\s*`([^`]+)`/g)].map((m) => ({
      file: m[1]!,
      title: m[2]!,
    }));
    rows.push({ id: cells[1]!, level: cells[2]!.trim(), status: cells[3]!.trim(), evidence, tests });
  }
  return rows;
}

/** What is wrong with the statement; empty when every criterion is rated once and every cited test is there. */
function problemsOf(markdown: string, files: CheckSources = repositoryFiles): string[] {
  const problems: string[] = [];
  const rows = rowsOf(markdown);
  const seen = new Set<string>();
  for (const row of rows) {
    if (seen.has(row.id)) problems.push(`${row.id}: rated twice`);
    seen.add(row.id);
    const level = CRITERIA[row.id];
    if (!level) problems.push(`${row.id}: not a WCAG 2.2 A or AA success criterion`);
    else if (row.level !== level) problems.push(`${row.id}: level ${row.level}, WCAG says ${level}`);
    if (!(STATUSES as readonly string[]).includes(row.status)) problems.push(`${row.id}: status "${row.status}"`);
    const supported = row.status === 'Supports' || row.status === 'Partially supports';
    if (supported && !row.evidence) problems.push(`${row.id}: supported without evidence`);
    if (!supported) continue;
    for (const { file, title } of row.tests) {
      if (!files.exists(file)) {
        problems.push(`${row.id}: ${file} is not there`);
        continue;
      }
      if (!hasTitle(testTitles(files.read(file)), title)) problems.push(`${row.id}: ${file} has no test "${title}"`);
    }
  }
  for (const id of Object.keys(CRITERIA)) if (!seen.has(id)) problems.push(`${id}: not rated`);
  return problems;
}

describe('WCAG 2.2 AA conformance statement', () => {
  const markdown = readFileSync(path.join(REPO_ROOT, STATEMENT), 'utf8');

  it('rates every WCAG 2.2 A and AA criterion once, and a supported one names tests that are there', () => {
    expect(rowsOf(markdown)).toHaveLength(Object.keys(CRITERIA).length);
    expect(problemsOf(markdown)).toEqual([]);
  });

  it('rests the measurements axe cannot make on tests (targets, keyboard, focus not obscured, names)', () => {
    const cited = (id: string) =>
      rowsOf(markdown)
        .find((r) => r.id === id)
        ?.tests.map((t) => t.file) ?? [];
    expect(cited('2.5.8')).toContain('apps/web/e2e/every-route.spec.ts');
    expect(cited('2.1.1')).toContain('apps/web/e2e/keyboard.spec.ts');
    expect(cited('2.4.11')).toContain('apps/web/e2e/keyboard.spec.ts');
    expect(cited('4.1.2')).toContain('apps/web/e2e/keyboard.spec.ts');
  });
});

describe('the statement check', () => {
  const file = 'apps/web/e2e/keyboard.spec.ts';
  const files: CheckSources = {
    exists: (name) => name === file,
    read: () => "test('tabs through it', async () => {});\ntest.describe('board', () => { test('names', () => {}); });",
  };
  const everyOther = (except: string) =>
    Object.entries(CRITERIA)
      .filter(([id]) => id !== except)
      .map(([id, level]) => `| ${id} Something | ${level} | Not applicable | None. |`)
      .join('\n');
  const statement = (row: string) => `${everyOther('2.1.1')}\n${row}\n`;

  it('passes a supported criterion whose tests are there (also "outer > inner")', () => {
    const row = `| 2.1.1 Keyboard | A | Supports | \`${file}\` › \`tabs through it\`; \`${file}\` › \`board > names\` |`;
    expect(problemsOf(statement(row), files)).toEqual([]);
  });

  it('fails a supported criterion that names a missing file or a missing title', () => {
    const missingFile = `| 2.1.1 Keyboard | A | Supports | \`apps/web/e2e/gone.spec.ts\` › \`tabs through it\` |`;
    expect(problemsOf(statement(missingFile), files)).toEqual(['2.1.1: apps/web/e2e/gone.spec.ts is not there']);
    const missingTitle = `| 2.1.1 Keyboard | A | Partially supports | \`${file}\` › \`tabs through all of it\` |`;
    expect(problemsOf(statement(missingTitle), files)).toEqual([`2.1.1: ${file} has no test "tabs through all of it"`]);
  });

  it('fails a criterion left out, rated twice, at the wrong level or with an unknown status', () => {
    expect(problemsOf(everyOther('2.1.1'), files)).toEqual(['2.1.1: not rated']);
    const twice = `| 2.1.1 Keyboard | A | Not applicable | x |\n| 2.1.1 Keyboard | AA | Maybe | x |`;
    expect(problemsOf(statement(twice), files)).toEqual([
      '2.1.1: rated twice',
      '2.1.1: level AA, WCAG says A',
      '2.1.1: status "Maybe"',
    ]);
  });
});
