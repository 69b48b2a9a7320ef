// The benchmark measures the built app (apps/server/dist, apps/web/dist): rebuild what is missing or
// older than its sources, or say so when told not to build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(entry)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

function targets(root) {
  const shared = path.join(root, 'packages/shared');
  return [
    {
      name: 'server',
      workspace: 'apps/server',
      output: path.join(root, 'apps/server/dist/server.js'),
      sources: [path.join(root, 'apps/server/src'), path.join(root, 'apps/server/build.mjs'), shared],
    },
    {
      name: 'web',
      workspace: 'apps/web',
      output: path.join(root, 'apps/web/dist/index.html'),
      sources: [
        path.join(root, 'apps/web/src'),
        path.join(root, 'apps/web/index.html'),
        path.join(root, 'apps/web/public'),
        path.join(root, 'apps/web/vite.config.ts'),
        shared,
      ],
    },
  ];
}

/**
 * Builds each part whose output is missing or older than a source file. Returns notes for the
 * report: what was built, what is stale but was left (--no-build), what failed to build.
 */
export function ensureBuilt(root, { build, log }) {
  const notes = [];
  for (const target of targets(root)) {
    const built = existsSync(target.output) ? statSync(target.output).mtimeMs : 0;
    const sources = Math.max(...target.sources.map(newestMtime));
    const state = built === 0 ? 'missing' : sources > built ? 'stale' : 'fresh';
    if (state === 'fresh') continue;
    if (!build) {
      notes.push(`${target.name} build is ${state} (--no-build): measured as it is`);
      continue;
    }
    log(`${target.name} build is ${state}: npm run build -w ${target.workspace}`);
    const started = Date.now();
    const result = spawnSync('npm', ['run', 'build', '-w', target.workspace], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
    });
    if (result.status === 0) {
      notes.push(`${target.name} rebuilt (${state}) in ${Math.round((Date.now() - started) / 1000)} s`);
    } else {
      const tail = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-8).join('\n');
      if (!existsSync(target.output)) throw new Error(`${target.name} build failed and there is no dist:\n${tail}`);
      notes.push(`${target.name} build failed (${state} dist measured instead): ${tail.split('\n').at(-1)}`);
      log(`${target.name} build failed; measuring the existing dist\n${tail}`);
    }
  }
  return notes;
}
