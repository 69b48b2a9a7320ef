#!/usr/bin/env node
// The README's commands: `npm start` and `npm test` work on a fresh clone. This installs the
// dependencies when they are missing or out of date, builds what is stale, then runs.
// Only Node's own modules are used here, since it runs before anything is installed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS, serverProcessEnv } from './server-process.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * Runs the jobs at once, each a list of commands run one after the other, and keeps each job's
 * output; then prints each one's output in turn, with how long it took, and exits with the first
 * failure's status. A line a minute says which are still running, so a stalled run shows where.
 * Resolves to the first failure's status, or 0, and a line per job saying how it ended.
 */
async function runTogether(jobs) {
  const started = Date.now();
  const minutes = (ms) => (ms / 60_000).toFixed(1);
  const runSteps = async (steps, output) => {
    for (const [command, args, env = {}] of steps) {
      const status = await new Promise((resolve) => {
        const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env } });
        child.stdout.on('data', (chunk) => output.push(chunk));
        child.stderr.on('data', (chunk) => output.push(chunk));
        child.on('error', (error) => {
          output.push(Buffer.from(`${String(error)}\n`));
          resolve(1);
        });
        child.on('close', (code) => resolve(code ?? 1));
      });
      if (status !== 0) return status;
    }
    return 0;
  };
  const running = new Set(jobs.map((job) => job.name));
  const heartbeat = setInterval(() => {
    console.log(`== ${minutes(Date.now() - started)} min: still running: ${[...running].join(', ')}`);
  }, 60_000);
  const results = await Promise.all(
    jobs.map(async ({ name, steps }) => {
      const output = [];
      const status = await runSteps(steps, output);
      running.delete(name);
      return { name, status, output, ms: Date.now() - started };
    }),
  );
  clearInterval(heartbeat);
  const ended = results.map(
    ({ name, status, ms }) =>
      `== ${name}: ${status === 0 ? 'passed' : 'FAILED'}, done ${minutes(ms)} min after the start`,
  );
  results.forEach(({ output }, i) => {
    process.stdout.write(Buffer.concat(output));
    console.log(ended[i]);
  });
  return { status: results.find((r) => r.status !== 0)?.status ?? 0, ended };
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
    // No install script runs but the ones package.json's allowScripts allows by name (the SQLite
    // driver's build): every npm, old or new, installs with scripts off, then rebuilds only those
    // (docs/decisions/0085-supply-chain.md).
    run(npm, ['ci', '--ignore-scripts', '--no-audit', '--no-fund']);
    const allowed = allowedInstallScripts();
    if (allowed.length > 0) run(npm, ['rebuild', ...allowed]);
  }
}

/** The packages whose install scripts the project runs: package.json's allowScripts entries set to true. */
function allowedInstallScripts() {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  return Object.entries(pkg.allowScripts ?? {})
    .filter(([, allowed]) => allowed === true)
    .map(([name]) => name);
}

/*
 * The Node.js the project runs on. `.nvmrc` names the LTS line CI and the production image use
 * (docs/decisions/0036-supported-node.md); lines older than OLDEST_SUPPORTED no longer get
 * security fixes and the SQLite driver does not load in them. On such a Node, the commands fetch
 * the supported line from the npm registry (npm's node-<platform>-<arch> packages are the
 * official builds) into the user's cache once, and run on it.
 */
const OLDEST_SUPPORTED = 22;
const supportedLine = readFileSync(path.join(root, '.nvmrc'), 'utf8').trim();

/** The folder holding the supported Node's `node` (fetched on first use); progress goes to stderr. */
function ensureSupportedNode() {
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  const cache = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  const home = path.join(cache, 'office-cafe', `node-${supportedLine}-${platform}-${process.arch}`);
  const bin = process.platform === 'win32' ? home : path.join(home, 'bin');
  const node = path.join(bin, process.platform === 'win32' ? 'node.exe' : 'node');
  const version = existsSync(node) ? spawnSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout : '';
  if (version.split('.')[0] === supportedLine) return bin;
  const pkg = `node-${platform}-${process.arch}@${supportedLine}`;
  console.error(`Fetching Node.js ${supportedLine} from the npm registry (${pkg})...`);
  const download = mkdtempSync(path.join(os.tmpdir(), 'office-cafe-node-'));
  try {
    const packed = spawnSync(npm, ['pack', '--silent', pkg], {
      cwd: download,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const tarball = packed.stdout.trim().split('\n').pop();
    if (packed.status !== 0 || !tarball) throw new Error(`npm pack ${pkg} failed`);
    rmSync(home, { recursive: true, force: true });
    mkdirSync(home, { recursive: true });
    const unpacked = spawnSync('tar', ['xzf', path.join(download, tarball), '-C', home, '--strip-components=1'], {
      stdio: 'inherit',
    });
    if (unpacked.status !== 0) throw new Error(`could not unpack ${tarball}`);
  } catch (error) {
    console.error(`${String(error)}: install Node.js ${supportedLine} (https://nodejs.org) and run the command again.`);
    process.exit(1);
  } finally {
    rmSync(download, { recursive: true, force: true });
  }
  return bin;
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
if (command === 'supported-node') {
  // For CI (.ci/run): the folder of the supported Node, fetched when missing.
  console.log(ensureSupportedNode());
  process.exit(0);
}
if (Number(process.versions.node.split('.')[0]) < OLDEST_SUPPORTED) {
  console.log(`Node.js ${process.version} is past its end of life; running on Node.js ${supportedLine} instead.`);
  const bin = ensureSupportedNode();
  const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` };
  const result = spawnSync(path.join(bin, 'node'), [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env,
  });
  process.exit(result.status ?? 1);
}
ensureInstalled();

if (command === 'start') {
  ensureBuilt();
  // As the image runs it (scripts/server-process.mjs: decisions 0017 and 0061).
  run(process.execPath, [...SERVER_NODE_FLAGS, 'apps/server/dist/server.js'], serverProcessEnv());
} else if (command === 'test') {
  // The build first (the browser tests and the deployment topology run the built app), then at
  // once: the static checks (types, lint, formatting), Vitest (shared rules, the server on SQLite
  // and, with TEST_DATABASE_URL, on PostgreSQL, web components, the deployment topology) and the
  // browser tests. Each alone leaves a core idle for much of its time (waits on sockets, child
  // processes and pages); together they keep both busy (decision 0096). Then the ten slowest files.
  const started = Date.now();
  run(npm, ['run', 'build', '--silent']);
  console.log(`== the build: ${((Date.now() - started) / 60_000).toFixed(1)} min`);
  rmSync(path.join(root, 'test-results'), { recursive: true, force: true });
  mkdirSync(path.join(root, 'test-results'), { recursive: true });
  const { status, ended } = await runTogether([
    {
      name: 'checks (types, lint, formatting)',
      steps: [
        [npm, ['run', 'typecheck']],
        [npm, ['run', 'lint']],
        [npm, ['run', 'format:check']],
      ],
    },
    {
      name: 'vitest',
      steps: [
        [
          process.execPath,
          [
            'node_modules/vitest/vitest.mjs',
            'run',
            '--reporter=default',
            '--reporter=json',
            '--outputFile.json=test-results/vitest.json',
          ],
        ],
      ],
    },
    {
      name: 'browser tests',
      steps: [
        [process.execPath, ['node_modules/@playwright/test/cli.js', 'test', '-c', 'apps/web/playwright.config.ts']],
      ],
    },
  ]);
  // The ten slowest files, then what did not pass and how each job ended: the end of a long log
  // names a failure, wherever in the output it was printed.
  spawnSync(process.execPath, ['scripts/slowest-tests.mjs'], { cwd: root, stdio: 'inherit' });
  for (const line of ended) console.log(line);
  console.log(`== npm test: ${((Date.now() - started) / 60_000).toFixed(1)} min`);
  process.exit(status);
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
  console.error('usage: node scripts/bootstrap.mjs start|test|dev|supported-node');
  process.exit(2);
}
