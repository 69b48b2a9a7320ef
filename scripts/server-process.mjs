// How a server process is started in production, in one place: the V8 flags and the environment
// that `npm start` (scripts/bootstrap.mjs), the benchmark's servers and the deployment test run
// it with. The image cannot import this: its Dockerfile CMD and ENV say the same by hand, and so
// does apps/server/package.json's own `start`; deploy/test/launchers.test.ts holds them to it.

/**
 * A small young generation (about 20 MB less memory at no measurable cost in throughput), and a
 * bounded old generation so V8 collects before a rush's garbage takes the process to 280 MB
 * (decision 0017).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=2', '--max-old-space-size=512'];

/**
 * The environment a server process adds to its own: two malloc arenas instead of one a thread,
 * about 10 MB less at a rush's peak (decision 0061). A value the operator set wins.
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {{ MALLOC_ARENA_MAX: string }}
 */
export function serverProcessEnv(env = process.env) {
  return { MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2' };
}
