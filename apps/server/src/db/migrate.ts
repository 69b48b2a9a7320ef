import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Dialect } from './connection';
import * as m001 from './migrations/001-initial';
import * as m002 from './migrations/002-push-subscriptions';
import type { Database } from './types';

/** Numbered migrations, bundled into the build (no directory scan at run time). */
class StaticProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve({
      '001-initial': { up: m001.up(this.dialect) },
      '002-push-subscriptions': { up: m002.up(this.dialect) },
    });
  }
}

export async function migrateToLatest(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  const migrator = new Migrator({ db, provider: new StaticProvider(dialect) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
