import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import { TEST_LIMIT_MS } from './src/test/waits';
import { alias, linguiConfigPath } from './vite.config';

/**
 * The files that replace a module (`vi.mock`): in the whole run (the root vitest.config.ts) they keep
 * a module graph and a jsdom of their own (`web-isolated`), while the others share one a worker
 * (`web`, decision 0120). Found by what they call, so a new one cannot land in the shared graph by
 * mistake. Paths are relative to this folder, the project's root.
 */
const MOCKING_CALL = /\bvi\.(mock|doMock|unmock)\(/;
const webTests = readdirSync(path.join(import.meta.dirname, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => path.posix.join('src', file.split(path.sep).join('/')));
export const webTestsMocking = webTests.filter((file) =>
  MOCKING_CALL.test(readFileSync(path.join(import.meta.dirname, file), 'utf8')),
);
export const webTestsSharing = webTests.filter((file) => !webTestsMocking.includes(file));

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
