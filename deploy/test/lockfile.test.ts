import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  link?: boolean;
  dev?: boolean;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
}
const lock = JSON.parse(read('package-lock.json')) as { lockfileVersion: number; packages: Record<string, LockEntry> };
const WORKSPACES = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
/** Every installed package: the root and the workspace folders are the project's own. */
const installed = Object.entries(lock.packages).filter(([key]) => key.includes('node_modules/'));
const REGISTRY = 'https://registry.npmjs.org/';

/**
 * What `npm ci` installs is what package-lock.json names, each package checked against the hash
 * recorded there: a package swapped on the registry, or a tarball from anywhere else, fails the
 * install instead of reaching the image (docs/decisions/0083-supply-chain-and-image.md).
 */
describe('package-lock.json', () => {
  it('takes every package from the npm registry, by version, with workspace links the only exception', () => {
    expect(lock.lockfileVersion).toBe(3);
    expect(installed.length).toBeGreaterThan(100);
    for (const [key, entry] of installed) {
      if (entry.link) {
        // A link is one of the project's own workspaces, nothing outside the repository.
        expect(WORKSPACES, key).toContain(entry.resolved);
        continue;
      }
      expect(entry.version, key).toMatch(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/);
      // npm omits a registry address that it would derive from the name and version
      // (omit-lockfile-registry-resolved); one it writes must be the registry's.
      if (entry.resolved !== undefined) expect(entry.resolved, key).toMatch(new RegExp(`^${REGISTRY}`));
    }
    // Nothing points npm at another registry for this project, so a package named here comes from
    // the npm registry (and so does the image's `npm ci`, which sees no .npmrc of the builder's).
    for (const file of ['.npmrc', 'apps/server/.npmrc', 'apps/web/.npmrc', 'packages/shared/.npmrc']) {
      if (existsSync(path.join(REPO_ROOT, file))) expect(read(file), file).not.toMatch(/registry\s*=/);
    }
  });

  it("asks every manifest's dependency of a registry version range, never of git, a file or a URL", () => {
    for (const manifest of ['package.json', ...WORKSPACES.map((w) => `${w}/package.json`)]) {
      const pkg = JSON.parse(read(manifest)) as Record<string, Record<string, string> | undefined>;
      for (const field of ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies']) {
        for (const [name, spec] of Object.entries(pkg[field] ?? {})) {
          expect(spec, `${manifest} ${field} ${name}`).not.toMatch(/[:/#]/);
        }
      }
    }
  });

  it('records an integrity hash for every package a Linux build of the image can install', () => {
    // npm drops the hash of an optional package for a platform other than the one the lock was
    // written on. Tolerated only for development tools' binaries that the image's platforms
    // (Linux on x64 or arm64) never download; anything else without a hash fails here.
    const installableOn = (entry: LockEntry, os: string, cpu: string) =>
      (entry.os?.includes(os) ?? true) && (entry.cpu?.includes(cpu) ?? true);
    const unhashed = installed.filter(
      ([, entry]) =>
        !entry.link &&
        !entry.integrity &&
        !(
          entry.dev &&
          entry.optional &&
          !installableOn(entry, 'linux', 'x64') &&
          !installableOn(entry, 'linux', 'arm64')
        ),
    );
    expect(unhashed.map(([key]) => key)).toEqual([]);
    for (const [key, entry] of installed.filter(([, e]) => e.integrity)) {
      expect(entry.integrity, key).toMatch(/^sha512-[A-Za-z0-9+/]{86}==$/);
    }
  });
});
