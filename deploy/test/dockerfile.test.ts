import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

interface Instruction {
  keyword: string;
  args: string;
}
interface Stage {
  from: string;
  name: string | undefined;
  instructions: Instruction[];
}

/** The Dockerfile as instructions (continuations joined, comments dropped), grouped by stage. */
function parseDockerfile(text: string): { globalArgs: Map<string, string>; stages: Stage[] } {
  const lines = text.split('\n').filter((line) => !/^\s*#/.test(line));
  const joined = lines.join('\n').replace(/\\\n/g, ' ');
  const globalArgs = new Map<string, string>();
  const stages: Stage[] = [];
  for (const line of joined.split('\n')) {
    const match = /^\s*([A-Za-z]+)\s+(.*)$/.exec(line);
    if (!match) continue;
    const keyword = match[1]!.toUpperCase();
    const args = match[2]!.trim();
    if (keyword === 'FROM') {
      const [from, as, name] = args.split(/\s+/);
      stages.push({ from: from!, name: as?.toUpperCase() === 'AS' ? name : undefined, instructions: [] });
    } else if (stages.length === 0 && keyword === 'ARG') {
      const [key, value] = args.split('=', 2);
      globalArgs.set(key!, value ?? '');
    } else {
      stages.at(-1)?.instructions.push({ keyword, args });
    }
  }
  return { globalArgs, stages };
}

const { globalArgs, stages } = parseDockerfile(read('Dockerfile'));
const runtime = stages.at(-1)!;
const all = (stage: Stage, keyword: string) => stage.instructions.filter((i) => i.keyword === keyword);
const runs = (stage: Stage) =>
  all(stage, 'RUN')
    .map((i) => i.args)
    .join('\n');

/**
 * The production image (docs/deploy.md, "The image"; decision 0083): what it is built from, who
 * it runs as, what it leaves out, and what it says about itself.
 */
describe('the Dockerfile', () => {
  it('builds every stage from a base image pinned by its digest', () => {
    const stageNames = new Set(stages.map((s) => s.name).filter(Boolean));
    const bases = stages.map((s) => s.from).filter((from) => !stageNames.has(from));
    expect(bases.length).toBeGreaterThanOrEqual(1);
    for (const base of bases) {
      const image = base.replace(/^\$\{?(\w+)\}?$/, (_, arg: string) => globalArgs.get(arg) ?? '');
      // A tag alone (node:24-bookworm-slim) is whatever the registry points it at on the day.
      expect(image, base).toMatch(/^[\w./-]+:[\w.-]+@sha256:[0-9a-f]{64}$/);
      // A digest of one repeated digit is a placeholder, not an image anyone reviewed.
      expect(image, base).not.toMatch(/@sha256:(.)\1{63}$/);
    }
    expect(runtime.name).toBe('runtime');
  });

  it('runs the server as an unprivileged user', () => {
    const users = all(runtime, 'USER').map((i) => i.args);
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
    expect(users.at(-1)).toBe('node');
  });

  it('leaves npm, npx, corepack, yarn and every build tool out of the runtime stage', () => {
    const script = runs(runtime);
    for (const gone of [
      '/usr/local/lib/node_modules/npm',
      '/usr/local/lib/node_modules/corepack',
      '/usr/local/bin/npm',
      '/usr/local/bin/npx',
      '/usr/local/bin/corepack',
      '/usr/local/bin/yarn',
      '/root/.npm',
    ]) {
      expect(script, gone).toMatch(new RegExp(`rm -rf [^&;]*${gone.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(\\s|$)`));
    }
    // Nothing is installed into it: no package manager run, no compiler or build system.
    expect(script).not.toMatch(/\b(apt-get|apt|apk|dnf|yum)\s+(-\S+\s+)*install\b/);
    const commands = script.split(/&&|\|\||;|\n/).map((command) => command.trim());
    for (const command of commands) {
      expect(command).not.toMatch(/^(npm|npx|yarn|pnpm|corepack)\b/);
      expect(command).not.toMatch(/\b(gcc|g\+\+|clang|make|build-essential|python3?|node-gyp)\b/);
    }
    // It takes built files only from the other stages: no sources, no development packages.
    for (const copy of all(runtime, 'COPY')) {
      expect(copy.args, copy.args).toMatch(/^--from=(build|prod-deps) /);
      expect(copy.args).not.toMatch(/\/src\b|\/app\/node_modules\/\.bin/);
    }
    // The image's own commands do not need what was removed.
    for (const keyword of ['CMD', 'HEALTHCHECK', 'ENTRYPOINT']) {
      for (const i of all(runtime, keyword)) expect(i.args).not.toMatch(/\bnpm\b|\bnpx\b/);
    }
  });

  it('makes the bill of materials during the build, and keeps it in the image with a label naming it', () => {
    const build = stages.find((s) => s.name === 'build')!;
    expect(runs(build)).toMatch(/node scripts\/sbom\.mjs --out \/app\/sbom\.cdx\.json/);
    expect(read('.dockerignore').split('\n')).not.toContain('scripts');
    expect(all(runtime, 'COPY').map((i) => i.args)).toContain('--from=build /app/sbom.cdx.json /app/sbom.cdx.json');
    const labels = all(runtime, 'LABEL')
      .map((i) => i.args)
      .join(' ');
    expect(labels).toMatch(/office-cafe\.sbom="\/app\/sbom\.cdx\.json"/);
  });

  it('asks the server for its health', () => {
    const checks = all(runtime, 'HEALTHCHECK');
    expect(checks).toHaveLength(1);
    expect(checks[0]!.args).toMatch(/--interval=\S+ .*CMD \["node", "apps\/server\/dist\/ops\.js", "health"\]/);
  });

  it('is operated with node, not npm, wherever docs/deploy.md runs a command in the container', () => {
    const deploy = read('docs/deploy.md');
    const inContainer = deploy.split('\n').filter((line) => /docker (exec|run)\b/.test(line));
    expect(inContainer.some((line) => line.includes('node apps/server/dist/ops.js backup'))).toBe(true);
    for (const line of inContainer) expect(line).not.toMatch(/\bnpm\b/);
  });
});
