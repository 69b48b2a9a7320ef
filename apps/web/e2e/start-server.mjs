// Starts the built server for the browser tests with a fresh data folder and the demo data.
// CAFE_TIMEZONE, COMPANY_EMAIL_DOMAIN and CLOCK_NOW may be given (the second server of
// playwright.config.ts runs another cafe zone and domain); the defaults are the usual cafe's.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverEntry = path.resolve(here, '../../server/dist/server.js');
const dataDir = mkdtempSync(path.join(tmpdir(), 'cafe-e2e-'));
const timeZone = process.env.CAFE_TIMEZONE ?? 'Asia/Bangkok';

/**
 * The server refuses cafe orders on Friday from 12:00 cafe time. A run that starts in that window
 * starts the server's clock (CLOCK_NOW, honoured under NODE_ENV=test) at 11:00 of the same cafe
 * day instead, so the specs that place orders through the API still can, on the same "today" the
 * browser sees. (Screens that check the cut-off in the browser skip themselves then.) Only the
 * Bangkok cafe needs this: the other server is given its clock.
 */
function clockNowForFridayAfternoon() {
  if (process.env.CLOCK_NOW || timeZone !== 'Asia/Bangkok') return {};
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date())
      .map((p) => [p.type, p.value]),
  );
  if (parts.weekday !== 'Fri' || Number(parts.hour) < 12) return {};
  return { CLOCK_NOW: `${parts.year}-${parts.month}-${parts.day}T11:00:00+07:00` };
}

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
    // Off, but on the server of registration-limit.spec.ts (playwright.config.ts).
    RATE_LIMIT: process.env.RATE_LIMIT ?? 'off',
    LOG_LEVEL: 'warn',
    CAFE_TIMEZONE: timeZone,
    COMPANY_EMAIL_DOMAIN: process.env.COMPANY_EMAIL_DOMAIN ?? 'example.com',
    // The specs set the shop status themselves; on the real clock a scheduled opening or closing
    // could land in the middle of a run. The server with a clock of its own runs them (OPENING_HOURS=on).
    OPENING_HOURS: process.env.OPENING_HOURS ?? 'off',
    ...clockNowForFridayAfternoon(),
    ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
  },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => process.exit(code ?? 0));
