import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

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

// ---------- the strict reading: which it()/test() a title names, and whether it runs ----------

/** One it()/test() of a test file, as the assessment's check reads it (TypeScript's own parser). */
export interface DeclaredTest {
  /**
   * The titles of the describe() calls around it, outermost first, and its own last; null where a
   * title is not written as a literal (a variable, a call). Titles are as written: `%s` of an
   * .each, `${ROUNDS}` of a template literal.
   */
  path: (string | null)[];
  /** Why it does not run in every pass of the suite (it.skip, inside a describe.skip, it.todo, ...); absent when it runs. */
  skipped?: string;
  /** Its line in the file, from 1. */
  line: number;
}

/** Modifiers after describe/it/test that still declare a test or a group that runs. */
const DECLARING = new Set(['only', 'concurrent', 'sequential', 'describe', 'serial', 'parallel', 'each', 'for']);
/** Modifiers that declare a test or a group that does not run, or may not (each with its reason). */
const NOT_RUNNING = new Set(['skip', 'todo', 'fixme', 'fails', 'fail', 'skipIf', 'runIf']);
/** Playwright's test.skip(condition), test.fixme() and test.fail() inside a test or a group. */
const SKIPS_AS_IT_RUNS = new Set(['skip', 'fixme', 'fail']);
/** The modifiers called with arguments of their own before the title: it.each([...])('title', ...). */
const CALLED_FIRST = new Set(['each', 'for', 'skipIf', 'runIf']);

/** describe/it/test and the names after them (`test.describe.serial` is ['test', 'describe', 'serial']), else null. */
function chainOf(node: ts.Node): string[] | null {
  if (ts.isIdentifier(node)) return ['describe', 'it', 'test'].includes(node.text) ? [node.text] : null;
  if (!ts.isPropertyAccessExpression(node)) return null;
  const left = chainOf(node.expression);
  return left && [...left, node.name.text];
}

function isTitleLiteral(node: ts.Node | undefined): boolean {
  return (
    !!node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node))
  );
}

/** A title as written; a template literal's `${...}` stays as it is (the title cannot be known before it runs). */
function titleOf(node: ts.Node | undefined): string | null {
  if (!node) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return unescapeLiteral(node.getText().slice(1, -1));
  return null;
}

/**
 * Whether a skipIf/runIf condition only says which database the pass runs on: `.ci/run` runs the
 * server's tests once on SQLite (`npm test`) and once with TEST_DATABASE_URL set, so a test
 * skipped in one of the passes runs in the other, as the PostgreSQL-only files of vitest.config.ts
 * do. Names given to it by a `const` of the file are followed (`const ADMIN_URL = process.env.TEST_DATABASE_URL`).
 */
function onlyChoosesTheDatabase(condition: ts.Expression | undefined, constants: Map<string, ts.Expression>): boolean {
  let node: ts.Expression | undefined = condition;
  for (let hops = 0; node && hops < 10; hops++) {
    if (ts.isParenthesizedExpression(node)) node = node.expression;
    else if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.ExclamationToken) node = node.operand;
    else if (ts.isCallExpression(node) && node.expression.getText() === 'Boolean' && node.arguments.length === 1)
      node = node.arguments[0];
    else if (ts.isIdentifier(node) && constants.has(node.text)) node = constants.get(node.text);
    else return node.getText().replace(/\s+/g, '') === 'process.env.TEST_DATABASE_URL';
  }
  return false;
}

interface Scope {
  title: string | null;
  skipped?: string;
  only: boolean;
  parent?: Scope;
  line: number;
}

/**
 * Every it()/test() of a test file (vitest's, and Playwright's test()), with the describe() calls
 * around it and whether it runs: a test does not when it or a describe() around it is .skip,
 * .todo, .fixme or .fails, when a skipIf/runIf may skip it (unless its condition only chooses the
 * database of the pass), when it calls skip() as it runs or Playwright's test.skip()/test.fixme()
 * skips it or its group, or when another test of the file is .only. Comments and strings are no
 * calls: TypeScript's parser reads the file.
 */
export function declaredTests(source: string, fileName = 'a.test.ts'): DeclaredTest[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const constants = new Map<string, ts.Expression>();
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const d of statement.declarationList.declarations)
      if (ts.isIdentifier(d.name) && d.initializer) constants.set(d.name.text, d.initializer);
  }
  const lineOf = (node: ts.Node) => file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
  const root: Scope = { title: null, only: false, line: 0 };
  const tests: Scope[] = [];
  let anyOnly = false;

  const visit = (node: ts.Node, scope: Scope, test: Scope | undefined): void => {
    if (ts.isCallExpression(node)) {
      const { expression: callee } = node;
      const first = ts.isCallExpression(callee) ? callee : ts.isTaggedTemplateExpression(callee) ? callee : null;
      const chain = chainOf(first ? (ts.isCallExpression(first) ? first.expression : first.tag) : callee);
      const modifiers = chain?.slice(1) ?? [];
      const last = modifiers.at(-1);
      const declares =
        chain !== null &&
        modifiers.every((m) => DECLARING.has(m) || NOT_RUNNING.has(m)) &&
        (first ? last !== undefined && CALLED_FIRST.has(last) : last === undefined || !CALLED_FIRST.has(last));
      if (chain && declares) {
        const name = chain.join('.');
        const [titleNode, ...rest] = node.arguments;
        // Playwright's test.skip(), test.skip(condition, reason), test.fixme() inside a test or a
        // group: it skips that test, that group or the whole file.
        const hasBody = rest.some((a) => ts.isArrowFunction(a) || ts.isFunctionExpression(a));
        if (!first && !hasBody && !isTitleLiteral(titleNode) && modifiers.some((m) => SKIPS_AS_IT_RUNS.has(m))) {
          (test ?? scope).skipped ??= `calls ${name}()`;
          return;
        }
        const only = modifiers.includes('only');
        anyOnly ||= only;
        let skipped: string | undefined;
        const refusing = modifiers.find((m) => NOT_RUNNING.has(m));
        if (refusing === 'skipIf' || refusing === 'runIf') {
          const condition = first && ts.isCallExpression(first) ? first.arguments[0] : undefined;
          if (!onlyChoosesTheDatabase(condition, constants))
            skipped = `${name}(${condition?.getText(file) ?? ''}) may skip it`;
        } else if (refusing) skipped = name;
        const declared: Scope = { title: titleOf(titleNode), skipped, only, parent: scope, line: lineOf(node) };
        const isGroup = chain[0] === 'describe' || modifiers.includes('describe');
        if (!isGroup) tests.push(declared);
        for (const argument of rest) visit(argument, isGroup ? declared : scope, isGroup ? undefined : declared);
        return;
      }
      // vitest's context.skip() (or a destructured skip()) while the test runs.
      const skipCall =
        (ts.isIdentifier(callee) && callee.text === 'skip') ||
        (ts.isPropertyAccessExpression(callee) && callee.name.text === 'skip' && !chainOf(callee));
      if (test && skipCall) test.skipped ??= `calls ${callee.getText(file)}() as it runs`;
    }
    ts.forEachChild(node, (child) => visit(child, scope, test));
  };
  visit(file, root, undefined);

  return tests.map((test) => {
    const path: (string | null)[] = [];
    let skipped: string | undefined;
    let only = false;
    for (let at: Scope | undefined = test; at && at !== root; at = at.parent) {
      path.unshift(at.title);
      only ||= at.only;
      if (!skipped && at.skipped)
        skipped = at === test ? at.skipped : `its describe() "${at.title ?? ''}": ${at.skipped}`;
    }
    if (!skipped && root.skipped) skipped = `the file ${root.skipped}`;
    if (!skipped && anyOnly && !only) skipped = 'another test of the file is .only';
    return { path, line: test.line, ...(skipped ? { skipped } : {}) };
  });
}

/**
 * The tests a title names: "inner" or "outer > inner" (the describe() titles around it, as many
 * of the outer ones as needed), compared with a test's whole path, so a title holding " > " is
 * still one title.
 */
export function testsTitled(tests: readonly DeclaredTest[], title: string): DeclaredTest[] {
  return tests.filter(({ path }) => {
    if (path.at(-1) === null) return false;
    const whole = path.map((part) => part ?? '\u0000').join(' > ');
    return whole === title || whole.endsWith(` > ${title}`);
  });
}

/**
 * The runs of the suite and the files each takes: vitest.config.ts's projects (server and
 * server-isolated share the server's files; those it leaves to PostgreSQL run in .ci/run's second
 * pass, with TEST_DATABASE_URL), apps/web/vitest.config.ts, and Playwright's browser specs
 * (apps/web/playwright.config.ts). The assessment's own test compares them with those files.
 */
export const SUITE_RUNS: readonly { run: string; files: string }[] = [
  { run: 'shared', files: 'packages/shared/test/**/*.test.ts' },
  { run: 'server', files: 'apps/server/src/**/*.test.ts' },
  { run: 'web', files: 'apps/web/src/**/*.test.{ts,tsx}' },
  { run: 'deploy', files: 'deploy/test/**/*.test.ts' },
  { run: 'browser', files: 'apps/web/e2e/**/*.spec.ts' },
];

/** A shared suite of the server's tests: a file under test-support/ that test files call (the bad-input sweep). */
const SHARED_SUITE = /^apps\/server\/src\/test-support\/[\w.-]+\.ts$/;

/** The run of the suite that takes a test file, if one does. */
export function runOf(file: string): string | undefined {
  return SUITE_RUNS.find(({ files }) => path.posix.matchesGlob(file, files))?.run;
}

export interface CheckSources {
  exists(file: string): boolean;
  read(file: string): string;
  /** The test files that import a shared suite under test-support/; without it, a shared suite is taken as called. */
  callersOf?(file: string): string[];
}

/** The server's test files, from the repository root. */
function serverTestFiles(): string[] {
  const src = path.join(REPO_ROOT, 'apps/server/src');
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => path.posix.join('apps/server/src', file.split(path.sep).join('/')));
}

export const repositoryFiles: CheckSources = {
  exists: (file) => existsSync(path.join(REPO_ROOT, file)),
  read: (file) => readFileSync(path.join(REPO_ROOT, file), 'utf8'),
  callersOf: (file) =>
    serverTestFiles().filter((caller) =>
      ts
        .preProcessFile(readFileSync(path.join(REPO_ROOT, caller), 'utf8'), true, true)
        .importedFiles.some(
          ({ fileName }) =>
            fileName.startsWith('.') && path.posix.join(path.posix.dirname(caller), `${fileName}.ts`) === file,
        ),
    ),
};

/** A test file, or a shared suite under test-support/ that test files run (the bad-input sweep). */
const TEST_FILE = /(\.(test|spec)\.tsx?|\/test-support\/[\w.-]+\.ts)$/;

/** The tests of a file a "met" names, or why it cannot show anything: not a test file, not there, in no run. */
function testsInFile(file: string, files: CheckSources): DeclaredTest[] | string {
  if (!TEST_FILE.test(file)) return `${file} is not a test file`;
  if (!files.exists(file)) return `test file ${file} does not exist`;
  if (SHARED_SUITE.test(file)) {
    if (files.callersOf?.(file).length === 0) return `no test file calls the shared suite ${file}`;
  } else if (!runOf(file))
    return `${file} is in no run of the suite (vitest.config.ts, apps/web/vitest.config.ts, apps/web/playwright.config.ts)`;
  return declaredTests(files.read(file), file);
}

/** What is wrong with a "met"'s test: none, several or a skipped one of that title. */
function referenceProblem(file: string, title: string, tests: readonly DeclaredTest[]): string | undefined {
  const found = testsTitled(tests, title);
  const [only] = found;
  if (!only) return `${file} has no test titled "${title}"`;
  if (found.length > 1)
    return `${file} has ${found.length} tests titled "${title}" (lines ${found.map((t) => t.line).join(', ')}): name one with its describe(), "outer > inner"`;
  if (only.skipped) return `${file}: "${title}" does not run (${only.skipped})`;
  return undefined;
}

/**
 * What is wrong with the assessment; empty when it is whole and every "met" names tests that are
 * there and run: each title names exactly one it()/test() of a file a run of the suite takes, and
 * neither it nor a describe() around it is skipped (decision 0095).
 */
export function problemsOf(
  assessment: Assessment,
  requirements: readonly Requirement[],
  files: CheckSources = repositoryFiles,
): string[] {
  const problems: string[] = [];
  const inScope = new Map(requirements.filter((r) => r.level <= assessment.level).map((r) => [r.id, r]));
  const seen = new Set<string>();
  const testsOf = new Map<string, DeclaredTest[] | string>();
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
        let tests = testsOf.get(file);
        if (tests === undefined) testsOf.set(file, (tests = testsInFile(file, files)));
        const problem = typeof tests === 'string' ? tests : referenceProblem(file, title, tests);
        if (problem) problems.push(`${id}: ${problem}`);
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
    '**Met** names the tests in the suite that show it (file and test title); a test',
    '(`apps/server/src/security-assessment.test.ts`, part of `npm test`) fails when a requirement marked',
    'met loses its test, names a file or title that is not there, a title that fits more than one test,',
    'or a test that does not run (`.skip`, `.todo`, `.fixme`, in a skipped `describe()`, behind a',
    '`skipIf` that may skip it, or in a file no run of the suite takes), when an id is not a level 1 or 2',
    'id of the standard or is assessed twice, or when this page is not the one the JSON makes.',
    '**Not applicable** says why the product has nothing the requirement is about; **Not met** gives the plan.',
    '',
    '## How to update it',
    '',
    "1. Edit [`asvs-5.0-l2.json`](asvs-5.0-l2.json): the requirement's `status`, and `how` with `tests`",
    '   (`file` from the repository root, `title` as the `it()`/`test()` names it; `"outer > inner"` for a',
    '   test inside a `describe()`, as many of the outer titles as it takes to name one test), or `why`,',
    '   or `plan`. Change `assessed` to the day of the review.',
    '2. Make this page again and check both:',
    '   `UPDATE_ASVS_PAGE=1 npx vitest run --project "server*" apps/server/src/security-assessment.test.ts`',
    '   (without the variable the test only compares).',
    '3. When OWASP publishes a new version, replace [`asvs-5.0.0-requirements.csv`](asvs-5.0.0-requirements.csv)',
    '   with its CSV export; the test then names every requirement that is new or gone.',
    '',
    'What the server connects to, its secrets and its cryptography: [inventory.md](inventory.md).',
    '',
    'The requirement texts below are shortened to their first sentence; the CSV holds them whole',
    '(OWASP ASVS, CC BY-SA 4.0). Decisions: [0057](../decisions/0057-asvs-self-assessment.md),',
    '[0095](../decisions/0095-claims-proven.md).',
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
