import type { Insertable, Selectable } from 'kysely';
import type { Db, EmailConfirmationsTable, RefreshTokensTable } from '../../db/types';

export type RefreshTokenRow = Selectable<RefreshTokensTable>;
export type NewRefreshToken = Pick<
  RefreshTokenRow,
  'user_id' | 'family_id' | 'token_hash' | 'expires_at' | 'created_at'
> &
  Partial<Pick<RefreshTokenRow, 'session_started_at' | 'sign_in_method' | 'user_agent'>>;

export async function insertRefreshToken(db: Db, token: NewRefreshToken): Promise<number> {
  const row = await db
    .insertInto('refresh_tokens')
    .values({ ...token, revoked_at: null, replaced_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findRefreshTokenByHash(db: Db, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** The live (not yet revoked) refresh tokens, revoked at `at` once the caller says which. */
export function revokeLive(db: Db, at: string) {
  return db.updateTable('refresh_tokens').set({ revoked_at: at }).where('revoked_at', 'is', null);
}

/**
 * Revokes one live token. Returns false when it was already revoked: under concurrent use of the
 * same token only one caller gets true (PostgreSQL re-checks the condition after the row lock).
 */
export async function claimRefreshToken(db: Db, id: number, revokedAt: string): Promise<boolean> {
  const result = await revokeLive(db, revokedAt).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function setReplacedBy(db: Db, id: number, replacedBy: number): Promise<void> {
  await db.updateTable('refresh_tokens').set({ replaced_by: replacedBy }).where('id', '=', id).execute();
}

export async function revokeFamily(db: Db, familyId: string, revokedAt: string): Promise<void> {
  await revokeLive(db, revokedAt).where('family_id', '=', familyId).execute();
}

/** Revokes the token only when it belongs to `userId`. */
export async function revokeUserToken(db: Db, userId: number, tokenHash: string, revokedAt: string): Promise<void> {
  await revokeLive(db, revokedAt).where('token_hash', '=', tokenHash).where('user_id', '=', userId).execute();
}

export async function revokeAllUserTokens(db: Db, userId: number, revokedAt: string): Promise<void> {
  await revokeLive(db, revokedAt).where('user_id', '=', userId).execute();
}

/** The tables of the links sent by e-mail: a new account's confirmation, a forgotten password's reset. */
type LinkTable = 'email_confirmations' | 'password_resets';

/** A new link of `userId`; the ones sent before stop working (only the newest link counts). */
export async function replaceLink(db: Db, table: LinkTable, link: Insertable<EmailConfirmationsTable>): Promise<void> {
  await db
    .updateTable(table)
    .set({ used_at: link.created_at })
    .where('user_id', '=', link.user_id)
    .where('used_at', 'is', null)
    .execute();
  await db.insertInto(table).values(link).execute();
}

export function findLink(db: Db, table: LinkTable, tokenHash: string) {
  return db
    .selectFrom(table)
    .select(['id', 'user_id', 'expires_at', 'used_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Uses the link: true for the one request that did (of several at once, one wins). */
export async function useLink(db: Db, table: LinkTable, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setEmailUnconfirmed(db: Db, userId: number, unconfirmed: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ email_unconfirmed: unconfirmed ? 1 : 0 })
    .where('id', '=', userId)
    .execute();
}
