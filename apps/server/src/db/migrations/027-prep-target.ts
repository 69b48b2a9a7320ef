import type { Kysely } from 'kysely';
import type { Dialect } from '../connection';

/**
 * The preparation target of each site (docs/decisions/0076-prep-times-and-first-try.md): how long a
 * drink may take from in-progress to done before the board shows a quiet cue and the statistics
 * count it over. In seconds, as the other counter times; every site gets the default 4 minutes.
 * Nothing stored before changes.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .alterTable('sites')
      .addColumn('prep_target_seconds', 'integer', (c) => c.notNull().defaultTo(240))
      .execute();
  };
}
