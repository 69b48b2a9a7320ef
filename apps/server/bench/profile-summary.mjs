// A server's CPU profile in the terms of the sources: `node apps/server/bench/profile-summary.mjs
// <file.cpuprofile> [--functions] [--inclusive <regex> ...]`. The bundle's frames are mapped to the
// TypeScript they came from through its source maps (apps/server/dist/*.js.map), so each line is a
// package (node_modules), an app file, Node's own internals, or V8's (garbage collector, native).
// - by default: self time of each, as a share of the busy time (idle left out);
// - --functions: the same by function;
// - --inclusive: the time of the samples with a frame matching each pattern anywhere on their
//   stack (synchronous callers only: what an `await` resumes has lost its caller).
// A native call is counted whole, including the time the process waited for a core inside it:
// `writev` on a busy machine is mostly the receiver woken on the same cores (docs/performance.md).
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

const [file, ...rest] = process.argv.slice(2);
if (!file) {
  console.error('usage: profile-summary.mjs <file.cpuprofile> [--functions] [--inclusive <regex> ...]');
  process.exit(2);
}
const byFunction = rest.includes('--functions');
const inclusive = rest.includes('--inclusive') ? rest.slice(rest.indexOf('--inclusive') + 1) : [];
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parentOf = new Map();
for (const n of profile.nodes) for (const child of n.children ?? []) parentOf.set(child, n.id);

const maps = new Map();
/** Where a frame's code came from: `package`, `apps/.../file.ts:line`, or Node's or V8's own. */
function sourceOf({ url, functionName, lineNumber, columnNumber }) {
  if (!url) return { group: functionName.startsWith('(') ? functionName : `native ${functionName}`, at: '' };
  if (url.startsWith('node:')) return { group: 'node internals', at: url };
  if (!maps.has(url)) {
    const path = url.startsWith('file://') ? fileURLToPath(url) : url;
    maps.set(url, existsSync(`${path}.map`) ? new SourceMap(JSON.parse(readFileSync(`${path}.map`, 'utf8'))) : null);
  }
  const entry = maps.get(url)?.findEntry(lineNumber, columnNumber);
  const source = entry?.originalSource ? `${entry.originalSource}:${entry.originalLine + 1}` : url;
  const inPackage = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(source);
  if (inPackage) return { group: inPackage[1], at: inPackage[1] };
  const own = source.replace(/^.*?((apps|packages)\/)/, '$1');
  return { group: own.replace(/:\d+$/, ''), at: own };
}
const labels = new Map();
function label(id) {
  if (!labels.has(id)) {
    const frame = nodes.get(id).callFrame;
    const { group, at } = sourceOf(frame);
    labels.set(id, { group, fn: at ? `${at} ${frame.functionName || '(anonymous)'}` : group });
  }
  return labels.get(id);
}

let busy = 0;
let total = 0;
const self = new Map();
const matched = new Map(inclusive.map((pattern) => [pattern, 0]));
const patterns = inclusive.map((pattern) => [pattern, new RegExp(pattern)]);
profile.samples.forEach((id, i) => {
  const us = profile.timeDeltas[i] ?? 0;
  total += us;
  if (nodes.get(id).callFrame.functionName === '(idle)') return;
  busy += us;
  const { group, fn } = label(id);
  const key = byFunction ? fn : group;
  self.set(key, (self.get(key) ?? 0) + us);
  if (!patterns.length) return;
  const stack = [];
  for (let at = id; at !== undefined; at = parentOf.get(at)) stack.push(label(at).fn);
  for (const [pattern, re] of patterns)
    if (stack.some((f) => re.test(f))) matched.set(pattern, matched.get(pattern) + us);
});

const share = (us) => `${((100 * us) / busy).toFixed(2).padStart(6)} %`;
console.log(`${file}: ${(total / 1e6).toFixed(1)} s recorded, busy ${(busy / 1e6).toFixed(1)} s`);
if (patterns.length) for (const [pattern, us] of matched) console.log(`${share(us)}  ${pattern} (inclusive)`);
else
  [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, byFunction ? 60 : 40)
    .forEach(([key, us]) => console.log(`${share(us)}  ${key}`));
