import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { EVENT_WAIT_MS, PROCESS_WAIT_MS, TEST_LIMIT_MS } from './apps/server/src/test-support/waits';

const root = import.meta.dirname;

/** The test files under `dir` whose names match `name`, as paths from the repository's root. */
function testFiles(dir: string, name: RegExp): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => name.test(file))
    .map((file) => path.posix.join(dir, file.split(path.sep).join('/')));
}
/** Whether a file (from the repository's root) makes a call its pattern matches. */
const calling = (call: RegExp) => (file: string) => call.test(readFileSync(path.join(root, file), 'utf8'));

/**
 * The server's test files run one after another in each worker's one module graph (`isolate:
 * false`): the app and its packages are loaded once a worker, not once a file, which halves the
 * suite's time (decision 0062). A file that replaces a module (`vi.mock`) or a global (`vi.stubEnv`,
 * `vi.stubGlobal`, fake timers) needs a graph of its own: those run in the `server-isolated`
 * project, found here by what they call, so a new one cannot land in the shared graph by mistake.
 */
const ISOLATING_CALL = /\bvi\.(mock|doMock|unmock|stubEnv|stubGlobal|useFakeTimers)\(/;
const serverTests = testFiles('apps/server/src', /\.test\.ts$/);
const serverTestsIsolated = serverTests.filter(calling(ISOLATING_CALL));

/**
 * The web's files that replace a module (`vi.mock`) keep a module graph and a jsdom of their own
 * (`web-isolated`); the others share one a worker (`web`, decision 0120). Found the same way. Paths
 * from the web's folder, its projects' root.
 */
const MOCKING_CALL = /\bvi\.(mock|doMock|unmock)\(/;
const webTests = testFiles('apps/web/src', /\.test\.tsx?$/);
const fromWeb = (file: string) => path.posix.relative('apps/web', file);
const webMocking = new Set(webTests.filter(calling(MOCKING_CALL)));
export const webTestsMocking = webTests.filter((file) => webMocking.has(file)).map(fromWeb);
export const webTestsSharing = webTests.filter((file) => !webMocking.has(file)).map(fromWeb);

/**
 * PostgreSQL for the server's tests, when given (.ci/run gives the machine's): the same files run
 * again on it in this one run, beside the SQLite ones, in projects of their own (`server-pg`,
 * `server-isolated-pg`) that share the run's workers instead of a second run after the first.
 * Each project sets TEST_DATABASE_URL for its own workers: empty (SQLite) or the URL.
 */
const postgresUrl = process.env.TEST_DATABASE_URL ?? '';

/** Several server processes share one database only on PostgreSQL: these run in its projects only. */
const serverTestsOnlyOnPostgres = [
  'apps/server/src/realtime/cluster.test.ts',
  'apps/server/src/modules/notifications/outbox.cluster.test.ts',
  'apps/server/src/modules/retention/retention.cluster.test.ts',
  'apps/server/src/modules/display/display.cluster.test.ts',
  'apps/server/src/realtime/live-sequence.cluster.test.ts',
  'apps/server/src/modules/orders/orders.round-trips.cluster.test.ts',
  'apps/server/src/modules/orders/orders.claims.cluster.test.ts',
  'apps/server/src/modules/orders/orders.placement-race.cluster.test.ts',
  'apps/server/src/modules/ordering/runs.cluster.test.ts',
  'apps/server/src/modules/slack/slack.cluster.test.ts',
  'apps/server/src/modules/line/line.cluster.test.ts',
  'apps/server/src/modules/standing/standing.cluster.test.ts',
];

/**
 * Files that never use the test database (TEST_DATABASE_URL): they start a PostgreSQL cluster of
 * their own (test-support/pg-cluster.ts), a server on a data folder of its own, or use none. They test the
 * same thing in either engine's projects, so they run once, in the SQLite ones.
 */
const serverTestsOfNoEngine = [
  'apps/server/src/db/outage.test.ts',
  'apps/server/src/realtime/deaf-process.test.ts',
  'apps/server/src/demo-start.test.ts',
  'apps/server/src/realtime/relay-stream.test.ts',
];

const serverTestSettings = {
  environment: 'node',
  // A guard against a hang, far above the bounds a test's waits have (apps/server/src/test-support/
  // waits.ts), so a slow wait fails as itself, with its message; expect.poll waits as long as they
  // do (1 s unless told).
  testTimeout: TEST_LIMIT_MS,
  hookTimeout: 2 * PROCESS_WAIT_MS,
  expect: { poll: { timeout: EVENT_WAIT_MS } },
} as const;

/** The server's projects on one engine: `suffix` names them, `databaseUrl` empty is SQLite. */
function serverProjects(suffix: string, databaseUrl: string) {
  const env = { NODE_ENV: 'test', TEST_DATABASE_URL: databaseUrl };
  // Left out of this engine's projects: the other engine's files, or those that run once.
  const leftOut = databaseUrl ? serverTestsOfNoEngine : serverTestsOnlyOnPostgres;
  return [
    {
      test: {
        name: `server${suffix}`,
        // Tests sit beside what they test; shared set-up lives in apps/server/src/test-support.
        include: ['apps/server/src/**/*.test.ts'],
        exclude: [...leftOut, ...serverTestsIsolated],
        isolate: false,
        env,
        ...serverTestSettings,
      },
    },
    {
      test: {
        name: `server-isolated${suffix}`,
        include: serverTestsIsolated,
        exclude: leftOut,
        env,
        ...serverTestSettings,
      },
    },
  ];
}

export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker, and the suite then waits on every test's
    // database, sockets and child processes in turn; three keep both cores busy (decision 0029).
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/test/**/*.test.ts'],
          environment: 'node',
          // Not the default 5 s: a test that takes a second alone takes many on a loaded machine.
          testTimeout: TEST_LIMIT_MS,
        },
      },
      ...serverProjects('', ''),
      ...(postgresUrl ? serverProjects('-pg', postgresUrl) : []),
      // The web's files: those that mock no module one after another in each worker's one module
      // graph and jsdom (`isolate: false`: React, the app and its catalogues loaded once a worker,
      // not once a file; a stubbed global put back after each test), the others each in their own
      // (decision 0120). Run alone, apps/web/vitest.config.ts isolates every file.
      {
        extends: './apps/web/vitest.config.ts',
        test: {
          name: 'web',
          isolate: false,
          unstubGlobals: true,
          exclude: webTestsMocking,
          setupFiles: ['./src/test/shared-graph.ts'],
        },
      },
      {
        extends: './apps/web/vitest.config.ts',
        test: { name: 'web-isolated', exclude: webTestsSharing },
      },
      {
        // The production topology without containers: a private PostgreSQL, two built server
        // processes and nginx in front (deploy/nginx). Needs the built app and /usr/sbin/nginx.
        test: {
          name: 'deploy',
          include: ['deploy/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
