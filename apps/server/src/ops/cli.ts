/**
 * Operator commands, built into apps/server/dist/ops.js (the production image has no TypeScript
 * runner):
 *
 *   node apps/server/dist/ops.js backup  [--out FILE] [--data-dir DIR]   (npm run backup)
 *   node apps/server/dist/ops.js restore FILE [--data-dir DIR]           (npm run restore -- FILE)
 *   node apps/server/dist/ops.js health                                  (the image's HEALTHCHECK)
 *
 * SQLite (no DATABASE_URL): backup copies DATA_DIR/cafe.db with the online backup API while the
 * server runs; restore verifies a backup and puts it in place once the server is stopped.
 * PostgreSQL (DATABASE_URL set): backup runs pg_dump when it is installed, restore prints the
 * pg_restore steps.
 *
 * This reads DATABASE_URL and DATA_DIR itself instead of the server's loadConfig: that one also
 * insists on production secrets and creates key files in DATA_DIR, neither of which a backup
 * should need or do. The defaults match the server's (DATA_DIR ./data, relative to the working
 * directory).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError } from '../config-env';
import { withSecretFiles } from '../config-secret-files';
import { BackupError, SQLITE_FILE_NAME, backupFileName, backupSqlite, restoreSqlite } from './backup';
import { probeHealth } from './health';
import { postgresBackupGuidance, postgresRestoreGuidance, runPgDump } from './postgres';

const USAGE = `usage:
  backup  [--out FILE] [--data-dir DIR]   copy the database while the server runs
  restore FILE [--data-dir DIR]           put a backup in place (SQLite: the server must be stopped)
  health                                  0 when the server on this machine's PORT answers GET /api/health`;

/** Exit codes: 0 done, 1 failed, 2 nothing done (wrong usage, or a step the operator must take). */
export async function runOps(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  if (command === 'health') {
    // TLS_CERT_FILE as the server reads it: the probe then speaks HTTPS to it.
    const { TLS_CERT: cert } = withSecretFiles(env, ['TLS_CERT']);
    return (await probeHealth({ port: Number(env.PORT ?? 3000), cert: cert || undefined })) ? 0 : 1;
  }
  const dataDir = path.resolve(values['data-dir'] ?? env.DATA_DIR ?? './data');
  // DATABASE_URL_FILE as the server reads it (a Docker or Kubernetes secret).
  const databaseUrl = withSecretFiles(env, ['DATABASE_URL']).DATABASE_URL || undefined;

  if (command === 'backup') {
    if (rest.length > 0) {
      console.error(USAGE);
      return 2;
    }
    if (databaseUrl) {
      const out = path.resolve(values.out ?? path.join('backups', backupFileName().replace(/\.db$/, '.dump')));
      const outcome = runPgDump(databaseUrl, out);
      if (outcome.ok) {
        console.log(`PostgreSQL backup written to ${outcome.file} (restore with: npm run restore -- ${outcome.file})`);
        return 0;
      }
      console.error(`${outcome.message}\n\n${postgresBackupGuidance(databaseUrl, out)}`);
      return outcome.reason === 'missing' ? 2 : 1;
    }
    const source = path.join(dataDir, SQLITE_FILE_NAME);
    const out = path.resolve(values.out ?? path.join(dataDir, 'backups', backupFileName()));
    const result = await backupSqlite(source, out);
    console.log(`Backup of ${source} written to ${result.file} (${result.bytes} bytes, integrity checked)`);
    console.log(
      `Keep a copy off this machine, with ${path.join(dataDir, 'jwt-secret')} and ${path.join(dataDir, 'vapid.json')} unless those come from the environment.`,
    );
    return 0;
  }

  if (command === 'restore') {
    const [file, ...extra] = rest;
    if (!file || extra.length > 0 || values.out) {
      console.error(USAGE);
      return 2;
    }
    if (databaseUrl) {
      console.log(postgresRestoreGuidance(databaseUrl, path.resolve(file)));
      return 2;
    }
    const result = restoreSqlite(path.resolve(file), dataDir);
    console.log(`Restored ${path.resolve(file)} to ${result.file} (integrity checked).`);
    if (result.previous) console.log(`The database it replaced is kept at ${result.previous}.`);
    console.log('Start the server again.');
    return 0;
  }

  console.error(`unknown command "${command}"\n${USAGE}`);
  return 2;
}

runOps(process.argv.slice(2), process.env).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const known = error instanceof BackupError || error instanceof TypeError || error instanceof ConfigError;
    console.error(known ? error.message : error);
    process.exitCode = 1;
  },
);
