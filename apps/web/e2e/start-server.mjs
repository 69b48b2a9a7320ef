// Starts the built server for the browser tests with a fresh data folder and the demo data.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverEntry = path.resolve(here, '../../server/dist/server.js');
const dataDir = mkdtempSync(path.join(tmpdir(), 'cafe-e2e-'));

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
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'warn',
    COMPANY_EMAIL_DOMAIN: 'example.com',
    ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
  },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => process.exit(code ?? 0));
