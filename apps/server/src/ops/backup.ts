import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

/** The embedded database's file name inside DATA_DIR (the server opens the same path). */
export const SQLITE_FILE_NAME = 'cafe.db';

/** Tables a cafe database always has: a file without them is not a backup of this app. */
const REQUIRED_TABLES = ['kysely_migration', 'users', 'orders'];

export class BackupError extends Error {}

export interface BackupResult {
  file: string;
  bytes: number;
  pages: number;
}

/** `cafe-2026-11-18T03-04-05Z.db`: sortable, and safe in every file system's names. */
export function backupFileName(now: Date = new Date()): string {
  return `cafe-${now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-')}.db`;
}

function fsyncPath(target: string): void {
  const fd = openSync(target, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The SQLite-side siblings of a database file (write-ahead log, shared memory, rollback journal). */
function siblings(file: string): string[] {
  return [`${file}-wal`, `${file}-shm`, `${file}-journal`];
}

/**
 * Checks a database file the way restore needs it: SQLite's own integrity_check says "ok" and the
 * tables of this app are there. Opened read-only so that checking a backup never changes it.
 */
export function verifyDatabaseFile(file: string): void {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new BackupError(`${file} cannot be opened as an SQLite database: ${(error as Error).message}`);
  }
  try {
    let result: unknown[];
    try {
      result = db.pragma('integrity_check', { simple: false }) as unknown[];
    } catch (error) {
      // A file that is not a database at all fails here ("file is not a database").
      throw new BackupError(`${file} is not a usable SQLite database: ${(error as Error).message}`);
    }
    const messages = result.map((row) => Object.values(row as Record<string, unknown>).join(' '));
    if (messages.length !== 1 || messages[0] !== 'ok') {
      throw new BackupError(`${file} fails SQLite's integrity check: ${messages.slice(0, 5).join('; ')}`);
    }
    const tables = new Set(
      (db.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map(
        (row) => row.name,
      ),
    );
    const missing = REQUIRED_TABLES.filter((name) => !tables.has(name));
    if (missing.length > 0) {
      throw new BackupError(`${file} is not an Office Cafe database (no ${missing.join(', ')} table)`);
    }
  } finally {
    db.close();
  }
}

/**
 * A consistent copy of a live database with SQLite's online backup API. The server keeps running
 * and writing: the copy is taken in one step, inside one read transaction (in WAL mode readers do
 * not block writers), so it holds exactly the transactions committed before that moment. Copying
 * the file itself would miss whatever still sits in the write-ahead log.
 *
 * The copy is written beside its destination and renamed into place only once it passed the
 * integrity check, so a crash mid-backup never leaves a file that looks like a finished backup.
 */
export async function backupSqlite(source: string, destination: string): Promise<BackupResult> {
  if (!existsSync(source)) throw new BackupError(`There is no database at ${source}`);
  if (existsSync(destination)) throw new BackupError(`${destination} already exists; choose another file`);
  mkdirSync(path.dirname(destination), { recursive: true });
  const partial = `${destination}.partial`;
  for (const file of [partial, ...siblings(partial)]) rmSync(file, { force: true });

  // Not read-only: a WAL database opened read-only cannot recover a log left by a crashed
  // writer. Nothing is written through this connection.
  const db = new SQLite(source, { fileMustExist: true, timeout: 10_000 });
  let pages = 0;
  try {
    const progress = await db.backup(partial, {
      // The first step copies nothing; from then on every remaining page in one step, so the copy
      // is one snapshot instead of restarting each time the server commits between steps.
      progress: () => 0x7fffffff,
    });
    pages = progress.totalPages;
  } catch (error) {
    rmSync(partial, { force: true });
    throw new BackupError(`Backup of ${source} failed: ${(error as Error).message}`);
  } finally {
    db.close();
  }

  try {
    // The copied header says WAL; a backup is one self-contained file, so switch it to a rollback journal.
    const copy = new SQLite(partial, { fileMustExist: true });
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    verifyDatabaseFile(partial);
    fsyncPath(partial);
    renameSync(partial, destination);
    fsyncPath(path.dirname(destination));
  } catch (error) {
    for (const file of [partial, ...siblings(partial)]) rmSync(file, { force: true });
    throw error;
  }
  return { file: destination, bytes: statSync(destination).size, pages };
}

/**
 * Whether some process (a running server) has the database open. In WAL mode every open
 * connection holds a shared lock on the file; asking for an exclusive lock without waiting fails
 * while any other connection exists, however idle.
 */
export function isDatabaseInUse(file: string): boolean {
  if (!existsSync(file)) return false;
  const db = new SQLite(file, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
    return false;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'SQLITE_BUSY') return true;
    throw error;
  } finally {
    db.close();
  }
}

export interface RestoreResult {
  file: string;
  /** Where the database that was replaced now is (absent when there was none). */
  previous: string | undefined;
}

/**
 * Puts a backup in place as DATA_DIR/cafe.db. The server must be stopped: this refuses while any
 * process has the current database open. The backup is verified first; the replaced database is
 * kept beside it (checkpointed, so it is whole without its write-ahead log), never deleted.
 */
export function restoreSqlite(backupFile: string, dataDir: string, now: Date = new Date()): RestoreResult {
  verifyDatabaseFile(backupFile);
  mkdirSync(dataDir, { recursive: true });
  const target = path.join(dataDir, SQLITE_FILE_NAME);
  if (path.resolve(backupFile) === path.resolve(target)) {
    throw new BackupError('The backup is the database itself; nothing to restore');
  }

  let previous: string | undefined;
  if (existsSync(target)) {
    if (isDatabaseInUse(target)) {
      throw new BackupError(
        `${target} is open in another process: stop the server (every process using ${dataDir}) and run restore again`,
      );
    }
    // Fold the write-ahead log into the file, so that the kept copy is complete on its own.
    const current = new SQLite(target, { fileMustExist: true, timeout: 0 });
    try {
      current.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      current.close();
    }
    previous = `${target}.pre-restore-${backupFileName(now).replace(/^cafe-|\.db$/g, '')}`;
    renameSync(target, previous);
  }
  // A log or journal left beside the old file would be replayed into the restored one.
  for (const file of siblings(target)) rmSync(file, { force: true });

  const incoming = `${target}.restoring`;
  copyFileSync(backupFile, incoming);
  fsyncPath(incoming);
  renameSync(incoming, target);
  fsyncPath(dataDir);
  verifyDatabaseFile(target);
  return { file: target, previous };
}
