#!/usr/bin/env node
// The software bill of materials of what the production image runs: a CycloneDX JSON document
// listing the server's runtime packages (apps/server's dependencies, with those of the shared
// contract it bundles, and theirs), each with its version, licence, package URL and integrity hash.
//
//   npm run sbom                          -> sbom.cdx.json
//   npm run sbom -- --out /app/sbom.cdx.json
//
// npm writes the document (`npm sbom --sbom-format cyclonedx`); this script only chooses which of
// the installed packages belong in it. `npm sbom --omit dev` cannot: it drops every package that a
// development tool also uses (zod, reached from ESLint's React plugin, among them), so the runtime
// set is read from package-lock.json instead, following the dependencies the way Node.js resolves
// them. The Dockerfile runs this during the build and keeps the document in the image
// (docs/decisions/0083-supply-chain-and-image.md).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The workspace whose runtime is the image's, and the workspace it bundles. */
const SERVER = 'apps/server';
const BUNDLED_WORKSPACES = ['packages/shared'];

/**
 * @typedef {{ name?: string, version?: string, link?: boolean, resolved?: string,
 *   dependencies?: Record<string, string>, optionalDependencies?: Record<string, string>,
 *   peerDependencies?: Record<string, string>,
 *   peerDependenciesMeta?: Record<string, { optional?: boolean }> }} LockEntry
 */

/**
 * Where Node.js finds `name` when required from the package at `from` (a package-lock.json key):
 * its own node_modules, then each enclosing one up to the root's.
 * @param {Record<string, LockEntry>} packages
 * @param {string} from
 * @param {string} name
 */
function resolveFrom(packages, from, name) {
  let base = from;
  for (;;) {
    const key = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[key]) return key;
    if (!base) return null;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut >= 0 ? base.slice(0, cut) : '';
  }
}

/**
 * The package-lock.json keys of every package the server needs at run time: its dependencies,
 * optional dependencies and required peers, transitively, through the workspaces it links.
 * @param {{ packages: Record<string, LockEntry> }} lock
 * @returns {Set<string>}
 */
export function runtimePackageKeys(lock) {
  const { packages } = lock;
  const found = new Set();
  const queue = [SERVER, ...BUNDLED_WORKSPACES];
  while (queue.length > 0) {
    const key = /** @type {string} */ (queue.pop());
    if (found.has(key)) continue;
    found.add(key);
    const entry = packages[key];
    if (!entry) throw new Error(`package-lock.json has no entry ${key}`);
    const optionalPeers = entry.peerDependenciesMeta ?? {};
    const names = [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.optionalDependencies ?? {}),
      ...Object.keys(entry.peerDependencies ?? {}).filter((peer) => !optionalPeers[peer]?.optional),
    ];
    for (const name of names) {
      let target = resolveFrom(packages, key, name);
      // An optional dependency for another platform may be absent from the lock; a required one may not.
      if (!target) {
        if (entry.optionalDependencies?.[name] !== undefined) continue;
        throw new Error(`package-lock.json does not resolve ${name}, needed by ${key || 'the root'}`);
      }
      const linked = packages[target];
      if (linked?.link && linked.resolved) target = linked.resolved;
      queue.push(target);
    }
  }
  return found;
}

/** The name a package-lock.json key installs (node_modules/a/node_modules/@s/b -> @s/b). */
const nameOf = (/** @type {string} */ key, /** @type {LockEntry} */ entry) =>
  entry.name ?? key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);

/**
 * The CycloneDX document of the server's runtime, from npm's document of the two workspaces'
 * installed trees: the components and dependency edges outside the runtime set are left out, and
 * the document describes the application.
 * @param {string} root the repository
 */
export function makeSbom(root = ROOT) {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const app = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const keys = [...runtimePackageKeys(lock)].filter((key) => key.includes('node_modules/'));
  /** name@version of each runtime package that is installed here (other platforms' are not). */
  const wanted = new Set(
    keys
      .filter((key) => existsSync(path.join(root, key, 'package.json')))
      .map((key) => `${nameOf(key, lock.packages[key])}@${lock.packages[key].version}`),
  );
  const workspaceArgs = [SERVER, ...BUNDLED_WORKSPACES].flatMap((w) => ['--workspace', w]);
  const npmDocument = execFileSync(
    process.platform === 'win32' ? 'npm.cmd' : 'npm',
    ['sbom', '--sbom-format', 'cyclonedx', '--sbom-type', 'application', ...workspaceArgs],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const bom = JSON.parse(npmDocument);
  const components = bom.components.filter((/** @type {{ 'bom-ref': string }} */ c) => wanted.has(c['bom-ref']));
  const listed = new Set(components.map((/** @type {{ 'bom-ref': string }} */ c) => c['bom-ref']));
  const missing = [...wanted].filter((ref) => !listed.has(ref));
  if (missing.length > 0)
    throw new Error(`npm sbom did not list these installed runtime packages: ${missing.join(', ')}`);
  const appRef = `${app.name}@${app.version}`;
  const direct = [SERVER, ...BUNDLED_WORKSPACES].flatMap((w) => Object.keys(lock.packages[w].dependencies ?? {}));
  bom.metadata.component = {
    'bom-ref': appRef,
    type: 'application',
    name: app.name,
    version: app.version,
    description: app.description,
    purl: `pkg:npm/${app.name}@${app.version}`,
  };
  bom.components = components;
  bom.dependencies = [
    { ref: appRef, dependsOn: [...listed].filter((ref) => direct.includes(ref.replace(/(.)@[^@]*$/, '$1'))) },
    ...bom.dependencies
      .filter((/** @type {{ ref: string }} */ d) => listed.has(d.ref))
      .map((/** @type {{ ref: string, dependsOn?: string[] }} */ d) => ({
        ref: d.ref,
        dependsOn: (d.dependsOn ?? []).filter((ref) => listed.has(ref)),
      })),
  ];
  return bom;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--out');
  const out = path.resolve(at >= 0 && process.argv[at + 1] ? process.argv[at + 1] : path.join(ROOT, 'sbom.cdx.json'));
  const bom = makeSbom();
  writeFileSync(out, `${JSON.stringify(bom, null, 2)}\n`);
  console.log(`${out}: ${bom.components.length} runtime packages (CycloneDX ${bom.specVersion})`);
}
