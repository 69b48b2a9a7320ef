import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import { TEST_LIMIT_MS } from './src/test/waits';
import { alias, linguiConfigPath } from './vite.config';

export default defineProject({
  plugins: [react(), lingui({ configPath: linguiConfigPath })],
  resolve: {
    alias: [
      ...Object.entries(alias).map(([find, replacement]) => ({ find, replacement })),
      // Renders in the app's I18nProvider (src/test/testing-library.tsx).
      {
        find: /^@testing-library\/react$/,
        replacement: fileURLToPath(new URL('./src/test/testing-library.tsx', import.meta.url)),
      },
    ],
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // Each file in a worker thread of its own (still isolated: a module graph and a jsdom per file),
    // not a child process: the project took 188 s instead of 305 s on an idle 2-core machine
    // (decision 0086).
    pool: 'threads',
    // Generous on a busy 2-core machine: a test fails on what it sees, not on the machine's speed;
    // and well above a single wait's bound, so a slow wait fails as itself, with its message.
    testTimeout: TEST_LIMIT_MS,
    hookTimeout: TEST_LIMIT_MS,
  },
});
