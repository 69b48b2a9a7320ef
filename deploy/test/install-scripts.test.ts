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
 * if the driver had not been built. The project lists the ones it runs (package.json allowScripts).
 */
describe('the install scripts a fresh clone runs', () => {
  it('are all reviewed in package.json, so `npm ci` prints no warning about them', () => {
    const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
      allowScripts?: Record<string, boolean>;
    };
    const reviewed = new Set(Object.keys(pkg.allowScripts ?? {}).map((key) => key.replace(/(.)@.*$/, '$1')));
    const installed = [...packagesWithInstallScripts(REPO_ROOT)].sort();
    expect(installed).toContain('better-sqlite3');
    expect(installed.filter((name) => !reviewed.has(name))).toEqual([]);
  });
});
