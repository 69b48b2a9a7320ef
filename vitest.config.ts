import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker, and the suite then waits on every test's
    // database, sockets and child processes in turn; three keep both cores busy (decision 0029).
    maxWorkers: 3,
    projects: [
      {
        test: { name: 'shared', include: ['packages/shared/test/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'server',
          // Tests sit beside what they test; shared set-up lives in apps/server/src/test-support.
          include: ['apps/server/src/**/*.test.ts'],
          // Several server processes share one database only on PostgreSQL (.ci/run runs it there).
          exclude: process.env.TEST_DATABASE_URL
            ? []
            : [
                'apps/server/src/realtime/cluster.test.ts',
                'apps/server/src/modules/notifications/outbox.cluster.test.ts',
                'apps/server/src/modules/retention/retention.cluster.test.ts',
                'apps/server/src/modules/display/display.cluster.test.ts',
                'apps/server/src/realtime/live-sequence.cluster.test.ts',
                'apps/server/src/modules/slack/slack.cluster.test.ts',
                'apps/server/src/modules/standing/standing.cluster.test.ts',
              ],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: { NODE_ENV: 'test' },
        },
      },
      './apps/web/vitest.config.ts',
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
