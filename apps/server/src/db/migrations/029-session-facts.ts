import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection';

/**
 * What a person sees of their sessions, and how long one may last
 * (docs/decisions/0079-sessions-people-can-see.md). Each refresh token carries its family's facts
 * forward on every rotation:
 *
 * - `session_started_at`: when the family's sign-in happened; the absolute lifetime counts from it.
 *   A token from before gets its family's oldest token's time (the sign-in, or the oldest rotation
 *   still stored), so no session of before lasts longer than the lifetime from then on.
 * - `sign_in_method`: 'password' or 'sso' (single sign-on, which may have a shorter lifetime). A
 *   family from before is 'sso' when its account has no password (only the company sign-in makes those).
 * - `user_agent`: the browser's User-Agent at sign-in, cut to 512 characters; null from before.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema.alterTable('refresh_tokens').addColumn('session_started_at', 'varchar(32)').execute();
    await db.schema
      .alterTable('refresh_tokens')
      .addColumn('sign_in_method', 'varchar(16)', (c) => c.notNull().defaultTo('password'))
      .execute();
    await db.schema.alterTable('refresh_tokens').addColumn('user_agent', 'varchar(512)').execute();
    await sql`update refresh_tokens set session_started_at = (
        select min(f.created_at) from refresh_tokens f where f.family_id = refresh_tokens.family_id)`.execute(db);
    await sql`update refresh_tokens set sign_in_method = 'sso'
      where user_id in (select id from users where password_hash not like '$%')`.execute(db);
    await db.schema.createIndex('refresh_tokens_user').on('refresh_tokens').column('user_id').execute();
  };
}
