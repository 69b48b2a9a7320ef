import { runMigrations } from './app';
import type { Config } from './config';
import { openDatabase } from './db/connection';
import { ensureAttachmentTable } from './realtime/cluster';

/**
 * The schema changes of a start, made as the role that owns the schema (MIGRATE_DATABASE_URL),
 * before the server connects as the application's role (DATABASE_URL), which may read and write
 * rows but not create, change or drop a table (deploy/postgres/roles.sql; docs/deploy.md, Database
 * roles). Its connection is closed before the server takes a request.
 */
export async function migrateAsOwner(config: Config, ownerUrl: string): Promise<void> {
  const owner = openDatabase({ databaseUrl: ownerUrl, sqliteFile: '' });
  try {
    await runMigrations(owner, config);
    // The live channel's table between processes (realtime/cluster.ts) is schema too.
    if (owner.pgPool) await ensureAttachmentTable(owner.pgPool);
  } finally {
    await owner.close();
  }
}
