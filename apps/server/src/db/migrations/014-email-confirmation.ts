import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../connection';

/**
 * E-mail confirmation (issue 21, docs/api.md "Confirming an e-mail address"): with e-mail
 * configured, an account registered with a password must open the link sent to its address before
 * it can order.
 *
 * - `users.email_unconfirmed`: 1 while such an account has not confirmed. Every account before this
 *   release, and every account made another way (single sign-on, the admin of the environment, the
 *   demo), is 0: nothing about them changes.
 * - `email_confirmations`: the links sent, by the hash of their token; each is valid for a day and
 *   used once.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    const pg = dialect === 'postgres';
    const idType = pg ? 'serial' : 'integer';
    const id = (col: ColumnDefinitionBuilder) => (pg ? col.primaryKey() : col.primaryKey().autoIncrement());

    await db.schema
      .alterTable('users')
      .addColumn('email_unconfirmed', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('email_confirmations')
      .addColumn('id', idType, id)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('used_at', 'varchar(32)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('email_confirmations_user').on('email_confirmations').column('user_id').execute();
  };
}
