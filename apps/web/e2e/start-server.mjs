// Starts the built server for the browser tests with a fresh data folder and the demo data.
// CAFE_TIMEZONE, COMPANY_EMAIL_DOMAIN and CLOCK_NOW may be given (the second server of
// playwright.config.ts runs another cafe zone and domain); the defaults are the usual cafe's.
// Two processes of one cafe (e2e/two-processes.ts) share E2E_DATA_DIR and a DATABASE_URL.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverEntry = path.resolve(here, '../../server/dist/server.js');
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'cafe-e2e-'));
const timeZone = process.env.CAFE_TIMEZONE ?? 'Asia/Bangkok';

const child = spawn(process.execPath, [serverEntry], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: process.env.E2E_PORT ?? '4300',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO: 'on',
    LOCATION_CHECK: 'on',
    // A demo takes bar orders online unless told; the specs were written for the specification's bar.
    BAR_ONLINE_ORDERING: process.env.BAR_ONLINE_ORDERING ?? 'off',
    // Off, but on the server of registration-limit.spec.ts (playwright.config.ts).
    RATE_LIMIT: process.env.RATE_LIMIT ?? 'off',
    LOG_LEVEL: 'warn',
    CAFE_TIMEZONE: timeZone,
    COMPANY_EMAIL_DOMAIN: process.env.COMPANY_EMAIL_DOMAIN ?? 'example.com',
    // The specs set the shop status themselves; on the real clock a scheduled opening or closing
    // could land in the middle of a run. The server with a clock of its own runs them (OPENING_HOURS=on).
    OPENING_HOURS: process.env.OPENING_HOURS ?? 'off',
    ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
  },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => process.exit(code ?? 0));
