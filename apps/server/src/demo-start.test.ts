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

/**
 * Starts the server as `npm start` would on a fresh clone (no NODE_ENV, demo by default) and reads
 * its output up to `until`; the server is stopped then unless `keep`.
 */
function firstLines(env: Record<string, string>, until: RegExp, keep = false): Promise<string[]> {
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
        if (!keep) child.kill('SIGTERM');
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

/** Tuesday 24 November 2026, 10:00 in Bangkok; Friday 27 November 2026, 15:30 there. */
const TUESDAY_MORNING = '2026-11-24T03:00:00.000Z';
const FRIDAY_AFTERNOON = '2026-11-27T08:30:00.000Z';

/** What every readable start must not print: JSON, a warning to decode, a time without its zone. */
function expectReadable(lines: string[]) {
  expect(lines.filter((line) => /[{[]"/.test(line) || line.trimStart().startsWith('{'))).toEqual([]);
  expect(lines.filter((line) => /warn/i.test(line))).toEqual([]);
  const logged = lines.filter((line) => line.startsWith('['));
  expect(logged.length).toBeGreaterThan(0);
  expect(logged.filter((line) => !/^\[\d\d:\d\d:\d\d [+-]\d{4}\] INFO: /.test(line))).toEqual([]);
}

describe('the demo start', () => {
  it('prints readable lines with their zone, and on a working morning says the cafe is open to order from', async () => {
    const lines = await firstLines({ CLOCK_NOW: TUESDAY_MORNING }, /retention: /);
    const text = lines.join('\n');
    expectReadable(lines);
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d [+-]\d{4}\] INFO: Server listening at/m);
    expect(text).toContain('demo mode: added the demo accounts and menu, and opened the cafe');
    expect(text).toContain('Demo mode (DEMO=on): it is Tue 24 Nov 10:00 (Asia/Bangkok) at the cafe.');
    expect(text).toContain('Cafe: open now (a demo opens it on its first start so ordering can be tried at once).');
    expect(text).toContain('Bar: closed now; it opens next Fri 27 Nov 15:00 (Asia/Bangkok).');
    expect(text).toContain('To try ordering now: sign in as user@example.com and choose a drink on the cafe menu.');
    expect(text).toContain('The location check is off (LOCATION_CHECK=on turns it on).');
    expect(text).toContain('Demo accounts (e-mail / password):');
    expect(text).toContain(
      "opening hours: kept the shop status a person set; the schedule's change from close-both to cafe-open due Tue 24 Nov 09:00 (Asia/Bangkok) was not made",
    );
  });

  it('on a Friday afternoon says why the cafe menu is closed, when the cafe and the bar open, and how to order now', async () => {
    const lines = await firstLines({ CLOCK_NOW: FRIDAY_AFTERNOON }, /retention: /);
    const text = lines.join('\n');
    expectReadable(lines);
    expect(text).toContain('Demo mode (DEMO=on): it is Fri 27 Nov 15:30 (Asia/Bangkok) at the cafe.');
    expect(text).toContain(
      "The server's clock started at Fri 27 Nov 15:30 (Asia/Bangkok) (CLOCK_NOW); browsers keep their own.",
    );
    expect(text).toContain(
      'Cafe: its menu is closed from 12:00 on Fridays (the menu says "The bar is closing at 12PM on Friday."); it opens next Mon 30 Nov 09:00 (Asia/Bangkok).',
    );
    expect(text).toContain(
      'Bar: open now (a demo opens it on a first start on a Friday afternoon), and takes orders online (a demo does; BAR_ONLINE_ORDERING=off turns it off).',
    );
    expect(text).toContain('To try ordering now: sign in as user@example.com and choose a drink on the bar menu.');
    expect(text).not.toContain('the cafe is opened on the first start');
  });

  it('on a Friday afternoon, a newcomer signs in as the demo user and orders a drink from the bar menu', async () => {
    const lines = await firstLines(
      { CLOCK_NOW: FRIDAY_AFTERNOON },
      /Server listening at http:\/\/127\.0\.0\.1:\d+/,
      true,
    );
    const base = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(lines.join('\n'))![1]!;
    const signIn = await fetch(`${base}/api/auth/v2/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'user@example.com', password: 'user-demo-1' }),
    });
    expect(signIn.status).toBe(200);
    const { accessToken } = (await signIn.json()) as { accessToken: string };
    const bar = (await (await fetch(`${base}/api/category?categoryFor=bar`)).json()) as {
      menu: { id: number; name: string }[];
    }[];
    const drink = bar[0]!.menu[0]!;
    const cafe = (await (await fetch(`${base}/api/category?categoryFor=cafe`)).json()) as { menu: { id: number }[] }[];
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` };
    const placed = await fetch(`${base}/api/order`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ menu_id: drink.id, tumblerImage: 'No ice, please' }),
    });
    expect(placed.status).toBe(201);
    expect(((await placed.json()) as { menu: { name: string } }).menu.name).toBe(drink.name);
    // The cafe menu stays closed as the specification has it.
    const refused = await fetch(`${base}/api/order`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        menu_id: cafe[0]!.menu[0]!.id,
        type: 'hot',
        sweetness: 50,
        remark: '-',
        tumblerImage: '/api/images/x.jpg',
      }),
    });
    expect(refused.status).toBe(409);
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
