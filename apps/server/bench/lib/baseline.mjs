// `--baseline <rev>`: the same rows, measured first on another commit's build (a release), in the
// same run, so the table can say how this checkout compares on the same machine at the same hour.
// The commit is checked out in a git worktree beside the repository, built there and measured by
// this checkout's bench (the same rows, the same sizes, the same checks); the worktree is removed
// afterwards.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Where the installed packages are, per workspace that has its own. */
const MODULE_DIRS = [
  'node_modules',
  'apps/server/node_modules',
  'apps/web/node_modules',
  'packages/shared/node_modules',
];

/**
 * The worktree uses this checkout's installed packages (no install, no network): each package is a
 * link to this checkout's copy, except the workspaces' own (`@cafe/*`), which point into the
 * worktree, so its build bundles its own shared code. A baseline whose dependencies differ in
 * version is built with this checkout's.
 */
function linkModules(repoRoot, dir) {
  for (const modules of MODULE_DIRS) {
    const from = path.join(repoRoot, modules);
    if (!existsSync(from)) continue;
    const to = path.join(dir, modules);
    mkdirSync(to, { recursive: true });
    for (const entry of readdirSync(from)) {
      if (existsSync(path.join(to, entry))) continue;
      if (entry === '@cafe') {
        mkdirSync(path.join(to, entry));
        // The workspaces' links are relative: made again here, they point into the worktree.
        for (const workspace of readdirSync(path.join(from, entry))) {
          symlinkSync(readlinkSync(path.join(from, entry, workspace)), path.join(to, entry, workspace));
        }
        continue;
      }
      symlinkSync(path.join(from, entry), path.join(to, entry));
    }
  }
}

/**
 * `argv` for the baseline's run: the same rows and sizes, without `--baseline <rev>` and
 * `--out <dir>`, and without `--no-build` (the worktree's dist is always built).
 */
export function argvForBaseline(argv) {
  const kept = [];
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--baseline' || argv[i] === '--out') i += 1;
    else if (argv[i] !== '--no-build') kept.push(argv[i]);
  }
  return kept;
}

/**
 * Measures `rev` with this checkout's bench (`runFile`): resolves to its results (the JSON the run
 * wrote) and its short commit, or throws with what failed.
 */
export function runBaseline({ rev, repoRoot, runFile, argv, log }) {
  const short = execFileSync('git', ['rev-parse', '--short', rev], { cwd: repoRoot, encoding: 'utf8' }).trim();
  const dir = mkdtempSync(path.join(os.tmpdir(), `cafe-baseline-${short}-`));
  log(`baseline ${short}: a worktree at ${dir}`);
  execFileSync('git', ['worktree', 'add', '--detach', dir, short], { cwd: repoRoot, stdio: 'ignore' });
  try {
    linkModules(repoRoot, dir);
    const out = path.join(dir, 'bench-results');
    // Its run builds its dist (lib/build.mjs) and measures it; its log goes to this one's.
    const run = spawnSync(process.execPath, [runFile, ...argvForBaseline(argv), '--out', out], {
      env: { ...process.env, BENCH_ROOT: dir },
      stdio: 'inherit',
    });
    const file = existsSync(out) ? readdirSync(out).find((f) => /^latest.*\.json$/.test(f)) : undefined;
    if (!file) throw new Error(`the baseline's run (${short}) wrote no results (exit ${run.status})`);
    return { commit: short, exitCode: run.status, results: JSON.parse(readFileSync(path.join(out, file), 'utf8')) };
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: repoRoot, stdio: 'ignore' });
  }
}
