import type { Kysely } from 'kysely';
import type { Dialect } from '../connection';

/**
 * Who a person is at the company's identity provider (docs/decisions/0080-passwords-and-sso-identity.md):
 * the provider's issuer and the person's `sub` there, recorded at their first single sign-on and
 * matched from then on, so an e-mail address the company gives to someone new does not bring the
 * new holder into the old account. One identity per account and issuer. A new table: no existing
 * row is touched (accounts made by single sign-on before are linked by their e-mail at their next
 * sign-in, once).
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable('sso_identities')
      .addColumn('issuer', 'varchar(500)', (c) => c.notNull())
      .addColumn('subject', 'varchar(255)', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addPrimaryKeyConstraint('sso_identities_pk', ['issuer', 'subject'])
      .execute();
    await db.schema
      .createIndex('sso_identities_user_issuer')
      .on('sso_identities')
      .columns(['user_id', 'issuer'])
      .unique()
      .execute();
  };
}
