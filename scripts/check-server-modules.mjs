#!/usr/bin/env node
// The server's modules are boundaries (docs/decisions/0045-one-core.md). This check, part of
// `npm run lint` and so of `npm test`, fails when
//   - two modules (apps/server/src/modules/<name>/) depend on each other in a circle, however long,
//   - a module reaches into another's repository (its SQL is its own),
//   - there are more module-to-module dependencies than MAX_EDGES.
// A dependency is any import, type-only ones too: a service declares the services it needs by
// their types. Tests and test helpers are left out: they may reach anything. Circles between
// single files are scripts/check-import-cycles.mjs's. The imports are read by TypeScript's own
// pre-processor, so comments and strings never count.
// `node scripts/check-server-modules.mjs --graph` prints the module graph.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MODULES = path.join(root, 'apps/server/src/modules');
/**
 * At most this many module-to-module dependencies (issue 29 brought them down from 50 to 25). The
 * pickup screens and issue 31 added four (display -> sites, display -> orders, live -> sites,
 * account -> audit); folding three parts into the module they belong to took four away again: Web
 * Push is one of the notification channels (notifications), single sign-on one way to sign in
 * (auth), and the shop status one part of a site's state, kept on its row (sites). Standing orders
 * (issue 32) added five: a standing order is placed through the orders' one placement decision
 * (standing -> orders), as its owner (standing -> users), at its site on the site's clock
 * (standing -> sites), skipped on the site's closed days (standing -> schedule), and names and checks
 * its drink (standing -> menu). What follows a failure (the outbox) and a person leaving or a site
 * archived reach it by domain events instead. The ordering door (issue 45) took the decision out of
 * the orders and standing modules: ordering asks the site, the item, its options and slot, the
 * person and the tumbler photo, and has the orders module save (seven); standing asks only the
 * door, the person and the site (three instead of five), and orders no longer names the menu or the
 * photos (two fewer): 33. A password may not be made of a site's name (ASVS 6.2.11, issue 61), and
 * sites are made at runtime, so the password policy reads them (auth -> sites): 34. One
 * conversation for every chat (issue 63, decision 0107): each chat adapter (Slack, LINE, Teams,
 * Google Chat) asks the chat module's conversation for every step a person takes (before, each
 * composed the steps itself from the door, the orders and the people, through ports unseen here): 38.
 */
const MAX_EDGES = 38;

const isSource = (name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts');
const moduleOf = (file) => {
  const relative = path.relative(MODULES, file);
  return relative.startsWith('..') ? null : relative.split(path.sep)[0];
};

/** Each module's source files. */
const files = readdirSync(MODULES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((entry) =>
    readdirSync(path.join(MODULES, entry.name), { recursive: true })
      .filter((name) => isSource(String(name)))
      .map((name) => path.join(MODULES, entry.name, String(name))),
  );

/** Module-to-module dependencies, each with the first import that makes it. */
const edges = new Map();
const problems = [];
for (const file of files) {
  const from = moduleOf(file);
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  for (const { fileName } of importedFiles) {
    if (!fileName.startsWith('.')) continue;
    const target = path.resolve(path.dirname(file), fileName);
    const to = moduleOf(target);
    if (!to || to === from) continue;
    const where = `${path.relative(root, file)} imports ${fileName}`;
    if (/\.repository$/.test(target))
      problems.push(`foreign repository: ${where} (a module's SQL is its own: ask its service)`);
    const key = `${from} -> ${to}`;
    if (!edges.has(key)) edges.set(key, { from, to, where });
  }
}

// Circles between modules: a depth-first walk that meets a module still on its path.
const next = new Map();
for (const { from, to } of edges.values()) next.set(from, [...(next.get(from) ?? []), to]);
const state = new Map();
function walk(name, trail) {
  state.set(name, 'open');
  for (const to of next.get(name) ?? []) {
    if (state.get(to) === 'open') {
      const cycle = [...trail.slice(trail.indexOf(to)), to];
      const steps = cycle.slice(1).map((step, i) => edges.get(`${cycle[i]} -> ${step}`).where);
      problems.push(`module cycle: ${cycle.join(' -> ')}\n    ${steps.join('\n    ')}`);
    } else if (!state.has(to)) walk(to, [...trail, to]);
  }
  state.set(name, 'done');
}
for (const name of [...next.keys()].sort()) if (!state.has(name)) walk(name, [name]);
if (edges.size > MAX_EDGES) {
  problems.push(
    `${edges.size} module-to-module dependencies, more than ${MAX_EDGES}: depend on less, or follow an event`,
  );
}

if (process.argv.includes('--graph')) for (const key of [...edges.keys()].sort()) console.log(key);
if (problems.length > 0) {
  console.error(`Server module boundaries: ${problems.length} problem(s)\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log(`Server module boundaries: ${edges.size} module-to-module dependencies (at most ${MAX_EDGES}), no cycle.`);
