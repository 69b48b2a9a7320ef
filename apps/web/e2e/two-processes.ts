import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPgCluster, type PgCluster } from '../../server/src/test-support/pg-cluster';
import { freePort } from '../../server/src/test-support/free-port';
import { E2E_CAFE } from '../playwright.config';
import { CLOCK_SHIFT_MS, cafeNow } from './cafe-clock';

/**
 * One cafe served by two processes of the built server, as production runs it behind its proxy
 * (deploy/nginx): a private PostgreSQL cluster of their own (started here, in a temporary folder,
 * on a free port; never the machine's shared one), one data folder (the tumbler photos), the demo
 * data. A board on each process hears the other's moves through the database (decision 0053).
 */
export interface TwoProcesses {
  /** The processes' addresses: a browser context or request context per process. */
  urls: [string, string];
  stop(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const START_SERVER = path.join(here, 'start-server.mjs');

async function ready(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const until = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server at ${url} ended while starting:\n${output()}`);
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > until) throw new Error(`the server at ${url} did not start:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function startTwoProcesses(): Promise<TwoProcesses> {
  let cluster: PgCluster | undefined;
  const children: ChildProcess[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cafe-e2e-two-'));
  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    await cluster?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    cluster = await startPgCluster();
    await cluster.createDatabase('cafe');
    const urls: string[] = [];
    // One after the other: the first migrates the database and writes the demo data.
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      let output = '';
      const child = spawn(process.execPath, [START_SERVER], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          E2E_PORT: String(port),
          E2E_DATA_DIR: dataDir,
          DATABASE_URL: cluster.url('cafe'),
          PUBLIC_URL: url,
          CAFE_LAT: String(E2E_CAFE.latitude),
          CAFE_LNG: String(E2E_CAFE.longitude),
          // As the usual cafe's server runs on a Friday afternoon (playwright.config.ts).
          ...(CLOCK_SHIFT_MS === 0 ? {} : { CLOCK_NOW: cafeNow().toISOString() }),
        },
      });
      children.push(child);
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await ready(url, child, () => output.slice(-4000));
      urls.push(url);
    }
    return { urls: [urls[0]!, urls[1]!], stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
