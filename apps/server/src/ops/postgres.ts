import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * PostgreSQL is backed up with its own tools (pg_dump / pg_restore): they know every object the
 * database holds and take a consistent snapshot while the servers keep writing. These helpers
 * only run them with the right arguments or say how to.
 */

/** The URL without its password (for commands shown on screen or put on a command line). */
export function redactedUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  if (url.password) url.password = '';
  return url.toString();
}

/**
 * The connection for pg_dump: the URL goes on the command line without its password (any local
 * user can read another process's arguments), the password travels in PGPASSWORD.
 */
function connection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env.PGPASSWORD = password;
  return { dbname: url.toString(), env };
}

export function postgresBackupGuidance(databaseUrl: string, out: string): string {
  const url = redactedUrl(databaseUrl);
  return [
    'PostgreSQL is backed up with pg_dump (a consistent snapshot; the servers keep running):',
    `  PGPASSWORD=... pg_dump --format=custom --no-owner --file=${out} '${url}'`,
    'With the compose file: docker compose exec -T postgres pg_dump -U cafe --format=custom cafe > cafe.dump',
    'pg_dump must be the same major version as the database server or newer.',
  ].join('\n');
}

export function postgresRestoreGuidance(databaseUrl: string, file: string): string {
  const url = redactedUrl(databaseUrl);
  return [
    'PostgreSQL is restored with pg_restore, by hand, because it replaces what the database holds:',
    '  1. stop every server process (docker compose stop server1 server2)',
    `  2. PGPASSWORD=... pg_restore --clean --if-exists --no-owner --single-transaction --dbname='${url}' ${file}`,
    '     (compose: docker compose exec -T postgres pg_restore -U cafe --clean --if-exists --no-owner',
    `      --single-transaction --dbname=cafe < ${file})`,
    '  3. start the servers again; migrations bring an older backup up to date on start.',
  ].join('\n');
}

export type PgDumpOutcome = { ok: true; file: string } | { ok: false; reason: 'missing' | 'failed'; message: string };

/** Runs pg_dump (custom format, restorable with pg_restore) into `out`. */
export function runPgDump(databaseUrl: string, out: string): PgDumpOutcome {
  mkdirSync(path.dirname(out), { recursive: true });
  const { dbname, env } = connection(databaseUrl);
  const result = spawnSync('pg_dump', ['--format=custom', '--no-owner', `--file=${out}`, `--dbname=${dbname}`], {
    env,
    stdio: ['ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
  });
  if (result.error) {
    const code = (result.error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { ok: false, reason: 'missing', message: 'pg_dump is not installed here' };
    return { ok: false, reason: 'failed', message: result.error.message };
  }
  if (result.status !== 0) return { ok: false, reason: 'failed', message: result.stderr.trim() };
  return { ok: true, file: out };
}
