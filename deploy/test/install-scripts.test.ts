import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Every installed package that runs a script when installed (as npm counts them: a binding.gyp is `node-gyp rebuild`). */
function packagesWithInstallScripts(dir: string, found = new Set<string>()): Set<string> {
  const modules = path.join(dir, 'node_modules');
  if (!existsSync(modules)) return found;
  for (const entry of readdirSync(modules, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const names = entry.name.startsWith('@')
      ? readdirSync(path.join(modules, entry.name)).map((n) => `${entry.name}/${n}`)
      : [entry.name];
    for (const name of names) {
      const home = path.join(modules, name);
      const manifest = path.join(home, 'package.json');
      if (!existsSync(manifest)) continue;
      const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { scripts?: Record<string, string> };
      const scripts = pkg.scripts ?? {};
      if (scripts.preinstall || scripts.install || scripts.postinstall || existsSync(path.join(home, 'binding.gyp'))) {
        found.add(name);
      }
      packagesWithInstallScripts(home, found);
    }
  }
  return found;
}

/**
 * npm (from 11.16) ends an install with a warning naming every package whose install script the
 * project has not reviewed, the SQLite driver among them: on a fresh clone's `npm start` it read as
 * if the driver had not been built. The project reviews each one in package.json's allowScripts,
 * and runs only the SQLite driver's build: the install itself runs with scripts off and then
 * rebuilds the allowed packages by name (scripts/bootstrap.mjs, the Dockerfile), on any npm.
 */
describe('the install scripts a fresh clone runs', () => {
  const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    allowScripts?: Record<string, boolean>;
  };

  it('are all reviewed in package.json, so `npm ci` prints no warning about them', () => {
    const reviewed = new Set(Object.keys(pkg.allowScripts ?? {}).map((key) => key.replace(/(.)@.*$/, '$1')));
    const installed = [...packagesWithInstallScripts(REPO_ROOT)].sort();
    expect(installed).toContain('better-sqlite3');
    expect(installed.filter((name) => !reviewed.has(name))).toEqual([]);
  });

  it('allow the SQLite driver build by name and nothing else', () => {
    const allowed = Object.entries(pkg.allowScripts ?? {}).filter(([, yes]) => yes === true);
    expect(allowed.map(([name]) => name)).toEqual(['better-sqlite3']);
  });

  it('are off while installing, in the test command, the start command and the image, and only the allowed ones rebuilt', () => {
    const bootstrap = readFileSync(path.join(REPO_ROOT, 'scripts/bootstrap.mjs'), 'utf8');
    const npmCi = [...bootstrap.matchAll(/run\(npm, \[('ci'[^\]]*)\]\)/g)].map((m) => m[1]);
    expect(npmCi.length).toBeGreaterThan(0);
    for (const args of npmCi) expect(args).toContain("'--ignore-scripts'");
    expect(bootstrap).toMatch(/run\(npm, \['rebuild', \.\.\.allowed\]\)/);

    const dockerfile = readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8');
    const installs = dockerfile.split('\n').filter((line) => /\bnpm ci\b/.test(line));
    expect(installs.length).toBeGreaterThan(0);
    for (const line of installs) expect(line).toContain('--ignore-scripts');
    expect(dockerfile).toMatch(/npm rebuild better-sqlite3/);
  });
});

/**
 * A tree npm calls invalid (a package hoisted where another asks for another major) is one npm
 * cannot describe: `npm sbom` refuses to run on it, and the web app's form resolver would have
 * loaded a validator of the wrong major had it used one.
 */
describe('the installed tree', () => {
  it('is valid: `npm ls --all` finds nothing missing, invalid or extraneous', () => {
    const ls = spawnSync('npm', ['ls', '--all', '--json'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const tree = JSON.parse(ls.stdout) as { problems?: string[] };
    expect(tree.problems ?? []).toEqual([]);
    expect(ls.status).toBe(0);
  });
});
