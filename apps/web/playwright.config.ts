import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CLOCK_SHIFT_MS, cafeNow } from './e2e/cafe-clock';

/**
 * Browser tests: Debian's Chromium against the real built server (web app + API on one port),
 * with a fresh embedded database and the demo data each run.
 */
const PORT = Number(process.env.E2E_PORT ?? 4300);
export const E2E_CAFE = { latitude: 13.7466, longitude: 100.5393 };

/**
 * A second cafe, configured differently at runtime from the same build: another zone, another
 * company domain, and a server clock that starts on a Friday late morning (runtime-settings.spec.ts).
 */
export const OTHER_CAFE = {
  port: PORT + 1,
  timeZone: 'America/New_York',
  emailDomain: 'cafe.test',
  /** Friday 20 November 2026, 11:30 in New York. */
  clockNow: '2026-11-20T11:30:00-05:00',
  /**
   * Its rate limits are on, behind a proxy of one hop (TRUST_PROXY=1): registration-limit.spec.ts
   * registers from an address of its own (X-Forwarded-For) until the limit refuses it.
   */
  registrationsPerAddress: 20,
};

/**
 * A third cafe whose tests set its clock (PUT /api/test/clock, only on a test server started
 * with CLOCK_NOW): an order for later falls due when the test says so (order-for-later-due.spec.ts).
 * Monday 23 November 2026, 09:40 in Bangkok.
 */
export const CLOCKED_CAFE = {
  port: PORT + 3,
  clockNow: '2026-11-23T09:40:00+07:00',
};

/**
 * The company's identity provider of sso.spec.ts: a real OpenID Connect provider beside the
 * cafe server, which offers "Sign in with <name>" pointing at it.
 */
export const E2E_OIDC = {
  port: PORT + 2,
  name: 'Test Identity',
  clientId: 'office-cafe',
  clientSecret: 'office-cafe-e2e-secret',
};

/**
 * The receivers of "your drink is ready" of the first cafe server (notifications.spec.ts): its
 * company offers the signed webhook and e-mail, delivered to these ports of this machine, where the
 * spec listens when it wants them delivered. Retries start 300 ms apart instead of 5 s.
 */
export const E2E_RECEIVERS = {
  webhookPort: PORT + 7,
  smtpPort: PORT + 8,
  webhookSecret: 'e2e-webhook-secret-0123456789abcdef',
};

/**
 * LINE on the first cafe server (line-liff.spec.ts): its API is a fake beside it (e2e/line-fake.ts),
 * which checks the LIFF page's ID tokens as LINE does and takes the bot's messages.
 */
export const E2E_LINE = {
  port: PORT + 9,
  loginChannelId: '1650000000',
  liffId: '1650000000-e2eLiffA',
};

/**
 * The browser: Debian's Chromium headless shell where it is installed (the package
 * chromium-headless-shell, built from the same Chromium source as /usr/bin/chromium, and the build
 * Playwright itself runs headless tests in), else Debian's full Chromium; CHROMIUM_PATH chooses
 * another. The shell renders the same pages with the same Blink and V8 without the full browser
 * around them: the browser tests took 6.0 minutes with it against 9.1 with the full browser, all
 * 128 passing, on the same idle machine (decision 0097).
 */
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => existsSync(file)) ??
  '/usr/bin/chromium';

const serverEnv = {
  CAFE_LAT: String(E2E_CAFE.latitude),
  CAFE_LNG: String(E2E_CAFE.longitude),
};

/**
 * The two Bangkok servers run on the machine's clock, but from 10:00 when a run starts on a Friday
 * from 10:30 on (the cafe menu closes at 12:00), as the browsers of their specs do
 * (e2e/cafe-clock.ts).
 */
const bangkokClock: Record<string, string> = CLOCK_SHIFT_MS === 0 ? {} : { CLOCK_NOW: cafeNow().toISOString() };

/**
 * The specs run in two halves at once, each against a cafe server of its own (its own database),
 * so neither half sees the other's orders, sites or shop status. Within a half they run one after
 * the other, as they were written to. The second half takes specs that need only the usual cafe;
 * the two halves take about as long. Its server sends no mail, so a registration there is the
 * specification's "create succeed" (foundation.spec.ts); the first one confirms addresses by mail.
 */
const SECOND_HALF = [
  '**/foundation.spec.ts',
  '**/every-route.spec.ts',
  '**/a11y.spec.ts',
  '**/management.spec.ts',
  '**/kitchen-display.spec.ts',
  '**/coffee-run.spec.ts',
  '**/keyboard.spec.ts',
  '**/toasts-and-dialogs.spec.ts',
  '**/screens-at-every-width.spec.ts',
];
const SECOND_PORT = PORT + 5;

/** A cafe server for the browser tests, offering sign-in with the test identity provider; `extraEnv` on top. */
function cafeServer(port: number, extraEnv: Record<string, string> = {}) {
  return {
    command: 'node e2e/start-server.mjs',
    url: `http://127.0.0.1:${port}/api/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe' as const,
    env: {
      ...serverEnv,
      E2E_PORT: String(port),
      OIDC_ISSUER: `http://127.0.0.1:${E2E_OIDC.port}`,
      OIDC_CLIENT_ID: E2E_OIDC.clientId,
      OIDC_CLIENT_SECRET: E2E_OIDC.clientSecret,
      OIDC_NAME: E2E_OIDC.name,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...extraEnv,
    },
  };
}

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  // One worker per half (projects below).
  workers: 2,
  retries: 0,
  // Room for a machine three times slower than an idle one (CI shares its machine): a test's time
  // and an expectation's wait are limits for a hang, never a measure of speed.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  // The list as it goes; the JSON for the ten slowest files npm test prints (scripts/slowest-tests.mjs).
  reporter: [
    ['list'],
    ['json', { outputFile: fileURLToPath(new URL('../../test-results/playwright.json', import.meta.url)) }],
  ],
  outputDir: process.env.E2E_OUTPUT ?? 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // The interface follows the browser's language: English unless a test asks for Thai.
    locale: 'en-GB',
    // A failed test keeps its trace: every action with its timing and outcome, the console, the
    // network and the errors; Playwright adds the page's accessibility tree at the failure
    // (error-context.md). Without the screencast (a JPEG each time the page paints: about a quarter
    // of the browser tests' CPU, decision 0062) and without the DOM snapshots before and after each
    // action (a fifth of what was left, on the accessibility walks; decision 0088).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    launchOptions: {
      executablePath: CHROMIUM,
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
  projects: [
    { name: 'first half', testIgnore: SECOND_HALF, workers: 1 },
    {
      name: 'second half',
      testMatch: SECOND_HALF,
      workers: 1,
      use: { baseURL: `http://127.0.0.1:${SECOND_PORT}` },
    },
  ],
  webServer: [
    cafeServer(PORT, {
      ...bangkokClock,
      WEBHOOK_URL: `http://127.0.0.1:${E2E_RECEIVERS.webhookPort}/hook`,
      WEBHOOK_SECRET: E2E_RECEIVERS.webhookSecret,
      SMTP_URL: `smtp://127.0.0.1:${E2E_RECEIVERS.smtpPort}`,
      MAIL_FROM: 'Cafe <cafe@example.com>',
      OUTBOX_RETRY_BASE_MS: '300',
      LINE_CHANNEL_SECRET: 'e2e-line-channel-secret',
      LINE_CHANNEL_ACCESS_TOKEN: 'e2e-line-channel-access-token',
      LINE_API_URL: `http://127.0.0.1:${E2E_LINE.port}`,
      LINE_LOGIN_CHANNEL_ID: E2E_LINE.loginChannelId,
      LINE_LIFF_ID: E2E_LINE.liffId,
    }),
    cafeServer(SECOND_PORT, bangkokClock),
    {
      command: 'node --import tsx e2e/oidc-provider.ts',
      url: `http://127.0.0.1:${E2E_OIDC.port}/ready`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      env: {
        OIDC_PORT: String(E2E_OIDC.port),
        OIDC_CLIENT_ID: E2E_OIDC.clientId,
        OIDC_CLIENT_SECRET: E2E_OIDC.clientSecret,
        OIDC_REDIRECT_URI: `http://127.0.0.1:${PORT}/login/sso`,
      },
    },
    {
      command: 'node --import tsx e2e/line-fake.ts',
      url: `http://127.0.0.1:${E2E_LINE.port}/ready`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      env: { LINE_FAKE_PORT: String(E2E_LINE.port), LINE_LOGIN_CHANNEL_ID: E2E_LINE.loginChannelId },
    },
    {
      command: 'node e2e/start-server.mjs',
      url: `http://127.0.0.1:${OTHER_CAFE.port}/api/ready`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      env: {
        ...serverEnv,
        E2E_PORT: String(OTHER_CAFE.port),
        CAFE_TIMEZONE: OTHER_CAFE.timeZone,
        COMPANY_EMAIL_DOMAIN: OTHER_CAFE.emailDomain,
        CLOCK_NOW: OTHER_CAFE.clockNow,
        // Its clock starts hours away from any scheduled change: the opening hours run it.
        OPENING_HOURS: 'on',
        RATE_LIMIT: 'on',
        TRUST_PROXY: '1',
        REGISTRATIONS_PER_ADDRESS: String(OTHER_CAFE.registrationsPerAddress),
      },
    },
    {
      command: 'node e2e/start-server.mjs',
      url: `http://127.0.0.1:${CLOCKED_CAFE.port}/api/ready`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      env: {
        ...serverEnv,
        E2E_PORT: String(CLOCKED_CAFE.port),
        CLOCK_NOW: CLOCKED_CAFE.clockNow,
      },
    },
  ],
});
