import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupError, backupSqlite, restoreSqlite, verifyDatabaseFile } from './backup';
import { openBarWithOneDrink, startServerProcess, type ServerProcess } from '../test-support/server-process';
import { PROCESS_WAIT_MS } from '../test-support/waits';

/**
 * Backup and restore of the embedded database, the way an operator uses them: the real server
 * runs in a process of its own and takes orders over HTTP without pause while `backup` (the CLI,
 * another process) copies the database; `restore` then puts the copy into a fresh DATA_DIR. Every
 * order the server acknowledged before the backup began must be in the restored database.
 * (Copying cafe.db while the server ran lost the orders still in the write-ahead log.)
 */

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OPS_ENTRY = path.join(serverRoot, 'src/ops/cli.ts');
const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' };

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the operator CLI from source in its own process (tsx, as in development). */
function runOps(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', OPS_ENTRY, ...args], {
      cwd: serverRoot,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), PROCESS_WAIT_MS);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The restored file passes SQLite's integrity check and holds every one of `ids` among its orders. */
function expectOrders(file: string, ids: number[]): void {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const stored = new Set((db.prepare('select id from orders').all() as { id: number }[]).map((row) => row.id));
    const missing = ids.filter((id) => !stored.has(id));
    expect(missing, `orders acknowledged before the backup but missing from it: ${missing.join(', ')}`).toEqual([]);
  } finally {
    db.close();
  }
}

describe('backup and restore (SQLite)', () => {
  const workDir = mkdtempSync(path.join(tmpdir(), 'cafe-backup-'));
  const dataDir = path.join(workDir, 'data');
  let server: ServerProcess;
  const api = <T>(method: string, url: string, token?: string, body?: unknown) =>
    server.api<T>(method, url, token, body);
  const login = (email: string, password: string) => server.login(email, password);

  beforeAll(async () => {
    server = await startServerProcess(
      {
        DATA_DIR: dataDir,
        WEB_DIST: path.join(workDir, 'no-web'),
        DEMO: 'off',
        JWT_SECRET: 'backup-test-secret-backup-test-secret',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        // Bar orders have no daily limit and need no photo: one account can order without pause.
        BAR_ONLINE_ORDERING: 'on',
        LOCATION_CHECK: 'off',
        RATE_LIMIT: 'off',
        LOG_LEVEL: 'warn',
      },
      PROCESS_WAIT_MS,
    );
  });

  afterAll(async () => {
    await server?.kill();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('backs up while orders are being written and restores every order acknowledged before it', async () => {
    // A barista sets up a bar item and opens the bar; the admin (from the environment) orders.
    const adminToken = await login(ADMIN.email, ADMIN.password);
    const { itemId } = await openBarWithOneDrink(server, adminToken);

    // Three clients order without pause until told to stop; each acknowledged id is recorded.
    const acknowledged: number[] = [];
    const failures: string[] = [];
    let writing = true;
    const writer = async () => {
      while (writing) {
        const res = await api<{ id: number }>('POST', '/api/order', adminToken, {
          menu_id: itemId,
          tumblerImage: `Mojito, order ${acknowledged.length + 1}`,
        });
        if (res.status === 201) acknowledged.push(res.body.id);
        else failures.push(`${res.status} ${JSON.stringify(res.body)}`);
      }
    };
    const writers = [writer(), writer(), writer()];
    try {
      while (acknowledged.length < 60 && failures.length === 0) await new Promise((r) => setTimeout(r, 20));

      // 1. In this process, so that "before the backup began" is exact: the moment of the call.
      const beforeFirst = [...acknowledged];
      const firstFile = path.join(workDir, 'backups', 'first.db');
      await backupSqlite(path.join(dataDir, 'cafe.db'), firstFile);
      const firstRestored = path.join(workDir, 'first-restored');
      restoreSqlite(firstFile, firstRestored);
      expectOrders(path.join(firstRestored, 'cafe.db'), beforeFirst);

      // 2. The operator's command, a process of its own, while the writes go on.
      while (acknowledged.length < beforeFirst.length + 30 && failures.length === 0)
        await new Promise((r) => setTimeout(r, 20));
      const beforeBackup = [...acknowledged];
      const backupFile = path.join(workDir, 'backups', 'cafe.db');
      const backup = await runOps(['backup', '--out', backupFile], { DATA_DIR: dataDir });
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toContain(backupFile);
      // Orders were acknowledged while the command ran; otherwise this would prove nothing.
      expect(acknowledged.length).toBeGreaterThan(beforeBackup.length);

      // Restoring over the database of the running server is refused, and changes nothing.
      const refused = await runOps(['restore', backupFile], { DATA_DIR: dataDir });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/stop the server/);

      const restoredDir = path.join(workDir, 'restored');
      const restore = await runOps(['restore', backupFile], { DATA_DIR: restoredDir });
      expect(restore.code, restore.stderr).toBe(0);
      expectOrders(path.join(restoredDir, 'cafe.db'), beforeBackup);
    } finally {
      writing = false;
      await Promise.all(writers);
    }
    expect(failures).toEqual([]);
    // The live database still has every order, including those written during the backup.
    const live = await api<unknown[]>('GET', '/api/order?status=ordered', adminToken);
    expect(live.status).toBe(200);
    expect(live.body.length).toBe(acknowledged.length);
  });

  it('refuses to restore a file that is damaged or not a cafe database', () => {
    const target = path.join(workDir, 'refused');
    const garbage = path.join(workDir, 'garbage.db');
    writeFileSync(garbage, 'not a database at all');
    expect(() => restoreSqlite(garbage, target)).toThrow(BackupError);

    const other = path.join(workDir, 'other.db');
    const db = new SQLite(other);
    db.exec('create table notes (id integer primary key, body text)');
    db.close();
    expect(() => restoreSqlite(other, target)).toThrow(/not an Office Cafe database/);

    // A backup cut short: the first pages survive, the rest are gone.
    const whole = path.join(workDir, 'backups', 'cafe.db');
    verifyDatabaseFile(whole);
    const truncated = path.join(workDir, 'truncated.db');
    const bytes = readFileSync(whole);
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    expect(() => restoreSqlite(truncated, target)).toThrow(BackupError);
    expect(existsSync(path.join(target, 'cafe.db'))).toBe(false);
  });
});
