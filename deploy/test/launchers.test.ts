import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS, serverProcessEnv } from '../../scripts/server-process.mjs';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

/**
 * The image and apps/server's own `npm start` cannot import scripts/server-process.mjs, so they
 * repeat its flags and environment by hand: these tests hold them to it, so that the process
 * measured by the benchmark and the deployment test is the one the image runs.
 */
describe('every launcher starts the server as scripts/server-process.mjs says', () => {
  it("the image's CMD runs the bundle with the same V8 flags", () => {
    const cmd = /^CMD (\[.*\])\s*$/m.exec(read('Dockerfile'));
    expect(cmd, 'the Dockerfile has no CMD in exec form').not.toBeNull();
    expect(JSON.parse(cmd![1]!)).toEqual(['node', ...SERVER_NODE_FLAGS, 'apps/server/dist/server.js']);
  });

  it("the image's environment sets the same malloc arenas", () => {
    const env = /^ENV ((?:.*\\\n)*.*)$/m.exec(read('Dockerfile'))?.[1] ?? '';
    const arenas = /\bMALLOC_ARENA_MAX=(\S+)/.exec(env)?.[1];
    expect(arenas).toBe(serverProcessEnv({}).MALLOC_ARENA_MAX);
  });

  it("apps/server's start script runs the bundle with the same V8 flags", () => {
    const pkg = JSON.parse(read('apps/server/package.json')) as { scripts: { start: string } };
    expect(pkg.scripts.start).toBe(['node', ...SERVER_NODE_FLAGS, 'dist/server.js'].join(' '));
  });
});
