import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection';

/**
 * A second factor for password accounts (docs/decisions/0078-second-factor.md). New tables only, no
 * existing row is touched:
 * - `second_factors`: a person's passkeys (WebAuthn credential id, public key, signature counter)
 *   and authenticator apps (TOTP secret, the last time step used so a code works once);
 * - `recovery_codes`: single-use codes, sha256 only, used instead of a factor;
 * - `second_factor_challenges`: what is pending for a short while (a sign-in waiting for its second
 *   factor, a WebAuthn challenge, an authenticator app being set up), by the sha256 of its token;
 * - `security_settings`: one row, whether baristas and admins must have a second factor.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    const idType = dialect === 'postgres' ? 'serial' : 'integer';
    await db.schema
      .createTable('second_factors')
      .addColumn('id', idType, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(8)', (c) => c.notNull())
      .addColumn('name', 'varchar(60)', (c) => c.notNull())
      // Passkeys: the credential id (base64url), its COSE public key (base64url), counter, transports.
      .addColumn('credential_id', 'varchar(1400)', (c) => c.unique())
      .addColumn('public_key', 'text')
      .addColumn('sign_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('transports', 'varchar(200)')
      // Authenticator apps: the base32 secret and the last 30-second step a code was taken for.
      .addColumn('totp_secret', 'varchar(64)')
      .addColumn('totp_last_step', 'integer')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('last_used_at', 'varchar(32)')
      .execute();
    await db.schema.createIndex('second_factors_user').on('second_factors').column('user_id').execute();
    await db.schema
      .createTable('recovery_codes')
      .addColumn('id', idType, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('used_at', 'varchar(32)')
      .execute();
    await db.schema.createIndex('recovery_codes_user').on('recovery_codes').column('user_id').execute();
    await db.schema
      .createTable('second_factor_challenges')
      .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
      // What it is for: 'sign-in' (password given, factor pending), 'passkey' (passwordless),
      // 'enrol-passkey', 'enrol-totp'.
      .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('challenge', 'varchar(200)')
      .addColumn('totp_secret', 'varchar(64)')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('used_at', 'varchar(32)')
      .execute();
    await db.schema
      .createIndex('second_factor_challenges_expires')
      .on('second_factor_challenges')
      .column('expires_at')
      .execute();
    await db.schema
      .createTable('security_settings')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('second_factor_for_staff', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'varchar(32)')
      .execute();
    await sql`insert into security_settings (id, second_factor_for_staff) values (1, 0)`.execute(db);
  };
}
