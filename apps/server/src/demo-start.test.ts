import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { PROCESS_WAIT_MS } from './test-support/waits';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

/** Starts the server as `npm start` would on a fresh clone (no NODE_ENV, demo by default) and reads its output up to `until`. */
function firstLines(env: Record<string, string>, until: RegExp): Promise<string[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cafe-demo-start-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const { NODE_ENV: _nodeEnv, LOG_LEVEL: _logLevel, DEMO: _demo, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: { ...inherited, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => child.kill('SIGKILL'));
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`no ${String(until)} in:\n${output}`)), PROCESS_WAIT_MS);
    const take = (chunk: Buffer) => {
      output += chunk.toString();
      if (until.test(output)) {
        clearTimeout(timer);
        child.kill('SIGTERM');
        resolve(output.split('\n'));
      }
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('exit', () => {
      clearTimeout(timer);
      if (!until.test(output)) reject(new Error(`exited early:\n${output}`));
    });
  });
}

describe('the demo start', () => {
  it('prints readable lines, no JSON, and says what demo mode changed', async () => {
    const lines = await firstLines({}, /Requests are logged at debug level/);
    const text = lines.join('\n');
    expect(lines.filter((line) => line.trimStart().startsWith('{'))).toEqual([]);
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: Server listening at/m);
    expect(text).toContain('Demo mode (DEMO=on): the cafe is opened on the first start');
    expect(text).toContain('the location check is off (LOCATION_CHECK=on turns it on)');
    expect(text).toContain('Demo accounts (e-mail / password):');
  });

  it('keeps JSON lines in production', async () => {
    const lines = await firstLines(
      { NODE_ENV: 'production', JWT_SECRET: 'a-production-secret-of-32-characters!', DEMO: 'off' },
      /Server listening/,
    );
    const listening = lines.find((line) => line.includes('Server listening'));
    const entry = JSON.parse(listening!) as { level: number; msg: string };
    expect(entry.level).toBe(30);
    expect(entry.msg).toContain('Server listening');
  });
});
