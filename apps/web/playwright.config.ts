import { defineConfig } from '@playwright/test';

/**
 * Browser tests: Debian's Chromium against the real built server (web app + API on one port),
 * with a fresh embedded database and the demo data each run.
 */
const PORT = Number(process.env.E2E_PORT ?? 4300);
export const E2E_CAFE = { latitude: 13.7466, longitude: 100.5393 };

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: process.env.E2E_OUTPUT ?? 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node e2e/start-server.mjs',
    url: `http://127.0.0.1:${PORT}/api/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      E2E_PORT: String(PORT),
      CAFE_LAT: String(E2E_CAFE.latitude),
      CAFE_LNG: String(E2E_CAFE.longitude),
    },
  },
});
