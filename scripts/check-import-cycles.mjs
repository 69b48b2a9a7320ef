#!/usr/bin/env node
// No two source files import each other in a circle, however long: in the server
// (apps/server/src), the web app (apps/web/src, `@/` is its src folder) and the shared package.
// Part of `npm run lint`, and so of `npm test`. The rule is import-x/no-cycle's, as ESLint ran it
// before (decision 0120): an import counts unless it brings in types only (`import type`, or every
// name marked `type`), a re-export (`export ... from`) and a dynamic `import()` count too. Each
// file is read once with TypeScript's parser and the graph is walked once (Tarjan's strongly
// connected components), where the ESLint rule walked the graph again from every import of every
// file: 27 % of the server's lint.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Each tree, with the folder an `@/` import names (the web app's alias), if it has one. */
const TREES = [
  { dir: 'apps/server/src', alias: null },
  { dir: 'apps/web/src', alias: 'apps/web/src' },
  { dir: 'packages/shared/src', alias: null },
];
const SOURCE = /\.(ts|tsx|mts)$/;

const isFile = (file) => {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

/** The file an import names, or null for a package (and for anything outside the trees). */
function resolve(from, specifier, alias) {
  let base;
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else if (alias && specifier.startsWith('@/')) base = path.join(root, alias, specifier.slice(2));
  else return null;
  const stem = base.replace(/\.(js|mjs|jsx)$/, '');
  const candidates = [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.mts`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ];
  return candidates.find((file) => SOURCE.test(file) && isFile(file)) ?? null;
}

/** The imports of a file that bring in values: [specifier, line][]. */
function valueImports(file) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found = [];
  const add = (node, specifier) =>
    found.push([specifier.text, source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1]);
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typesOnly =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          clause.namedBindings &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((element) => element.isTypeOnly));
      if (!typesOnly) add(node, node.moduleSpecifier);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly) add(node, node.moduleSpecifier);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const expression = node.moduleReference.expression;
      if (!node.isTypeOnly && ts.isStringLiteral(expression)) add(node, expression);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      add(node, node.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The graph: file -> [{ to, line }]. */
const graph = new Map();
for (const { dir, alias } of TREES) {
  const files = readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => SOURCE.test(name) && !name.endsWith('.d.ts'))
    .map((name) => path.join(root, dir, name));
  for (const file of files) {
    const edges = [];
    for (const [specifier, line] of valueImports(file)) {
      const to = resolve(file, specifier, alias);
      if (to && to !== file) edges.push({ to, line });
    }
    graph.set(file, edges);
  }
}

// Tarjan's strongly connected components; every component of more than one file is a circle.
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const circles = [];
let counter = 0;
function connect(file) {
  index.set(file, counter);
  low.set(file, counter);
  counter += 1;
  stack.push(file);
  onStack.add(file);
  for (const { to } of graph.get(file) ?? []) {
    if (!graph.has(to)) continue;
    if (!index.has(to)) {
      connect(to);
      low.set(file, Math.min(low.get(file), low.get(to)));
    } else if (onStack.has(to)) low.set(file, Math.min(low.get(file), index.get(to)));
  }
  if (low.get(file) !== index.get(file)) return;
  const component = [];
  let member;
  do {
    member = stack.pop();
    onStack.delete(member);
    component.push(member);
  } while (member !== file);
  if (component.length > 1) circles.push(component);
}
for (const file of graph.keys()) if (!index.has(file)) connect(file);

/** One circle through a component, as its imports: a walk from its first file back to it. */
function oneCircle(component) {
  const members = new Set(component);
  const start = [...component].sort()[0];
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const { to, line } of graph.get(file)) {
      if (!members.has(to)) continue;
      if (to === start) {
        const steps = [`${path.relative(root, file)}:${line} imports ${path.relative(root, to)}`];
        for (let at = file; previous.get(at); at = previous.get(at).from) {
          const { from, line: fromLine } = previous.get(at);
          steps.unshift(`${path.relative(root, from)}:${fromLine} imports ${path.relative(root, at)}`);
        }
        return steps;
      }
      if (!previous.has(to)) {
        previous.set(to, { from: file, line });
        queue.push(to);
      }
    }
  }
  return component.map((file) => path.relative(root, file));
}

if (circles.length > 0) {
  console.error(`Import circles: ${circles.length}`);
  for (const component of circles) {
    console.error(
      `- ${component.length} files import each other in a circle:\n    ${oneCircle(component).join('\n    ')}`,
    );
  }
  process.exit(1);
}
console.log(`Import circles: none among ${graph.size} files.`);
