import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The ASVS 5.0 self-assessment (docs/security/): the standard's own list of requirements, the
 * assessment that judges each one, the checks that keep it honest, and the readable page made
 * from it (decision 0057).
 */

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const REQUIREMENTS_FILE = 'docs/security/asvs-5.0.0-requirements.csv';
export const ASSESSMENT_FILE = 'docs/security/asvs-5.0-l2.json';
export const PAGE_FILE = 'docs/security/asvs-5.0-l2.md';

export const STATUSES = ['met', 'not-applicable', 'not-met'] as const;
export type Status = (typeof STATUSES)[number];

/** One requirement of the standard, as OWASP exports it (the CSV of the 5.0.0 release). */
export interface Requirement {
  id: string;
  level: number;
  chapterId: string;
  chapterName: string;
  sectionId: string;
  sectionName: string;
  text: string;
}

export interface TestReference {
  /** Path from the repository root. */
  file: string;
  /** The title of an it()/test() in that file; "outer > inner" names a test inside a describe(). */
  title: string;
}

export interface AssessedRequirement {
  id: string;
  status: string;
  /** met: how the product meets it. */
  how?: string;
  tests?: TestReference[];
  /** not-applicable: why. */
  why?: string;
  /** not-met: the plan. */
  plan?: string;
}

export interface Assessment {
  standard: string;
  version: string;
  level: number;
  assessed: string;
  requirements: AssessedRequirement[];
}

/** RFC 4180 CSV: quoted fields may hold commas, line breaks and doubled quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Every requirement of the standard (all three levels), ids without the chapter's "V" ("4.4.2"). */
export function readRequirements(csv = readFileSync(path.join(REPO_ROOT, REQUIREMENTS_FILE), 'utf8')): Requirement[] {
  const [header, ...rows] = parseCsv(csv);
  const column = (name: string) => {
    const index = header?.indexOf(name) ?? -1;
    if (index < 0) throw new Error(`${REQUIREMENTS_FILE} has no column ${name}`);
    return index;
  };
  const at = {
    chapterId: column('chapter_id'),
    chapterName: column('chapter_name'),
    sectionId: column('section_id'),
    sectionName: column('section_name'),
    id: column('req_id'),
    text: column('req_description'),
    level: column('L'),
  };
  return rows
    .filter((row) => row.length > 1)
    .map((row) => ({
      id: (row[at.id] ?? '').replace(/^V/, ''),
      level: Number(row[at.level]),
      chapterId: row[at.chapterId] ?? '',
      chapterName: row[at.chapterName] ?? '',
      sectionId: (row[at.sectionId] ?? '').replace(/^V/, ''),
      sectionName: row[at.sectionName] ?? '',
      text: row[at.text] ?? '',
    }));
}

export function readAssessment(json = readFileSync(path.join(REPO_ROOT, ASSESSMENT_FILE), 'utf8')): Assessment {
  return JSON.parse(json) as Assessment;
}

/** Unescapes the body of a JavaScript string literal (the escapes test titles use). */
function unescapeLiteral(body: string): string {
  return body.replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|.)/g, (_, escape: string) => {
    if (escape.startsWith('u{')) return String.fromCodePoint(parseInt(escape.slice(2, -1), 16));
    if (escape.length > 1) return String.fromCodePoint(parseInt(escape.slice(1), 16));
    return ({ n: '\n', t: '\t', r: '\r' } as Record<string, string>)[escape] ?? escape;
  });
}

/** Modifiers of a call that still names a test or a group that runs (skip, todo and fixme do not). */
const RUNNING = new Set(['only', 'concurrent', 'sequential', 'describe', 'serial', 'parallel']);
/** Modifiers that take arguments of their own before the title: it.each([...])('title', ...). */
const WITH_ARGUMENTS = new Set(['each', 'skipIf', 'runIf', 'for']);

/** The index just past the parenthesis that closes the one at `open`, skipping strings and comments. */
function pastClosing(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    const c = source[i];
    if (c === "'" || c === '"' || c === '`') {
      for (i++; i < source.length && source[i] !== c; i++) if (source[i] === '\\') i++;
    } else if (c === '/' && source[i + 1] === '/')
      i = source.indexOf('\n', i) === -1 ? source.length : source.indexOf('\n', i);
    else if (c === '/' && source[i + 1] === '*') i = source.indexOf('*/', i + 2) + 1 || source.length;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return source.length;
}

const LITERAL = /^\s*(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`)/;

/**
 * The titles of a test file's describe(), it() and test() calls (also .each(...), .skipIf(...),
 * .only, .concurrent and Playwright's test.describe), in the order they appear. A skipped or
 * to-do test shows nothing, so .skip, .todo and .fixme titles do not count, nor do hooks and
 * steps. A template literal's title is taken as written, `${ROUNDS}` and all.
 */
export function testTitles(source: string): string[] {
  const titles: string[] = [];
  for (const call of source.matchAll(/\b(?:describe|it|test)((?:\.[A-Za-z]+)*)\(/g)) {
    const modifiers = (call[1] ?? '').split('.').filter(Boolean);
    const last = modifiers.at(-1);
    if (!modifiers.every((m) => RUNNING.has(m) || (m === last && WITH_ARGUMENTS.has(m)))) continue;
    let at = (call.index ?? 0) + call[0].length;
    if (last !== undefined && WITH_ARGUMENTS.has(last)) {
      at = pastClosing(source, at - 1);
      const next = /^\s*\(/.exec(source.slice(at));
      if (!next) continue;
      at += next[0].length;
    }
    const literal = LITERAL.exec(source.slice(at, at + 2000));
    if (literal) titles.push(unescapeLiteral(literal[1] ?? literal[2] ?? literal[3] ?? ''));
  }
  return titles;
}

/** Whether "a > b > c" names titles that appear in that order in the file (a describe() holding the test). */
export function hasTitle(titles: readonly string[], title: string): boolean {
  if (titles.includes(title)) return true;
  const parts = title.split(' > ');
  if (parts.length < 2) return false;
  let from = 0;
  for (const part of parts) {
    const at = titles.indexOf(part, from);
    if (at < 0) return false;
    from = at + 1;
  }
  return true;
}

export interface CheckSources {
  exists(file: string): boolean;
  read(file: string): string;
}

export const repositoryFiles: CheckSources = {
  exists: (file) => existsSync(path.join(REPO_ROOT, file)),
  read: (file) => readFileSync(path.join(REPO_ROOT, file), 'utf8'),
};

/** A test file, or a shared suite under test-support/ that test files run (the bad-input sweep). */
const TEST_FILE = /(\.(test|spec)\.tsx?|\/test-support\/[\w.-]+\.ts)$/;

/** What is wrong with the assessment; empty when it is whole and every "met" has its test. */
export function problemsOf(
  assessment: Assessment,
  requirements: readonly Requirement[],
  files: CheckSources = repositoryFiles,
): string[] {
  const problems: string[] = [];
  const inScope = new Map(requirements.filter((r) => r.level <= assessment.level).map((r) => [r.id, r]));
  const seen = new Set<string>();
  const titlesOf = new Map<string, string[]>();
  for (const entry of assessment.requirements) {
    const { id } = entry;
    if (!inScope.has(id)) problems.push(`${id}: not a level 1 or 2 requirement of ASVS ${assessment.version}`);
    if (seen.has(id)) problems.push(`${id}: assessed twice`);
    seen.add(id);
    if (!(STATUSES as readonly string[]).includes(entry.status)) {
      problems.push(`${id}: status "${entry.status}" is none of ${STATUSES.join(', ')}`);
      continue;
    }
    const status = entry.status as Status;
    if (status === 'met') {
      if (!entry.how?.trim()) problems.push(`${id}: met, but says not how`);
      if (!entry.tests?.length) problems.push(`${id}: met, but names no test`);
      for (const { file, title } of entry.tests ?? []) {
        if (!TEST_FILE.test(file)) problems.push(`${id}: ${file} is not a test file`);
        else if (!files.exists(file)) problems.push(`${id}: test file ${file} does not exist`);
        else {
          let titles = titlesOf.get(file);
          if (!titles) titlesOf.set(file, (titles = testTitles(files.read(file))));
          if (!hasTitle(titles, title)) problems.push(`${id}: ${file} has no test titled "${title}"`);
        }
      }
    } else if (status === 'not-applicable' && !entry.why?.trim())
      problems.push(`${id}: not applicable, but says not why`);
    else if (status === 'not-met' && !entry.plan?.trim()) problems.push(`${id}: not met, but gives no plan`);
  }
  for (const id of inScope.keys()) if (!seen.has(id)) problems.push(`${id}: not assessed`);
  return problems;
}

const STATUS_LABEL: Record<Status, string> = {
  met: 'Met',
  'not-applicable': 'Not applicable',
  'not-met': 'Not met',
};

/** The first sentence of a requirement, enough to recognise it in a table (the CSV has it whole). */
function shortText(text: string): string {
  const first = (/^(.*?\.)(\s|$)/.exec(text)?.[1] ?? text).replace(/^Verify that /, '');
  return first.charAt(0).toUpperCase() + first.slice(1);
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}

/** The readable page, made from the assessment and the standard's list (checked equal to docs/security/asvs-5.0-l2.md). */
export function renderPage(assessment: Assessment, requirements: readonly Requirement[]): string {
  const byId = new Map(assessment.requirements.map((entry) => [entry.id, entry]));
  const inScope = requirements.filter((r) => r.level <= assessment.level);
  const count = (status: Status) => assessment.requirements.filter((entry) => entry.status === status).length;
  const lines: string[] = [
    `# OWASP ASVS ${assessment.version} level ${assessment.level}: self-assessment`,
    '',
    '<!-- Made from asvs-5.0-l2.json by apps/server/src/security-assessment.test.ts; edit the JSON, not this page. -->',
    '',
    `Assessed on ${assessment.assessed} against the [OWASP Application Security Verification Standard ${assessment.version}](https://github.com/OWASP/ASVS/tree/master/5.0) (May 2025),`,
    `every level 1 and level 2 requirement (${inScope.length} of the standard's ${requirements.length}), on the product as the`,
    'repository holds it at that date.',
    '',
    '| Status | Requirements |',
    '| --- | --- |',
    ...STATUSES.map((status) => `| ${STATUS_LABEL[status]} | ${count(status)} |`),
    `| All | ${assessment.requirements.length} |`,
    '',
    'By chapter:',
    '',
    '| Chapter | Met | Not applicable | Not met |',
    '| --- | --- | --- | --- |',
    ...[...new Set(inScope.map((r) => r.chapterId))].map((chapterId) => {
      const ids = new Set(inScope.filter((r) => r.chapterId === chapterId).map((r) => r.id));
      const name = inScope.find((r) => r.chapterId === chapterId)?.chapterName ?? '';
      const inChapter = (status: Status) =>
        assessment.requirements.filter((entry) => ids.has(entry.id) && entry.status === status).length;
      return `| ${chapterId} ${name} | ${STATUSES.map(inChapter).join(' | ')} |`;
    }),
    '',
    '**Met** names the test in the suite that shows it (file and test title); a test',
    '(`apps/server/src/security-assessment.test.ts`, part of `npm test`) fails when a requirement marked',
    'met loses its test, names a file or title that is not there, when an id is not a level 1 or 2 id of',
    'the standard or is assessed twice, or when this page is not the one the JSON makes.',
    '**Not applicable** says why the product has nothing the requirement is about; **Not met** gives the plan.',
    '',
    '## How to update it',
    '',
    "1. Edit [`asvs-5.0-l2.json`](asvs-5.0-l2.json): the requirement's `status`, and `how` with `tests`",
    '   (`file` from the repository root, `title` as the `it()`/`test()` names it; `"outer > inner"` for a',
    '   test inside a `describe()`), or `why`, or `plan`. Change `assessed` to the day of the review.',
    '2. Make this page again and check both:',
    '   `UPDATE_ASVS_PAGE=1 npx vitest run --project server apps/server/src/security-assessment.test.ts`',
    '   (without the variable the test only compares).',
    '3. When OWASP publishes a new version, replace [`asvs-5.0.0-requirements.csv`](asvs-5.0.0-requirements.csv)',
    '   with its CSV export; the test then names every requirement that is new or gone.',
    '',
    'What the server connects to, its secrets and its cryptography: [inventory.md](inventory.md).',
    '',
    'The requirement texts below are shortened to their first sentence; the CSV holds them whole',
    '(OWASP ASVS, CC BY-SA 4.0). Decision: [0057](../decisions/0057-asvs-self-assessment.md).',
  ];
  const chapters = [...new Set(inScope.map((r) => r.chapterId))];
  for (const chapterId of chapters) {
    const rows = inScope.filter((r) => r.chapterId === chapterId);
    lines.push('', `## ${chapterId} ${rows[0]?.chapterName ?? ''}`, '');
    lines.push('| Id | L | Requirement | Status | Evidence |', '| --- | --- | --- | --- | --- |');
    for (const r of rows) {
      const entry = byId.get(r.id);
      const status =
        entry && (STATUSES as readonly string[]).includes(entry.status) ? (entry.status as Status) : undefined;
      let evidence = '';
      if (entry && status === 'met') {
        const tests = (entry.tests ?? []).map((t) => `\`${t.file}\`: "${t.title}"`).join('; ');
        evidence = `${entry.how ?? ''} Test: ${tests}`;
      } else if (entry && status === 'not-applicable') evidence = entry.why ?? '';
      else if (entry && status === 'not-met') evidence = `Plan: ${entry.plan ?? ''}`;
      lines.push(
        `| ${r.id} | ${r.level} | ${cell(shortText(r.text))} | ${status ? STATUS_LABEL[status] : 'Not assessed'} | ${cell(evidence)} |`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
