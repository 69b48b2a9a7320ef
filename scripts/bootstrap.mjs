#!/usr/bin/env node
// The README's commands: `npm start` and `npm test` work on a fresh clone. This installs the
// dependencies when they are missing or out of date, builds what is stale, then runs.
// Only Node's own modules are used here, since it runs before anything is installed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * Runs the commands at once (each is mostly single-threaded: together they keep every core busy),
 * prints each one's output in turn once it is done, and exits with the first failure's status.
 */
async function runTogether(jobs) {
  const results = await Promise.all(
    jobs.map(
      ([command, args]) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { cwd: root, env: process.env });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('error', (error) => resolve({ status: 1, output: [Buffer.from(String(error))] }));
          child.on('close', (status) => resolve({ status, output }));
        }),
    ),
  );
  for (const { output } of results) process.stdout.write(Buffer.concat(output));
  const failed = results.find((r) => r.status !== 0);
  if (failed) process.exit(failed.status ?? 1);
}

function mtime(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** Newest modification time of the files under the given folders. */
function newest(dirs) {
  let max = 0;
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else max = Math.max(max, mtime(full));
    }
  };
  dirs.forEach((d) => walk(path.join(root, d)));
  return max;
}

function ensureInstalled() {
  const marker = path.join(root, 'node_modules/.package-lock.json');
  if (!existsSync(marker) || mtime(path.join(root, 'package-lock.json')) > mtime(marker)) {
    console.log('Installing dependencies (npm ci: about 5 minutes on a 2-core machine the first time)...');
    // Where Node's headers come with the system (Debian's nodejs), the SQLite driver compiles
    // against them without downloading any; elsewhere npm's defaults apply (and no config warning).
    const headers = !process.env.npm_config_nodedir && existsSync('/usr/include/node/node.h');
    run(npm, ['ci', '--no-audit', '--no-fund'], headers ? { npm_config_nodedir: '/usr' } : {});
  }
}

function ensureBuilt() {
  const sources = newest(['packages/shared/src', 'apps/server/src']);
  // Quietly: a first start shows what it does in one line each, not every file built.
  if (mtime(path.join(root, 'apps/server/dist/server.js')) < sources) {
    console.log('Building the server...');
    run(npm, ['run', 'build', '--silent', '-w', 'apps/server']);
  }
  const webSources = Math.max(
    newest(['packages/shared/src', 'apps/web/src', 'apps/web/public']),
    mtime(path.join(root, 'apps/web/index.html')),
  );
  if (mtime(path.join(root, 'apps/web/dist/index.html')) < webSources) {
    console.log('Building the web app...');
    run(npm, ['run', 'build', '--silent', '-w', 'apps/web', '--', '--logLevel', 'warn']);
  }
}

const command = process.argv[2];
ensureInstalled();

if (command === 'start') {
  ensureBuilt();
  // The production V8 flags (decision 0017): a small young generation (about 20 MB less memory), and
  // a bounded old generation so V8 collects before a rush's garbage takes it to 280 MB.
  run(process.execPath, ['--max-semi-space-size=2', '--max-old-space-size=512', 'apps/server/dist/server.js']);
} else if (command === 'test') {
  // 1. static checks (types, lint, formatting) and the build, at once; 2. unit + integration
  // (shared, server on SQLite, web components, the deployment topology); 3. browser tests
  // against the freshly built app.
  await runTogether([
    [npm, ['run', 'typecheck']],
    [npm, ['run', 'lint']],
    [npm, ['run', 'format:check']],
    [npm, ['run', 'build']],
  ]);
  run(process.execPath, ['node_modules/vitest/vitest.mjs', 'run']);
  run(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', '-c', 'apps/web/playwright.config.ts']);
} else if (command === 'dev') {
  console.log('Dev: API on :3000 (tsx watch), web on :5173 (vite). Open http://localhost:5173');
  const { spawn } = await import('node:child_process');
  const server = spawn(npm, ['run', 'dev', '-w', 'apps/server'], { cwd: root, stdio: 'inherit' });
  const web = spawn(npm, ['run', 'dev', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  const stop = () => {
    server.kill();
    web.kill();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} else {
  console.error('usage: node scripts/bootstrap.mjs start|test|dev');
  process.exit(2);
}
