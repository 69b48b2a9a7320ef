import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../connection';

/**
 * Sessions and passwords (issue 31, docs/decisions/0051-passwords-and-sessions.md):
 *
 * - `users.tokens_valid_after`: the instant (ISO-8601, milliseconds) before which no access token of
 *   the person is taken any more. Logout, disabling, deleting, and a change or reset of the password
 *   move it. Null for every account before this release: their tokens work as before.
 * - `password_resets`: the reset links sent by e-mail, by the hash of their token; each is valid for
 *   30 minutes and used once.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    const pg = dialect === 'postgres';
    const idType = pg ? 'serial' : 'integer';
    const id = (col: ColumnDefinitionBuilder) => (pg ? col.primaryKey() : col.primaryKey().autoIncrement());

    await db.schema.alterTable('users').addColumn('tokens_valid_after', 'varchar(32)').execute();

    await db.schema
      .createTable('password_resets')
      .addColumn('id', idType, id)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('used_at', 'varchar(32)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('password_resets_user').on('password_resets').column('user_id').execute();
  };
}
